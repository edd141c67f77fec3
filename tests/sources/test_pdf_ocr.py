"""Scanned PDFs read through Tesseract: a corpus page rendered to an image and wrapped in a PDF
(in a temporary folder), checked as a citing author would check it."""

from __future__ import annotations

import pickle
from pathlib import Path

import pymupdf
import pytest

from quote_tui.api import check_batch, parse_batch, run
from quote_tui.engine.errors import SourceError
from quote_tui.sources.readers import ocr_budget
from quote_tui.sources.readers.local import read_bytes
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_ocr import tessdata
from tests.scanned_pdf import blank_scan_page, nist_scan

needs_tesseract = pytest.mark.skipif(
    tessdata() is None, reason="Tesseract is not installed (apt-get install tesseract-ocr)"
)
ON_PAGE = (
    "A high-performance computing zone typically utilizes non-high-performance communication "
    "networks, like ethernet, as cluster internal networks"
)
NOT_ON_PAGE = "Every storage system in the data zone must be kept on magnetic tape alone."
CHANGED = (
    "Several different kinds of storage systems may be present outside of the data storage zone."
)


@needs_tesseract
def test_a_scanned_page_is_read_by_ocr_and_checked(corpus_dir: Path, tmp_path: Path) -> None:
    path = nist_scan(corpus_dir, tmp_path)
    pdf = extract_pdf(path.read_bytes())
    assert pdf.ocr and pdf.page_count == 1
    assert pdf.line_boxes and all(box[2] == 1 for box in pdf.line_boxes)
    batch = {
        "sources": [{"id": "s", "ref": str(path)}],
        "citations": [
            {"id": "on", "source": "s", "quote": ON_PAGE},
            {"id": "off", "source": "s", "quote": NOT_ON_PAGE},
            {"id": "changed", "source": "s", "quote": CHANGED},
        ],
    }
    report = run(lambda: check_batch(parse_batch(batch)))
    assert report["sources"][0]["ocr"] is True
    on, off, changed = report["citations"]
    assert on["status"] in ("exact", "normalized"), on
    assert on["matches"][0]["page_start"] == 1
    # OCR misreads: a quotation not found is inconclusive, never not_found
    assert off["status"] == "inconclusive", off
    assert off["reason"] == "ocr"
    # ...but "kinds" for "classes" and "outside" for "inside" are no misreadings of shapes:
    # the nearest passage is shown, with its differences, as a misquotation (batch.readable)
    assert changed["status"] == "near", changed
    assert changed["matches"][0]["text"].startswith("Several different classes")
    assert changed["matches"][0]["differences"]


@needs_tesseract
def test_a_scan_of_no_words_has_no_text_layer(tmp_path: Path) -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 64, 64), False)
    pix.set_rect(pix.irect, (200, 30, 30))
    page.insert_image(pymupdf.Rect(72, 72, 272, 272), pixmap=pix)
    with pytest.raises(SourceError) as err:
        extract_pdf(doc.tobytes())
    assert err.value.code == "no_text_layer"
    assert "OCR found no text" in err.value.message


def test_without_tesseract_a_scan_names_the_package(
    corpus_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = nist_scan(corpus_dir, tmp_path)
    empty = tmp_path / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.delenv("TESSDATA_PREFIX", raising=False)
    with pytest.raises(SourceError) as err:
        extract_pdf(path.read_bytes())
    assert err.value.code == "renderer_missing"
    assert err.value.recovery == "install_renderer"
    assert "apt-get install tesseract-ocr" in err.value.message
    # a folder named by TESSDATA_PREFIX without the English data is no installation either
    monkeypatch.setenv("TESSDATA_PREFIX", str(empty))
    with pytest.raises(SourceError) as err:
        extract_pdf(path.read_bytes())
    assert err.value.code == "renderer_missing"


def _image_page(doc: pymupdf.Document, dpi: int) -> None:
    """A letter-size page holding one image made at ``dpi`` across the whole page."""
    width, height = int(8.5 * dpi), int(11 * dpi)
    pix = pymupdf.Pixmap(pymupdf.csGRAY, pymupdf.IRect(0, 0, width, height), False)
    pix.clear_with(255)
    page = doc.new_page(width=612, height=792)
    page.insert_image(page.rect, pixmap=pix)


def test_a_scan_is_rendered_at_its_own_resolution_within_bounds() -> None:
    from quote_tui.sources.readers.pdf_ocr import MIN_DPI, OCR_DPI, page_dpi

    doc = pymupdf.open()
    for dpi in (100, 150, 180, 300):
        _image_page(doc, dpi)
    assert [page_dpi(page) for page in doc] == [MIN_DPI, 150, 180, OCR_DPI]
    assert page_dpi(doc.new_page()) == OCR_DPI  # no image: the usual resolution


def _two_page_scan(corpus_dir: Path) -> bytes:
    """NIST SP 800-223's printed page 4 as a two-page scan: its top half, then its bottom."""
    source = pymupdf.open(corpus_dir / "pdf/nist-sp800-223.pdf")
    page = source[11]
    half = page.rect.height / 2
    doc = pymupdf.open()
    for top in (0, half):
        clip = pymupdf.Rect(0, top, page.rect.width, top + half)
        scanned = doc.new_page(width=clip.width, height=clip.height)
        scanned.insert_image(scanned.rect, stream=page.get_pixmap(dpi=150, clip=clip).tobytes())
    return doc.tobytes()


@needs_tesseract
def test_a_scans_pages_are_read_in_worker_processes(
    corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from quote_tui.sources.readers import ocr_workers, pdf_ocr

    data = _two_page_scan(corpus_dir)
    answered: list[list[int]] = []
    real = ocr_workers.ocr_in_workers

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        found = real(*args, **kwargs)
        answered.append(sorted(found))
        return found

    monkeypatch.setattr(pdf_ocr, "_cores", lambda: 2)
    monkeypatch.setattr(ocr_workers, "ocr_in_workers", counted)
    parallel = extract_pdf(data)
    assert answered == [[0, 1]]  # both pages came from the workers
    assert {box[2] for box in parallel.line_boxes} == {1, 2}
    # one process reads the same text
    monkeypatch.setattr(pdf_ocr, "_cores", lambda: 1)
    alone = extract_pdf(data)
    assert answered == [[0, 1]]
    assert parallel.text == alone.text and parallel.line_boxes == alone.line_boxes


def _layered(hidden_lines: int, visible_lines: int) -> bytes:
    """A page image with text laid over it: ``hidden_lines`` invisible (an OCR layer's render
    mode 3), ``visible_lines`` drawn."""
    doc = pymupdf.open()
    page = blank_scan_page(doc)
    for i in range(hidden_lines + visible_lines):
        mode = 3 if i < hidden_lines else 0
        text = f"Line {i} of the recognised text of this scanned page reads so."
        page.insert_text((72, 72 + 14 * i), text, fontsize=10, render_mode=mode)
    return doc.tobytes()


def test_a_scans_own_ocr_layer_is_read_as_ocr_text() -> None:
    # invisible text over the page image: a scan someone ran OCR on; its errors are OCR's
    assert extract_pdf(_layered(hidden_lines=20, visible_lines=0)).ocr
    # a few invisible words on a page of drawn text are not an OCR layer
    mostly_drawn = extract_pdf(_layered(hidden_lines=2, visible_lines=20))
    assert not mostly_drawn.ocr
    assert "Line 0 of the recognised text" in mostly_drawn.text


@needs_tesseract
def test_ocr_out_of_time_gives_the_pages_it_read_flagged_as_cut(
    corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    from quote_tui.sources.readers import pdf_ocr
    from quote_tui.sources.readers.local import read_bytes

    data = _two_page_scan(corpus_dir)
    real = pdf_ocr.ocr_page

    def slow(*args, **kwargs):  # type: ignore[no-untyped-def]
        time.sleep(0.8)  # a page that takes longer than the time left after it
        return real(*args, **kwargs)

    monkeypatch.setattr(pdf_ocr, "_cores", lambda: 1)
    monkeypatch.setattr(pdf_ocr, "ocr_page", slow)
    # 0.1 s of processor time for the two pages (test_ocr_budget): Tesseract works one longer,
    # however loaded the machine is
    monkeypatch.setattr(ocr_budget, "PER_PAGE", 0.05)
    loaded = read_bytes(data, name="scan.pdf", deadline=time.monotonic())
    assert loaded.retrieval.ocr and loaded.prepared.truncated
    assert "OCR read 1 of the scan's 2 pages" in (loaded.retrieval.note or "")
    # which pages were not read, so a reader knows where a quotation may still stand
    assert "page(s) 2 were not read" in (loaded.retrieval.note or "")
    assert {box[2] for box in loaded.prepared.line_boxes} == {1}
    # no time for even one page: a timeout that says what to raise, not an empty source
    monkeypatch.setattr(ocr_budget, "PER_PAGE", 0.0)
    with pytest.raises(SourceError) as err:
        extract_pdf(data, deadline=time.monotonic())
    assert err.value.code == "timeout" and "--read-timeout" in err.value.message


@needs_tesseract
def test_ocr_workers_are_stopped_when_no_page_comes(
    corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    from quote_tui.sources.readers import pdf_ocr

    data = _two_page_scan(corpus_dir)
    monkeypatch.setattr(pdf_ocr, "_cores", lambda: 2)
    monkeypatch.setattr(ocr_budget, "STALL", 0.2)  # a machine that gives OCR no core
    started = time.monotonic()
    with pytest.raises(SourceError) as err:  # the workers cannot start and read in 0.2 s
        extract_pdf(data, deadline=started)
    assert err.value.code == "timeout"
    assert time.monotonic() - started < 10.0  # not the seconds of a page's read and more


@needs_tesseract
@pytest.mark.parametrize("cores", [2, 1])
def test_ocr_reports_each_page_as_it_is_read(
    corpus_dir: Path, monkeypatch: pytest.MonkeyPatch, cores: int
) -> None:
    from quote_tui.sources.readers import pdf_ocr

    monkeypatch.setattr(pdf_ocr, "_cores", lambda: cores)
    told: list[tuple[int, int]] = []

    def tell(n: int, m: int) -> None:
        told.append((n, m))

    if cores == 2:
        assert extract_pdf(_two_page_scan(corpus_dir), progress=tell).ocr
    else:  # and through the reader of any document
        assert read_bytes(_two_page_scan(corpus_dir), name="scan.pdf", progress=tell).retrieval.ocr
    # workers (two cores) and the reader itself (one) count the same way: page n of m, and
    # page 0 as OCR starts (the read's waits grow with the scan's pages: test_ocr_budget)
    assert told == [(0, 2), (1, 2), (2, 2)]
    # a PDF with a text layer runs no OCR and reports nothing
    told.clear()
    extract_pdf(
        (corpus_dir / "pdf/nist-sp800-223.pdf").read_bytes(),
        progress=lambda n, m: told.append((n, m)),
    )
    assert told == []


def test_worker_records_are_counted_whole_as_they_arrive() -> None:
    from quote_tui.sources.readers.ocr_workers import _records, _seconds, _whole, frame

    records = [frame(pickle.dumps((i, None)), 1.5 + i) for i in range(3)]
    stream = bytearray(b"".join(records))
    # a record cut off by a kill is neither counted nor read; each carries its page's
    # processor time, for the OCR budget
    cut = stream[: len(stream) - 3]
    assert _seconds(cut, 0, _whole(cut, 0)) == [1.5, 2.5]
    assert sorted(_records(bytes(cut))) == [0, 1]
    assert _seconds(stream, 0, _whole(stream, 0)) == [1.5, 2.5, 3.5]
    assert sorted(_records(bytes(stream))) == [0, 1, 2]


@needs_tesseract
def test_a_reader_child_reports_ocr_pages_to_the_pool(corpus_dir: Path, tmp_path: Path) -> None:
    from quote_tui.sources.readers.isolated import ReaderPool, isolation_available

    if not isolation_available():
        pytest.skip("reading in child processes needs fork and Unix sockets")
    path = tmp_path / "scan.pdf"
    path.write_bytes(_two_page_scan(corpus_dir))
    told: list[tuple[int, int]] = []
    pool = ReaderPool(1)
    try:
        loaded = pool.read(
            path, max_chars=100_000, timeout=120, progress=lambda n, m: told.append((n, m))
        )
        # a read without a listener gets its answer as before
        again = pool.read(path, max_chars=100_000, timeout=120)
    finally:
        pool.close()
    assert loaded.retrieval.ocr and again.prepared.text == loaded.prepared.text
    # page 0 as OCR starts: the loader's wait grows with it, and keeps it from its listeners
    assert told == [(0, 2), (1, 2), (2, 2)]


@needs_tesseract
def test_a_page_the_program_fails_on_is_read_by_mupdfs_ocr(
    corpus_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from quote_tui.sources.readers import pdf_ocr

    monkeypatch.setattr(pdf_ocr, "run_tesseract", lambda *args, **kwargs: None)
    monkeypatch.setattr(pdf_ocr, "_cores", lambda: 1)  # read here, where the patch holds
    pdf = extract_pdf(nist_scan(corpus_dir, tmp_path).read_bytes())
    assert pdf.ocr and "storage" in pdf.text


def test_the_note_on_a_cut_scan_names_its_unread_pages_in_runs() -> None:
    from quote_tui.sources.readers.pdf_source_notes import unread_note

    note = unread_note((14, 15, 16, 17, 28), 28)
    assert note.startswith("OCR read 23 of the scan's 28 pages")
    assert "page(s) 14\u201317, 28 were not read" in note
