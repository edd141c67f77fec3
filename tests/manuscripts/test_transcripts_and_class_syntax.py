"""A thesis citing its interviews by participant and line, and a template's own citation and
quotation syntax ([MusZit 14], \\blockzitat{...}); each test retypes the lines of a real
manuscript that showed the rule (a German design thesis, a philosophy term-paper template)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.model import ScanResult


def _got(result: ScanResult) -> dict[str, tuple[str | None, str | None]]:
    return {
        c.quote.rstrip("."): (
            c.reference.key if c.reference else None,
            c.locator.value if c.locator else None,
        )
        for c in result.citations
    }


_BIB = """@book{MusZit, author = {Mustermann, Max}, title = {Zitate}, year = {2020}}
@book{MusBlock, author = {Mustermann, Max}, title = {Blockzitate}, year = {2021}}
"""


def test_an_interview_cited_by_name_and_line_is_a_typed_reference_with_a_line_locator(
    tmp_path: Path,
) -> None:
    # retyped from a German thesis that cites its interview transcripts; no list holds them
    path = tmp_path / "thesis.md"
    path.write_text(
        "Anhalt gefällt an Design Sprints der kurze Zeitraum (Anhalt, Z. 46p) und dass er "
        "“[…] so kompakt ist und wirklich alle Phasen [der Ideation] durchläuft” (Anhalt, Z. 43p)."
        " Mazur sagt: “Das Hauptproblem ist, dass man es schafft, Kunden wirklich fokussiert "
        "arbeiten zu lassen” (Mazur, Z. 280pp), und Smith “puts the whole team in one room "
        "for a week” (Smith, ll. 12-14). Eine Befragte meint, “man müsse die Kunden früh "
        "einbinden, sonst scheitert es” (Interview B, Abs. 12).\n",
        encoding="utf-8",
    )
    result = scan(path)
    got = {c.quote: c for c in result.citations}
    cases = {
        "[…] so kompakt ist und wirklich alle Phasen [der Ideation] durchläuft": (
            "Anhalt",
            "Z. 43p",
        ),
        "Das Hauptproblem ist, dass man es schafft, Kunden wirklich fokussiert arbeiten zu "
        "lassen": ("Mazur", "Z. 280pp"),
        "puts the whole team in one room for a week": ("Smith", "ll. 12-14"),
        "man müsse die Kunden früh einbinden, sonst scheitert es": ("Interview B", "Abs. 12"),
    }
    sources = {s.id: s for s in result.sources}
    for quote, (name, line) in cases.items():
        c = got[quote]
        assert c.reference is not None and c.reference.key == name
        label = "paragraph" if line.startswith("Abs.") else "line"
        assert c.locator is not None and (c.locator.label, c.locator.value) == (label, line)
        unavailable = sources[c.source].unavailable if c.source else None
        assert unavailable is not None and unavailable.code == "unknown_reference"
        assert "transcript" in unavailable.message


def test_a_bracketed_key_of_the_bibliography_is_a_citation_and_an_editors_bracket_is_not(
    tmp_path: Path,
) -> None:
    path = tmp_path / "beispiel.md"
    path.write_text(
        'Zitate sollen, wie Max Mustermann sagt, "in den Fließtext gehören und dort bleiben" '
        '[MusZit 14], gehören in den Fließtext. Er schreibt "dass man [sic] nie lange Zitate '
        'ohne Nachweis setzt" [Hervorhebung M.M.].\n',
        encoding="utf-8",
    )
    bib = tmp_path / "literatur.bib"
    bib.write_text(_BIB, encoding="utf-8")
    got = _got(scan(path, bib=[bib]))
    assert got["in den Fließtext gehören und dort bleiben"] == ("MusZit", "14")
    assert got.get("dass man [sic] nie lange Zitate ohne Nachweis setzt", (None, None)) == (
        None,
        None,
    )


_BLOCK = (
    "Das ist ein Blockzitat mit gleichnamiger Bezeichnung in der Formatvorlage. Blockzitate "
    "sind direkte Zitate, die im Fließtext mehr als drei Zeilen einnähmen."
)


def test_a_class_quotation_command_is_a_block_quotation_with_its_citation_in_latex(
    tmp_path: Path,
) -> None:
    path = tmp_path / "beispiel.tex"
    path.write_text(
        "Längere Zitate werden als Blockzitat eingefügt:\n\n\\blockzitat{" + _BLOCK + " "
        "\\cite[96]{MusBlock}}\n\nNach dem Blockzitat geht es weiter.\n",
        encoding="utf-8",
    )
    bib = tmp_path / "literatur.bib"
    bib.write_text(_BIB, encoding="utf-8")
    assert _got(scan(path, bib=[bib])) == {_BLOCK.rstrip("."): ("MusBlock", "96")}


def test_a_class_quotation_command_in_markdown_is_a_block_quotation_too(tmp_path: Path) -> None:
    path = tmp_path / "beispiel.md"
    path.write_text(
        "Längere Zitate werden als Blockzitat eingefügt:\n\n\\blockzitat{"
        + _BLOCK
        + " [MusBlock 96]}\n\nNach dem Blockzitat geht es weiter.\n",
        encoding="utf-8",
    )
    bib = tmp_path / "literatur.bib"
    bib.write_text(_BIB, encoding="utf-8")
    assert _got(scan(path, bib=[bib])) == {_BLOCK.rstrip("."): ("MusBlock", "96")}
