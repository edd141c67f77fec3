"""Block quotations of a web essay pasted into Word: set in from both margins, without marks,
closed by the note's number typed in superscript or by a citation on its own line under the
block ("(Butler, Gender Trouble, pp214)", the page glued to "pp"). The citation line is the
block's, never a block of its own."""

from __future__ import annotations

from pathlib import Path

from docx.shared import Twips

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_KESSLER = (
    "Part of being a socialized member of a group is knowing the rules for giving acceptable "
    "evidence for categorization."
)
_PRIMACY = (
    "The primacy of gender attribution becomes obvious when we recognize that assignment and "
    "identity can be seen as special cases of attribution."
)
_BUTLER = (
    "Gender is an identity tenuously constituted in time, instituted in an exterior space "
    "through a stylized repetition of acts."
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
            "1. Kessler, Suzanne J., and Wendy McKenna. Gender: An Ethnomethodological "
            "Approach. University of Chicago Press, 1985."
        ],
    )


def _quotes(path: Path) -> dict[str, object]:
    return {c.quote: c for c in scan(path).citations}


def test_a_block_closed_by_a_superscript_note_number_is_cited(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["Kessler and McKenna describe the first step of any encounter."])
    wx.add_paragraph(d, [_KESSLER + " ", wx.superscript_run("1")])
    _set_in(d)
    wx.add_paragraph(d, ["Gender is assigned before anything else is known."])
    _references(d)
    path = tmp_path / "essay.docx"
    d.save(str(path))
    found = _quotes(path)
    assert _KESSLER in found
    cit = found[_KESSLER]
    assert cit.reference is not None and cit.reference.key == "1"  # type: ignore[attr-defined]


def test_a_citation_line_with_the_page_glued_to_pp_closes_the_block(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["In her model, a stable identity is an illusion of repeated acts."])
    wx.add_paragraph(d, [_BUTLER])
    _set_in(d)
    wx.add_paragraph(d, ["(Butler, Gender trouble: Subjects of sex/gender/desire, pp214)"])
    _set_in(d)
    wx.add_paragraph(d, ["The construction of gender is used to communicate with others."])
    path = tmp_path / "essay.docx"
    d.save(str(path))
    found = _quotes(path)
    assert _BUTLER in found
    cit = found[_BUTLER]
    assert cit.reference is not None and "Butler" in cit.reference.raw  # type: ignore[attr-defined]
    assert not any(q.startswith("(Butler") for q in found)


def test_a_citation_line_set_in_like_its_blocks_is_no_block(tmp_path: Path) -> None:
    d = wx.new_document()
    for block, page in ((_KESSLER, 6), (_PRIMACY, 17)):
        wx.add_paragraph(d, ["They argue that we assign gender before all other actions."])
        wx.add_paragraph(d, [block + " ", wx.superscript_run("1")])
        _set_in(d)
        wx.add_paragraph(
            d, [f"(Kessler and McKenna, Gender: an ethnomethodological approach, pp{page})"]
        )
        _set_in(d)
    _references(d)
    path = tmp_path / "essay.docx"
    d.save(str(path))
    found = _quotes(path)
    assert _KESSLER in found and _PRIMACY in found
    assert not any(q.startswith("(Kessler") for q in found)
