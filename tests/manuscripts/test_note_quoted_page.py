"""A note that gives an article's page range and then the page the quotation stands on, as
German and English historians write it: "S. 7—22 (Zitat: S. 7)", "pp. 1-20 (quoted at 7)",
"S. 393-411 (hier S. 395)". The quotation's page is the one named, not the article's first."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_QUOTE = "die Differenzierung der säkularen Sphäre von religiösen Institutionen und Normen"


@pytest.mark.parametrize(
    ("note", "page"),
    [
        (
            "José Casanova, Public Religions Revisited, in: Review 8 (2006), S. 7—22 "
            "(Zitat: S. 7).",
            "7",
        ),
        (
            "J. Casanova, Rethinking Secularization, Hedgehog Review 8 (2006), pp. 7-22 "
            "(quoted at 9).",
            "9",
        ),
        ("José Casanova, Public Religions, in: Review 8 (2006), S. 7-22 (hier S. 12).", "12"),
    ],
)
def test_the_quoted_page_after_the_articles_range(tmp_path: Path, note: str, page: str) -> None:
    md = tmp_path / "einleitung.md"
    md.write_text(f"Casanova nennt „{_QUOTE}“ den Kern.[^1]\n\n[^1]: {note}\n", encoding="utf-8")
    cited = next(c for c in scan(md).citations if c.quote.startswith(_QUOTE))
    assert cited.locator is not None and cited.locator.value == page


@pytest.mark.parametrize(
    ("note", "page"),
    [
        ("Eusebius, _The Life of Constantine_, (Oxford, 1999), Book I, 27-29, pp. 80-81", "80-81"),
        ("Augustinus, _De civitate Dei_ (Stuttgart, 2007), Buch XIX, 12, S. 617", "617"),
    ],
)
def test_the_works_own_sections_then_the_page_with_its_term(
    tmp_path: Path, note: str, page: str
) -> None:
    md = tmp_path / "einleitung.md"
    md.write_text(f"Er schreibt „{_QUOTE}“ dort.[^1]\n\n[^1]: {note}\n", encoding="utf-8")
    cited = next(c for c in scan(md).citations if c.quote.startswith(_QUOTE))
    assert cited.locator is not None and cited.locator.value == page


def test_no_page_then_the_writers_own_sentence(tmp_path: Path) -> None:
    """ "…, n.p. The entire catalog is online …": the note says the work has no pages, then the
    writer goes on; the quotation's place is "n.p.", as at the note's end."""
    md = tmp_path / "essay.md"
    md.write_text(
        f"The catalogue claimed that „{_QUOTE}“ in 1938.[^1]\n\n[^1]: Herman Baron, introductory "
        "essay in *1938: Dedicated to the New Deal* (New York: ACA Gallery, 1938), n.p. The "
        "entire catalog is available online at the library.\n",
        encoding="utf-8",
    )
    cited = next(c for c in scan(md).citations if c.quote.startswith(_QUOTE))
    assert cited.locator is not None and cited.locator.value == "n.p."
