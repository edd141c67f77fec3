"""Block quotations a Word writer sets in a plain paragraph, neither indented nor styled: a
lead-in's colon introduces the paragraph and its own citation ends it."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_BLOCK = (
    "Mit Urteilskraft wird die Fähigkeit bezeichnet, das Besondere als enthalten unter dem "
    "Allgemeinen zu denken."
)


def _essay(path: Path, lead_in: str, block: str) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["Was heißt urteilen? Ich beginne mit einer Bestimmung des Begriffs."])
    wx.add_paragraph(d, [lead_in])
    wx.add_paragraph(d, [block])
    wx.add_paragraph(d, ["Urteilen heißt also, einen Fall einer Regel zuzuordnen."])
    d.save(str(path))


def test_paragraph_after_a_colon_ending_in_its_citation_is_a_block(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    _essay(path, "Ein Lexikon definiert den Begriff so:", _BLOCK + " (Meyer, 2004, S. 12)")
    (cit,) = [c for c in scan(path).citations if c.quote.startswith("Mit Urteilskraft")]
    assert cit.quote == _BLOCK
    assert cit.locator is not None and cit.locator.value == "12"


def test_numbered_citation_ends_a_plain_block_too(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    _essay(path, "Ein Lexikon definiert den Begriff so:", _BLOCK + " [1]")
    assert any(c.quote.startswith("Mit Urteilskraft") for c in scan(path).citations)


def test_without_the_colon_the_paragraph_is_the_writers(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    _essay(path, "Ein Lexikon definiert den Begriff.", _BLOCK + " (Meyer, 2004, S. 12)")
    assert not any(c.quote.startswith("Mit Urteilskraft") for c in scan(path).citations)


def test_program_output_after_a_colon_is_no_block(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    out = (
        "('standwithhk', 0.5654695034), ('hongkongprotest', 0.5632084608), ('freehk', 0.5370348095)"
    )
    _essay(path, "The most similar words are:", out)
    assert not scan(path).citations


def test_a_summary_citing_works_in_turn_is_the_writers(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    summary = (
        "This study asked how patients saw their care. It followed Husserl (Watson, 2008) and "
        "coded the interviews thematically (Braun and Clarke, 2006)."
    )
    _essay(path, "The second paper was ‘Lived Experience’ (Smith, 2021):", summary)
    assert not any(c.quote.startswith("This study") for c in scan(path).citations)


def test_an_enumerated_item_is_the_writers(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    item = (
        "I. Die Synapsen. Sie leiten Signale weiter und wirken dabei entweder hemmend oder "
        "erregend auf das nächste Neuron. [4]"
    )
    _essay(path, "Ein Neuron besteht aus drei Bestandteilen:", item)
    assert not any(c.quote.startswith("I. Die Synapsen") for c in scan(path).citations)


def test_a_formula_between_ends_the_lead_in(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["The correction factor was calculated:"])
    formula = etree.Element("{http://schemas.openxmlformats.org/officeDocument/2006/math}oMath")
    run = etree.SubElement(formula, "{http://schemas.openxmlformats.org/officeDocument/2006/math}r")
    etree.SubElement(
        run, "{http://schemas.openxmlformats.org/officeDocument/2006/math}t"
    ).text = "F"
    wx.add_paragraph(d, [formula])
    wx.add_paragraph(
        d,
        [
            "Assuming the cooler is a single pass heat exchanger, the factor was read from the "
            "chart for such an exchanger (Coulson et al. 1999)."
        ],
    )
    path = tmp_path / "thesis.docx"
    d.save(str(path))
    assert not any(c.quote.startswith("Assuming") for c in scan(path).citations)


_APA = (
    "La comprensión se presenta cuando la gente puede pensar y actuar con flexibilidad a "
    "partir de lo que sabe. Por contraste, cuando un estudiante no puede ir más allá de la "
    "memorización y de la acción rutinaria, esto indica que le falta comprensión, aunque "
    "recuerde cada dato que se le enseñó en clase."
)


def test_apa_block_cited_in_its_lead_in_is_a_block(tmp_path: Path) -> None:
    # APA sets 40 words or more apart, the author and year in the lead-in before the colon.
    path = tmp_path / "ensayo.docx"
    _essay(path, "Mientras que comprender, según Stone (1999):", _APA)
    (cit,) = [c for c in scan(path).citations if c.quote.startswith("La comprensión")]
    assert cit.reference is not None and "Stone" in cit.reference.raw


def test_a_short_paragraph_after_a_cited_colon_is_the_writers(tmp_path: Path) -> None:
    path = tmp_path / "ensayo.docx"
    _essay(path, "Mientras que comprender, según Stone (1999):", _APA.split(". ")[0] + ".")
    assert not any(c.quote.startswith("La comprensión") for c in scan(path).citations)
