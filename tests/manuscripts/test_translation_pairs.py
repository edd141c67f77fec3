"""A note quotes a source in translation with the original beside it, both in marks:
“irresistibly fascinating” (“exerçaient . . . une fascination irrésistible”). Both are the
source's words, as an original in italics beside a translation already was. Written in the
form of an art-history article's note in Markdown (m15)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write


def test_a_translation_and_its_original_in_marks(tmp_path: Path) -> None:
    text = (
        "The young artist copied the Old Masters.[^1]\n\n"
        "[^1]: Sketchbook, 9r. Among the Old Masters who were “deeply moving” (“touchaient "
        "profondément le cœur”) to her was Van Bergen. Klumpke, *Rosa Bonheur*, 165.\n"
    )
    assert set(quotes_found(write(tmp_path, "article.md", text))) == {
        "deeply moving",
        "touchaient profondément le cœur",
    }
