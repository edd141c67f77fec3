"""A paragraph that opens by naming the work the paragraph before cites ("In dem Bericht …")
quotes that work; retyped from a German seminar paper of an unseen set."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan

_BIB = (
    "@book{randoll07, title = {Ehemalige Waldorfschüler}, author = {Randoll, Dirk}, year = 2007}\n"
)


def _scan(tmp_path: Path, second: str) -> list[tuple[str, str | None, str | None]]:
    (tmp_path / "lit.bib").write_text(_BIB, encoding="utf-8")
    tex = tmp_path / "arbeit.tex"
    tex.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "In \\citet[][S. 19f]{randoll07} bekommt man Einblicke in die Beiträge mehrerer Autoren.\n"
        "Sie berichten, dass die Schüler sich im Nachteil sehen.\n\n"
        f"{second} Negative Erfahrungen gab es auch mit \\enquote{{dogmatischen, mit strengen "
        "oder mit bigotten Waldorfpädagogen}}.\n\n\\end{document}\n",
        encoding="utf-8",
    )
    return [
        (c.quote, c.reference.key if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(tex, bib=[tmp_path / "lit.bib"]).citations
    ]


def test_a_paragraph_opening_with_the_report_goes_on_citing_it(tmp_path: Path) -> None:
    got = _scan(tmp_path, "In dem Bericht wird außerdem hervorgehoben, dass vieles gut war.")
    assert got == [
        ("dogmatischen, mit strengen oder mit bigotten Waldorfpädagogen", "randoll07", "19f")
    ]


def test_a_paragraph_of_its_own_subject_does_not(tmp_path: Path) -> None:
    got = _scan(tmp_path, "Die Lehrer selbst sehen das anders, und vieles war gut.")
    assert got == [("dogmatischen, mit strengen oder mit bigotten Waldorfpädagogen", None, None)]


def test_pandocs_author_in_text_form_names_the_paragraphs_work(tmp_path: Path) -> None:
    md = tmp_path / "chapter.md"
    md.write_text(
        "Meiklejohn [-@meiklejohn1882: 170-172] also quotes an analysis from Fitch. He calls "
        'the method "the continuous analysis of a sentence into its parts" in the preface.\n\n'
        "The textbook is cited [@meiklejohn1882: 19]. The book then says "
        '"every word in a sentence depends on another one" at length.\n',
        encoding="utf-8",
    )
    got = [
        (c.quote, c.reference.key if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(md).citations
    ]
    assert got == [
        ("the continuous analysis of a sentence into its parts", "meiklejohn1882", "170-172"),
        # a bracketed citation belongs to what it follows, not to the sentence after it
        ("every word in a sentence depends on another one", None, None),
    ]
