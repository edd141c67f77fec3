"""A page the lead-in names ("As Kant writes on p. 12, "…"") is the quotation's locator when
its citation gives none."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_BIB = "@book{hume1739, title = {A Treatise of Human Nature}, author = {Hume, David}, year = 1739}"
_LIST = "\n\n## References\n\nHume, D. (1739). *A treatise of human nature*. John Noon.\n"


def _one(tmp_path: Path, text: str, *, bib: bool = False) -> tuple[str | None, str | None]:
    md = tmp_path / "essay.md"
    md.write_text(text, encoding="utf-8")
    if bib:
        (tmp_path / "refs.bib").write_text(_BIB, encoding="utf-8")
    (cit,) = scan(md, bib=[tmp_path / "refs.bib"] if bib else []).citations
    key = cit.reference.key if cit.reference else None
    return key, cit.locator.value if cit.locator else None


@pytest.mark.parametrize(
    ("text", "bib", "want"),
    [
        (
            'As Hume writes on p. 252 of the *Treatise* [@hume1739], "the mind is a kind of'
            ' theatre, where several perceptions successively make their appearance."\n',
            True,
            ("hume1739", "252"),
        ),
        (
            'Hume (1739) argues on page 252 that "the mind is a kind of theatre, where several'
            ' perceptions successively make their appearance."' + _LIST,
            False,
            ("Hume 1739", "252"),
        ),
        (
            "Hume (1739) schreibt auf S. 252, „der Geist sei eine Art Theater, in dem mehrere"
            " Wahrnehmungen nacheinander auftreten“." + _LIST,
            False,
            ("Hume 1739", "252"),
        ),
        # the citation's own page comes first
        (
            'As Hume writes on p. 252, "the mind is a kind of theatre, where several'
            ' perceptions successively make their appearance" [@hume1739, p. 253].\n',
            True,
            ("hume1739", "253"),
        ),
        # a page of the writer's own text is no page of the work
        (
            'As argued on p. 4 of this thesis, Hume held that "the mind is a kind of theatre,'
            ' where several perceptions successively make their appearance" [@hume1739].\n',
            True,
            ("hume1739", None),
        ),
    ],
)
def test_the_lead_in_page_is_the_quotations_locator(
    tmp_path: Path, text: str, bib: bool, want: tuple[str, str | None]
) -> None:
    assert _one(tmp_path, text, bib=bib) == want


def test_a_page_before_an_earlier_quotation_is_that_ones(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        'Hume says on p. 252 that "the mind is a kind of theatre" and, in another place,'
        ' that "reason is, and ought only to be the slave of the passions" [@hume1739].\n',
        encoding="utf-8",
    )
    (tmp_path / "refs.bib").write_text(_BIB, encoding="utf-8")
    got = {c.quote: c.locator for c in scan(md, bib=[tmp_path / "refs.bib"]).citations}
    assert got["reason is, and ought only to be the slave of the passions"] is None


@pytest.mark.parametrize(
    "lead",
    ["According to Hume,", "Hume writes,", "In the words of Hume,"],
)
def test_apa_year_and_page_after_a_quotation_whose_author_the_lead_in_names(
    tmp_path: Path, lead: str
) -> None:
    text = (
        f'{lead} "the mind is a kind of theatre, where several perceptions successively make'
        f' their appearance" (1739, p. 252).{_LIST}'
    )
    assert _one(tmp_path, text) == ("Hume 1739", "252")


def test_a_narrative_citation_with_first_names_and_pages_after_a_semicolon(
    tmp_path: Path,
) -> None:
    md = tmp_path / "intro.md"
    md.write_text(
        "David Graeber and David Wengrow (2021; 5, 24) have challenged us to write history"
        " ‘as if it consisted of people one would have been able to talk to’ and more.\n\n"
        "## References\n\nGraeber, David and David Wengrow. 2021. _The Dawn of Everything_."
        " London: Penguin.\n",
        encoding="utf-8",
    )
    (cit,) = scan(md).citations
    assert cit.reference is not None and cit.reference.key == "Graeber 2021"
    assert cit.locator is not None and cit.locator.value == "5, 24"


def test_a_page_typed_with_a_capital_p_after_a_quotation_of_a_narrative_cite(
    tmp_path: Path,
) -> None:
    md = tmp_path / "paper.Rmd"
    md.write_text(
        '@coibion2020 see media coverage as only a "relatively weak force in shaping beliefs"'
        " (P.6) and for @dacunto2022 available information did not matter.\n",
        encoding="utf-8",
    )
    (cit,) = scan(md).citations
    assert cit.reference is not None and cit.reference.key == "coibion2020"
    assert cit.locator is not None and cit.locator.pages == (6,)
