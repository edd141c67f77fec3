"""A Word block paragraph in its own marks with its source typed after them: the quotation is
the words in the marks, and the source is its citation, though no author-date form reads it."""

from __future__ import annotations

from pathlib import Path

import docx

from quote_tui.manuscripts import scan

_WORDS = (
    "Thirteen students are working in the library during second semester. Two of them work at "
    "the circulation desk, one is typist and one helps with the processing of books."
)


def _word(tmp_path: Path, block: str) -> Path:
    document = docx.Document()
    document.add_paragraph(
        "Die Zeitung nennt die Namen derer, die ihn bei der Reorganisation unterstützten:"
    )
    document.add_paragraph(block)
    document.add_paragraph("Dies also als kurzer Einblick in die Personalausstattung (Kaden 2016).")
    path = tmp_path / "master.docx"
    document.save(str(path))
    return path


def test_a_source_typed_after_the_marks_is_the_blocks_citation(tmp_path: Path) -> None:
    source = "(Janet Long: Librarian begins Work. IN: The Glenville Mercury, 13.02.1963, S. 1/4)"
    (cit, *_) = scan(_word(tmp_path, f"“{_WORDS}” {source}")).citations
    assert cit.quote == _WORDS
    assert cit.reference is not None and "Long" in cit.reference.raw
    assert "1963" in cit.reference.raw


def test_an_author_date_citation_after_the_marks_reads_as_before(tmp_path: Path) -> None:
    (cit, *_) = scan(_word(tmp_path, f"“{_WORDS}” (Long, 1963, S. 1)")).citations
    assert cit.quote.startswith("Thirteen students") and "1963" not in cit.quote
    assert cit.reference is not None and cit.reference.key == "Long 1963"
