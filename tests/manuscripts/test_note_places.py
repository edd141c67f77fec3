"""The place a note or a typed citation gives where the writer put it.

Forms of real manuscripts (Markdown notes in APA with the page in brackets mid-note, German
notes giving "hier S. n" after an article's extent and its DOI, a French thesis typing the page
as biblatex's prenote, MLA's "n. pag.", ABNT's "apud"); the sentences are written for the test.
"""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan


def _cited(
    tmp_path: Path, name: str, text: str, bib: str = ""
) -> list[tuple[str | None, str | None]]:
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    paths = []
    if bib:
        (tmp_path / "refs.bib").write_text(bib, encoding="utf-8")
        paths = [tmp_path / "refs.bib"]
    return [
        (c.reference.key if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(doc, bib=paths).citations
    ]


def test_the_page_in_brackets_inside_a_full_note(tmp_path: Path) -> None:
    got = _cited(
        tmp_path,
        "doubt.md",
        "Keller writes: “A person’s faith can collapse almost overnight if she has failed to"
        " listen to her own doubts.”[^1]\n\n"
        "Redford recalls: “While I had my share of difficult times, my early years were happy"
        " ones for me.”[^2]\n\n"
        "[^1]: Keller, T. (2008). *The reason for God*. (Kindle ed., p. xvi–xviii). New York,"
        " NY: Penguin.\n"
        "[^2]: Redford, J. (1997). *Welcome all wonders*. (p. 28). Grand Rapids, MI: Baker.\n",
    )
    assert [loc for _, loc in got] == ["xvi–xviii", "28"]


def test_the_page_given_after_an_articles_extent_and_its_address(tmp_path: Path) -> None:
    got = _cited(
        tmp_path,
        "blog.md",
        "Die Autoren halten fest: „With the realist texts, the model guessed the true label"
        " most of the time.“[^4]\n\n"
        "[^4]: Long, Hoyt; So, Richard Jean: Turbulent Flow. _Modern Language Quarterly_ 2016;"
        " 77 (3): 345–367. [DOI 10.1215/00267929-3570656](https://doi.org/10.1215/00267929-3570656),"
        " hier S. 358.\n",
    )
    assert [loc for _, loc in got] == ["358"]


def test_the_page_typed_as_the_prenote_with_a_remark_after_it(tmp_path: Path) -> None:
    got = _cited(
        tmp_path,
        "memoire.tex",
        "On lit : \\enquote{la tomographie en cohérence optique rend compte de la structure des"
        " couches colorées}\\footcite[Pp. 78.][Ces analyses ont été réalisées par le"
        " laboratoire.]{denoel2022}.\n",
        "@book{denoel2022, author={Denoël, C.}, title={Beatus}, year={2022}}\n",
    )
    assert got == [("denoel2022", "78")]


def test_mla_no_pages_and_abnt_apud(tmp_path: Path) -> None:
    got = _cited(
        tmp_path,
        "essay.md",
        "Such shows “offer a space where politically engaged audiences gather each night”"
        " (Amarasingam, n. pag.). More follows.\n\n"
        "O termo “é trazido do inglês podendo funcionar como verbo e substantivo”"
        " (apud BONIATI, 2009, p. 29). Mais.\n\n"
        "## Works Cited\n\n"
        "Amarasingam, Amarnath. *The Stewart/Colbert Effect*. McFarland, 2011.\n\n"
        "BONIATI, Bruno. *Design e cultura*. Porto Alegre, 2009.\n",
    )
    assert got == [("Amarasingam 2011", "n. pag."), ("BONIATI 2009", "29")]


def test_a_note_closed_by_any_termed_place(tmp_path: Path) -> None:
    # the note's page or place in the grammar's forms: no stop, no space, a law's article
    got = _cited(
        tmp_path,
        "notes.md",
        "Er schreibt: „Jede Propaganda hat sich nach der Aufnahmefähigkeit zu richten.“[^1]\n\n"
        "She writes: “The year was a long one and nobody in the village forgot it.”[^2]\n\n"
        "Es heißt: „Jeder hat das Recht, seine Meinung frei zu äußern und zu verbreiten.“[^3]\n\n"
        "[^1]: Hitler, Adolf: Mein Kampf, München 1933, S 197f.\n"
        "[^2]: Smith, Jane. *The Long Year*. London, 2001, p241.\n"
        "[^3]: Grundgesetz für die Bundesrepublik Deutschland, 1949, Art. 5 Abs. 1 GG.\n",
    )
    assert [loc for _, loc in got] == ["197f.", "241", "Art. 5 Abs. 1 GG"]
