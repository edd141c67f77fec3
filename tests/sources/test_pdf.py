"""extract_pdf on generated PDFs (run anywhere) and on the corpus PDFs."""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from pathlib import Path

import pymupdf
import pytest

from quote_tui.engine.errors import SourceError
from quote_tui.engine.text import PreparedText
from quote_tui.sources.readers.pdf import extract_pdf

LEFT = ["Left column line one.", "Left column line two.", "Left column line three."]
RIGHT = ["Right column line one.", "Right column line two.", "Right column line three."]


def _two_column_pdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text(
        (60, 90), "A Title That Spans The Whole Width Of The Page, Both Columns Wide", fontsize=14
    )
    for i, (left, right) in enumerate(zip(LEFT, RIGHT, strict=True)):
        page.insert_text((60, 140 + 14 * i), left, fontsize=11)
        page.insert_text((320, 140 + 14 * i), right, fontsize=11)
    page.insert_text((290, 820), "7", fontsize=9)
    page2 = doc.new_page(width=595, height=842)
    page2.insert_text((60, 100), "Second page text.", fontsize=11)
    page2.set_label = None  # labels are set on the document below
    doc.set_page_labels([{"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1}])
    return doc.tobytes()


def _collapse(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip()


def test_two_columns_read_left_then_right() -> None:
    pdf = extract_pdf(_two_column_pdf())
    text = pdf.text
    positions = [text.index(s) for s in (*LEFT, *RIGHT)]
    assert text.index("A Title") < positions[0]
    assert positions == sorted(positions), text
    assert text.index("7") > positions[-1]
    assert pdf.page_count == 2
    assert pdf.page_starts[0] == 0
    assert text[pdf.page_starts[1] :].startswith("Second page text.")
    assert text[pdf.page_starts[1] - 2 : pdf.page_starts[1]] == "\n\n"
    assert pdf.page_labels == ("i", "ii")


def test_line_boxes_cover_each_line() -> None:
    pdf = extract_pdf(_two_column_pdf())
    assert [b[0] for b in pdf.line_boxes] == sorted(b[0] for b in pdf.line_boxes)
    for start, end, page, x0, y0, x1, y1 in pdf.line_boxes:
        line = pdf.text[start:end]
        assert line.strip() and "\n" not in line
        # asides (the page number "7") follow the whole body; the box keeps their page
        expected = PreparedText(pdf.text, page_starts=pdf.page_starts, line_boxes=pdf.line_boxes)
        assert page == expected.page_of(start)
        if start < pdf.page_starts[-1]:
            assert page == bisect_right(pdf.page_starts, start)
        assert x0 < x1 and y0 < y1
    right = next(
        b for b in pdf.line_boxes if pdf.text[b[0] : b[1]].startswith("Right column line one")
    )
    assert right[3] >= 300 and right[2] == 1


def test_encrypted_pdf_needs_its_password() -> None:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Secret words inside.")
    data = doc.tobytes(encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="x", owner_pw="owner")
    with pytest.raises(SourceError) as err:
        extract_pdf(data)
    assert (err.value.code, err.value.recovery) == ("encrypted", "use_supplied_text")
    with pytest.raises(SourceError, match="wrong"):
        extract_pdf(data, password="nope")
    assert "Secret words inside." in extract_pdf(data, password="x").text


def test_owner_password_only_opens() -> None:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Readable by anyone.")
    data = doc.tobytes(encryption=pymupdf.PDF_ENCRYPT_RC4_128, user_pw="", owner_pw="owner")
    assert "Readable by anyone." in extract_pdf(data).text


def test_image_only_pdf_has_no_text_layer() -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 64, 64), False)
    pix.set_rect(pix.irect, (200, 30, 30))
    page.insert_image(pymupdf.Rect(72, 72, 272, 272), pixmap=pix)
    with pytest.raises(SourceError) as err:
        extract_pdf(doc.tobytes(), ocr=False)
    assert err.value.code == "no_text_layer"
    assert "OCR" in err.value.message


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "empty_file"),
        (b"%PDF-1.4\n garbage that is not a pdf", "broken_file"),
        (b"\x89PNG\r\n", "broken_file"),
    ],
)
def test_empty_and_broken(data: bytes, code: str) -> None:
    with pytest.raises(SourceError) as err:
        extract_pdf(data)
    assert err.value.code == code


EXPECTED_PAGES = {
    "austen-pride-prejudice-pg1342.pdf": 234,
    "dmca-summary-1998.pdf": 18,
    "faragalla-ki67-curroncol.pdf": 12,
    "federal-register-2020-17221.pdf": 15,
    "ferrario-review-2021.pdf": 5,
    "nist-sp800-223.pdf": 34,
    "s2orc-acl2020.pdf": 15,
    "sainte-adele-pv-fr.pdf": 2,
    "shinyama-naacl2006.pdf": 8,
    "spektrum-editorial-de.pdf": 1,
    "thoma-creativity-ml.pdf": 8,
    "wang-ion-crystal-scirep.pdf": 5,
    "zen-of-python-damaged.pdf": 1,
}
ERRORS = {
    "empty-file.pdf": "empty_file",
    "grumman-bulletin-scan.pdf": "no_text_layer",
    "password-example.pdf": "encrypted",
}


def test_every_corpus_pdf(corpus_dir: Path) -> None:
    names = {p.name for p in (corpus_dir / "pdf").glob("*.pdf")}
    assert names == set(EXPECTED_PAGES) | set(ERRORS)
    for name, code in ERRORS.items():
        with pytest.raises(SourceError) as err:
            # without OCR: the scan says it has no text layer (OCR: test_pdf_ocr.py)
            extract_pdf((corpus_dir / "pdf" / name).read_bytes(), ocr=False)
        assert err.value.code == code, name
    for name, pages in EXPECTED_PAGES.items():
        pdf = extract_pdf((corpus_dir / "pdf" / name).read_bytes())
        assert pdf.page_count == pages == len(pdf.page_starts) == len(pdf.page_labels), name
        assert pdf.text.strip(), name


def test_corpus_special_pdfs(corpus_dir: Path) -> None:
    protected = (corpus_dir / "pdf/password-example.pdf").read_bytes()
    assert extract_pdf(protected, password="test").page_count == 4
    dmca = extract_pdf((corpus_dir / "pdf/dmca-summary-1998.pdf").read_bytes())
    assert "The DMCA is divided into five titles:" in dmca.text
    zen = extract_pdf((corpus_dir / "pdf/zen-of-python-damaged.pdf").read_bytes())
    assert "Beautiful is better than ugly." in zen.text
    ferrario = extract_pdf((corpus_dir / "pdf/ferrario-review-2021.pdf").read_bytes())
    assert "\u00ad" in ferrario.text  # soft hyphens kept
    s2orc = extract_pdf((corpus_dir / "pdf/s2orc-acl2020.pdf").read_bytes())
    assert "ﬁ" in s2orc.text  # ligatures kept
    assert re.search(r"[a-z]-\n[a-z]", s2orc.text)  # end-of-line hyphens kept


def test_dev_cases_expect_text_on_expected_page(corpus_dir: Path) -> None:
    """Every PDF dev case's expected passage is in the text and starts on its expected page."""
    cases = [json.loads(line) for line in (corpus_dir / "dev-cases.jsonl").open(encoding="utf-8")]
    cases = [c for c in cases if c["kind"] == "pdf" and c["expect_text"]]
    assert len(cases) >= 25
    cache: dict[str, object] = {}
    misses = []
    for case in cases:
        if case["source"] not in cache:
            cache[case["source"]] = extract_pdf((corpus_dir / case["source"]).read_bytes())
        pdf = cache[case["source"]]
        # Collapse whitespace but keep a map back to offsets of the extracted text.
        starts = [m.start() for m in re.finditer(r"\s+|\S", pdf.text)]
        collapsed = "".join(" " if pdf.text[s].isspace() else pdf.text[s] for s in starts)
        at = collapsed.find(_collapse(case["expect_text"]))
        prepared = PreparedText(pdf.text, page_starts=pdf.page_starts, line_boxes=pdf.line_boxes)
        page = prepared.page_of(starts[at]) if at >= 0 else None
        if page != case["expect_page"]:
            misses.append((case["id"], page, case["expect_page"]))
    assert not misses


def test_dev_cases_exact_quotes_verbatim(corpus_dir: Path) -> None:
    """Exact PDF cases lie within one line, so the quote must occur verbatim."""
    cases = [json.loads(line) for line in (corpus_dir / "dev-cases.jsonl").open(encoding="utf-8")]
    cases = [c for c in cases if c["kind"] == "pdf" and c["expect"] == "exact"]
    texts = {c["source"]: extract_pdf((corpus_dir / c["source"]).read_bytes()).text for c in cases}
    assert [c["id"] for c in cases if c["quote"] not in texts[c["source"]]] == []


def test_blank_pdf_is_no_text() -> None:
    doc = pymupdf.open()
    doc.new_page()
    doc.new_page()
    with pytest.raises(SourceError) as err:
        extract_pdf(doc.tobytes())
    assert err.value.code == "no_text"


def test_short_text_pdf_is_not_a_scan() -> None:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Hi.")
    assert extract_pdf(doc.tobytes()).text == "Hi."
