"""A typed author-date citation with no space after its comma, "(Unity,2015:o.S.)",
"(Kramp,2010:19)", is read as one with the space."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_LIST = (
    "\n\n## Literaturverzeichnis\n\nGodot (2019): Godot Docs. https://docs.godotengine.org\n\n"
    "Reynolds, C. (1987). *Flocks, herds and schools*. Computer Graphics.\n"
)


@pytest.mark.parametrize(
    ("cite", "key", "page"),
    [
        ("(Godot,2019:o.S.)", "Godot 2019", "o.S."),
        ("(Reynolds,1987:25)", "Reynolds 1987", "25"),
        ("(vgl. Reynolds,1987, S. 25)", "Reynolds 1987", "25"),
    ],
)
def test_no_space_after_the_comma(tmp_path: Path, cite: str, key: str, page: str) -> None:
    md = tmp_path / "facharbeit.md"
    md.write_text(
        'Dort heißt es: "A node is the basic building block of every scene in a game."'
        + cite
        + "."
        + _LIST,
        encoding="utf-8",
    )
    (cit,) = scan(md).citations
    assert cit.reference is not None and cit.reference.key == key
    assert cit.locator is not None and cit.locator.value == page
