"""The limits of the linking rules: each stops where it says it does."""

from __future__ import annotations

from quote_tui.manuscripts import context, inner_cite, latex_macros, markdown_refs
from quote_tui.manuscripts.document import Document
from quote_tui.manuscripts.latex_macros import cite_macros, expand_cite_macros
from quote_tui.manuscripts.markdown_refs import yaml_references


def test_cite_macro_uses_past_the_limit_stay_as_written() -> None:
    macros = cite_macros(["\\newcommand{\\pg}[2]{\\cite[#2]{#1}}"])
    n = latex_macros._MAX_USES
    out = expand_cite_macros("\\pg{k}{1} " * (n + 1), macros)
    assert out.count("\\cite[1]{k}") == n
    assert out.endswith("\\pg{k}{1} ")


def test_a_cite_macro_body_past_the_group_limit_is_not_read() -> None:
    body = "\\cite[#2]{#1}" + "x" * 2_000
    assert cite_macros(["\\newcommand{\\pg}[2]{" + body + "}"]) == {}
    assert set(cite_macros(["\\newcommand{\\pg}[2]{\\cite[#2]{#1}" + "x" * 1_900 + "}"])) == {"pg"}


def test_yaml_references_past_the_limit_are_not_read() -> None:
    n = markdown_refs._MAX_ENTRIES
    entries = "".join(f"- id: k{i}\n  title: T\n" for i in range(n + 2))
    got = yaml_references("# Literatur\n\n---\nreferences:\n" + entries + "---\n")
    assert len(got) == n
    assert f"k{n - 1}" in got and f"k{n}" not in got


def _doc(text: str, kind: str = "latex") -> Document:
    return Document(file="a.tex", text=text, kind=kind)


def test_a_paragraph_cite_farther_back_than_the_reach_is_not_taken() -> None:
    reach = context._REACH
    near = "\\citet[S. 4]{a} schreiben dies. " + "Wort " * ((reach - 100) // 5)
    far = "\\citet[S. 4]{a} schreiben dies. " + "Wort " * ((reach + 100) // 5)
    for text, key in ((near, "a"), (far, None)):
        start = len(text) + 1
        doc = _doc(text + "„eine Schule für alle Menschen“ ende.")
        found = context.paragraph_cite(doc, start, start + 29)
        assert (found.key if found else None) == key


def test_a_citation_inside_the_marks_farther_than_the_tail_is_not_taken() -> None:
    tail = inner_cite._TAIL
    quoted = "Alle Programme dürfen nicht diskriminieren. "
    short = f"“{quoted}[@k, p. 4]”"
    long_cite = "[@k, p. 4; " + "; ".join(f"@x{i}" for i in range(tail // 5)) + "]"
    for text, key in ((short, "k"), (f"“{quoted}{long_cite}”", None)):
        doc = _doc(text, kind="markdown")
        found = inner_cite.inner_cite(doc, 1, len(text) - 1)
        assert (found.key if found else None) == key
