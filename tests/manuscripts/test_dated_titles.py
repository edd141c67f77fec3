"""Histories, exhibitions and archival collections are named with the years they span:
"Miscellaneous art exhibition catalog collection, 1813–1953.", “La disparition des palais,
1870–1892,”. Such words in marks are a title, not a quotation; a quotation that gives a year
inside stays one. Written in the form of an art-history journal article in Markdown (m15)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write


def test_titles_ending_on_the_years_they_span(tmp_path: Path) -> None:
    text = (
        "In the archive, low file cabinets held its “Miscellaneous art exhibition catalog "
        "collection, 1813–1953.” Her chapter “La disparition des palais, 1870–1892,” is "
        "useful.[^1] The critic wrote that “the exhibition of 1938 was the finest in a "
        "decade.”[^2]\n\n[^1]: Paris, 2021.\n[^2]: Art News, 12 May 1938, 4.\n"
    )
    assert set(quotes_found(write(tmp_path, "article.md", text))) == {
        "the exhibition of 1938 was the finest in a decade."
    }
