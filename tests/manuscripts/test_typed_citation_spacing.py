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


@pytest.mark.parametrize(
    ("cite", "page"),
    [
        ("(Reynolds, 1987),\u00a0p.\u00a025", "25"),  # Word's no-break spaces
        ("[@reynolds]\u00a0S.\u00a025", "25"),
    ],
)
def test_a_page_typed_after_the_citation_across_no_break_spaces(
    tmp_path: Path, cite: str, page: str
) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        'It says: "A node is the basic building block of every scene in a game" '
        + cite
        + ".\n\n## References\n\nReynolds, C. (1987). *Flocks, herds and schools*. Graphics.\n",
        encoding="utf-8",
    )
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{reynolds, author={Reynolds, Craig}, title={Flocks, herds and schools},"
        " year={1987}}\n",
        encoding="utf-8",
    )
    (cit,) = scan(md, bib=[bib]).citations
    assert cit.locator is not None and cit.locator.value == page
