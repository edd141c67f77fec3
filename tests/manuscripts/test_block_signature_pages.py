"""A block's attribution line and the page it ends with: an edition's number set as a
superscript before the year ("Mainz ^13^2012", "<sup>13</sup>2012", "¹³2012"), as German
bibliographies write it, is no note mark; "S. 11f." keeps the stop of its "f." (and following)."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan


@pytest.mark.parametrize("edition", ["^13^2012", "<sup>13</sup>2012", "¹³2012"])
def test_edition_before_the_year_is_no_note(tmp_path: Path, edition: str) -> None:
    md = tmp_path / "skript.md"
    md.write_text(
        "# Monodie\n\n> Monodie heißt in der griechischen Antike der von einem Instrument"
        " unterstützte Sologesang, der allein vorgetragen wurde.\n>\n"
        f"> – *Riemann Musik Lexikon*, hg. v. Wolfgang Ruf, Mainz {edition}, S. 391\n\n"
        "Dazu mehr im nächsten Abschnitt.\n",
        encoding="utf-8",
    )
    (cit,) = scan(md).citations
    assert cit.reference is not None and "Riemann" in cit.reference.raw
    assert cit.locator is not None and cit.locator.value == "391"


@pytest.mark.parametrize(
    ("page", "want"), [("S. 11f.", "11f."), ("S. 11 ff.", "11 ff."), ("S. 11.", "11")]
)
def test_the_page_of_a_signature_keeps_its_abbreviation(
    tmp_path: Path, page: str, want: str
) -> None:
    md = tmp_path / "skript.md"
    md.write_text(
        "# Epochen\n\n> Eines der wichtigsten Probleme der Menschheit besteht darin, die"
        " irdische Zeit zu beherrschen und sie in Perioden zu ordnen.\n>\n"
        f"> – Jacques Le Goff: Geschichte ohne Epochen?, {page}\n\nWeiter.\n",
        encoding="utf-8",
    )
    (cit,) = scan(md).citations
    assert cit.locator is not None and cit.locator.value == want
