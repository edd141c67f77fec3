"""The short-text path gives exactly the indexed path's results, and its word mask exactly the
character-by-character rule.

Both paths run on the same random texts and quotations (spans, whitespace variants, changed
numbers, inserted negations, dropped words, words of another text); every field of the results
must agree. The path is forced with ``find_near``'s ``short_text_bytes`` and, through ``check``,
with ``short.SHORT_TEXT_BYTES``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quote_tui.engine.check import check
from quote_tui.engine.near import short, warm
from quote_tui.engine.near.search import find_near
from quote_tui.engine.near.words import WordMask, in_word
from quote_tui.engine.records import MatchOptions
from quote_tui.engine.text import PreparedText

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_INDEX_KEY = "near.index"

WORDS = st.sampled_from(
    [
        "the", "river", "council", "was", "not", "founded", "in", "1847", "3.5", "1,200",
        "per", "cent", "Ardmore", "don't", "well-known", "“bridge”", "café", "naïve", "(old)",
        "north—south", "ﬁeld", "Straße", "0.42", "-7", "never", "is", "had", "水", "東京",
    ]
)  # fmt: skip
SEPARATORS = st.sampled_from([" ", " ", " ", "\n", "  ", ", ", ". ", "-\n", "\u00a0", "\n\n"])


@st.composite
def passages(draw: st.DrawFn) -> list[str]:
    """Words with their separators, as a list to cut quotations from."""
    words = draw(st.lists(WORDS, min_size=3, max_size=draw(st.sampled_from([70, 400]))))
    out: list[str] = []
    for word in words:
        out += [word, draw(SEPARATORS)]
    return out[:-1]


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, str]:
    pieces = draw(passages())
    text = "".join(pieces)
    words = pieces[::2]
    i = draw(st.integers(0, len(words) - 1))
    j = draw(st.integers(i + 1, min(len(words), i + draw(st.sampled_from([20, 300])))))
    quoted = words[i:j]
    kind = draw(
        st.sampled_from(
            ["span", "whitespace", "number", "negation", "dropped", "other", "raw", "typos"]
        )
    )
    if kind == "raw":  # a raw slice, separators and all, possibly cutting words
        a = draw(st.integers(0, len(text) - 1))
        return text, text[a : draw(st.integers(a + 1, len(text)))]
    if kind == "other":
        quoted = draw(st.lists(WORDS, min_size=1, max_size=12))
    elif kind == "whitespace" and len(quoted) > 1:
        k = draw(st.integers(1, len(quoted) - 1))
        return text, " ".join(quoted[:k]) + draw(SEPARATORS) + " ".join(quoted[k:])
    elif kind == "number":
        quoted = [w.replace("1", "7").replace("4", "9") for w in quoted]
    elif kind == "negation":
        quoted.insert(draw(st.integers(0, len(quoted))), draw(st.sampled_from(["not", "never"])))
    elif kind == "typos":  # no word of the quotation stands in the text, yet it aligns closely
        quoted = [w[:-1] + "q" if len(w) > 1 else w for w in quoted]
    elif kind == "dropped" and len(quoted) > 2:
        del quoted[draw(st.integers(0, len(quoted) - 1))]
    return text, " ".join(quoted)


def _both(text: str, quote: str) -> tuple[dict, dict]:
    options = MatchOptions(max_matches=3)
    short_result = check(PreparedText(text), quote, options=options).to_dict()
    kept = short.SHORT_TEXT_BYTES
    short.SHORT_TEXT_BYTES = 0
    try:
        prepared = PreparedText(text)
        indexed = check(prepared, quote, options=options).to_dict()
    finally:
        short.SHORT_TEXT_BYTES = kept
    return short_result, indexed


@SETTINGS
@given(cases())
def test_check_agrees_on_both_paths(case: tuple[str, str]) -> None:
    text, quote = case
    if not quote.strip():
        return
    short_result, indexed = _both(text, quote)
    assert short_result == indexed


@SETTINGS
@given(cases(), st.integers(1, 6))
def test_find_near_agrees_on_both_paths(case: tuple[str, str], limit: int) -> None:
    text, quote = case
    prepared = PreparedText(text)
    assert short.short_view(prepared) is not None  # the generated texts are all short
    fast = find_near(prepared, quote, limit=limit)
    assert _INDEX_KEY not in prepared.cache
    indexed = find_near(PreparedText(text), quote, limit=limit, short_text_bytes=0)
    assert fast == indexed


def test_a_quotation_none_of_whose_words_stand_in_the_text_is_not_seeded() -> None:
    # Seeding by the quotation's words finds nothing, so the indexed path aligns the whole text
    # once and never looks beside its best passage for the second one.
    text = "a rivqr councq mqtx at dawn; later, a rxvqr cxuncq mxtx again and more words here"
    quote = "river council mett"
    fast = find_near(PreparedText(text), quote, limit=5)
    indexed = find_near(PreparedText(text), quote, limit=5, short_text_bytes=0)
    assert fast == indexed
    assert len(fast) == 1


@pytest.mark.parametrize("changed", [0, 3, 40, 120])
def test_a_long_quotation_agrees_on_both_paths(changed: int) -> None:
    # past align.LONG_QUOTE (1,000 bytes) the rough alignment tries a tight bound first
    words = [f"w{i % 37}x{i % 11}" for i in range(450)]
    text = " ".join(words)
    quoted = words[100:300]
    for k in range(0, len(quoted), max(1, len(quoted) // max(changed, 1))):
        if changed:
            quoted[k] = "zz" + quoted[k][2:]
    quote = " ".join(quoted)
    for limit in (1, 5):
        fast = find_near(PreparedText(text), quote, limit=limit)
        assert fast == find_near(PreparedText(text), quote, limit=limit, short_text_bytes=0)
        assert fast


def test_a_short_text_builds_no_index_and_a_longer_one_does() -> None:
    unit = "the council met at the bridge "
    at_limit = (unit * (short.SHORT_TEXT_BYTES // len(unit) + 1))[: short.SHORT_TEXT_BYTES]
    for text, indexed in ((at_limit, False), (at_limit + "x", True)):
        prepared = PreparedText(text)
        result = check(prepared, "the council never met at the bridge")
        assert result.status == "near"
        assert (_INDEX_KEY in prepared.cache) is indexed
        warm(prepared)
        assert (_INDEX_KEY in prepared.cache) is indexed


def test_a_short_text_of_many_bytes_a_character_is_measured_in_bytes() -> None:
    # 175 Greek words are 1,399 characters and 2,624 bytes: short; 300 are 2,399 characters
    # but 4,499 bytes: past the limit
    for count, is_short in ((175, True), (300, False)):
        text = " ".join(["αβγδεζη"] * count)
        assert (short.short_view(PreparedText(text)) is not None) is is_short


def test_a_text_without_spaces_is_short_up_to_one_block_of_characters() -> None:
    # a text written mostly without spaces is indexed by 1,400-character blocks: 1,401 are two
    # blocks although they are 2,803 bytes
    for count, is_short in ((800, True), (801, False)):
        text = "水" * 600 + "a" * count
        assert (short.short_view(PreparedText(text)) is not None) is is_short
    # 1,365 such characters are 4,095 bytes, 1,366 are 4,098
    for count, is_short in ((1365, True), (1366, False)):
        assert (short.short_view(PreparedText("水" * count)) is not None) is is_short


@pytest.mark.parametrize("limit", [0, 1])
def test_a_limit_of_zero_or_one_byte_always_builds_the_index(limit: int) -> None:
    prepared = PreparedText("the council met at the bridge")
    find_near(prepared, "the council never met", short_text_bytes=limit)
    assert _INDEX_KEY in prepared.cache


MASK_CHARS = st.text(
    alphabet=st.sampled_from(list("ab1 .,'’-‐_?\n\u0301水é(") + ["\U0001d400", "\udc80"]),
    max_size=40,
)


@SETTINGS
@given(MASK_CHARS, st.data())
def test_word_mask_is_the_rule_character_by_character(text: str, data: st.DataObject) -> None:
    lo = data.draw(st.integers(0, len(text)))
    hi = data.draw(st.integers(lo, len(text)))
    mask = WordMask(text, lo, hi)
    assert [mask.at(i) for i in range(lo, hi)] == [in_word(text, i) for i in range(lo, hi)]
    for p in range(lo, hi + 1):
        for bound in range(lo, hi + 1):
            walk = p
            while walk > bound and in_word(text, walk - 1):
                walk -= 1
            assert mask.word_start(p, bound) == walk
            walk = p
            while walk < bound and in_word(text, walk):
                walk += 1
            assert mask.word_end(p, bound) == walk
            walk = p
            while walk > bound and not in_word(text, walk - 1):
                walk -= 1
            assert mask.back_to_word(p, bound) == walk
            walk = p
            while walk < bound and not in_word(text, walk):
                walk += 1
            assert mask.on_to_word(p, bound) == walk


def test_the_remembered_word_characters_and_first_words_stay_bounded() -> None:
    from quote_tui.engine.near import span, words

    # every character of a wide range, as a text of them all would bring
    text = "".join(chr(c) for c in range(0x4E00, 0x4E00 + 70_000) if not 0xD800 <= c < 0xE000)
    mask = WordMask(text, 0, len(text))
    assert len(words._WORD_CHARS) <= words._MOST_REMEMBERED
    assert [mask.at(i) for i in range(0, len(text), 997)] == [
        in_word(text, i) for i in range(0, len(text), 997)
    ]
    for k in range(span._MOST_FIRST_WORDS + 10):
        assert span._first_word(f"word{k} next") == f"word{k}"
    assert len(span._FIRST_WORDS) <= span._MOST_FIRST_WORDS
