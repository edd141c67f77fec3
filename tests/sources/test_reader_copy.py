"""The reader processes run the copy of quote_tui that started them, not one in the working
folder: ``python -m`` puts that folder first on the path, and a run started inside another
checkout read its PDFs with that checkout's readers."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from quote_tui.sources.readers.isolated import ReaderPool, isolation_available


def test_a_reader_child_runs_this_copy_not_the_working_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not isolation_available():
        pytest.skip("reading in child processes needs fork and Unix sockets")
    other = tmp_path / "checkout" / "quote_tui"  # another copy, broken: it cannot be imported
    other.mkdir(parents=True)
    (other / "__init__.py").write_text("raise ImportError('the working folder's copy')\n")
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "A page read by this copy's reader.", fontsize=11)
    pdf = tmp_path / "page.pdf"
    doc.save(pdf)
    monkeypatch.chdir(other.parent)
    pool = ReaderPool(1)
    try:
        loaded = pool.read(pdf, max_chars=10_000, timeout=60)
    finally:
        pool.close()
    assert "A page read by this copy's reader." in loaded.prepared.text
