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


def test_a_source_named_in_words_with_its_page_below_the_quotation(tmp_path: Path) -> None:
    words = (
        "Die Kultur kann in ihrem weitesten Sinne als die Gesamtheit der geistigen und"
        " materiellen Aspekte angesehen werden."
    )
    path = _docx(
        tmp_path,
        [
            "Die UNESCO definiert den Begriff wie folgt:",
            f"„{words}“",
            "(UNESCO-Konferenzberichte Nr. 5, S. 121.)",
            "Eine ähnliche Definition findet sich auch im Duden.",
        ],
    )
    (cit,) = [c for c in scan(path).citations if c.quote == words]
    assert cit.reference is not None and "UNESCO" in cit.reference.raw
    assert cit.locator is not None and cit.locator.pages == (121,)
