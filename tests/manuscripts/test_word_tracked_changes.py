"""A Word manuscript with tracked changes reads as it stands once they are accepted: inserted
and moved-in words are text, deleted and moved-away words are not, a deleted paragraph mark
joins two paragraphs into one, and a note whose mark was deleted is not read."""

from __future__ import annotations

import itertools
from pathlib import Path

from docx.oxml.ns import qn
from lxml import etree

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_IDS = itertools.count(1)  # Word numbers each change


def _change(kind: str, *pieces: str | etree._Element) -> etree._Element:
    """A ``w:ins``/``w:del``/``w:moveFrom``/``w:moveTo`` holding runs, as Word writes them:
    deleted text in ``w:delText``."""
    el = etree.Element(qn(f"w:{kind}"))
    el.set(qn("w:id"), str(next(_IDS)))
    el.set(qn("w:author"), "Reviewer")
    el.set(qn("w:date"), "2024-05-30T10:38:00Z")
    for piece in pieces:
        if not isinstance(piece, str):
            el.append(piece)
            continue
        r = wx._run(text=piece)
        if kind in ("del", "moveFrom"):
            r[0].tag = qn("w:delText")
        el.append(r)
    return el


def _mark_deleted(document: object) -> None:
    """Delete the last paragraph's mark, as Word records joining it to the next."""
    p = document.paragraphs[-1]._p  # type: ignore[attr-defined]
    ppr = p.get_or_add_pPr()
    rpr = etree.SubElement(ppr, qn("w:rPr"))
    rpr.append(_change("del"))


def _quotes(path: Path) -> dict[str, object]:
    return {c.quote: c for c in scan(path).citations}


def test_deleted_words_are_not_read_and_inserted_ones_are(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "Farge writes that “the archive is not ",
            _change("del", "a record of "),
            _change("ins", "simply "),
            "the past but its shape” (Farge 1989, 12).",
        ],
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    found = _quotes(path)
    assert list(found) == ["the archive is not simply the past but its shape"]


def test_moved_words_are_read_where_they_now_stand(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            _change("moveFrom", "“every record is a kind of silence” "),
            "As Farge puts it, ",
            _change("moveTo", "“every record is a kind of silence” "),
            "(Farge 1989, 14).",
        ],
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    (cit,) = scan(path).citations
    assert cit.quote == "every record is a kind of silence"
    assert cit.reference is not None and "Farge" in cit.reference.raw
    assert cit.location.column > len("As Farge puts it, ")


def test_a_deleted_paragraph_mark_joins_two_paragraphs_into_one(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["An early reader found that the archive is not a record "])
    _mark_deleted(d)
    wx.add_paragraph(d, ["of the past but its shape."])
    wx.add_paragraph(d, ["Farge writes that “every record is a kind of silence” (Farge 1989, 14)."])
    path = tmp_path / "essay.docx"
    d.save(str(path))
    (cit,) = scan(path).citations
    # the paragraph Word shows second, once the change is accepted
    assert cit.location.line == 2
    assert cit.location.column == len("Farge writes that “") + 1


def test_a_kept_paragraph_mark_still_ends_its_paragraph(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["An early reader found that the archive is not a record "])
    wx.add_paragraph(d, ["of the past but its shape."])
    wx.add_paragraph(d, ["Farge writes that “every record is a kind of silence” (Farge 1989, 14)."])
    path = tmp_path / "essay.docx"
    d.save(str(path))
    (cit,) = scan(path).citations
    assert cit.location.line == 3


def test_a_note_whose_mark_was_deleted_is_not_read(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "The report is blunt: “the archive was never meant to be read”",
            wx.footnote_ref(1),
            _change("del", wx.footnote_ref(2)),
            ".",
        ],
    )
    wx.add_paragraph(d, ["A later paragraph cites again.", _change("ins", wx.footnote_ref(3))])
    path = tmp_path / "essay.docx"
    d.save(str(path))
    notes = {
        1: [" Ruth Mayer, Keeping Records (London: Verso, 2014), 88."],
        2: [" As the charter says, “every record shall be kept for the public good”."],
        3: [" As the statute says, “no record shall be burnt without a copy kept”."],
    }
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))
    quotes = set(_quotes(path))
    assert "the archive was never meant to be read" in quotes
    assert "every record shall be kept for the public good" not in quotes
    assert "no record shall be burnt without a copy kept" in quotes


def test_no_note_is_read_when_every_mark_was_deleted(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["The report is blunt.", _change("del", wx.footnote_ref(1))])
    path = tmp_path / "essay.docx"
    d.save(str(path))
    notes = {1: [" As the charter says, “every record shall be kept for the public good”."]}
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))
    assert "every record shall be kept for the public good" not in _quotes(path)
