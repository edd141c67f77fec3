"""A Word essay that numbers its citations by hand ("…voiceless."[2]) and writes the entries
under "Sources" as notes, each at its page, "ibid." for the same work again."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_FIRST = "the harbour was the only place where the town still met itself"
_SECOND = "every quarrel of the council ended on the quay in the evening"


def _essay(path: Path, entries: list[str], heading: str = "Sources") -> None:
    d = wx.new_document()
    wx.add_paragraph(d, [f"Okafor remembers that “{_FIRST}.”[1] The council minutes agree."])
    wx.add_paragraph(d, [f"Later he adds that “{_SECOND}.”[2] Nobody disputed it."])
    wx.add_paragraph(d, [heading])
    for entry in entries:
        wx.add_paragraph(d, [entry])
    d.save(str(path))


def test_sources_list_written_as_notes_gives_each_mark_its_page(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    _essay(
        path,
        [
            "[1] Okafor, Chidi. The Harbour Town: A History. Lagos University Press, 1998. p. 41.",
            "[2] ibid. p. 57.",
        ],
    )
    got = {c.quote: c for c in scan(path).citations}
    first, second = got[_FIRST + "."], got[_SECOND + "."]
    assert first.reference is not None and "Okafor" in first.reference.raw
    assert first.locator is not None and first.locator.value == "41"
    # "ibid." is the note before's work, at its own page
    assert second.reference is not None and "Okafor" in second.reference.raw
    assert second.locator is not None and second.locator.value == "57"


def test_numbered_list_of_works_stays_a_reference_list(tmp_path: Path) -> None:
    path = tmp_path / "paper.docx"
    _essay(
        path,
        [
            '[1] C. Okafor, "Harbour towns of the delta," J. Urban Hist., vol. 3, pp. 12-30, 1998.',
            '[2] A. Bello, "Councils and quays," J. Urban Hist., vol. 5, pp. 101-118, 2001.',
        ],
        heading="References",
    )
    got = {c.quote: c for c in scan(path).citations}
    first = got[_FIRST + "."]
    assert first.reference is not None and first.reference.style == "numbered"
    assert first.reference.bib is not None and first.reference.bib.year == "1998"
    assert first.locator is None
