"""OCR progress end to end: a scan's pages, as the reader child reads them, reach the batch's
Progress record and the CLI's progress line ("OCR page 1 of 2" for the source being read).

The scan is made in the test: NIST SP 800-223's printed page 4 rendered to images, no text layer.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
import sys
from pathlib import Path

import pytest

from quote_tui import api
from quote_tui.cli import main
from quote_tui.cli.common import ProgressLine
from quote_tui.sources.net.settings import RemoteSettings
from tests.net_fixtures import LoopbackServer
from tests.sources.test_pdf_ocr import _two_page_scan, needs_tesseract

pytestmark = needs_tesseract


@pytest.fixture
def scan(corpus_dir: Path, tmp_path: Path) -> Path:
    path = tmp_path / "scan.pdf"
    path.write_bytes(_two_page_scan(corpus_dir))
    return path


def _batch(scan: Path, *, with_text: bool = False) -> dict[str, object]:
    sources: list[dict[str, object]] = [{"id": "scan", "ref": str(scan)}]
    citations = [{"id": "c", "source": "scan", "quote": "cluster internal networks"}]
    if with_text:
        sources.append({"id": "t", "text": "A plain text beside the scan."})
        citations.append({"id": "d", "source": "t", "quote": "plain text"})
    return {"sources": sources, "citations": citations}


def _scans_told(seen: list[api.Progress]) -> list[tuple[str, int, int]]:
    return [(p.ocr.source, p.ocr.page, p.ocr.pages) for p in seen if p.ocr is not None]


def test_a_run_without_a_loop_tells_each_ocr_page(scan: Path) -> None:
    seen: list[api.Progress] = []
    batch = api.parse_batch(_batch(scan))
    assert api.runs_without_loop(batch, settings=api.Settings())
    api.run(lambda: api.check_batch(batch, progress=seen.append))
    assert _scans_told(seen) == [("scan", 1, 2), ("scan", 2, 2)]
    # once the scan is read, no OCR page is shown any more
    assert seen[-1].ocr is None and seen[-1].sources_done == 1


def test_a_run_in_the_loop_tells_each_ocr_page_in_the_loops_thread(scan: Path) -> None:
    seen: list[tuple[api.Progress, bool]] = []

    async def check() -> None:
        loop = asyncio.get_running_loop()

        def tell(p: api.Progress) -> None:
            seen.append((p, asyncio.get_running_loop() is loop))

        await api.check_batch(api.parse_batch(_batch(scan, with_text=True)), progress=tell)

    asyncio.run(check())
    assert _scans_told([p for p, _ in seen]) == [("scan", 1, 2), ("scan", 2, 2)]
    assert all(in_loop for _, in_loop in seen)
    assert seen[-1][0].ocr is None


def test_the_cli_progress_line_names_the_ocr_page(
    scan: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    batch = tmp_path / "batch.json"
    batch.write_text(json.dumps(_batch(scan)), encoding="utf-8")
    assert main(["check", str(batch), "-o", str(tmp_path / "report.json")]) == 0
    line = screen.getvalue()
    # the line is redrawn at most 10 times a second: two pages read at once may show only one
    assert re.search(r"scan: OCR page [12] of 2", line), line
    assert line.endswith("\n")  # the line is left for what is written next


def test_a_quick_run_draws_no_line_until_a_scan_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stderr", screen)
    line = ProgressLine(scans_only=True)
    line(api.Progress(1, 2, 0, 1, 0.5))
    line.end()
    assert screen.getvalue() == ""
    line(api.Progress(1, 2, 0, 1, 0.5, api.PageRead("s\x1b[2J", 3, 40)))
    line.end()
    assert screen.getvalue().endswith("s␛[2J: OCR page 3 of 40\n")


def test_a_fetched_scan_tells_its_ocr_pages(corpus_dir: Path, tmp_path: Path) -> None:
    with LoopbackServer() as web:
        web.route("/scan.pdf", _two_page_scan(corpus_dir), content_type="application/pdf")
        remote = RemoteSettings(
            allow_addresses=frozenset({web.address}),
            store_path=tmp_path / "store.sqlite3",
            respect_robots=False,
        )
        batch = api.parse_batch(
            {
                "sources": [{"id": "fetched", "ref": web.url("/scan.pdf")}],
                "citations": [{"id": "c", "source": "fetched", "quote": "internal networks"}],
            }
        )
        seen: list[api.Progress] = []
        report = asyncio.run(
            api.check_batch(batch, settings=api.Settings(remote=remote), progress=seen.append)
        )
    assert report["sources"][0]["ocr"] is True
    assert _scans_told(seen) == [("fetched", 1, 2), ("fetched", 2, 2)]
