"""A citation typed on its own line below the quotation it cites, as Word users type it."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.wordxml import add_paragraph, new_document

_LIST = [
    "Literaturverzeichnis",
    "Schneider, K. (2011). C# für Einsteiger. Bonn: Galileo.",
    "Berg, T. (2014). Spielephysik. Berlin: Springer.",
]


def _docx(tmp_path: Path, paragraphs: list[str]) -> Path:
    document = new_document()
    for text in [*paragraphs, *_LIST]:
        add_paragraph(document, [text])
    path = tmp_path / "facharbeit.docx"
    document.save(str(path))
    return path


def test_the_citation_below_a_quotation_paragraph_is_its_own(tmp_path: Path) -> None:
    path = _docx(
        tmp_path,
        [
            "Für die Benennung gilt eine einfache Regel:",
            '"Namen, die sich nur in der Groß- und Kleinschreibung unterscheiden, führen in'
            ' anderen Sprachen zu Fehlern."',
            "(Schneider, 2011:84).",
            "Daraus folgt die Schreibweise der Klassen.",
        ],
    )
    (cit,) = scan(path).citations
    assert cit.reference is not None and cit.reference.key == "Schneider 2011"
    assert cit.locator is not None and cit.locator.value == "84"


def test_a_citation_line_after_a_sentence_that_goes_on_is_not_the_quotations(
    tmp_path: Path,
) -> None:
    path = _docx(
        tmp_path,
        [
            'Man spricht von der "Normalitätsbedingung eines jeden einzelnen Agenten" und'
            " meint damit das Grundverhalten.",
            "(Berg, 2014:12).",
        ],
    )
    (cit,) = scan(path).citations
    assert cit.reference is None
