"""Where the app reads a source, a scan's OCR says how far it is: the Load dialog's record, and
the line under the list while a check reads a scan ("Reading scan: OCR page 1 of 2").

The scan is made in the test: a corpus page rendered to images, no text layer."""

from __future__ import annotations

import json
import time
from pathlib import Path

from textual.app import App
from textual.dom import DOMNode
from textual.pilot import Pilot
from textual.widgets import Static

from quote_tui.app import make_app
from quote_tui.app.screens.load_source import LoadSourceScreen
from tests.app.conftest import _GROUPS, settle
from tests.sources.test_pdf_ocr import _two_page_scan, needs_tesseract

pytestmark = needs_tesseract


def _scan_batch(corpus_dir: Path, tmp_path: Path) -> Path:
    """A batch of one citation whose source is a two-page scan."""
    scan = tmp_path / "scan.pdf"
    scan.write_bytes(_two_page_scan(corpus_dir))
    batch = tmp_path / "batch.json"
    batch.write_text(
        json.dumps(
            {
                "sources": [{"id": "scan", "ref": str(scan)}],
                "citations": [{"id": "c", "source": "scan", "quote": "internal networks"}],
            }
        ),
        encoding="utf-8",
    )
    return batch


async def _shown_while_working(app: App[None], pilot: Pilot[None], widget: str) -> list[str]:
    """Every text ``widget`` is given while the screen's workers run, as it is given it (a
    quick machine reads both pages at once: looking now and then may miss what was shown)."""
    screen = app.screen
    given = _recorded(screen.query_one(widget, Static))
    work = _Work(screen)
    # OCR of two pages takes seconds on a quiet machine and a minute or more on a loaded one:
    # watch until the work ends, with a bound only against a hang
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        await pilot.pause(0.02)
        if work.done():
            break
    return given


def _recorded(widget: Static) -> list[str]:
    """A list that gets each text ``widget`` is given from now on."""
    given: list[str] = []
    update = widget.update

    def recorded(content: object = "", *args: object, **kwargs: object) -> None:
        given.append(str(content))
        update(content, *args, **kwargs)  # type: ignore[arg-type]

    widget.update = recorded  # type: ignore[method-assign]
    return given


class _Work:
    """Whether a node's work has begun and ended. A worker not yet started is not running
    either, and a finished one leaves the list, so "none running" alone could end the watch
    before the work began."""

    def __init__(self, node: DOMNode) -> None:
        self.node = node
        self.began = False

    def done(self) -> bool:
        # only the app's own groups: a file dialog's DirectoryTree keeps a loader worker alive
        # for its lifetime, which held the watch to its bound
        workers = [w for w in self.node.workers if w.group in _GROUPS]
        self.began = self.began or bool(workers)
        return self.began and all(w.is_finished for w in workers)


async def test_the_load_dialog_says_which_ocr_page_is_read(
    corpus_dir: Path, tmp_path: Path, data_dir: Path
) -> None:
    scan = tmp_path / "scan.pdf"
    scan.write_bytes(_two_page_scan(corpus_dir))
    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("o")
        await settle(app, pilot)
        modal = app.screen
        assert isinstance(modal, LoadSourceScreen)
        modal.query_one("#ref-file").value = str(scan)
        modal.action_load()
        shown = await _shown_while_working(app, pilot, "#load-record")
        assert any("OCR page 2 of 2" in s for s in shown), shown
        # once read, the record describes the source, not the OCR
        assert "OCR page" not in str(modal.query_one("#load-record").render())


async def test_a_check_says_which_scan_it_reads(
    corpus_dir: Path, tmp_path: Path, data_dir: Path
) -> None:
    app = make_app(_scan_batch(corpus_dir, tmp_path), data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        # opening a batch checks what it holds: its scan is read then
        await pilot.pause()
        main = app.screen
        shown = await _shown_while_working(app, pilot, "#reading")
        assert any("Reading scan: OCR page" in s for s in shown), shown
        assert not main.query_one("#reading").display


async def test_at_80_columns_the_ocr_page_is_not_cut_off_and_the_viewer_says_it_too(
    corpus_dir: Path, tmp_path: Path, data_dir: Path
) -> None:
    from quote_tui.app.widgets.source_viewer import SourceViewer

    app = make_app(_scan_batch(corpus_dir, tmp_path), data_dir=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        main = app.screen
        reading = main.query_one("#reading", Static)
        # every text the line and the viewer are given, as they are given it: on a quick
        # machine both pages are read at once and the line shows for a moment only, too short
        # to be seen by looking now and then
        update = reading.update
        given = _recorded(reading)
        said: list[str] = []

        def heard(placeholder: str) -> None:
            said.append(placeholder)

        main.watch(main.query_one(SourceViewer), "placeholder", heard)
        work = _Work(main)
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            await pilot.pause(0.02)
            if work.done():
                break
        assert given and any("a scan: OCR page" in s for s in said), (given, said)
        # each text the line was given fits in what the screen gives the line, once laid out
        reading.display = True
        for text in dict.fromkeys(given):
            update(text)
            await pilot.pause()
            await pilot.pause()
            room = reading.content_region.width * reading.content_region.height
            assert room >= len(text), (text, reading.content_region)


async def test_the_viewers_own_read_of_a_scan_says_its_ocr_page(
    corpus_dir: Path, tmp_path: Path, data_dir: Path
) -> None:
    """With no check running beside it (or one whose OCR reports come after the viewer's read
    is done), the viewer's read of a scan says which OCR page it is on by itself."""
    from quote_tui.app.widgets.source_viewer import SourceViewer

    app = make_app(_scan_batch(corpus_dir, tmp_path), data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        main = app.screen
        work = _Work(main)
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and not work.done():
            await pilot.pause(0.02)
        # the session forgets what it read: showing the scan again reads it again, alone
        main.outcomes.clear()
        main.current_source = None
        said: list[str] = []

        def heard(placeholder: str) -> None:
            said.append(placeholder)

        # only what is said from now on: the first read's last words are still on the viewer
        main.watch(main.query_one(SourceViewer), "placeholder", heard, init=False)
        main.show_source("scan")
        work = _Work(main)
        while time.monotonic() < deadline and not work.done():
            await pilot.pause(0.02)
        assert any("a scan: OCR page" in s for s in said), said
        assert "scan" in main.outcomes
