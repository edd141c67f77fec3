"""``quote-tui check … --annotate DIR``: copies of the checked PDFs with every match
highlighted on its page, in its verdict's colour, with a note naming the citation."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pymupdf
import pytest

from quote_tui.api import annotate_pdfs
from quote_tui.cli import main
from quote_tui.sources.readers.pdf_annotate import COLOURS

LINES = [
    "The first line of this page holds several plain words.",
    "The second line goes on with a few more of them here.",
    "A third line stands below, and nothing of it is quoted.",
]


def _highlighted(page: pymupdf.Page) -> list[tuple[str, str, tuple[float, ...]]]:
    """(words under the highlight, its note, its colour) for each highlight on the page."""
    words = page.get_text("words")
    out = []
    for annot in page.annots(types=[pymupdf.PDF_ANNOT_HIGHLIGHT]):
        vertices = annot.vertices
        rects = [pymupdf.Quad(vertices[i : i + 4]).rect for i in range(0, len(vertices), 4)]
        under = [
            w[4]
            for w in words
            if any(r.contains(pymupdf.Point((w[0] + w[2]) / 2, (w[1] + w[3]) / 2)) for r in rects)
        ]
        out.append((" ".join(under), annot.info["content"], tuple(annot.colors["stroke"])))
    return out


def _batch(tmp_path: Path, pdf: Path, citations: list[dict]) -> Path:
    path = tmp_path / "batch.json"
    batch = {"sources": [{"id": "s1", "ref": str(pdf)}], "citations": citations}
    path.write_text(json.dumps(batch), encoding="utf-8")
    return path


def test_highlights_cover_the_matched_words_only(tmp_path: Path) -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    for i, line in enumerate(LINES):
        page.insert_text((72, 100 + 16 * i), line, fontsize=11)
    pdf = tmp_path / "page.pdf"
    doc.save(pdf)
    quote = "several plain words. The second line goes on"
    batch = _batch(tmp_path, pdf, [{"id": "c1", "source": "s1", "quote": quote}])
    out = tmp_path / "annotated"
    assert main(["check", str(batch), "-o", str(tmp_path / "r.json"), "--annotate", str(out)]) == 0
    annotated = pymupdf.open(out / "s1-page.pdf")
    marks = _highlighted(annotated[0])
    assert len(marks) == 1
    words, note, colour = marks[0]
    assert words == quote
    assert note.startswith("c1: normalized")
    assert colour == pytest.approx(COLOURS["normalized"], abs=0.01)
    # the source itself is left as it was
    assert not list(pymupdf.open(pdf)[0].annots())


def test_corpus_matches_highlighted_on_their_pages(corpus_dir: Path, tmp_path: Path) -> None:
    pdf = corpus_dir / "pdf/shinyama-naacl2006.pdf"
    citations = [
        {"id": "across", "source": "s1",
         "quote": "you need to repeat the whole process: specify articles and adjust its "
                  "patterns, either manually or semi-automatically."},
        {"id": "changed", "source": "s1",
         "quote": "the overall recall of our system might be higher than existing IE systems"},
    ]  # fmt: skip
    report_path = tmp_path / "r.json"
    batch = _batch(tmp_path, pdf, citations)
    out = tmp_path / "annotated"
    assert main(["check", str(batch), "-o", str(report_path), "--annotate", str(out)]) == 0
    report = json.loads(report_path.read_text(encoding="utf-8"))
    assert [c["status"] for c in report["citations"]] == ["normalized", "near"]
    annotated = pymupdf.open(out / "s1-shinyama-naacl2006.pdf")
    page1 = _highlighted(annotated[0])
    assert len(page1) == 1
    words, note, _ = page1[0]
    flat = re.sub(r"-\s*", "", words)
    assert flat.startswith("you need to repeat the whole process: specify")
    assert flat.endswith("either manually or semiautomatically.")
    assert "across: normalized" in note
    page7 = _highlighted(annotated[6])
    assert [n.split("\n")[0] for _, n, _ in page7] == ["changed: near"]
    assert (
        page7[0][0]
        .replace("ex- isting", "existing")
        .startswith("the overall recall of our system might be lower than existing IE systems")
    )
    assert page7[0][2] == pytest.approx(COLOURS["near"], abs=0.01)
    for number, page in enumerate(annotated, start=1):
        if number not in (1, 7):
            assert not list(page.annots()), number


def test_a_pdf_changed_since_the_check_is_skipped(tmp_path: Path) -> None:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 100), LINES[0], fontsize=11)
    pdf = tmp_path / "page.pdf"
    doc.save(pdf)
    report_path = tmp_path / "r.json"
    quote = "several plain words"
    batch = _batch(tmp_path, pdf, [{"id": "c1", "source": "s1", "quote": quote}])
    assert main(["check", str(batch), "-o", str(report_path)]) == 0
    report = json.loads(report_path.read_text(encoding="utf-8"))
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 100), LINES[1], fontsize=11)
    doc.save(pdf)
    result = annotate_pdfs(report, tmp_path / "out")
    assert result.written == ()
    assert result.warnings == ("page.pdf: changed since the check, not annotated",)


def test_an_annotate_folder_that_is_a_file_is_a_usage_error(tmp_path: Path) -> None:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 100), LINES[0], fontsize=11)
    pdf = tmp_path / "page.pdf"
    doc.save(pdf)
    blocker = tmp_path / "taken"
    blocker.write_text("a file, not a folder", encoding="utf-8")
    batch = _batch(tmp_path, pdf, [{"id": "c1", "source": "s1", "quote": "plain words"}])
    code = main(["check", str(batch), "-o", str(tmp_path / "r.json"), "--annotate", str(blocker)])
    assert code == 2
    assert blocker.read_text(encoding="utf-8") == "a file, not a folder"
