"""Two authors joined as German styles join them: "Bauer/Lenz 2012", "Bauer und Lenz",
"Bauer u. Lenz", in parentheses or narrative, find the entry of both."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_BIB = "@book{bauer2012, title = {Lesen}, author = {Bauer, Eva and Lenz, Otto}, year = 2012}\n"


@pytest.mark.parametrize(
    "sentence",
    [
        "Lesen sei „immer schon ein Umschreiben des gelesenen Textes“ (Bauer/Lenz 2012: 7).",
        "Lesen sei „immer schon ein Umschreiben des gelesenen Textes“ (Bauer/Lenz 2012, S. 7).",
        "Lesen sei „immer schon ein Umschreiben des gelesenen Textes“ (Bauer und Lenz 2012, S. 7).",
        "Lesen sei „immer schon ein Umschreiben des gelesenen Textes“ (Bauer u. Lenz 2012, S. 7).",
        "Bauer/Lenz (2012: 7) meinen, Lesen sei „immer schon ein Umschreiben des Textes“.",
        "Lesen sei „immer schon ein Umschreiben des gelesenen Textes“ (Bauer & Lenz, 2012, S. 7).",
    ],
)
def test_two_authors_joined_find_their_entry(tmp_path: Path, sentence: str) -> None:
    md = tmp_path / "kapitel.md"
    md.write_text(sentence + "\n", encoding="utf-8")
    (tmp_path / "refs.bib").write_text(_BIB, encoding="utf-8")
    (cit,) = scan(md, bib=[tmp_path / "refs.bib"]).citations
    assert cit.reference is not None and cit.reference.key == "bauer2012"
    assert cit.locator is not None and cit.locator.value == "7"
