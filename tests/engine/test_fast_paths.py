"""The short check's fast paths give exactly what the slow, obvious forms give.

``fold_chars`` builds its output from pieces and remembers each cluster's fold; the reference
here is the fold character by character, as it was written before. The word differences
tokenize an ASCII text with a simpler pattern than the general one. The near refinement encodes
a window with ``str.translate`` in codes given by first appearance, where ``align.encode_pair``
maps it character by character in codes commonest first: edlib must find the same distances and
ends. Words of a lowercased ASCII text are found by a plain class. Snaps that share a memo
(scored edge options, a short text's mask) give what each gives alone. A block's word pairs are
deduplicated exactly when a set of all its words says so, though its first words are asked first.
"""

from __future__ import annotations

import re
import unicodedata
from itertools import repeat

import edlib
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from quote_tui.engine import diff, typography
from quote_tui.engine.near import pairs, score, span
from quote_tui.engine.near.align import encode_pair
from quote_tui.engine.near.index import lowered
from quote_tui.engine.near.score import SCORED_WORDS, scored_words
from quote_tui.engine.near.span import Memo, snap
from quote_tui.engine.typography import (
    _ASCII_RUN,
    LINE_BREAKS,
    SOFT_HYPHEN,
    _fold_cluster,
    fold_chars,
    holds_spaceless,
)

SETTINGS = settings(max_examples=400, deadline=None)

# pieces that exercise every branch of the fold: runs, spaces and breaks of every kind, soft
# hyphens, words hyphenated at a line end, accents, quotes, dashes, ligatures, zero widths
PIECES = st.sampled_from(
    [
        "the", "River", "exam-", "ple", "-", "--", "a", "é", "e\u0301", "\u0301", " ", "  ",
        "\n", "\r\n", "\t", "\u00a0", SOFT_HYPHEN, "\u201c", "\u201d", "\u2019", "\u2014",
        "\ufb01", "\u200b", "`", "1,200", "3.5", "\u00bd", "\u00b2", "\u6c34", "\u2029", "''",
    ]
)  # fmt: skip


def _reference_fold(text: str) -> tuple[str, list[int]]:
    """``fold_chars`` one character at a time, as it was written before it took pieces."""
    out: list[str] = []
    where: list[int] = []
    cache: dict[str, str] = {}
    n = len(text)
    i = 0
    space_at = -1  # a pending collapsed space, emitted before the next visible character
    combining = unicodedata.combining
    while i < n:
        m = _ASCII_RUN.match(text, i)
        if m:
            j = m.end()
            if j < n and combining(text[j]):
                j -= 1  # the last letter carries the accents that follow: fold it with them
            if j > i:
                if space_at >= 0 and out:
                    out.append(" ")
                    where.append(space_at)
                space_at = -1
                out.extend(text[i:j])
                where.extend(range(i, j))
                i = j
                continue
        c = text[i]
        if c.isspace() or c == SOFT_HYPHEN:
            j = i + 1
            while j < n and (text[j].isspace() or text[j] == SOFT_HYPHEN):
                j += 1
            run = text[i:j]
            broken = any(ch in LINE_BREAKS for ch in run)
            if not run.strip(SOFT_HYPHEN) or (broken and SOFT_HYPHEN in run):
                pass  # a soft hyphen, alone or ending a line: the word goes on
            elif (
                broken
                and j < n
                and text[j].islower()
                and len(out) >= 2
                and out[-1] == "-"
                and out[-2].isalpha()
            ):
                out.pop()  # "exam-\nple": a word hyphenated at a line end
                where.pop()
            elif space_at < 0:
                space_at = i
            i = j
            continue
        j = i + 1
        while j < n and combining(text[j]):
            j += 1
        cluster = text[i:j]
        folded = cache.get(cluster)
        if folded is None:
            folded = cache[cluster] = _fold_cluster(cluster)
        if folded:
            if space_at >= 0 and out:
                out.append(" ")
                where.append(space_at)
            space_at = -1
            out.extend(folded)
            where.extend(repeat(i, len(folded)))
        i = j
    return "".join(out), where


@SETTINGS
@given(st.lists(PIECES, max_size=40).map("".join))
@example("exam-\nple")  # the hyphen ends the first piece
@example("\u00e9-\nple")  # the letter is a piece of its own, the hyphen another
@example("-\nple")  # no letter before the hyphen
@example("ex\u00e9\u2014\nple")  # a dash folded to a hyphen, after an accented letter
def test_fold_chars_matches_the_fold_by_characters(text: str) -> None:
    folded, where = fold_chars(text)
    assert (folded, list(where)) == _reference_fold(text)


# pieces of texts that fold character for character, and of those that just miss it
FLAT_PIECES = st.sampled_from(
    [
        "the", "River", "exam-", "ple", "-", "a", "1,200", "(old)", " ", " ", " ", "  ", "\n",
        "\r\n", "\t", "`", "\u2014", "\u201c", "\u201d", "\u2019", "\u00e9", "\u00ad",
        "\ufb01", "\u0301", "\x7f", "\u2212", "\u00ab", "\u2033", "\uff02", "\u2018\u2019", "~",
    ]
)  # fmt: skip


@SETTINGS
@given(st.lists(FLAT_PIECES, max_size=30).map("".join))
@example("a well-\nknown \u201cbridge\u201d\u2014\nthe")
def test_a_text_that_folds_character_for_character_folds_as_by_characters(text: str) -> None:
    folded, where = fold_chars(text)
    assert (folded, list(where)) == _reference_fold(text)


@SETTINGS
@given(
    st.lists(
        FLAT_PIECES | st.sampled_from(["< 5", "-0.42", "don't", "12.5%", "..."]), max_size=30
    ).map("".join)
)
@example("r = -0.42 in don't well-known 1,200%... failed to")
def test_tokens_of_a_text_folded_character_for_character_are_those_found_by_offsets(
    text: str,
) -> None:
    folded, where = fold_chars(text)
    flat = diff._flat_tokens(folded) if isinstance(where, range) else None
    assert flat is None or flat == diff._mapped_tokens(text, folded, list(where))


def test_english_prose_folds_without_a_list_of_offsets() -> None:
    text = "The \u201cold\u201d bridge\u2014built in 1847\nby the council\u2019s men."
    folded, where = fold_chars(text)
    assert folded == 'The "old" bridge-built in 1847 by the council\'s men.'
    assert where == range(len(text))
    # a line break after a hyphen may join a word: the fold reads it piece by piece
    assert not isinstance(fold_chars("a well-\nknown bridge")[1], range)


@SETTINGS
@given(st.text(st.characters(min_codepoint=0, max_codepoint=0x7F), max_size=80))
def test_ascii_tokens_match_the_general_pattern(text: str) -> None:
    def tokens(pattern: object) -> list[tuple[int, int, str | None]]:
        return [(m.start(), m.end(), m.lastgroup) for m in pattern.finditer(text)]  # type: ignore[attr-defined]

    assert tokens(diff._ASCII_TOKEN) == tokens(diff._TOKEN)


def test_ascii_tokens_keep_signs_numbers_and_joined_words() -> None:
    got = [(t.text, t.kind) for t in diff._tokens("r = -0.42 in don't well-known 1,200%...")]
    assert got == [
        ("r", "word"),
        ("=", "punct"),
        ("-0.42", "num"),
        ("in", "word"),
        ("don't", "word"),
        ("well-known", "word"),
        ("1,200%", "num"),
        ("...", "punct"),
    ]


def test_fail_to_negates_only_before_to() -> None:
    tokens = diff._tokens("they failed to act, and failed")
    assert [t.negating for t in tokens if t.text == "failed"] == [True, False]


QUOTE_CHARS = st.sampled_from("abcdefg ,.-\u00e9\u6c34\x00")


@SETTINGS
@given(st.text(QUOTE_CHARS, min_size=1, max_size=30), st.text(QUOTE_CHARS, max_size=120))
def test_window_encoding_aligns_as_the_commonest_first_codes(quote: str, window: str) -> None:
    memo = Memo(quote, quote)
    # an ASCII window of an ASCII quotation is encoded by bytes, any other through the table
    windows = (window, window.replace("\u00e9", "e").replace("\u6c34", "w"))
    for k, seen in ((-1, windows[0]), (3, windows[0]), (-1, windows[1])):
        query, target = encode_pair(quote, seen)
        ours = edlib.align(memo.query, memo.encode(seen), mode="HW", task="locations", k=k)
        theirs = edlib.align(query, target, mode="HW", task="locations", k=k)
        assert ours["editDistance"] == theirs["editDistance"]
        assert ours["locations"] == theirs["locations"]


def test_a_quotation_of_many_characters_keeps_the_commonest_first_codes() -> None:
    # past 254 characters the rarer share one code: the order decides which
    quote = "".join(chr(0x400 + i) * (1 + i % 3) for i in range(300))
    memo = Memo(quote, quote)
    query, target = encode_pair(quote, quote[::-1])
    assert memo.query == query
    assert memo.encode(quote[::-1]) == target


@SETTINGS
@given(st.text(st.sampled_from("ab09_'-.,  \n\u00e9"), max_size=60))
def test_lowercase_ascii_words_match_the_general_pattern(text: str) -> None:
    lowered = text.lower()
    assert scored_words(lowered).findall(lowered) == SCORED_WORDS.findall(lowered)


@SETTINGS
@given(st.text(st.characters(max_codepoint=0x7F), max_size=60) | st.text("a_1 \u00e9\u6c34-"))
def test_a_quotation_s_words_are_counted_as_the_general_pattern_counts_them(quote: str) -> None:
    assert score._word_count(quote) == len(re.findall(r"\w+", quote))


def test_spaceless_text_is_told_from_ascii() -> None:
    assert not holds_spaceless("plain words 1,200")
    assert holds_spaceless("plain \u6c34 words")


@SETTINGS
@given(
    st.text("a \u201c\u2014\u00e9\u0e01\u0dff\u6c34\u4e00\ud800\U00020001\U0001f600", max_size=40)
)
def test_spaceless_text_is_told_as_the_pattern_tells_it(text: str) -> None:
    # the characters beyond ASCII picked out first (a short text), or the text read whole
    want = typography.spaceless().search(text) is not None
    assert holds_spaceless(text) == want
    assert holds_spaceless("x" * typography._BEYOND_ASCII_CHARS + text) == want


SNAP_WORDS = st.sampled_from(
    [
        "the",
        "river",
        "was",
        "not",
        "founded",
        "in",
        "1847",
        "3.5",
        "don't",
        "(old)",
        "\u201cbridge\u201d",
    ]
)


# words that differ by case and by a letter or two: edge variants score close to one another
CASED_WORDS = st.sampled_from(
    ["River", "river", "rivers", "The", "the", "then", "Bridge", "bridge", "not", "no", "1847"]
)


@SETTINGS
@given(
    st.lists(SNAP_WORDS, min_size=4, max_size=60).map(" ".join),
    st.lists(SNAP_WORDS, min_size=1, max_size=8).map(" ".join),
    st.lists(st.tuples(st.integers(0, 400), st.integers(1, 80)), min_size=2, max_size=6),
)
def test_snaps_sharing_a_memo_give_what_each_gives_alone(
    text: str, quote: str, spans: list[tuple[int, int]]
) -> None:
    # one memo remembers the scored edge options and a short text's mask across spans
    folded, _ = fold_chars(quote)
    low = folded.lower()
    shared = Memo(folded, low)
    for start, length in spans:
        start = min(start, len(text) - 1)
        end = min(len(text), start + length)
        alone = snap(text, start, end, folded, low, Memo(folded, low))
        assert snap(text, start, end, folded, low, shared) == alone


@SETTINGS
@given(
    st.lists(SNAP_WORDS, min_size=4, max_size=60).map(" ".join),
    st.lists(SNAP_WORDS, min_size=1, max_size=8).map(" ".join),
    st.integers(0, 400),
    st.lists(st.integers(1, 80), min_size=2, max_size=6),
)
def test_snaps_from_one_rough_edge_give_what_each_gives_alone(
    text: str, quote: str, start: int, lengths: list[int]
) -> None:
    # spans sharing their start (and some their end) reuse a short text's remembered options
    folded, _ = fold_chars(quote)
    low = folded.lower()
    shared = Memo(folded, low)
    start = min(start, len(text) - 1)
    for length in [*lengths, *lengths]:
        end = min(len(text), start + length)
        alone = snap(text, start, end, folded, low, Memo(folded, low))
        assert snap(text, start, end, folded, low, shared) == alone


@SETTINGS
@given(
    st.lists(CASED_WORDS, min_size=4, max_size=40).map(" ".join),
    st.lists(CASED_WORDS, min_size=1, max_size=8).map(" ".join),
    st.integers(0, 300),
    st.integers(1, 80),
)
def test_edge_variants_left_at_their_bound_change_no_pick(
    text: str, quote: str, start: int, length: int
) -> None:
    # every variant scored in full (nothing is out of reach of the best) picks the same span
    folded, _ = fold_chars(quote)
    low = folded.lower()
    start = min(start, len(text) - 1)
    end = min(len(text), start + length)
    picked = snap(text, start, end, folded, low, Memo(folded, low))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(score, "least_kept", lambda top, tolerance: float("-inf"))
        assert snap(text, start, end, folded, low, Memo(folded, low)) == picked


def test_a_short_text_s_edge_options_are_worked_out_once_per_edge(monkeypatch) -> None:
    text = "In 1847 the old river bridge was founded by the council of the northern town."
    folded, _ = fold_chars("the river bridge was built")
    low = folded.lower()
    memo = Memo(folded, low)
    calls: list[tuple[int, bool]] = []
    real = span._edge_options

    def counted(text: str, pos: int, **kwargs: object) -> set[int]:
        calls.append((pos, bool(kwargs["is_start"])))
        return real(text, pos, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(span, "_edge_options", counted)
    start = text.index("old")
    for end in (text.index("was") + 3, text.index("founded") + 3, text.index("was") + 3):
        snap(text, start, end, folded, low, memo)
    assert calls.count((start, True)) == 1
    assert len(calls) == len(set(calls)) == 3


@SETTINGS
@given(
    st.lists(st.integers(0, 4), min_size=64, max_size=200),
    st.lists(st.integers(0, 247), max_size=120),
)
def test_a_block_s_pairs_are_deduplicated_as_a_set_of_all_its_words_says(
    head: list[int], tail: list[int]
) -> None:
    # a few distinct words first, then perhaps many: the sample of the first words must never
    # keep a block from being deduplicated that a set of all its words would deduplicate
    ids = {bytes([n]) * 2: n for n in range(248) if not 0xD8 <= n < 0xE0}
    words = [bytes([n]) * 2 for n in head + tail]
    seq = bytes(map(ids.get, words, repeat(0xFF)))
    chars = pairs._pair_chars(seq)
    expected = "".join(set(chars)) if len(set(seq)) ** 2 < len(chars) else chars
    assert pairs._block_pairs(pairs._Ids(ids), words) == expected


@SETTINGS
@given(st.text(alphabet=st.characters(max_codepoint=0x2FF) | st.sampled_from("İẞΣǅ\udc80")))
def test_the_index_lowers_ascii_letters_alone(text: str) -> None:
    # bytes.lower, as the translation it replaced: capitals outside ASCII, and bytes of UTF-8
    # sequences that read as capitals in Latin-1, stay as they are
    ascii_lower = bytes(ord(chr(c).lower()) if c < 0x80 else c for c in range(256))
    low, data = lowered(text, False)
    assert low == text
    assert data == text.encode("utf-8", "surrogatepass").translate(ascii_lower)


def test_a_word_without_a_pair_id_reads_as_the_other_word_and_is_not_kept() -> None:
    # the ids' fallback is made of C callables: it answers the other word's id for any word,
    # and (unlike a defaultdict) remembers nothing, so ``in`` still tells the words with ids
    ids = pairs._Ids({b"the": 0, b"of": 1})
    words = [b"the", b"42", b"of", b"zebra"]
    assert bytes(map(ids.__getitem__, words)) == bytes([0, 0xFF, 1, 0xFF])
    assert b"42" not in ids and len(ids) == 2
    assert ids.get(b"42") is None
