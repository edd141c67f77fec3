"""What is read as references: .bib, CSL-JSON, a manuscript's own list and its --bib files."""

from __future__ import annotations

import json
from pathlib import Path

from quote_tui import api
from tests.references.registry_fixtures import BIB


def test_bib_fields_and_journal(tmp_path: Path) -> None:
    bib = tmp_path / "paper.bib"
    bib.write_text(BIB, encoding="utf-8")
    entries = dict(api.read_references(bib))
    assert list(entries)[:2] == ["lecun2015", "watson1954"]
    lecun = entries["lecun2015"]
    assert lecun.journal == "Nature" and lecun.doi == "10.1038/nature14539"
    assert entries["wakefield1998"].pmid == "9500320"


def test_csl_json_with_list_container_titles(tmp_path: Path) -> None:
    items = [
        {
            "id": "dl",
            "title": "Deep learning",
            "author": [{"family": "LeCun", "given": "Yann"}],
            "issued": {"date-parts": [[2015]]},
            "container-title": ["Nature"],
            "DOI": "10.1038/nature14539",
        },
        {"title": "No id"},
    ]
    path = tmp_path / "lib.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    entries = api.read_references(path)
    assert [k for k, _ in entries] == ["dl", "2"]
    assert entries[0][1].journal == "Nature"


def test_a_manuscripts_reference_list_and_its_bib(tmp_path: Path) -> None:
    ms = tmp_path / "essay.md"
    ms.write_text(
        "# Essay\n\nText [1].\n\n## References\n\n"
        "1. Watson JD, Crick FHC. Molecular structure of nucleic acids. Nature. 1953;171:737-8. "
        "doi:10.1038/171737a0\n",
        encoding="utf-8",
    )
    bib = tmp_path / "more.bib"
    bib.write_text(BIB, encoding="utf-8")
    entries = dict(api.read_references(ms, bib=[bib]))
    assert entries["1"].doi == "10.1038/171737a0"
    assert "lecun2015" in entries


def test_parse_references_needs_data() -> None:
    import pytest

    with pytest.raises(api.QuoteTuiError) as err:
        api.parse_references()
    assert err.value.code == "missing_field"
    assert api.parse_references(bibtex=BIB)[0][0] == "lecun2015"
