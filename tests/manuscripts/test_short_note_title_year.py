"""Chicago's short note of a work whose title holds a year ("Foley, Women in France since 1789,
124.") is short for the earlier full note of that work, not an author-date citation of 1789 nor
a full note of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan


@pytest.mark.parametrize(
    ("full", "short", "want"),
    [
        (
            "Susan K. Foley, Women in France since 1789: The Meanings of Difference (Palgrave"
            " Macmillan, 2004), 10.",
            "Foley, Women in France since 1789, 124.",
            "2004",
        ),
        (
            "Hans Wehler, Deutsche Gesellschaftsgeschichte 1914-1949 (München: Beck, 2003), S. 7.",
            "Wehler, Deutsche Gesellschaftsgeschichte 1914-1949, S. 212.",
            "2003",
        ),
    ],
)
def test_short_note_with_a_year_in_its_title(
    tmp_path: Path, full: str, short: str, want: str
) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        "The book opens the period with a survey of the law.[^1] Revolutionaries promised"
        ' "liberty, equality, and fraternity to every citizen of the nation" and kept it'
        " for men alone.[^2]\n\n"
        f"[^1]: {full}\n\n[^2]: {short}\n",
        encoding="utf-8",
    )
    (cit,) = [c for c in scan(md).citations if "fraternity" in c.quote]
    assert cit.reference is not None and want in cit.reference.raw
    assert cit.locator is not None and cit.locator.value in ("124", "212")


def test_a_german_author_date_note_stays_one() -> None:
    from quote_tui.manuscripts.author_year import note_author_year

    for note in ("Vgl. Arendt 2002, S. 185.", "Müller und Schmidt 2010: 4.", "van Dijk 2005, 12."):
        found = note_author_year(note, 0, len(note))
        assert found is not None and found.year is not None, note
    note = "Foley, Women in France since 1789, 18."
    assert note_author_year(note, 0, len(note)) is None


@pytest.mark.parametrize(
    ("full", "remark", "short"),
    [
        (
            "Cfr. <https://archivio.example.org/>; Aldo Rossi, Il treno per Fossoli, Venezia,"
            " nuova dimensione, 2015, (d'ora in poi citato col solo titolo), p. 3.",
            "Capitano delle SS (1911-1971). (Cfr. Il treno per Fossoli, parte prima, p.38.)",
            "Cfr. Il treno per Fossoli, parte prima, p.29.",
        ),
        (
            "Vgl. Anna Weber, Die Ordnung der Armenhäuser, Berlin: Duncker, 2011, S. 4.",
            "Gemeint ist das Gesetz von 1842 (vgl. Die Ordnung der Armenhäuser, S. 40).",
            "Vgl. Die Ordnung der Armenhäuser, S. 29.",
        ),
    ],
)
def test_a_title_alone_is_short_for_the_note_that_gave_it_in_full(
    tmp_path: Path, full: str, remark: str, short: str
) -> None:
    md = tmp_path / "tesi.md"
    md.write_text(
        "She arrived in the winter.[^1] The camp was cold.[^2] She wrote later that"
        ' "nobody among us knew where the train was going that night" and no one asked.[^3]\n\n'
        f"[^1]: {full}\n\n[^2]: {remark}\n\n[^3]: {short}\n",
        encoding="utf-8",
    )
    (cit,) = [c for c in scan(md).citations if "train" in c.quote]
    assert cit.reference is not None
    assert "2015" in cit.reference.raw or "2011" in cit.reference.raw
    assert cit.locator is not None and cit.locator.value == "29"
