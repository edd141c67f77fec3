"""The quotation finder: every mark pair, apostrophes, nesting, and properties on any text."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.manuscripts.locators import page_list, parse_locator
from quote_tui.manuscripts.quotes import find_quotes


def _quotes(text: str, **kw: object) -> list[str]:
    return [text[q.start : q.end] for q in find_quotes(text, **kw)]  # type: ignore[arg-type]


def test_every_pair_of_marks() -> None:
    text = (
        '"straight quotes around five words" “curly quotes around five words” '
        "„German low high quotes here“ „Polish low to right quotes” «guillemets around five "
        "words» »reversed German guillemets here« ‘single curly quotes around words’ "
        "‚German single low quotes here‘"
    )
    assert _quotes(text, min_words=3) == [
        "straight quotes around five words",
        "curly quotes around five words",
        "German low high quotes here",
        "Polish low to right quotes",
        "guillemets around five words",
        "reversed German guillemets here",
        "single curly quotes around words",
        "German single low quotes here",
    ]


def test_latex_quotes_only_when_asked() -> None:
    text = "``a LaTeX quotation of words'' and more"
    assert _quotes(text, latex=True) == ["a LaTeX quotation of words"]
    assert _quotes(text) == []


def test_apostrophes_and_inches_are_not_quotations() -> None:
    text = (
        "It's 5'10\" and 6\" wide; the dogs’ bowls, rock ’n’ roll, the ’90s, O’Brien’s "
        "car and the students’ essays."
    )
    assert _quotes(text, min_words=1) == []


def test_nested_quotation_is_reported_with_its_parent() -> None:
    text = "“He said ‘the inner words are here’ to me.”"
    spans = find_quotes(text)
    assert [text[q.start : q.end] for q in spans] == [
        "He said ‘the inner words are here’ to me.",
        "the inner words are here",
    ]
    assert spans[1].parent == 0 and spans[0].parent is None


def test_locators() -> None:
    assert parse_locator("pp. 33-35") is not None
    assert parse_locator("pp. 33-35").pages == (33, 34, 35)  # type: ignore[union-attr]
    assert parse_locator("chap. 1").label == "chapter"  # type: ignore[union-attr]
    assert parse_locator("4").label == "page"  # type: ignore[union-attr]
    assert parse_locator("§ 12").label == "section"  # type: ignore[union-attr]
    assert parse_locator("and passim") is None
    assert page_list("4969-83") == tuple(range(4969, 4984))
    assert page_list("1-500") == (1, 500)  # a range too wide is not expanded


_ALPHABET = st.sampled_from(list("ab cd\n\"“”‘’«»„'.,") + ["word ", "\n\n"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, max_size=80).map("".join), st.integers(min_value=1, max_value=4))
def test_spans_are_sound(text: str, min_words: int) -> None:
    spans = find_quotes(text, min_words=min_words)
    for q in spans:
        assert 0 < q.start <= q.end < q.close_end <= len(text)
        inner = text[q.start : q.end]
        # across paragraphs only from a double mark (Enter pressed inside a quotation in Word;
        # a quotation set as paragraphs of its own), eight paragraphs at the most
        breaks = len(re.findall(r"\n[ \t>]*\n", inner))
        assert not breaks or (text[q.start - 1] in '"“„«»”' and breaks <= 8)
        assert len(re.findall(r"\w+", inner)) >= min_words
        if q.parent is not None:
            outer = spans[q.parent]
            assert outer.start <= q.start and q.close_end <= outer.close_end
    starts = [q.start for q in spans]
    assert starts == sorted(starts)
