"""A work named as where something is found, its clause closed by a comma: "in “Harbour
Lights”, the speaker waits", "And in “On keeping the Night Watch”, the poet likens …". A title,
not a line of the poem, while the lines quoted after it stay quotations."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx


def test_a_title_named_after_in_is_a_title(tmp_path: Path) -> None:
    document = wx.new_document()
    wx.add_paragraph(
        document,
        [
            "For example, in “Harbour Lights”, the speaker waits at the quay, “counting the boats "
            "that never come home” (Moran, 1999, p. 12). And in “On keeping the Night Watch”, "
            "the poet likens the sea to “a patient thief in a grey coat” (Moran, 1999, p. 30)."
        ],
    )
    path = tmp_path / "essay.docx"
    document.save(path)
    quotes = {c.quote for c in scan(path).citations}
    assert quotes == {
        "counting the boats that never come home",
        "a patient thief in a grey coat",
    }
