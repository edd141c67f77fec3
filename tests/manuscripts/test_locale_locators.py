"""Locator terms in the document's language, as Pandoc's citeproc reads them from the CSL locale:
a German thesis writes `[@key, Seite 223]`, `Seiten 494-495`, `Kapitel 3`; French and Spanish
papers `chapitre 2`, `página 12`, `págs. 4-5`."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.locators import parse_locator
from tests.manuscripts.helpers import write


@pytest.mark.parametrize(
    ("written", "label", "value", "pages"),
    [
        ("Seite 223", "page", "223", (223,)),
        ("Seiten 494-495", "page", "494-495", (494, 495)),
        ("Seiten 585 und 591", "page", "585 und 591", (585, 591)),
        ("Seiten 60 und 64-65", "page", "60 und 64-65", (60, 64, 65)),
        ("Seite XI", "page", "XI", ()),
        ("página 12", "page", "12", (12,)),
        ("págs. 4-5", "page", "4-5", (4, 5)),
        ("Kapitel 3", "chapter", "Kapitel 3", ()),
        ("Abschnitt 4", "section", "Abschnitt 4", ()),
        ("Spalte 7", "column", "Spalte 7", ()),
        ("Randnummer 12", "paragraph", "Randnummer 12", ()),
        ("Fußnote 3", "note", "Fußnote 3", ()),
        ("Band 2", "volume", "Band 2", ()),
        ("Zeile 14", "line", "Zeile 14", ()),
        ("Abb. 2", "figure", "Abb. 2", ()),
        ("chapitre 2", "chapter", "chapitre 2", ()),
        ("capítulo 5", "chapter", "capítulo 5", ()),
    ],
)
def test_a_locale_term_is_read_as_its_kind(
    written: str, label: str, value: str, pages: tuple[int, ...]
) -> None:
    loc = parse_locator(written)
    assert loc is not None
    assert (loc.label, loc.value, loc.pages) == (label, value, pages)


@pytest.mark.parametrize(
    "written", ["Seite mit Bildern", "Teil der Debatte", "Band des Werkes", "page de garde"]
)
def test_a_term_as_a_plain_word_is_no_locator(written: str) -> None:
    # a whole word names a place only before a number ("Seite 12"), not before words
    assert parse_locator(written) is None


def test_a_german_pandoc_citation_gives_its_pages(tmp_path: Path) -> None:
    write(
        tmp_path,
        "refs.bib",
        "@book{roth2001, title = {Lernen}, author = {Roth, Anna}, year = 2001}\n"
        "@book{berg2010, title = {Schule}, author = {Berg, Paul}, year = 2010}\n",
    )
    md = write(
        tmp_path,
        "a.md",
        "---\nbibliography: refs.bib\nlang: de-DE\n---\n\n"
        "Roth betont, „dass Lernen stets an seinen Kontext gebunden bleibt“. "
        "[@roth2001, Seite 12]\n\n"
        "Berg hält fest, „dass Schule nur Bedingungen bereitstellen kann“ "
        "[@berg2010, Seiten 40 und 44-45].\n",
    )
    got = {
        c.quote: (c.reference.key if c.reference else None, c.locator) for c in scan(md).citations
    }
    key, loc = got["dass Lernen stets an seinen Kontext gebunden bleibt"]
    assert key == "roth2001" and loc is not None and loc.pages == (12,)
    key, loc = got["dass Schule nur Bedingungen bereitstellen kann"]
    assert key == "berg2010" and loc is not None and loc.pages == (40, 44, 45)
