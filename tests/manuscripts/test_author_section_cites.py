"""A source and the section quoted in place of a page, in brackets after the quotation, as papers
citing web texts and e-books write it: "(Schwalbe, 1. Einleitung)", "(Schwalbe, 2.3.2)",
"(Smith, section 5.2)", "(Müller, Abschnitt: Definition)". The source is the author's work, the
section its place, as written; a place and an edition in brackets are no source."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_QUOTE = "auch Open Source Software für viele Unternehmen von großem Nutzen ist"


@pytest.mark.parametrize(
    ("written", "section"),
    [
        ("(Schwalbe, 1. Einleitung)", "1. Einleitung"),
        ("(Schwalbe, 2.3.2)", "2.3.2"),
        ("(Schwalbe, section 5.2)", "section 5.2"),
        ("(Schwalbe, Abschnitt: Definition der OSI)", "Abschnitt: Definition der OSI"),
    ],
)
def test_a_source_and_its_section_after_the_quotation(
    tmp_path: Path, written: str, section: str
) -> None:
    md = tmp_path / "arbeit.md"
    md.write_text(f"Somit wird deutlich, „{_QUOTE}“ {written}. Weiter geht es.\n", "utf-8")
    cited = next(c for c in scan(md).citations if c.quote.startswith(_QUOTE))
    assert cited.reference is not None and "Schwalbe" in (cited.reference.raw or "")
    assert cited.locator is not None and cited.locator.value == section


def test_a_place_and_an_edition_are_no_source(tmp_path: Path) -> None:
    md = tmp_path / "arbeit.md"
    md.write_text(f"Somit wird deutlich, „{_QUOTE}“ (Berlin, 2. Auflage). Weiter.\n", "utf-8")
    assert all(c.reference is None for c in scan(md).citations)
