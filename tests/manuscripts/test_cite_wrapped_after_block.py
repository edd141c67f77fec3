"""A block quotation's citation on the line right after it, in the wrapper the writer chose:
slides' ``<cite>[@key, 85]</cite>`` or ``<cite>@key, 2</cite>``, a dash and a key, LaTeX's
``flushright`` signature; and a LaTeX block whose citation stands inside the emphasis wrapping
its words (``\\textbf{\\textit{“…”}\\cite{key}}``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_BIB = (
    "@book{winner1980, title = {Do Artifacts Have Politics?}, author = {Winner, Langdon},"
    " year = 1980}\n"
    "@book{drucker2021, title = {The Digital Humanities Coursebook}, author = {Drucker,"
    " Johanna}, year = 2021}\n"
)
_WORDS = (
    "Datafication is the work of abstracting discrete values from a phenomenon or artifact,"
    " and these values are necessarily a reduction of complex materials"
)


def _cited(tmp_path: Path, name: str, text: str) -> tuple[str | None, str | None]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    (tmp_path / "refs.bib").write_text(_BIB, encoding="utf-8")
    result = scan(path, bib=[tmp_path / "refs.bib"])
    cits = [c for c in result.citations if "abstracting" in c.quote]
    assert len(cits) == 1, [c.quote for c in result.citations]
    (cit,) = cits
    key = cit.reference.key if cit.reference else None
    return key, cit.locator.value if cit.locator else None


@pytest.mark.parametrize(
    ("after", "want"),
    [
        ("<cite>[@drucker2021, 3]</cite>", ("drucker2021", "3")),
        ("<cite>@drucker2021, 3</cite>", ("drucker2021", "3")),  # a bare key and its page
        ("<cite>[@drucker2021]</cite>", ("drucker2021", None)),
        ("— [@drucker2021, p. 3]", ("drucker2021", "3")),
        ("<small>[@drucker2021, 3]</small>", ("drucker2021", "3")),
    ],
)
def test_slides_cite_line_after_block(
    tmp_path: Path, after: str, want: tuple[str | None, str | None]
) -> None:
    text = f"# Data\n\n::: columns\n\n>{_WORDS} [...]\n\n{after}\n\n:::\n\nNext slide.\n"
    assert _cited(tmp_path, "slides.md", text) == want


def test_a_sentence_after_the_block_is_not_its_citation(tmp_path: Path) -> None:
    text = (
        f"# Data\n\n> {_WORDS}.\n\n@winner1980 argues much the same about bridges, and"
        " nobody has answered him since.\n"
    )
    assert _cited(tmp_path, "notes.md", text) == (None, None)


@pytest.mark.parametrize(
    "quote",
    [
        # the citation inside the emphasis that wraps the block's words
        f"\\textbf{{\\textit{{“{_WORDS}”}}\\cite{{drucker2021}} }}",
        f"\\textit{{``{_WORDS}''\\cite[3]{{drucker2021}}}}",
    ],
)
def test_cite_inside_emphasis_in_a_quote_environment(tmp_path: Path, quote: str) -> None:
    text = (
        "\\documentclass{article}\\begin{document}\nAs she puts it:\n\\begin{quote}\n"
        f"    {quote}\n\\end{{quote}}\nThe rest.\n\\end{{document}}\n"
    )
    key, _ = _cited(tmp_path, "essay.tex", text)
    assert key == "drucker2021"


def test_flushright_signature_after_a_quote(tmp_path: Path) -> None:
    text = (
        "\\documentclass{article}\\begin{document}\n\\begin{quote}\n"
        f"    \\textbf{{\\textit{{{_WORDS}.}}}}\n\\end{{quote}}\n"
        "\\begin{flushright}\nJohanna Drucker\n\\end{flushright}\n\nOur essay begins.\n"
        "\\end{document}\n"
    )
    path = tmp_path / "essay.tex"
    path.write_text(text, encoding="utf-8")
    (cit,) = [c for c in scan(path).citations if "abstracting" in c.quote]
    assert cit.reference is not None and "Drucker" in cit.reference.raw


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("[@drucker2021, 11]:", "[@drucker2021, 20]:"),
        ("Drucker (2021, p. 11):", "Drucker (2021, p. 20):"),
        ("<cite>[@drucker2021, 11]</cite>:", '[@drucker2021, 20]: "Data are capta."'),
    ],
)
def test_a_citation_ending_in_a_colon_leads_the_next_block(
    tmp_path: Path, first: str, second: str
) -> None:
    # reading notes: each excerpt's source typed over it, ending in a colon
    text = (
        f"# Highlights\n\n{first}\n\n> {_WORDS}.\n\n{second}\n\n"
        "> Interpretation is the work of the humanities in every field it touches.\n"
    )
    assert _cited(tmp_path, "notes.md", text) == ("drucker2021", "11")
