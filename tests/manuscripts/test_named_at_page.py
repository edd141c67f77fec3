"""Capitalised words in marks whose sentence closes with a citation at a page: "kann man die
Gesamtschule als \\enquote{Schule der Mittelschicht} bezeichnen \\citep[][S.~23]{berg2010}".
German capitalises nouns, so a noun phrase looks like a title; the page the sentence cites
says the words were taken from there (as one cited right after the marks already did)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write

_BIB = "@book{berg2010, title={Schulformen}, author={Berg, Paul}, year={2010}}\n"


def test_a_noun_phrase_named_before_a_paged_citation_is_quoted(tmp_path: Path) -> None:
    tex = write(
        tmp_path,
        "a.tex",
        "Nach den Daten der Studie kann man die Gesamtschule als \\enquote{Schule der "
        "Mittelschicht} bezeichnen \\citep[][S.~23]{berg2010}.\n",
    )
    bib = write(tmp_path, "refs.bib", _BIB)
    (c,) = scan(tex, bib=[bib]).citations
    assert (c.quote, c.reference.key, c.locator.value) == (
        "Schule der Mittelschicht",
        "berg2010",
        "23",
    )


def test_a_title_with_a_citation_without_a_page_stays_a_title(tmp_path: Path) -> None:
    tex = write(
        tmp_path,
        "a.tex",
        "Sein Buch ist unter dem Namen \\enquote{Schule der Nation} bekannt geworden "
        "\\citep{berg2010}.\n",
    )
    bib = write(tmp_path, "refs.bib", _BIB)
    assert scan(tex, bib=[bib]).citations == ()
