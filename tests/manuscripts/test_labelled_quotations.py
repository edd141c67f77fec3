"""Study notes that label each quotation as one ("Citation : « … »", "Zitat: „…“"): the writer
says the words are someone's, though the notes cite nothing else."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_PASCAL = "L’esprit de l’homme se lasse vite de ce qu’il ne comprend pas tout à fait."


def _revision_sheet(path: Path, label: str) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["La conscience"])
    wx.add_paragraph(d, ["Pascal XVIIème"])
    wx.add_paragraph(d, [f"{label}« {_PASCAL} »"])
    wx.add_paragraph(
        d, ["Arguments : la pensée fait la grandeur de l’homme, qui se sait « faible »."]
    )
    wx.add_paragraph(d, ["Freud XXème"])
    wx.add_paragraph(d, [f"{label}le rêve : « le chemin royal vers l’inconscient »"])
    d.save(str(path))


def test_words_labelled_a_quotation_are_one(tmp_path: Path) -> None:
    path = tmp_path / "fiche.docx"
    _revision_sheet(path, "Citation : ")
    quotes = [c.quote for c in scan(path).citations]
    assert _PASCAL in quotes
    assert "le chemin royal vers l’inconscient" in quotes
    assert "faible" not in quotes


def test_the_same_words_unlabelled_stay_text(tmp_path: Path) -> None:
    path = tmp_path / "fiche.docx"
    _revision_sheet(path, "")
    assert scan(path).citations == [] or all(
        not c.quote.startswith("L’esprit") for c in scan(path).citations
    )
