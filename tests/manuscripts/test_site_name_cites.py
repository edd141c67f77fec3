"""A reference work on the web cited by its name and article, as school papers cite it, in
brackets after the quotation or as a note: "(Wikipedia, Linux (Kernel))", "(laut Wikipedia,
Open Source, Abschnitt: Definition)", "\\footnote{Wikipedia, Freie Software, Abschnitt: Open
Source}", "vgl.: Wikipedia; Supercomputer; 2015; Abschnitt: Betriebssysteme". The article is the
work; the section, as written, the place. A numbered section alone after an author in a note
("Schwalbe, 2.3.2") is that author's work at that section."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_QUOTE = "ein Betriebssystem-Kernel, der die Hardware des Rechners verwaltet"


def _cited(path: Path):
    return next(c for c in scan(path).citations if c.quote.startswith(_QUOTE))


@pytest.mark.parametrize(
    ("written", "key", "section"),
    [
        ("(Wikipedia, Linux (Kernel))", "Wikipedia: Linux (Kernel)", None),
        ("(laut Wikipedia, Linux, Abschnitt: Aufbau)", "Wikipedia: Linux", "Abschnitt: Aufbau"),
        ("(Britannica, Linux, section: Design)", "Britannica: Linux", "section: Design"),
        ("(vgl. Duden: Kernel)", "Duden: Kernel", None),
        ("(Quelle: Wikipedia)", "Wikipedia", None),
        ("(Wikipedia)", "Wikipedia", None),
    ],
)
def test_a_site_and_article_after_the_quotation(
    tmp_path: Path, written: str, key: str, section: str | None
) -> None:
    md = tmp_path / "essay.md"
    md.write_text(f"Linux ist „{_QUOTE}“ {written}. Mehr dazu später.\n", encoding="utf-8")
    cited = _cited(md)
    assert cited.reference is not None and cited.reference.key == key
    assert (cited.locator.value if cited.locator else None) == section


@pytest.mark.parametrize(
    ("note", "section"),
    [
        ("Wikipedia, Linux, Abschnitt: Aufbau", "Abschnitt: Aufbau"),
        ("vgl.: Wikipedia; Linux; 2015; Abschnitt: Aufbau", "Abschnitt: Aufbau"),
        ("Schwalbe, 2.3.2", "2.3.2"),
    ],
)
def test_a_note_naming_a_site_or_an_author_and_a_section(
    tmp_path: Path, note: str, section: str
) -> None:
    tex = tmp_path / "arbeit.tex"
    tex.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        f"Linux ist \\glqq {_QUOTE}\\grqq.\\footnote{{{note}}} Mehr dazu später.\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    cited = _cited(tex)
    assert cited.reference is not None and note.split(",")[0].split()[-1] in cited.reference.raw
    assert cited.locator is not None and cited.locator.value == section


def test_a_place_and_a_publisher_in_brackets_are_no_site(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(f"Linux ist „{_QUOTE}“ (Berlin, Suhrkamp). Mehr dazu später.\n", "utf-8")
    assert all(c.reference is None for c in scan(md).citations)
