"""PreparedText's UTF-16 and UTF-8 offsets against the obvious reference: encode the prefix."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine.check import check
from quote_tui.engine.records import MatchOptions, Status
from quote_tui.engine.text import PreparedText

# long enough to cross several of the UTF-8 index's marks (one every 1,024 code points)
PIECES = st.sampled_from(["a", "word ", "é", "ø", "€", "中文", "😀", "\n", "x" * 700, "ü" * 300])
TEXTS = st.lists(PIECES, min_size=1, max_size=40).map("".join)


@settings(max_examples=200, deadline=None)
@given(TEXTS, st.data())
def test_utf8_offset_is_the_byte_length_of_the_prefix(text: str, data: st.DataObject) -> None:
    prepared = PreparedText(text)
    offset = data.draw(st.integers(0, len(text)))
    assert prepared.utf8(offset) == len(text[:offset].encode())
    assert prepared.utf16(offset) == len(text[:offset].encode("utf-16-le")) // 2


@settings(max_examples=100, deadline=None)
@given(TEXTS, st.data())
def test_a_match_decodes_from_its_utf8_span(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start + 1, min(len(text), start + 200)))
    quote = text[start:end]
    if not quote.strip():
        return
    for m in check(PreparedText(text), quote, options=MatchOptions(max_matches=3)).matches:
        assert text.encode()[m.utf8_start : m.utf8_end].decode() == m.text
        assert m.to_dict()["utf8_end"] == m.utf8_end


def test_ascii_text_needs_no_index_and_ends_agree() -> None:
    prepared = PreparedText("plain words")
    assert prepared.utf8(5) == 5
    assert prepared.utf8(len("plain words")) == len("plain words")
    wide = PreparedText("é" * 2048 + "z")
    assert wide.utf8(2049) == 4097
    assert wide.utf8(2048) == 4096


def test_a_lone_surrogate_counts_three_bytes() -> None:
    prepared = PreparedText("a\ud800b")
    assert prepared.utf8(2) == 4
    assert prepared.utf8(3) == 5


@settings(max_examples=200, deadline=None)
@given(TEXTS, st.data())
def test_a_matchs_byte_end_is_the_byte_length_of_its_prefix(text: str, data: st.DataObject) -> None:
    # short and long spans (a long one is counted from the index), accents, emoji, lone surrogates
    text = text.replace("€", "\ud800")
    prepared = PreparedText(text)
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    m = prepared.match(Status.NEAR, start, end, similarity=0.9, context=0)
    encoded = text.encode("utf-8", "surrogatepass")
    assert m.utf8_start == len(text[:start].encode("utf-8", "surrogatepass"))
    assert m.utf8_end == len(text[:end].encode("utf-8", "surrogatepass"))
    assert encoded[m.utf8_start : m.utf8_end] == text[start:end].encode("utf-8", "surrogatepass")


def test_utf16_offsets_past_astral_characters_short_long_and_beside_lone_surrogates() -> None:
    # a short text counts its units by encoding, a long one by the pattern: both agree
    for text in ("a\ud800b\U0001f600c", "é" * 10 + "\U0001f600z", "a" * 70_000 + "\U0001f600é"):
        prepared = PreparedText(text)
        for offset in (0, 1, len(text) - 2, len(text) - 1, len(text)):
            want = len(text[:offset].encode("utf-16-le", "surrogatepass")) // 2
            assert prepared.utf16(offset) == want
    assert PreparedText("\u20ac and \ud800 only").utf16(8) == 8


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["\n", "\n\n", "a", "word ", "é\n", "😀", "x" * 90]), max_size=30))
def test_line_starts_follow_each_newline(pieces: list[str]) -> None:
    # the breaks found by str.find, as the regular expression found them: a text that starts
    # with a break, breaks side by side, a break at the very end
    text = "".join(pieces)
    expected = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
    assert list(PreparedText(text).line_starts) == expected
    assert list(PreparedText("\n" + text).line_starts) == [0, 1] + [i + 1 for i in expected[1:]]
