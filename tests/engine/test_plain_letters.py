"""The normalized tier, spared the fold of a short text, finds what it found folding it.

``plain_letters.spared`` says the normalized search cannot find a quotation when both it and
the text are plain and the quotation's letters and digits do not stand together in the text's
(or, for the search that reads ellipses and brackets, when the quotation has neither), and
that an exact quotation stands broken across lines nowhere else when its letters stand no more
often than it does verbatim. Each
claim is held to the search itself, run with the proof switched off, on texts full of what the
fold changes (ligatures, accents, soft hyphens, hyphens at line ends, curly quotation marks,
dashes, unusual spaces).
"""

from __future__ import annotations

import re
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine import exact, line_broken, plain_letters
from quote_tui.engine.check import check
from quote_tui.engine.exact import find_exact, find_normalized
from quote_tui.engine.line_broken import find_line_broken
from quote_tui.engine.normalize import fold
from quote_tui.engine.records import MatchOptions
from quote_tui.engine.text import PreparedText
from quote_tui.engine.unicode_classes import char_class

_PLAIN = [
    "ab", "cd", "Ef", "1", "2", " ", "  ", "\n", "-", "-\n", "--", "'", "''", '"', ".", ",",
    "[", "]", "...", "\u2019", "\u201c", "\u201d", "\u2014", "\u2013", "\u00a0", "\u2212",
    "\u02bc", "\t", "\r\n",
]  # fmt: skip
_OTHER = ["\ufb01", "\u00ad", "\u00ad\n", "e\u0301", "\u00e9", "\u200b", "\uff21", "\u2026", "²"]
_OPTIONS = MatchOptions()


def _text(pieces: list[str]) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), min_size=1, max_size=60).map("".join)


@settings(max_examples=300, deadline=None)
@given(_text(_PLAIN))
def test_a_plain_string_folds_to_the_same_letters_and_digits(s: str) -> None:
    folded = fold(s).text
    assert folded.isascii()
    assert plain_letters.plain_letters(folded) == plain_letters.plain_letters(s)


def test_every_plain_character_folds_to_no_new_letter() -> None:
    # every ASCII character and every one ``_PLAIN_BEYOND`` lets through, between two letters and
    # at an edge: the fold is ASCII with the same letters and digits
    lets_through = [
        chr(c) for c in range(0x10000) if plain_letters.plain_letters(chr(c)) is not None
    ]
    assert len(lets_through) > 128
    for c in lets_through:
        for s in (f"a{c}b", f"{c}1", f"x{c}"):
            folded = fold(s).text
            assert folded.isascii(), repr(s)
            assert plain_letters.plain_letters(folded) == plain_letters.plain_letters(s), repr(s)


def _searches(text: str, quotes: list[str]) -> list[tuple]:
    prepared = PreparedText(text)
    out = []
    for quote in quotes:
        if not quote.strip():
            continue
        for literal in (True, False):
            hits = find_normalized(prepared, quote.strip(), options=_OPTIONS, literal_only=literal)
            out.append((quote, literal, hits))
        verbatim = find_exact(prepared, quote.strip(), limit=5).count
        broken = find_line_broken(prepared, quote.strip(), verbatim, options=_OPTIONS)
        out.append((quote, verbatim, broken))
        out.append((quote, check(prepared, quote, near=False).to_dict()))
    return out


@st.composite
def _case(draw: st.DrawFn) -> tuple[str, list[str]]:
    pieces = _PLAIN + _OTHER if draw(st.booleans()) else _PLAIN
    text = draw(_text(pieces))
    quotes = []
    for _ in range(4):
        a = draw(st.integers(0, len(text)))
        b = draw(st.integers(a, min(len(text), a + 30)))
        quotes.append(text[a:b])
    quotes.append(draw(_text(pieces)))
    # the same words typed otherwise: another quotation mark, dash or space
    quotes.append(quotes[0].replace("\u2019", "'").replace("\u2014", "-").replace(" ", "\n"))
    # the whole text, its edges on word boundaries, with what the fold drops or spells out typed
    # plainly
    quotes.append(text.replace("\ufb01", "fi").replace("\u00ad", "").replace("\u200b", ""))
    return text, quotes


@settings(max_examples=300, deadline=None)
@given(_case())
def test_sparing_the_fold_changes_no_normalized_result(case: tuple[str, list[str]]) -> None:
    text, quotes = case
    spared = _searches(text, quotes)
    with (
        mock.patch.object(exact, "spared", return_value=False),
        mock.patch.object(line_broken, "stands_at_most", return_value=False),
    ):
        assert _searches(text, quotes) == spared


def test_a_ligature_or_a_soft_hyphen_keeps_the_fold() -> None:
    # neither is ASCII: read as plain, "ﬁrst" would lose its letters and "con\xadtrol" keep them
    for text, quote in (("the \ufb01rst step", "the first step"), ("con\u00adtrol", "control")):
        prepared = PreparedText(text)
        assert not plain_letters.cannot_stand(prepared, quote)
        assert check(prepared, quote).status == "normalized"


def test_typography_alone_is_not_spared() -> None:
    prepared = PreparedText("It was \u201cthe old\u201d mill\u2014now closed.")
    quote = 'It was "the old" mill - now closed.'
    assert not plain_letters.cannot_stand(prepared, quote)
    assert check(prepared, quote).status == "normalized"


def test_a_changed_word_is_spared_the_fold() -> None:
    prepared = PreparedText("The mill was \u201cclosed\u201d in 1901 by the council.")
    assert plain_letters.cannot_stand(prepared, "The mill was closed in 1902")
    assert check(prepared, "The mill was closed in 1902").status == "near"
    assert "engine.normalize.folded" not in prepared.cache


def test_a_text_past_the_limit_is_not_asked() -> None:
    words = "plain words " * (plain_letters.PLAIN_TEXT_CHARS // 12 + 1)
    at_limit = words[: plain_letters.PLAIN_TEXT_CHARS]
    assert len(PreparedText(at_limit).text) == plain_letters.PLAIN_TEXT_CHARS
    assert plain_letters.cannot_stand(PreparedText(at_limit), "absent words")
    assert not plain_letters.cannot_stand(PreparedText(at_limit + "x"), "absent words")


def test_an_ellipsis_or_a_bracket_is_searched_for() -> None:
    assert not plain_letters.spared(PreparedText("a"), "one . . . three", literal=False)
    assert not plain_letters.spared(PreparedText("a"), "one [two] three", literal=False)
    assert not plain_letters.spared(PreparedText("a"), "one \u2026 three", literal=False)
    assert plain_letters.spared(PreparedText("a"), "one two. three", literal=False)
    prepared = PreparedText("one two three four")
    assert check(prepared, "one . . . three four").status == "normalized"
    assert check(prepared, "one [2] three four").status == "normalized"


def test_a_line_broken_occurrence_is_still_counted() -> None:
    # "the old mill" stands once verbatim, and once more broken across two lines
    prepared = PreparedText("the old mill burned; the old\nmill was rebuilt")
    assert not plain_letters.stands_at_most(prepared, "the old mill", 1)
    assert plain_letters.stands_at_most(prepared, "the old mill", 2)
    result = check(prepared, "the old mill")
    assert (result.status, result.match_count) == ("exact", 2)
    alone = PreparedText("the old mill burned;\nit was rebuilt")
    assert plain_letters.stands_at_most(alone, "the old mill", 1)
    assert check(alone, "the old mill").match_count == 1
    assert "engine.normalize.folded" not in alone.cache
    # a quotation without letters or digits proves nothing: its marks may stand anywhere
    marks = PreparedText("a - - - -\n-")
    assert not plain_letters.stands_at_most(marks, "-", 2)


def test_plain_strings_are_told_as_a_class_of_their_characters_tells_them() -> None:
    # the set and the byte deletions answer what a class of ASCII and the one-for-one
    # characters does, for every character alone and among others
    not_plain = re.compile(
        "[^\x00-\x7f" + char_class(c for c in plain_letters._ONE_FOR_ONE if c > "\x7f") + "]"
    )
    for c in map(chr, (*range(0x3000), *range(0xD7F0, 0xE010), 0xFEFF, 0x1F600, 0x10FFFF)):
        for s in (c, f"a{c}b\u201c", f"\u2014{c}"):
            assert (plain_letters.plain_letters(s) is not None) == (not_plain.search(s) is None)
    assert plain_letters.plain_letters("\u201cit\u2019s\u00a0a \u2013 b\u201d") == b"itsab"
    assert plain_letters.plain_letters("caf\u00e9") is None
    assert plain_letters.plain_letters("a\ud800b") is None
