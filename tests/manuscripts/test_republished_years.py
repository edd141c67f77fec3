"""A republished work cited by both its years, as APA (and German notes) write it: "(Piaget,
1966/2000, p. 12)", "Vgl. Weber 1922/1980, S. 28." The second year is no page."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan


def test_an_apa_citation_with_two_years_finds_the_edition_read(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        'Dewey insists that "education is not preparation for life; education is life'
        ' itself" (Dewey, 1916/2004, p. 239). Later he adds that "the self is not'
        ' something ready-made" in any sense (Dewey, 1916/2004, p. 351).\n\n'
        "## References\n\nDewey, J. (2004). *Democracy and education*. Dover."
        " (Original work published 1916)\n",
        encoding="utf-8",
    )
    cits = scan(md).citations
    assert len(cits) == 2
    for cit, page in zip(cits, ("239", "351"), strict=True):
        assert cit.reference is not None and cit.reference.bib is not None
        assert cit.reference.bib.year == "2004"
        assert cit.locator is not None and cit.locator.value == page


def test_a_note_with_two_years_gives_its_page_not_the_second_year(tmp_path: Path) -> None:
    tex = tmp_path / "kapitel.tex"
    tex.write_text(
        "\\documentclass{article}\\begin{document}\n"
        "Herrschaft sei \\glqq die Chance, für einen Befehl bestimmten Inhalts Gehorsam zu"
        " finden\\grqq.\\footnote{Vgl. Weber 1922/1980, S. 28.}\n"
        "Der Begriff sei \\glqq soziologisch amorph und darum nicht brauchbar\\grqq.\\footnote{"
        "Müller/Schmidt 2010, S. 4.}\n"
        "Die Verfahren seien \\glqq zu eng geführt und darum einseitig\\grqq.\\footnote{"
        "Kramer 2016/2020, URL: \\url{https://example.org/kramer-v2}.}\n\\end{document}\n",
        encoding="utf-8",
    )
    first, second, third = scan(tex).citations
    assert first.reference is not None and first.reference.key == "Weber 1922/1980"
    assert first.locator is not None and first.locator.value == "28"
    # a slash between names still joins two authors
    assert second.reference is not None and second.reference.key == "Müller & Schmidt 2010"
    assert second.locator is not None and second.locator.value == "4"
    # a web article's two versions: no page at all
    assert third.reference is not None and third.locator is None
