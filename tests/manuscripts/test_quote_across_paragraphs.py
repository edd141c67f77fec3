"""A quotation goes on past a paragraph break only where the writer pressed Enter inside it:
its curly mark is still open and the next paragraph's first double mark closes it. Lines are
retyped from a labelled student paper in Word (on AI and bail decisions)."""

from __future__ import annotations

from pathlib import Path

import docx

from quote_tui.manuscripts.quotes import find_quotes
from tests.manuscripts.helpers import quotes_found

_OPEN = (
    "Most of these algorithms today use proxy data such as arrest info because court data is "
    "extremely hard to find. For example, “Some"
)
_GOES_ON = (
    "states share information about defendants, but rarely collect and share information about "
    "judges and other court actors. [2]” So as it is, it is extremely challenging to train AI."
)


def test_a_quotation_broken_by_enter_in_word_is_one_quotation(tmp_path: Path) -> None:
    d = docx.Document()
    d.add_paragraph(_OPEN)
    d.add_paragraph(_GOES_ON)
    d.add_paragraph("[2] Pretrial Justice Institute, Where Pretrial Improvements Are Happening.")
    path = tmp_path / "Final Paper.docx"
    d.save(str(path))
    got = quotes_found(path)
    assert len(got) == 1
    (quote,) = got
    assert quote.startswith("Some") and "court actors" in quote


def test_a_next_paragraph_that_opens_its_own_quotation_ends_the_unclosed_one() -> None:
    text = "He said “never closed here\n\nThen “a new quotation of its own words” follows.\n"
    got = [text[q.start : q.end] for q in find_quotes(text)]
    assert got == ["a new quotation of its own words"]


def test_a_next_paragraph_without_marks_ends_the_unclosed_one() -> None:
    text = "He said “never closed in this paragraph\n\nNo mark at all in this one.\n\n”Stray.\n"
    assert find_quotes(text) == ()


def test_only_one_open_quotation_goes_on() -> None:
    # Two quotations open at the break (one nested) are a damaged text, not a broken paragraph.
    text = "A “first and ‘second open\n\nwords of the next paragraph’ and more” here.\n"
    got = [text[q.start : q.end] for q in find_quotes(text, min_words=1)]
    assert got == []
