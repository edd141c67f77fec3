"""What an abbreviation stands for, in marks: "PDCA steht für „Plan, Do, Check, Act“", "the
GDPR, which stands for “general data protection regulation”". A name spelt out, never a source's
words, even when the writer cites where the name comes from; a translation given with it
("oder übersetzt „…“") is the writer's too."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write

_BIB = "@book{iso9001, title={Qualitätsmanagementsysteme}, author={ISO}, year={2015}}\n"


def test_an_expansion_and_its_translation_cited_are_names(tmp_path: Path) -> None:
    tex = write(
        tmp_path,
        "a.tex",
        "\\subsection{Zyklus}\n"
        'PDCA steht für "{}\\textit{Plan, Do, Check, Act}"{} oder übersetzt '
        '"{}\\textit{Planen, Durchführen, Prüfen, Handeln}"{} \\citep[vgl.][9]{iso9001}. '
        "Der Zyklus wird in vier Schritten durchlaufen.\n",
    )
    bib = write(tmp_path, "refs.bib", _BIB)
    assert scan(tex, bib=[bib]).citations == ()


def test_an_english_expansion_in_markdown_is_a_name(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        'The data fall under the GDPR, which stands for "general data protection regulation" '
        "[@ben2009, p. 2], and are kept apart.\n\n"
        'Ben writes that "a format people can read is a format people will fix" '
        "[@ben2009, p. 3].\n",
    )
    bib = write(
        tmp_path, "refs.bib", "@book{ben2009, title={Formats}, author={Ben, Eva}, year={2009}}\n"
    )
    quotes = [c.quote for c in scan(md, bib=[bib]).citations]
    assert quotes == ["a format people can read is a format people will fix"]


def test_a_quotation_after_stands_for_something_else_is_kept(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        'For Ben the river stands for memory: "what the water carries, the town forgets" '
        "[@ben2009, p. 7].\n",
    )
    bib = write(
        tmp_path, "refs.bib", "@book{ben2009, title={Rivers}, author={Ben, Eva}, year={2009}}\n"
    )
    (c,) = scan(md, bib=[bib]).citations
    assert c.reference.key == "ben2009"
