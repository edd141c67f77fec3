"""Where a manuscript's own date is read for before/after a retraction: Pandoc/Quarto front
matter naming the manuscript's own bibliography entry, Quarto's ``citation: issued:``, and a Word
file's ``created`` before its ``modified``; the report says which was used."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from quote_tui.references.timing import manuscript_date_source
from tests.references.test_timing import WAKEFIELD, _refs

OWN = """@article{mypaper2009,
  author = {Smith, Jane},
  title = {Gut and brain, revisited},
  date = {2009-05-01},
  journal = {Journal of Tests}
}
@misc{draft2009,
  author = {Smith, Jane},
  title = {Another draft},
  year = 2009,
  month = mar
}
@misc{vague,
  title = {Only a year},
  year = {2009}
}
"""


def _paper(tmp_path: Path, front: str) -> Path:
    (tmp_path / "own.bib").write_text(OWN, encoding="utf-8")
    (tmp_path / "refs.bib").write_text(WAKEFIELD, encoding="utf-8")
    paper = tmp_path / "paper.md"
    paper.write_text(f"---\n{front}---\n\nAs shown [@wakefield1998].\n", encoding="utf-8")
    return paper


@pytest.mark.parametrize(
    ("front", "expected"),
    [
        (
            "title: A paper\nbibliography: own.bib\ncitation-key: mypaper2009\n",
            ("2009-05-01", "bibliography entry mypaper2009 (own.bib)"),
        ),
        (
            "bibliography:\n  - refs.bib\n  - own.bib\ncitation:\n  id: draft2009\n",
            ("2009-03", "bibliography entry draft2009 (own.bib)"),
        ),
        (
            'bibliography: [refs.bib, "own.bib"]\ncitation:\n  citation-key: vague\n',
            ("2009", "bibliography entry vague (own.bib)"),
        ),
        (
            "citation:\n  type: article-journal\n  issued: 2009-06\nbibliography: own.bib\n",
            ("2009-06", "YAML citation issued"),
        ),
        (
            "date: 2008-01-02\nbibliography: own.bib\ncitation-key: mypaper2009\n",
            ("2008-01-02", "YAML date"),
        ),
        ("bibliography: own.bib\ncitation-key: nobody\n", None),
        ("bibliography: missing.bib\ncitation-key: mypaper2009\n", None),
        ("citation-key: mypaper2009\n", None),  # no bibliography named
    ],
)
def test_front_matter_names_the_manuscripts_own_entry(
    tmp_path: Path, front: str, expected: tuple[str, str] | None
) -> None:
    assert manuscript_date_source(_paper(tmp_path, front)) == expected


def test_the_own_entry_dates_the_manuscript_in_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paper = _paper(tmp_path, "bibliography: own.bib\ncitation-key: mypaper2009\n")
    report = _refs(tmp_path, monkeypatch, str(paper), "--bib", str(tmp_path / "refs.bib"))
    ref = report["references"][0]
    assert ref["retraction_timing"]["cited"] == "before"
    assert report["manuscript_date"] == "2009-05-01"
    assert report["manuscript_date_from"] == "bibliography entry mypaper2009 (own.bib)"
    given = _refs(
        tmp_path, monkeypatch, str(paper), "--bib", str(tmp_path / "refs.bib"), "--date", "2011"
    )
    assert given["manuscript_date_from"] == "--date"


def _docx(path: Path, core: str) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(
            "docProps/core.xml",
            '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/'
            f'metadata/core-properties" xmlns:dcterms="http://purl.org/dc/terms/">{core}'
            "</cp:coreProperties>",
        )
    return path


def test_word_created_is_preferred_and_modified_is_the_fallback(tmp_path: Path) -> None:
    both = _docx(
        tmp_path / "both.docx",
        "<dcterms:modified>2010-03-01T09:30:00Z</dcterms:modified>"
        "<dcterms:created>2009-01-01T00:00:00Z</dcterms:created>",
    )
    assert manuscript_date_source(both) == ("2009-01-01", "Word core property created")
    saved = _docx(
        tmp_path / "saved.docx", "<dcterms:modified>2010-03-01T09:30:00Z</dcterms:modified>"
    )
    assert manuscript_date_source(saved) == ("2010-03-01", "Word core property modified")
