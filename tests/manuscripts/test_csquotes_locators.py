"""csquotes' whole family of quotation commands and environments, and locators as written."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.locators import parse_locator

BIB = """
@book{kant1781, title = {Kritik der reinen Vernunft}, author = {Kant, Immanuel}, year = 1781}
@book{plato, title = {Republic}, author = {Plato}, year = 1969}
@book{smith2020, title = {A Book}, author = {Smith, Ann}, year = 2020}
"""

SPACE = "Der Raum ist kein empirischer Begriff, der von äußeren Erfahrungen abgezogen worden"


def _scan(tmp_path: Path, body: str) -> dict[str, tuple[str | None, str | None, str | None]]:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    path = tmp_path / "p.tex"
    path.write_text(
        "\\documentclass{article}\\usepackage{csquotes}\\begin{document}\n"
        f"{body}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    out = {}
    for c in scan(path, bib=[tmp_path / "refs.bib"]).citations:
        key = c.reference.key if c.reference else None
        loc = c.locator
        out[c.quote] = (key, loc.label if loc else None, loc.value if loc else None)
    return out


def test_displaycquote_is_extracted_with_its_key_and_locator(tmp_path: Path) -> None:
    got = _scan(
        tmp_path,
        f"Kant schreibt:\n\\begin{{displaycquote}}[B37]{{kant1781}}\n{SPACE}.\n"
        "\\end{displaycquote}\n",
    )
    assert got == {f"{SPACE}.": ("kant1781", "A/B", "B37")}


@pytest.mark.parametrize(
    "body",
    [
        f"\\textcquote[vgl.][S.~23]{{smith2020}}{{{SPACE}}} im Satz.",
        f"\\foreigntextcquote{{ngerman}}[S.~23]{{smith2020}}{{{SPACE}}} im Satz.",
        f"\\hyphentextcquote{{ngerman}}[][S.~23]{{smith2020}}{{{SPACE}}} im Satz.",
        f"\\blockcquote[S.~23]{{smith2020}}{{{SPACE}}}",
        f"\\foreignblockcquote{{ngerman}}[S.~23]{{smith2020}}{{{SPACE}}}",
        f"\\textquote[{{\\cite[S.~23]{{smith2020}}}}]{{{SPACE}}} im Satz.",
        f"\\enquote*{{{SPACE}}} \\autocite[23]{{smith2020}}.",
        f"\\foreignquote{{ngerman}}{{{SPACE}}} \\autocite[23]{{smith2020}}.",
        f"\\hyphenquote{{ngerman}}{{{SPACE}}} \\autocite[23]{{smith2020}}.",
        f"\\begin{{foreigndisplaycquote}}{{ngerman}}[S.~23]{{smith2020}}\n{SPACE}\n"
        "\\end{foreigndisplaycquote}",
        f"\\begin{{displayquote}}[{{\\cite[S.~23]{{smith2020}}}}]\n{SPACE}\n\\end{{displayquote}}",
        f"\\begin{{quotation}}\n{SPACE} \\autocite[S.~23]{{smith2020}}\n\\end{{quotation}}",
    ],
)
def test_every_csquotes_form_carries_its_citation(tmp_path: Path, body: str) -> None:
    got = _scan(tmp_path, body)
    assert got == {SPACE: ("smith2020", "page", "23")}


def test_an_enquote_inside_a_display_quotation_is_part_of_it(tmp_path: Path) -> None:
    got = _scan(
        tmp_path,
        "\\begin{displaycquote}[514a]{plato}\nAnd now, I said, let me show in a figure "
        "\\enquote{how far our nature is enlightened or unenlightened} here.\n"
        "\\end{displaycquote}",
    )
    assert list(got.values()) == [("plato", "Stephanus", "514a")]


def test_authors_own_question_is_no_quotation_and_takes_no_neighbours_key(
    tmp_path: Path,
) -> None:
    got = _scan(
        tmp_path,
        f"Er sagt \\enquote{{{SPACE}}} \\autocite[B38]{{kant1781}}. "
        "\\enquote{Was kann ich wissen, und was soll ich tun?} frage ich mich. "
        "Die Formel \\enquote{given input \\(x\\), return output \\(y\\)} auch nicht.",
    )
    assert got == {SPACE: ("kant1781", "A/B", "B38")}


def test_a_cited_question_is_a_quotation(tmp_path: Path) -> None:
    got = _scan(
        tmp_path, "\\enquote{Was kann ich wissen, und was soll ich tun?} \\autocite[12]{kant1781}."
    )
    assert got == {"Was kann ich wissen, und was soll ich tun?": ("kant1781", "page", "12")}


@pytest.mark.parametrize(
    ("written", "label", "value"),
    [
        ("B37", "A/B", "B37"),
        ("A 51/B 75", "A/B", "A 51/B 75"),
        ("1094a1-3", "Bekker", "1094a1-3"),
        ("514a", "Stephanus", "514a"),
        ("514a-517c", "Stephanus", "514a-517c"),
        ("4:296", "volume:page", "4:296"),
        ("2.3.1", "section", "2.3.1"),
        ("ll. 5-7", "line", "ll. 5-7"),
        ("Z. 12", "line", "Z. 12"),
        ("Rn. 12", "paragraph", "Rn. 12"),
        ("Kap. 3", "chapter", "Kap. 3"),
        ("n. 14", "note", "n. 14"),
        ("§ 3", "section", "§ 3"),
        ("p. xii", "page", "xii"),
        ("pp. 33-35", "page", "33-35"),
        ("S. 23f.", "page", "23f."),
        ("S. 231 ff.", "page", "231 ff."),
        ("xii", "page", "xii"),
    ],
)
def test_locators_keep_their_kind(written: str, label: str, value: str) -> None:
    loc = parse_locator(written)
    assert loc is not None
    assert (loc.label, loc.value) == (label, value)
    assert loc.pages == () or label == "page"


@given(st.integers(1, 999), st.sampled_from("abcde"))
def test_stephanus_pages_are_never_compared_as_printed_pages(page: int, part: str) -> None:
    loc = parse_locator(f"{page}{part}")
    assert loc is not None and loc.label == "Stephanus" and loc.pages == ()


@given(st.integers(1, 99_999))
def test_a_bare_number_is_a_page(page: int) -> None:
    loc = parse_locator(str(page))
    assert loc is not None and (loc.label, loc.pages) == ("page", (page,))
