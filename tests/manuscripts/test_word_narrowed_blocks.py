"""A Word paragraph set in from both margins after a lead-in's colon is a block quotation,
though the lead-in has no verb of saying and the citation after it gives no year or page
(MLA's "(Nash)" for an unpaged source). Set in from the left only after a colon, a paragraph
is as often a list's line or code, and stays the writer's. Written in the form of an MLA
research paper in Word (m17)."""

from __future__ import annotations

from pathlib import Path

import docx
from docx.shared import Cm

from quote_tui.manuscripts import scan

_WORDS = (
    "God makes three covenants with the patriarch regarding his descendants, each fulfilled "
    "in a later age of the people and its kings (Nash)."
)


def test_a_paragraph_set_in_from_both_margins_after_a_colon(tmp_path: Path) -> None:
    d = docx.Document()
    d.add_paragraph("This covenant provides the basis and mission statement of the Church:")
    block = d.add_paragraph(_WORDS)
    block.paragraph_format.left_indent = Cm(1.27)
    block.paragraph_format.right_indent = Cm(1.27)
    d.add_paragraph("The relics served that mission in the centuries that followed.")
    d.add_paragraph("The model reports the following metrics:")
    own = d.add_paragraph("Accuracy: 0.77, precision: 0.81 and recall: 0.64 on the held-out data.")
    own.paragraph_format.left_indent = Cm(1.27)
    d.add_paragraph("Works Cited")
    d.add_paragraph("Nash, Tom. The Christian Faith. Rome: Ignatius, 2015.")
    path = tmp_path / "paper.docx"
    d.save(str(path))
    quotes = [c.quote for c in scan(path).citations]
    # (MLA's author-only "(Nash)" is not read as a citation yet: it stays in the words)
    assert len(quotes) == 1 and quotes[0].startswith(_WORDS[:80])
