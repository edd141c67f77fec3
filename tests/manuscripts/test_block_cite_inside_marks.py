"""A LaTeX block quotation that the writer also sets in marks, its citation typed before the
closing mark and the full stop: "\\begin{quotation}"`… Gemeinwesen \\footcite[28]{speck}."'
\\end{quotation}" (babel's German marks), "``… \\cite[28]{speck}.''", "\\glqq … \\cite[28]{speck}.
\\grqq{}". The citation is the block's, at its page."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_WORDS = "die Kooperation und Vernetzung mit dem Gemeinwesen und der Jugendhilfe vor Ort"
_BIB = (
    "@book{speck,\n  author = {Speck, Karsten},\n  title = {Schulsozialarbeit},\n"
    "  year = {2007}\n}\n"
)


@pytest.mark.parametrize(
    ("opening", "closing"),
    [('"`', "\"'"), ("``", "''"), ("\\glqq ", "\\grqq{}")],
)
def test_the_citation_before_the_closing_mark_is_the_blocks(
    tmp_path: Path, opening: str, closing: str
) -> None:
    tex = tmp_path / "kapitel.tex"
    tex.write_text(
        "\\documentclass{article}\n\\usepackage[ngerman]{babel}\n\\begin{document}\n"
        "Speck fasst es so:\n\\begin{quotation}\n"
        f"{opening}Zu den Angeboten gehören insbesondere {_WORDS} "
        f"\\footcite[28]{{speck}}.{closing}\n"
        "\\end{quotation}\nSo weit die Definition.\n\\end{document}\n",
        encoding="utf-8",
    )
    (tmp_path / "refs.bib").write_text(_BIB, encoding="utf-8")
    cited = next(c for c in scan(tex, bib=[tmp_path / "refs.bib"]).citations if _WORDS in c.quote)
    assert cited.reference is not None and cited.reference.key == "speck"
    assert cited.locator is not None and cited.locator.value == "28"
