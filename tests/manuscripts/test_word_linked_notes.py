"""Notes a web page carried into Word: the mark is a hyperlink to a bookmark in the note's
paragraph at the end, and the note links back to the mark ("↩", "[3]"). The note is the mark's
citation, as a Word footnote's is; a number that leads to a heading is no note."""

from __future__ import annotations

import zlib
from pathlib import Path

from docx.oxml.ns import qn
from lxml import etree

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.docx import read_docx
from tests.manuscripts import wordxml as wx

_NOTE = "Mara Ellison, Paper Memory (Boston: Harbor Press, 2009), 41. "
_QUOTE = "kept every ledger long after the debts it recorded were paid."
_POWER = "Every record is a kind of promise made to a stranger."


def _link(anchor: str, text: str, *, mark_name: str | None = None) -> etree._Element:
    """An internal hyperlink showing ``text``; the mark's own bookmark inside it, if named."""
    link = etree.Element(qn("w:hyperlink"))
    link.set(qn("w:anchor"), anchor)
    if mark_name is not None:
        link.append(_bookmark(mark_name))
    link.append(wx._run(text=text))
    return link


def _bookmark(name: str) -> etree._Element:
    el = etree.Element(qn("w:bookmarkStart"))
    el.set(qn("w:id"), str(zlib.crc32(name.encode()) % 10000))
    el.set(qn("w:name"), name)
    return el


def _citations(path: Path) -> dict[str, object]:
    return {c.quote: c for c in scan(path).citations}


def _raw(cit: object) -> str:
    ref = cit.reference  # type: ignore[attr-defined]
    return ref.raw if ref is not None else ""


def test_a_journal_page_pasted_into_word_links_its_notes_by_bookmarks(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "The firm, as Ellison wrote, “" + _QUOTE + "”",
            _link("fn1-20417", "1", mark_name="rf1-20417"),
            " Its clerks outlived three owners.",
        ],
    )
    wx.add_paragraph(d, ["The rest of the essay follows from here."])
    wx.add_paragraph(d, [_bookmark("fn1-20417"), _NOTE, _link("rf1-20417", "↩")])
    path = tmp_path / "essay.docx"
    d.save(str(path))
    cit = _citations(path)[_QUOTE]
    assert "Ellison" in _raw(cit)
    assert "↩" not in _raw(cit)


def test_word_web_page_notes_open_with_their_link_back(tmp_path: Path) -> None:
    # no bookmark survived the paste: the names pair the mark (_ftn3) with its note (_ftnref3)
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "Ellison calls the archive “a house built by those who feared forgetting” here",
            _link("_ftn3", "[3]"),
            ".",
        ],
    )
    wx.add_paragraph(
        d,
        [
            _link("_ftnref3", "[3]"),
            " Ellison, M. (2009) Paper Memory. Harbor Press. Boston. Pg. 15.",
        ],
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    cit = _citations(path)["a house built by those who feared forgetting"]
    assert _raw(cit).startswith("Ellison, M. (2009)")


def test_kramdown_notes_pair_by_their_names(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "“A ledger is kept for the reader who comes after the clerk is gone.” ",
            _link("fn:ledger", "2"),
        ],
    )
    wx.add_paragraph(
        d,
        [
            "Okafor, Ada, and Lena Bell. The Clerk's Hand: Records and Their Readers. "
            "Lagos University Press, 1998. ",
            _link("fnref:ledger", "↩"),
            " ",
            _link("fnref:ledger:2", "↩2"),
        ],
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    cit = _citations(path)["A ledger is kept for the reader who comes after the clerk is gone."]
    assert _raw(cit).startswith("Okafor, Ada")
    assert _raw(cit).rstrip().endswith("1998.")


def test_a_number_leading_to_a_heading_is_no_note(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "The report says “every record shall be kept for the public good” (see section ",
            _link("_Toc123", "2"),
            ").",
        ],
    )
    wx.add_paragraph(d, [_bookmark("_Toc123"), "Records and their keepers in 1850"])
    path = tmp_path / "essay.docx"
    d.save(str(path))
    cit = _citations(path)["every record shall be kept for the public good"]
    assert "Records and their keepers" not in _raw(cit)


def test_a_link_back_from_a_note_is_no_mark(tmp_path: Path) -> None:
    # Word's web page: the mark holds the bookmark the note's "[3]" leads back to
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "Records bind the living to the dead, as the lectures argue",
            _link("_ftn3", "[3]", mark_name="_ftnref3"),
            ".",
        ],
    )
    wx.add_paragraph(
        d,
        [
            _bookmark("_ftn3"),
            _link("_ftnref3", "[3]"),
            " “" + _POWER + "”",
        ],
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    notes = read_docx(path).footnotes
    assert list(notes) == ["link:_ftn3"]  # the note's "[3]" leads back: no note of its own
    assert "lectures argue" not in _raw(_citations(path)[_POWER])


def test_a_link_of_words_is_no_mark(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "The report says “every record shall be kept for the public good”",
            _link("discussion", "(below)", mark_name="text"),
            ".",
        ],
    )
    wx.add_paragraph(d, [_bookmark("discussion"), "Records and their keepers ", _link("text", "↩")])
    path = tmp_path / "essay.docx"
    d.save(str(path))
    assert not read_docx(path).footnotes
