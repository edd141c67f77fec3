"""Citation-side rules from the thirteenth to sixteenth held-out sets and unseen theses: a note
that names its work in prose before the address it was read at, an article's pages with the one
cited ("S. 393-411 (hier S. 395)"), pandoc-ling's example references ("[@next]"). Each test
retypes the pattern a real manuscript used."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write


def _found(path: Path) -> dict[str, tuple[str | None, str | None]]:
    return {
        c.quote: (c.reference.raw if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(path).citations
    }


def test_a_note_naming_its_work_before_the_address_cites_the_work_at_the_here_page(
    tmp_path: Path,
) -> None:
    tex = write(
        tmp_path,
        "a.tex",
        "\\documentclass{article}\\begin{document}\n"
        "Die Historiker haben 1989 die Bedeutung der ,,lokalen Feldforschung zur Freilegung "
        "von Spuren'' für die Forschung "
        "herausgearbeitet.\\footnote{Thomas Lindenberger, Michael Wildt: Radikale Pluralität, in: "
        "Archiv für Sozialgeschichte, Band 29, Bonn 1989, S. 393-411 (hier S. 395), URL (stable): "
        "\\url{http://library.example.org/article_00013422}.} Es waren also diese Akteure.\n"
        "\\end{document}\n",
    )
    raw, page = _found(tex)["lokalen Feldforschung zur Freilegung von Spuren"]
    assert raw is not None and "Lindenberger" in raw and "1989" in raw
    assert page == "395"  # the page cited, not the article's extent


def test_a_here_page_in_a_chicago_note(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        'He wrote that "the archive is never a neutral place of storage".[^1] Next.\n\n'
        "[^1]: Jane Roe, *The Archive Itself* (Chicago, 1999), pp. 1-20 (here p. 7).\n",
    )
    assert _found(md)["the archive is never a neutral place of storage"][1] == "7"


def test_pandoc_ling_example_references_are_not_citations(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "So verwendet er eine grafische Analyse für „ausgebildete Sätze der Sprache“, wie in "
        "[@fig:tree] für den Satz [@next] dargestellt [@diesterweg1830: 174, 266]. Dann folgt "
        "der nächste Satz.\n",
    )
    raw, page = _found(md)["ausgebildete Sätze der Sprache"]
    assert raw is not None and "diesterweg1830" in raw
    assert page == "174, 266"


def test_a_paged_citation_just_before_a_quotation_is_its_own_not_the_next_quotations(
    tmp_path: Path,
) -> None:
    write(
        tmp_path,
        "refs.bib",
        "@book{frau2023, title = {Rohstoffe}, author = {Frau, Robert}, year = 2023}\n"
        "@book{frau2024, title = {Kompetenzen}, author = {Frau, Robert}, year = 2024}\n",
    )
    tex = write(
        tmp_path,
        "a.tex",
        "\\documentclass{article}\\begin{document}\n"
        'Folgend der Feststellung von Frau \\autocite[4]{frau2023}, dass ein "öffentliches '
        'Rohstoffrecht für Deutschland" trotz allem fehlt, staatliche "eigene rechtliche '
        'Mittel und Wege" nicht betrachtet werden \\autocite[5]{frau2024}, ist dies '
        "richtungsweisend.\n\\bibliography{refs}\n\\end{document}\n",
    )
    got = {
        c.quote: (c.reference.key if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(tex).citations
    }
    assert got["öffentliches Rohstoffrecht für Deutschland"] == ("frau2023", "4")
    assert got["eigene rechtliche Mittel und Wege"] == ("frau2024", "5")


def test_a_citation_closing_several_quotations_stays_theirs(tmp_path: Path) -> None:
    # no citation of its own before the first quotation: the closing one covers both
    write(tmp_path, "refs.bib", "@book{frau2023, title = {R}, author = {Frau, R.}, year = 2023}\n")
    tex = write(
        tmp_path,
        "a.tex",
        "\\documentclass{article}\\begin{document}\n"
        'Frau spricht von "öffentlichem Rohstoffrecht für alle" und von "Kompetenzen und '
        'Instrumenten des Staates" \\autocite[5]{frau2023}. Dann weiter.\n'
        "\\bibliography{refs}\n\\end{document}\n",
    )
    got = {c.quote: c.locator.value if c.locator else None for c in scan(tex).citations}
    assert got == {
        "öffentlichem Rohstoffrecht für alle": "5",
        "Kompetenzen und Instrumenten des Staates": "5",
    }
