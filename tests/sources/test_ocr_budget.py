"""A scan's OCR budget grows with its pages (``ocr_budget``): one budget for every document cut
long scans short; and it counts the OCR's processor time: a clock budget cut them on a loaded
machine."""

from __future__ import annotations

import time
from pathlib import Path

import pymupdf
import pytest

from quote_tui.sources.readers import ocr_budget, pdf_ocr
from quote_tui.sources.readers.local import read_bytes
from quote_tui.sources.readers.pdf_layout import PageBlocks, page_blocks


def _scan(pages: int) -> bytes:
    """Pages of a blank image each: a scan, with no text layer."""
    doc = pymupdf.open()
    for _ in range(pages):
        page = doc.new_page()
        pix = pymupdf.Pixmap(pymupdf.csGRAY, pymupdf.IRect(0, 0, 85, 110), False)
        pix.clear_with(255)
        page.insert_image(page.rect, pixmap=pix)
    return doc.tobytes()


def _slow_ocr(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """OCR in this process, each page taking ``seconds`` and reading one line of text (no
    Tesseract needed: the budget, not the reading, is what is tested)."""
    words = pymupdf.open()
    words.new_page().insert_text((72, 72), "A page read by OCR, slowly.", fontsize=11)
    raw = words[0].get_text("dict")

    def page(*args: object) -> PageBlocks:
        time.sleep(seconds)
        return page_blocks(raw, 792.0)

    monkeypatch.setattr(pdf_ocr, "_cores", lambda: 1)
    monkeypatch.setattr(pdf_ocr, "tessdata", lambda: Path("tessdata"))
    monkeypatch.setattr(pdf_ocr, "ocr_page", page)


def _busy_ocr(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """As ``_slow_ocr``, each page working the processor for ``seconds``."""
    _slow_ocr(monkeypatch, 0.0)
    slow = pdf_ocr.ocr_page

    def page(*args: object) -> PageBlocks:
        start = time.process_time()
        while time.process_time() - start < seconds:
            pass
        return slow(*args)

    monkeypatch.setattr(pdf_ocr, "ocr_page", page)


def test_a_scans_read_budget_grows_with_its_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    _busy_ocr(monkeypatch, 0.2)
    monkeypatch.setattr(ocr_budget, "PER_PAGE", 0.5)
    told: list[tuple[int, int]] = []
    # a budget that held one page before: each of the three is given 0.5 s now
    deadline = time.monotonic() + 0.1
    loaded = read_bytes(
        _scan(3), name="scan.pdf", deadline=deadline, progress=lambda n, m: told.append((n, m))
    )
    assert loaded.retrieval.ocr and not loaded.prepared.truncated
    assert loaded.prepared.text.count("A page read by OCR") == 3
    assert told == [(0, 3), (1, 3), (2, 3), (3, 3)]  # told as OCR starts, for the waits
    # one budget for every scan, as before: the same read is cut after its first page
    monkeypatch.setattr(ocr_budget, "PER_PAGE", 0.05)
    cut = read_bytes(_scan(3), name="scan.pdf", deadline=time.monotonic())
    assert cut.prepared.truncated and "page(s) 2–3 were not read" in (cut.retrieval.note or "")


def test_a_scans_ocr_budget_counts_processor_time_not_the_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # on a loaded machine a page waits for a core: the clock runs, the OCR work does not.
    # A clock budget cut such a scan short (p3's and p9's scans under load); the budget in
    # processor time reads every page, as on a quiet machine
    _slow_ocr(monkeypatch, 0.4)
    monkeypatch.setattr(ocr_budget, "PER_PAGE", 0.1)
    loaded = read_bytes(_scan(3), name="scan.pdf", deadline=time.monotonic() + 0.3)
    assert not loaded.prepared.truncated
    assert loaded.prepared.text.count("A page read by OCR") == 3
    # pages that work the processor spend it: 0.25 s a page against 0.3 s for the three
    _busy_ocr(monkeypatch, 0.25)
    cut = read_bytes(_scan(3), name="scan.pdf", deadline=time.monotonic())
    assert cut.prepared.truncated and "page(s) 3 were not read" in (cut.retrieval.note or "")
    # the clock still ends OCR that makes no progress (test_pdf_ocr: no page read for STALL)


def test_a_scans_budget_has_a_cap_and_never_shrinks(monkeypatch: pytest.MonkeyPatch) -> None:
    assert ocr_budget.scan_seconds(3) == 3 * ocr_budget.PER_PAGE
    assert ocr_budget.scan_seconds(10_000) == ocr_budget.CAP
    assert ocr_budget.Budget(40, None).limit is None  # no budget stays none
    assert not ocr_budget.Budget(40, None).over()
    later = time.monotonic() + 10 * ocr_budget.CAP
    assert ocr_budget.Budget(40, later).limit > 9 * ocr_budget.CAP  # a budget set larger is kept
    budget = ocr_budget.Budget(1, time.monotonic())
    assert not budget.over()
    budget.spend(ocr_budget.PER_PAGE)
    assert budget.over()


def test_ocr_workers_yield_the_cores_to_the_batchs_other_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io
    import os
    import pickle
    import sys
    from types import SimpleNamespace

    from quote_tui.sources.readers import ocr_workers

    # a worker lowers its own priority before it reads: a long scan's OCR beside the batch's
    # other sources left them its leftovers, and a layer read in 6 s alone ran past 60 s
    niced: list[int] = []
    monkeypatch.setattr(os, "nice", niced.append, raising=False)
    monkeypatch.setattr(ocr_workers, "watch_parent", lambda: None)
    for niceness in (pdf_ocr.WORKER_NICENESS, 19):  # the parent says how much
        request = pickle.dumps((_scan(1), None, "tessdata", [], niceness))  # no page to read
        monkeypatch.setattr(sys, "stdin", SimpleNamespace(buffer=io.BytesIO(request)))
        monkeypatch.setattr(sys, "stdout", SimpleNamespace(buffer=io.BytesIO()))
        assert pdf_ocr._worker() == 0
    assert niced == [pdf_ocr.WORKER_NICENESS, 19] and pdf_ocr.WORKER_NICENESS > 0
