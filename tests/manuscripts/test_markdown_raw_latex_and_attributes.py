"""Pandoc Markdown as writers type it for a LaTeX output: csquotes commands typed raw
(``\\enquote{…} [@smith, p. 3]``, ``\\textcquote[4]{smith}{…}``) are quotations, as in a .tex file;
the quoted values of Pandoc's and Quarto's attributes (``{#fig-a fig-cap="…"}``, ``::: {.callout
title="…"}``) are settings and captions, not quotations."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write

_BIB = "@book{smith, title={Rivers}, author={Smith, Ann}, year={2001}}\n"


def test_raw_csquotes_in_markdown_are_quotations(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Smith schreibt \\enquote{der Fluss behält, was die Stadt vergisst} [@smith, S. 3]. "
        "Später: \\textcquote[4]{smith}{Niemand besitzt den Fluss, niemand verkauft ihn}.\n",
    )
    got = {c.quote: c for c in scan(md, bib=[write(tmp_path, "r.bib", _BIB)]).citations}
    assert set(got) == {
        "der Fluss behält, was die Stadt vergisst",
        "Niemand besitzt den Fluss, niemand verkauft ihn",
    }
    assert got["der Fluss behält, was die Stadt vergisst"].locator.value == "3"
    assert got["Niemand besitzt den Fluss, niemand verkauft ihn"].reference.key == "smith"


def test_attribute_values_are_not_quotations(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        '![Map](map.png){#fig-map fig-alt="a map of the river and the town beside it"}\n\n'
        '::: {.callout-note title="what the river keeps for the town"}\n'
        "The river is long.\n:::\n",
    )
    assert scan(md, bib=[write(tmp_path, "r.bib", _BIB)]).citations == ()
