"""Block quotations of a web essay pasted into Word: set in from both margins, without marks,
closed by the note's number typed in superscript or by a citation on its own line under the
block ("(Okafor, The clerk's hand, pp214)", the page glued to "pp"). The citation line is the
block's, never a block of its own."""

from __future__ import annotations

from pathlib import Path

from docx.shared import Twips

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_LEDGER = (
    "A clerk learns the rules of the ledger long before he learns the trade it records, "
    "and keeps them after."
)
_ENTRY = (
    "Every entry in the book assumes a reader who will trust the hand that wrote it, long "
    "after the hand is gone."
)
_ARCHIVE = (
    "The archive is a promise renewed each time a record is copied into a new book by a new hand."
)


def _set_in(d: object) -> None:
    fmt = d.paragraphs[-1].paragraph_format  # type: ignore[attr-defined]
    fmt.left_indent = Twips(600)
    fmt.right_indent = Twips(600)


def _references(d: object) -> None:
    wx.add_paragraph(d, ["References"])
    wx.add_paragraph(
        d,
        [
            "1. Okafor, Ada, and Lena Bell. The Clerk's Hand: Records and Their Readers. "
            "Lagos University Press, 1998."
        ],
    )


def _quotes(path: Path) -> dict[str, object]:
    return {c.quote: c for c in scan(path).citations}


def test_a_block_closed_by_a_superscript_note_number_is_cited(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["Okafor and Bell describe the first years of a clerk."])
    wx.add_paragraph(d, [_LEDGER + " ", wx.superscript_run("1")])
    _set_in(d)
    wx.add_paragraph(d, ["The rules come before the trade."])
    _references(d)
    path = tmp_path / "essay.docx"
    d.save(str(path))
    found = _quotes(path)
    assert _LEDGER in found
    cit = found[_LEDGER]
    assert cit.reference is not None and cit.reference.key == "1"  # type: ignore[attr-defined]


def test_a_citation_line_with_the_page_glued_to_pp_closes_the_block(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["In her model, the archive lives by being copied."])
    wx.add_paragraph(d, [_ARCHIVE])
    _set_in(d)
    wx.add_paragraph(d, ["(Okafor, The clerk's hand: records and their readers, pp214)"])
    _set_in(d)
    wx.add_paragraph(d, ["Copying is how the archive speaks to later readers."])
    path = tmp_path / "essay.docx"
    d.save(str(path))
    found = _quotes(path)
    assert _ARCHIVE in found
    cit = found[_ARCHIVE]
    assert cit.reference is not None and "Okafor" in cit.reference.raw  # type: ignore[attr-defined]
    assert not any(q.startswith("(Okafor") for q in found)


def test_a_citation_line_set_in_like_its_blocks_is_no_block(tmp_path: Path) -> None:
    d = wx.new_document()
    for block, page in ((_LEDGER, 6), (_ENTRY, 17)):
        wx.add_paragraph(d, ["They argue that the rules come before the trade."])
        wx.add_paragraph(d, [block + " ", wx.superscript_run("1")])
        _set_in(d)
        wx.add_paragraph(
            d, [f"(Okafor and Bell, The clerk's hand: records and their readers, pp{page})"]
        )
        _set_in(d)
    _references(d)
    path = tmp_path / "essay.docx"
    d.save(str(path))
    found = _quotes(path)
    assert _LEDGER in found and _ENTRY in found
    assert not any(q.startswith("(Okafor") for q in found)
