"""A scanned PDF's text through Tesseract, page by page.

A scan has no text layer: each page is an image. PyMuPDF renders the page and the
``tesseract`` program (Debian's ``tesseract-ocr`` package, its data found through
``TESSDATA_PREFIX`` or its usual folder) reads it with its own page analysis
(``pdf_ocr_tesseract``); where only the language data is installed, PyMuPDF's own OCR reads it.
Either way the words come back as a page's blocks, so the rest of the reader (columns, page
furniture, line boxes for highlighting) treats them as any other page's text. OCR text has
errors; the checked source says ``ocr: true`` and the service reads a quotation not found in it
as ``inconclusive``, never ``not_found``.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import pymupdf

from quote_tui.engine.errors import ErrorCode, Recovery, SourceError
from quote_tui.sources.readers.ocr_budget import Budget, cpu_seconds
from quote_tui.sources.readers.pdf_errors import MUPDF_ERRORS as _MUPDF_ERRORS
from quote_tui.sources.readers.pdf_layout import PageBlocks, page_blocks
from quote_tui.sources.readers.pdf_ocr_language import page_language, untold
from quote_tui.sources.readers.pdf_ocr_poor import poor_layers, read_poor_layers
from quote_tui.sources.readers.pdf_ocr_tesseract import noise_aside, program, run_tesseract
from quote_tui.sources.readers.pdf_ocr_turn import SIDEWAYS, UNSURE, page_turn, turned_page

__all__ = [
    "MIN_DPI",
    "OCR_DPI",
    "ocr_page",
    "ocr_pages",
    "page_dpi",
    "reread_poor_layers",
    "tessdata",
]

OCR_DPI = 300
"""Highest resolution a page is rendered at for Tesseract, as its documentation asks: at 200
dpi the program read "teal life" and "total Tuin" where a 300 dpi scan prints "real life" and
"total ruin", for about a fifth more time (the program reads a page in about half the time
MuPDF's OCR took at 200)."""
MIN_DPI = 150
"""Lowest: a scan made at less is still rendered at this, which Tesseract reads better."""
WORKER_NICENESS = 5
"""How much lower the OCR workers' priority is set: a batch reads a long scan beside its other
sources, and a scan's OCR held both cores of a loaded machine for minutes while a scan with its
own layer, read in 6 s alone, ran past its 60 s budget beside it (Lamport 1978 in p3's batch).
On an idle machine the workers take the cores all the same. Not lower: the OCR budget counts
processor time (``ocr_budget``), so a starved worker makes the read wait, and at 10 Tesseract
got about a hundredth of a core at a load of 16 on two cores (no processor second in a minute
of a page's read); at 5 it gets three times as much, the batch's other reads still twice it."""
MAX_WORKERS = 4
"""Most processes a scan's pages are read in at once (one per core, up to this)."""
_LANGUAGE = "eng"
_FLAGS = pymupdf.TEXT_PRESERVE_LIGATURES | pymupdf.TEXT_PRESERVE_WHITESPACE
_ASK_TIMEOUT = 10.0
"""Seconds ``tesseract --list-langs`` may take to say where its language data is."""
_LANGS_IN = re.compile(r'List of available languages in "(.+?)"')


def tessdata() -> str | None:
    """The folder of Tesseract's language data, or None when Tesseract is not installed.

    ``TESSDATA_PREFIX`` names it where set; otherwise Tesseract itself says where its
    languages are (``tesseract --list-langs``), as PyMuPDF's ``get_tessdata`` asks it, but
    without a shell.
    """
    named = os.environ.get("TESSDATA_PREFIX")
    if named:
        return named if (Path(named) / f"{_LANGUAGE}.traineddata").is_file() else None
    program = shutil.which("tesseract")
    if program is None:
        return None
    try:
        listed = subprocess.run(
            [program, "--list-langs"], capture_output=True, text=True, timeout=_ASK_TIMEOUT
        )
    except (OSError, subprocess.SubprocessError):
        return None
    found = _LANGS_IN.search(listed.stdout + listed.stderr)
    if found is None or _LANGUAGE not in listed.stdout.split():
        return None
    return found.group(1)


def _missing() -> SourceError:
    return SourceError(
        "The PDF has no text layer (a scan) and Tesseract, which reads its page images, is "
        "not installed: apt-get install tesseract-ocr (or set TESSDATA_PREFIX to its "
        "tessdata folder), or paste the text.",
        code=ErrorCode.RENDERER_MISSING,
        recovery=Recovery.INSTALL_RENDERER,
        details={"package": "tesseract-ocr"},
    )


def page_dpi(page: pymupdf.Page) -> int:
    """The resolution to render a scanned page at: that of its largest image, within
    ``MIN_DPI``..``OCR_DPI`` (rendering past the scan's own resolution adds pixels, not detail,
    and costs Tesseract time: a 150 dpi scan is read a third faster at 150 than at 200)."""
    best, native = 0.0, 0.0
    try:
        infos = page.get_image_info()
    except _MUPDF_ERRORS:
        return OCR_DPI
    for info in infos:
        x0, y0, x1, y1 = info.get("bbox", (0, 0, 0, 0))
        area = (x1 - x0) * (y1 - y0)
        if area > best and x1 - x0 > 0 and info.get("width"):
            best, native = area, info["width"] / ((x1 - x0) / 72)
    if not native:
        return OCR_DPI
    return int(min(OCR_DPI, max(MIN_DPI, native)))


def _installed(folder: str, code: str) -> bool:
    return (Path(folder) / f"{code}.traineddata").is_file()


def _words(read: dict[str, Any]) -> Iterator[str]:
    for block in read["blocks"]:
        for line in block["lines"]:
            for span in line["spans"]:
                yield span["text"].strip()


def _better(turned: dict[str, Any], read: dict[str, Any]) -> bool:
    """Whether the page turned reads better: surer, or as sure with fewer rows sideways (a
    page turned a quarter is read line by line sideways at 95)."""
    if turned["sideways"] < read["sideways"] - 0.5:
        return turned["confidence"] > read["confidence"] - 10
    return bool(turned["confidence"] > read["confidence"])


def _tesseract_page(
    page: pymupdf.Page, folder: str, tesseract: str, first: str = _LANGUAGE
) -> tuple[PageBlocks | None, str]:
    """A page read by the program, and the language it was read in: in English, turned
    upright where it was set sideways, then in its own language where that is not English.

    ``first`` is the language the page before it was read in: a page read in it first whose
    words are of that language is read once, not twice (a German book's pages, each read in
    English to be read again in German, cost two reads a page); a page whose words are not
    (an English abstract in a German book) is read as any page is, in English first; one too
    short to tell (a title page, a page of figures) keeps its reading in ``first``."""
    dpi = page_dpi(page)
    read = run_tesseract(page, dpi, folder, first, tesseract)
    if read is None:
        return _tesseract_page(page, folder, tesseract) if first != _LANGUAGE else (None, first)
    turn = 0
    if read["confidence"] < UNSURE or read["sideways"] > SIDEWAYS:
        turn = page_turn(page, dpi, folder, tesseract)
        turned = run_tesseract(page, dpi, folder, first, tesseract, turn) if turn else None
        if turned is not None and _better(turned, read):
            read = turned
        else:
            turn = 0
    words = list(_words(read))
    other = page_language(words, partial(_installed, folder))
    language = first
    if first != _LANGUAGE:
        if other != first and not untold(words):
            return _tesseract_page(page, folder, tesseract)
    elif other:
        # the page's language alone: with English added, a French scan read "Moy" for "Moÿ"
        # and took half as long again (1.35 s to 0.86 s a page)
        read = run_tesseract(page, dpi, folder, other, tesseract, turn) or read
        language = other
    # laid out in the turned frame, where its lines run across: its boxes are mapped back
    # onto the page once its text is put together (pdf_ocr_turn.unturned)
    return turned_page(noise_aside(page_blocks(read, read["height"]), read), turn, page), language


def ocr_page(
    doc: pymupdf.Document, index: int, folder: str, languages: list[str] | None = None
) -> PageBlocks | None:
    """One page of a scan read by Tesseract; None when it cannot be read. ``languages``
    holds the languages the pages read before it were read in: the last is tried first, and
    this page's is added."""
    try:
        page = doc.load_page(index)
        tesseract = program()
        if tesseract is not None:
            # the program's own page analysis: its columns and lines, not MuPDF's; MuPDF's
            # OCR where the program failed on the page. A page the file turns (/Rotate) is
            # read as shown (MuPDF's OCR of a turned screenshot lost each line's first words)
            first = languages[-1] if languages else _LANGUAGE
            read, language = _tesseract_page(page, folder, tesseract, first)
            if languages is not None:
                languages.append(language)
            if read is not None:
                return read
        textpage = page.get_textpage_ocr(
            flags=_FLAGS, language=_LANGUAGE, dpi=page_dpi(page), full=True, tessdata=folder
        )
        raw = page.get_text("dict", textpage=textpage, sort=False)
    except _MUPDF_ERRORS:
        return None
    return page_blocks(raw, page.rect.height)


def reread_poor_layers(
    doc: pymupdf.Document,
    pages: list[PageBlocks | None],
    deadline: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[PageBlocks | None], tuple[int, ...]]:
    """A scan's pages with each page whose own OCR layer reads poorly read again by the
    ``tesseract`` program where it reads clearly better (``pdf_ocr_poor``), within the OCR
    budget those pages are given (``ocr_budget``: the read's ``deadline`` grown with them),
    ``progress`` told as each is read; and the 1-based pages so read. Without the program, the
    pages as they were."""
    poor = poor_layers(pages)
    tesseract = program() if poor else None
    folder = tessdata() if tesseract is not None else None
    if tesseract is None or folder is None:
        return pages, ()
    budget = Budget(len(poor), deadline)
    told = _Told(len(poor), progress)

    def read(page: pymupdf.Page) -> PageBlocks | None:
        start = cpu_seconds()
        try:
            if page.rotation:
                return None
            return _tesseract_page(page, folder, tesseract)[0]
        except _MUPDF_ERRORS:
            return None
        finally:
            budget.spend(cpu_seconds() - start)
            told.page()

    return read_poor_layers(doc, pages, poor, budget.over, read)


def ocr_pages(
    doc: pymupdf.Document,
    data: bytes | None = None,
    password: str | None = None,
    deadline: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    only: Sequence[int] | None = None,
    niceness: int = WORKER_NICENESS,
) -> tuple[list[PageBlocks | None], tuple[int, ...]]:
    """The pages of a scanned document read by Tesseract, as many as the OCR budget allows.

    With the document's bytes, pages are read in worker processes, one per core. OCR takes
    seconds a page: the pages are given processor time by their number (``ocr_budget``: the
    read's ``deadline`` grown with them), and what is not read once it is spent is left unread,
    so that a long scan gives its first pages (flagged as cut) rather than nothing at all.

    Args:
        doc: the open document (the caller holds MuPDF's lock).
        data: the PDF's bytes, for the workers; None reads every page here.
        password: the password it was opened with.
        deadline: the read's own ``time.monotonic()`` deadline; None for none (every page is
            read).
        progress: told (0, pages in all) as OCR starts (the read's waits grow with a scan's
            OCR: ``ocr_budget``), then (pages read, pages in all) as each page is read, for a
            progress line.
        only: the 0-based pages to read (the others stand as None, and are not counted as
            unread); None for every page.
        niceness: how much lower the workers' priority is set.

    Returns:
        Each page's blocks (None for a page Tesseract could not read, or left unread), and the
        1-based pages left unread for lack of budget (a worker reads every n-th page, so they
        need not be the last ones), for the source's note to name.

    Raises:
        SourceError: ``renderer_missing`` when Tesseract or its English data is absent.
    """
    folder = tessdata()
    if folder is None:
        raise _missing()
    wanted = list(range(doc.page_count) if only is None else only)
    count = len(wanted)
    if progress is not None:
        progress(0, count)
    budget = Budget(count, deadline)
    workers = min(_cores(), count, MAX_WORKERS)
    found: dict[int, PageBlocks | None] = {}
    if data is not None and workers > 1:
        from quote_tui.sources.readers.ocr_workers import ocr_in_workers

        found = ocr_in_workers(
            data, password, folder, wanted, workers, budget, progress, niceness=niceness
        )
    # pages no worker answered for (a worker that failed) are read here, while time allows
    pages: list[PageBlocks | None] = []
    languages: list[str] = []
    unread: list[int] = []
    read = len(found)  # the workers' pages were counted as they came
    asked = set(wanted)
    for index in range(doc.page_count):
        if index in found or index not in asked:
            pages.append(found.get(index))
        elif budget.over():
            pages.append(None)
            unread.append(index + 1)
        else:
            start = cpu_seconds()
            pages.append(ocr_page(doc, index, folder, languages))
            budget.spend(cpu_seconds() - start)
            read += 1
            if progress is not None:
                progress(read, count)
    return pages, tuple(unread)


class _Told:
    """Pages read again so far, told to ``progress`` (0 first: the read's waits grow with it)."""

    def __init__(self, total: int, progress: Callable[[int, int], None] | None) -> None:
        self.total, self.done, self.progress = total, 0, progress
        self._tell()

    def page(self) -> None:
        self.done += 1
        self._tell()

    def _tell(self) -> None:
        if self.progress is not None:
            with contextlib.suppress(Exception):  # a listener's fault costs no page
                self.progress(self.done, self.total)


def _cores() -> int:
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _worker() -> int:
    """A worker of ``ocr_workers``: the PDF's bytes and its pages in on stdin, blocks out."""
    import pickle
    import sys

    from quote_tui.sources.readers.ocr_workers import frame, watch_parent

    watch_parent()
    data, password, folder, share, niceness = pickle.load(sys.stdin.buffer)  # noqa: S301
    if hasattr(os, "nice"):  # a long scan's OCR yields the cores to the batch's other reads
        with contextlib.suppress(OSError):
            os.nice(niceness)
    doc = pymupdf.open(stream=data, filetype="pdf")
    try:
        if password is not None:
            doc.authenticate(password)
        languages: list[str] = []  # a document's pages are mostly in one language
        for index in share:
            # one record a page, sent as soon as it is read: a worker stopped when the
            # budget is spent still hands over the pages it finished
            start = cpu_seconds()
            read = ocr_page(doc, index, folder, languages)
            record = pickle.dumps((index, read), pickle.HIGHEST_PROTOCOL)
            sys.stdout.buffer.write(frame(record, cpu_seconds() - start))
            sys.stdout.buffer.flush()
    finally:
        doc.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(_worker())
