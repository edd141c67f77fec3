"""Reference lists and notes lists under the headings Spanish, French, Italian and Portuguese
essays give them ("Referencias", "Bibliografía", "Références bibliographiques", "Notas")."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan


@pytest.mark.parametrize(
    "heading",
    [
        "Referencias",
        "Referencias bibliográficas",
        "Bibliografía",
        "Références bibliographiques",
        "Riferimenti bibliografici",
        "Referências",
    ],
)
def test_an_author_date_citation_finds_its_entry_under_the_lists_heading(
    tmp_path: Path, heading: str
) -> None:
    md = tmp_path / "ensayo.md"
    md.write_text(
        "# Ensayo\n\n"
        "Según Alsina (2020), “muchos países basaron la enseñanza en la repetición y la"
        " memorización” (p. 3).\n\n"
        f"## {heading}\n\n"
        "Alsina, Á. (2020). *Conexiones matemáticas a través de actividades*. Octaedro.\n",
        encoding="utf-8",
    )
    (cit,) = scan(md).citations
    assert cit.reference is not None and cit.reference.bib is not None
    assert cit.reference.bib.title == "*Conexiones matemáticas a través de actividades*"


def test_a_typed_notes_list_under_notas(tmp_path: Path) -> None:
    md = tmp_path / "ensayo.md"
    md.write_text(
        "# Ensayo\n\n"
        "Freire escribe que “no existe educación sin sociedad humana y no existe hombre fuera"
        " de ella”.[1]\n\n"
        "## Notas\n\n"
        "[1] Paulo Freire, *La educación como práctica de la libertad* (Montevideo: Tierra"
        " Nueva, 1969), 25.\n",
        encoding="utf-8",
    )
    (cit,) = scan(md).citations
    assert cit.reference is not None and "1969" in cit.reference.raw
    assert cit.locator is not None and cit.locator.value == "25"
