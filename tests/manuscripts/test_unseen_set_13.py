"""Rules read off the thirteenth unseen set (a history essay with Chicago notes in Markdown, a
German thesis whose notes type their citations and quote interviews, a Pandoc book chapter, an
R Markdown paper); each test retypes the lines that showed the rule."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.locators import parse_locator


def _cited(path: Path, *bib: Path) -> list[tuple[str, str | None, str | None]]:
    return [
        (
            c.quote,
            c.reference.raw if c.reference else None,
            c.locator.value if c.locator else None,
        )
        for c in scan(path, bib=list(bib)).citations
    ]


def test_a_chicago_note_with_its_doi_after_the_page_cites_the_work_at_that_page(
    tmp_path: Path,
) -> None:
    md = tmp_path / "analysis.md"
    md.write_text(
        "A nation-state has defined borders.[^1] Nationalism “justifies the building and "
        "maintenance of nation-states.”[^2] Bismarck realized that “German nationalism would "
        "provide the moral issue with which to justify a war.”[^3]\n\n"
        "[^1]: Goodwin, Lecture 17.\n"
        "[^2]: Christian Fuchs, “Nationalism, Communication, Ideology,” in *Communication and "
        "Capitalism* (London: University of Westminster Press, 2020), 235, "
        "https://doi.org/10.2307/j.ctv12fw7t5.14.\n"
        "[^3]: Otto Pflanze, “Bismarck and German Nationalism,” *The American Historical "
        "Review* 60, no. 3 (1955): 551, https://doi.org/10.2307/1845577.\n",
        encoding="utf-8",
    )
    result = scan(md)
    got = [(c.quote, c.reference, c.locator) for c in result.citations]
    assert [q for q, _, _ in got] == [
        "justifies the building and maintenance of nation-states.",
        "German nationalism would provide the moral issue with which to justify a war.",
    ]
    (_, fuchs, fuchs_page), (_, pflanze, pflanze_page) = got
    assert fuchs is not None and fuchs.raw.startswith("Christian Fuchs, “Nationalism")
    assert fuchs_page is not None and fuchs_page.pages == (235,)
    assert pflanze is not None and "Pflanze" in pflanze.raw and "1955" in pflanze.raw
    assert pflanze_page is not None and pflanze_page.pages == (551,)
    # the DOI stays the way to the text
    refs = {s.ref for s in result.sources}
    assert {"doi:10.2307/j.ctv12fw7t5.14", "doi:10.2307/1845577"} <= refs


def test_a_quotation_in_a_latex_note_takes_the_citation_the_note_types_for_it(
    tmp_path: Path,
) -> None:
    tex = tmp_path / "kapitel.tex"
    tex.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "Hilberg analysierte den Massenmord als Prozess.\\footnote{Raul Hilberg: Die "
        "Vernichtung der europäischen Juden, Frankfurt am Main 1990, S. 85-163. Die "
        "Existenzvernichtung war der Teilprozess, der ,,am längsten – nämlich über den Tod der "
        "Opfer hinaus – dauerte und demzufolge in alle anderen Prozesse hineinreichte''. "
        "Kreutzmüller 2012, S. 378.} Dieses Dilemma bleibt.\\footnote{Bajohr spricht sogar von "
        ",,umfassenden Täterschutz'', Bajohr 1998, S. 24.} Die Daten bleiben isoliert."
        "\\footnote{Vgl. zu den Datensilos Interview B4\\_Transkript: ,,[...] dass diese "
        "Vernetzungsansätze nicht nur punktuell stattfinden, weil sie dann Fragment bleiben "
        "[...]''.} Nachkommen fragen an.\\footnote{Vgl. Interview B1\\_Transkript: ,,Und das "
        "ist auch wirklich erstaunlich, dass ich nach wie vor Anfragen von Nachkommen "
        "erhalte.'', Pos. 39.}\n\\end{document}\n",
        encoding="utf-8",
    )
    got = _cited(tex)
    assert [(ref, loc) for _, ref, loc in got] == [
        ("Kreutzmüller 2012, S. 378.", "378"),
        ("Bajohr 1998, S. 24.", "24"),
        ("Interview B4\\_Transkript", None),
        ("Interview B1\\_Transkript", "Pos. 39"),
    ]
    assert got[0][0].startswith("am längsten")


def test_a_latex_block_closed_by_ebd_repeats_the_note_before(tmp_path: Path) -> None:
    tex = tmp_path / "kapitel.tex"
    tex.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "Lindenberg und Wildt sprechen von ,,öffentlicher Wissenschaft''\\footnote{Lindenberg/ "
        "Wildt 1989, S. 394.} und zitieren jene mit:\n\n"
        "\\begin{quote}\n"
        "    ,,Wir beanspruchen, unsere Projekte für jede/n offen zu halten. Das Interesse am "
        "Gegenstand ist entscheidend.''\\footnote{Ebd.}\n"
        "\\end{quote}\n\n\\end{document}\n",
        encoding="utf-8",
    )
    block = [c for c in scan(tex).citations if "beanspruchen" in c.quote]
    assert len(block) == 1
    assert block[0].reference is not None and "Wildt 1989" in block[0].reference.raw
    assert block[0].locator is not None and block[0].locator.pages == (394,)


def test_a_block_closed_by_a_key_and_its_typed_page(tmp_path: Path) -> None:
    bib = tmp_path / "references.bib"
    bib.write_text(
        "@book{haller2017, title = {Die Flüchtlingskrise in den Medien}, "
        "author = {Haller, Michael}, year = 2017}\n",
        encoding="utf-8",
    )
    md = tmp_path / "arbeit.Rmd"
    md.write_text(
        "Die Stimmung kippte im Herbst.\n\n"
        '> *"Im Laufe des 4. Quartals kommt nun aber eine völlig andere Tonlage zu Gehör, '
        'und die Presse nennt die Partei häufiger."*\n'
        ">\n"
        "> @haller2017 S.93\n\n"
        "Die Silvesternacht verschärfte das.\n",
        encoding="utf-8",
    )
    got = _cited(md, bib)
    assert len(got) == 1
    assert got[0][1:] == ("@haller2017", "93")
    assert "@haller2017" not in got[0][0]


def test_a_page_keeps_the_note_it_names() -> None:
    def shown(text: str) -> tuple[str, tuple[int, ...]] | None:
        loc = parse_locator(text)
        return (loc.value, loc.pages) if loc else None

    assert shown("157, footnote") == ("157, footnote", (157,))
    assert shown("vi, footnote") == ("vi, footnote", ())
    assert shown("12 n. 3") == ("12 n. 3", (12,))
    assert shown("S. 45, Anm. 2") == ("45, Anm. 2", (45,))
    assert shown("157, footnotes are") == ("157", (157,))  # prose after a page is not its note
    assert shown("xii") == ("xii", ())
