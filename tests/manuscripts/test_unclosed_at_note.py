"""A quotation whose closing mark the writer forgot, with the note mark where the mark belongs:
„… nicht Freibier[7] wurde versucht", „… ernste Konkurrenz. [8] Durchaus" (Word, Markdown)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx
from tests.manuscripts.helpers import write


def test_a_word_quotation_left_open_ends_at_its_note_mark(tmp_path: Path) -> None:
    document = wx.new_document()
    wx.add_paragraph(
        document,
        [
            "Mit dem Leitsatz „Wissen wächst, wenn man es teilt",
            wx.footnote_ref(1),
            " wurde die Bewegung bekannt. „Freie Programme verändern die ganze Branche von Grund"
            " auf. ",
            wx.footnote_ref(2),
            " Das zeigt sich bei „Office“ und anderen Paketen.",
        ],
    )
    path = tmp_path / "arbeit.docx"
    document.save(path)
    notes = {
        1: ["Anna Roth, „Teilen“, unter: https://example.org/teilen"],
        2: ["Paul Berg, „Programme“, unter: https://example.org/programme"],
    }
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))
    got = {c.quote: c for c in scan(path).citations}
    assert "Wissen wächst, wenn man es teilt" in got
    assert "Freie Programme verändern die ganze Branche von Grund auf." in got
    assert "Roth" in (got["Wissen wächst, wenn man es teilt"].reference.raw or "")


def test_a_markdown_quotation_left_open_ends_at_its_note_mark(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Der Leitsatz „Wissen wächst, wenn man es teilt[^1] wurde bekannt.\n\n"
        "[^1]: Anna Roth, *Teilen und Haben* (Berlin: Nord, 2001), S. 4.\n",
    )
    got = {c.quote: c for c in scan(md).citations}
    assert "Wissen wächst, wenn man es teilt" in got
    assert got["Wissen wächst, wenn man es teilt"].locator.pages == (4,)


def test_an_open_mark_with_a_sentence_before_the_note_bounds_nothing(tmp_path: Path) -> None:
    document = wx.new_document()
    wx.add_paragraph(
        document,
        [
            "Er nannte es „Wissen wächst. Dann kam die Zeit der großen Programme",
            wx.footnote_ref(1),
            " und mehr.",
        ],
    )
    path = tmp_path / "arbeit.docx"
    document.save(path)
    wx.add_footnotes_part(path, wx.footnotes_xml({1: ["Roth, Teilen, S. 4."]}))
    assert not [c for c in scan(path).citations if c.quote.startswith("Wissen wächst")]
