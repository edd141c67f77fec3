"""PDF text layer via PyMuPDF, in a reading order that suits multi-column papers.

The checked text keeps what the page shows: ligatures (ﬁ), end-of-line hyphens and soft hyphens
stay, because the matcher's normalized tier folds them and reports that it did; silently
repairing them here would hide that from the user. Lines are joined with "\\n", blocks with
"\\n\\n" and pages with "\\n\\n"; every extracted line's rectangle is kept for highlighting.
"""

from __future__ import annotations

import gc
import threading
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pymupdf

from quote_tui.engine.errors import ErrorCode, Recovery, SourceError
from quote_tui.engine.text import LineBox
from quote_tui.sources.readers.pdf_accents import ACCENTS, accent_pending, accents_pending
from quote_tui.sources.readers.pdf_body_size import most_used_size
from quote_tui.sources.readers.pdf_continued_captions import carry_captions
from quote_tui.sources.readers.pdf_covered import covered_text, hide_covered, scan_image
from quote_tui.sources.readers.pdf_flow_holes import lift_holes
from quote_tui.sources.readers.pdf_glyph_names import read_named
from quote_tui.sources.readers.pdf_glyph_quotes import lower_quotes
from quote_tui.sources.readers.pdf_glyphs import (
    UNTRUSTED_GAPS,
    glyph_read_lines,
    glyph_read_page,
    page_gaps,
    run_pages,
)
from quote_tui.sources.readers.pdf_layout import (
    Block,
    PageBlocks,
    body_size,
    page_blocks,
    page_edges,
    repeated_edges,
    split_page,
)
from quote_tui.sources.readers.pdf_ligature_names import mend_ligature_maps
from quote_tui.sources.readers.pdf_lines import LIGATURES, ligature_gap, ligature_gaps
from quote_tui.sources.readers.pdf_notes import carry_notes
from quote_tui.sources.readers.pdf_ocr import ocr_pages, reread_poor_layers
from quote_tui.sources.readers.pdf_ocr_bars import read_bars
from quote_tui.sources.readers.pdf_ocr_braces import read_braces
from quote_tui.sources.readers.pdf_ocr_layer import ocr_layer
from quote_tui.sources.readers.pdf_ocr_marks import set_marks_apart, set_sole_marks_apart
from quote_tui.sources.readers.pdf_ocr_quotes import close_quotes
from quote_tui.sources.readers.pdf_ocr_turn import unturned
from quote_tui.sources.readers.pdf_ocr_unmapped import read_unreadable
from quote_tui.sources.readers.pdf_ocr_words import mend_words
from quote_tui.sources.readers.pdf_scan_asides import scan_split
from quote_tui.sources.readers.pdf_scan_figures import set_figures_aside
from quote_tui.sources.readers.pdf_shaded_boxes import Shaded, shaded_rects
from quote_tui.sources.readers.pdf_stray_glyphs import has_strays, seated_page
from quote_tui.sources.readers.pdf_symbol_fonts import mend_font_maps
from quote_tui.sources.readers.pdf_tex_ligatures import read_tex_ligatures
from quote_tui.sources.readers.pdf_text_finish import finish_text
from quote_tui.sources.readers.pdf_unmapped import has_unreadable, unmapped_regions

__all__ = ["MUPDF_LOCK", "PdfText", "extract_pdf", "open_pdf"]

# PyMuPDF's defaults for text extraction minus image handling: ligatures and whitespace kept,
# no dehyphenation, clipped to the media box, unknown glyphs as their CID rather than dropped.
_FLAGS = (
    pymupdf.TEXT_PRESERVE_LIGATURES
    | pymupdf.TEXT_PRESERVE_WHITESPACE
    | pymupdf.TEXT_MEDIABOX_CLIP
    | pymupdf.TEXT_CID_FOR_UNKNOWN_UNICODE
)
# Pages with images and fewer non-space characters than this are scans without a usable text
# layer (a stray page number or stamp does not count as one).
_MIN_CHARS_PER_PAGE = 20

_OCR_LAYER = 0.5
"""Share of a PDF's characters that, set invisible over its images, make it a scan's OCR layer
(a few invisible words elsewhere are not one)."""

_KEPT_PAGES = 40
"""Most pages of a PDF whose text pages are kept for reading some of their lines again
(``_may_read_again``): each holds a record per character, and the look at each page's text
costs a book more than the reads it would spare, so a longer PDF reads those pages anew."""


Rect = tuple[float, float, float, float]
# MuPDF's own errors are not RuntimeErrors in PyMuPDF 1.24+; FileDataError is.
_MUPDF_ERRORS = (RuntimeError, pymupdf.mupdf.FzErrorBase)
# PyMuPDF runs MuPDF on one shared context without locks and calls back into Python (for its
# warnings) from inside MuPDF, where another thread may take the GIL and enter MuPDF too: one
# extraction at a time per process. (Batches read PDFs in child processes; this guards the
# readers that run in-process, such as fetched PDFs.)
MUPDF_LOCK = threading.Lock()


@dataclass(frozen=True, slots=True)
class PdfText:
    """The text layer of a PDF.

    Attributes:
        text: pages joined by blank lines.
        page_starts: offset where each page begins (first is 0).
        page_labels: the PDF's page labels where it defines them, else None per page.
        line_boxes: (start, end, page, x0, y0, x1, y1) per extracted line, page 1-based.
        page_count: number of pages.
        metadata: the document information dictionary's non-empty entries.
        ocr: the text was read from the page images by OCR (the PDF had no text layer).
        ocr_layer: that OCR text is the scan's own layer throughout (Tesseract read no page).
        unread_pages: 1-based pages of a scan OCR had no time left for (they stand empty).
        ocr_read_pages: 1-based pages of a scan whose own OCR layer read poorly, read by OCR.
        unmapped_pages: 1-based pages with a region whose text layer is unreadable (a font
            without a Unicode map): a quotation not found may stand there.
        unmapped_chars: the non-space characters of those pages' unreadable regions.
        font_ocr_pages: 1-based pages whose text layer a font left unreadable throughout,
            read by OCR (``pdf_ocr_unmapped``).
    """

    text: str
    page_starts: tuple[int, ...]
    page_labels: tuple[str | None, ...]
    line_boxes: tuple[LineBox, ...]
    page_count: int
    metadata: tuple[tuple[str, str], ...]
    ocr: bool = False
    ocr_layer: bool = False
    unread_pages: tuple[int, ...] = ()
    ocr_read_pages: tuple[int, ...] = ()
    unmapped_pages: tuple[int, ...] = ()
    unmapped_chars: tuple[int, ...] = ()
    font_ocr_pages: tuple[int, ...] = ()


def open_pdf(data: bytes, password: str | None) -> pymupdf.Document:
    """Open a PDF, authenticated, with its page tree read (the caller holds ``MUPDF_LOCK``).

    Raises:
        SourceError: ``empty_file``, ``broken_file`` or ``encrypted``.
    """
    if not data:
        raise SourceError(
            "The PDF is empty (0 bytes).",
            code=ErrorCode.EMPTY_FILE,
            recovery=Recovery.REVIEW_SOURCE,
        )
    try:
        doc = pymupdf.open(stream=data, filetype="pdf")
    except (*_MUPDF_ERRORS, ValueError) as exc:
        raise SourceError(
            f"The PDF cannot be opened: it is damaged or not a PDF ({exc}).",
            code=ErrorCode.BROKEN_FILE,
            recovery=Recovery.USE_SUPPLIED_TEXT,
        ) from exc
    # PyMuPDF already tries the empty user password, so files protected only against editing
    # (owner password) open without help; needs_pass is set only when a real password is needed.
    if doc.needs_pass and not (password is not None and doc.authenticate(password)):
        doc.close()
        given = "the password given is wrong" if password is not None else "no password was given"
        raise SourceError(
            f"The PDF is encrypted and {given}; save a copy without the password (a PDF "
            "viewer can) and read that, or paste its text.",
            code=ErrorCode.ENCRYPTED,
            recovery=Recovery.USE_SUPPLIED_TEXT,
        )
    try:
        pages = doc.page_count
    except _MUPDF_ERRORS as exc:  # MuPDF reads the page tree only now, and it may be broken
        doc.close()
        raise SourceError(
            f"The PDF's page tree is damaged ({exc}).",
            code=ErrorCode.BROKEN_FILE,
            recovery=Recovery.USE_SUPPLIED_TEXT,
        ) from exc
    if pages == 0:
        doc.close()
        raise SourceError(
            "The PDF has no pages.", code=ErrorCode.BROKEN_FILE, recovery=Recovery.REVIEW_SOURCE
        )
    return doc


def _label(page: pymupdf.Page) -> str | None:
    try:
        label = page.get_label()
    except (RuntimeError, ValueError):
        return None
    return label or None


def _page_dict(textpage: pymupdf.TextPage) -> dict[str, Any]:
    """``textpage.extractDICT()``, its size read once from the text page's media box: the
    wrapper builds a ``Rect`` for each of the two, which costs a book a few milliseconds (2%
    of its read). A PyMuPDF without the inner call gets the wrapper."""
    fill = getattr(textpage, "_getNewBlockList", None)
    box = getattr(getattr(textpage.this, "m_internal", None), "mediabox", None)
    if fill is None or box is None:
        return textpage.extractDICT()  # type: ignore[no-any-return]
    # the wrapper's own arithmetic (Rect.width, Rect.height), for byte-equal sizes
    raw = {"width": max(0, box.x1 - box.x0), "height": max(0, box.y1 - box.y0)}
    fill(raw, False)
    return raw


def _may_read_again(blocks: PageBlocks) -> bool:
    """Whether a page's text holds what has some of its lines read again glyph by glyph (a
    spacing accent, a ligature before a space): its text page is then kept, so that this read
    need not have MuPDF interpret the page again. Most pages hold neither."""
    text = "".join([line.text for block in blocks.blocks for line in block.lines])
    return any(accent in text for accent in ACCENTS) or _ligature_gap(text)


def _ligature_gap(text: str) -> bool:
    """``ligature_gap``, after a plain search for each ligature: one character is looked for
    many times faster than a pattern, and most texts hold no ligature at all."""
    return any(ligature in text for ligature in LIGATURES) and ligature_gap(text)


def _glyph_read(
    doc: pymupdf.Document,
    index: int,
    first: PageBlocks | None,
    rects: set[Rect],
    textpage: pymupdf.TextPage | None,
) -> PageBlocks | None:
    """A page with some lines read again glyph by glyph (the whole page where those lines do
    not come back as first read), from its kept text page where there is one; the first read
    where MuPDF cannot read it again."""
    try:
        page = doc.load_page(index)
    except (*_MUPDF_ERRORS, ValueError):
        return first
    if first is not None and (read := glyph_read_lines(page, first, rects, _FLAGS, textpage)):
        return read
    return glyph_read_page(page, _FLAGS, textpage=textpage) or first


def _lines_at(boxes: tuple[LineBox, ...], offsets: list[int]) -> list[LineBox]:
    """The line boxes that hold any of ``offsets`` (ascending), each once, in order: the boxes
    follow the text, so each offset is told to its line by a binary search of their starts."""
    starts = [box[0] for box in boxes]
    out: list[LineBox] = []
    for offset in offsets:
        i = bisect_right(starts, offset) - 1
        if i >= 0 and offset < boxes[i][1] and (not out or out[-1] is not boxes[i]):
            out.append(boxes[i])
    return out


def _spaces_untrusted(
    doc: pymupdf.Document,
    text: str,
    page_starts: tuple[int, ...],
    boxes: tuple[LineBox, ...],
    kept: dict[int, pymupdf.TextPage],
) -> bool:
    """Whether the text layer leaves out word spaces: asked of the pages with the most runs
    of letters too long for words, when the text holds a few (``pdf_glyphs.run_pages``), from
    their kept text pages where there are some."""
    seen = 0
    for page in run_pages(text, page_starts, boxes):
        try:
            loaded = doc.load_page(page - 1)
        except (*_MUPDF_ERRORS, ValueError):
            continue
        seen += page_gaps(loaded, _FLAGS, kept.get(page - 1))
        if seen >= UNTRUSTED_GAPS:
            return True
    return False


def _page_read(
    doc: pymupdf.Document, index: int, first: PageBlocks | None, textpage: pymupdf.TextPage | None
) -> PageBlocks | None:
    """A page read again glyph by glyph with its word gaps given spaces, from its kept text page
    where there is one (the first read where MuPDF cannot read it so)."""
    if first is None:
        return None
    try:
        page = doc.load_page(index)
    except (*_MUPDF_ERRORS, ValueError):
        return first
    return glyph_read_page(page, _FLAGS, gaps=True, textpage=textpage) or first


def _has_labels(doc: pymupdf.Document) -> bool:
    """Whether the PDF defines page labels (asked once, not for every page)."""
    try:
        return bool(doc.get_page_labels())
    except (*_MUPDF_ERRORS, ValueError, TypeError):
        return True  # let each page's own lookup decide


def _has_images(doc: pymupdf.Document) -> bool:
    for index in range(doc.page_count):
        try:
            if doc.load_page(index).get_images():
                return True
        except (*_MUPDF_ERRORS, ValueError):
            continue
    return False


def extract_pdf(
    data: bytes,
    *,
    password: str | None = None,
    ocr: bool = True,
    deadline: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> PdfText:
    """Extract a PDF's text layer page by page (one extraction at a time per process).

    Args:
        data: the PDF's bytes.
        password: the user password, for encrypted files.
        ocr: read a PDF without a text layer (a scan) through Tesseract; False says so instead.
        deadline: a ``time.monotonic()`` value by which a scan's OCR stops; the pages it had no
            time for stand empty (``unread_pages``).
        progress: told (pages read, pages in all) as OCR reads each page of a scan, from
            whichever thread reads it; never called for a PDF with a text layer.

    Returns:
        The text with page starts, page labels and line rectangles.

    Raises:
        SourceError: ``empty_file``, ``broken_file``, ``encrypted``, ``no_text_layer`` (a
            scan, with ``ocr=False``), ``renderer_missing`` (a scan, and no Tesseract) or
            ``timeout`` (a scan, and no time to read even one page).
    """
    with MUPDF_LOCK:
        # The reader allocates a few objects per line and frees none until it is done; the
        # collector would walk them all again and again (about 4% of a book's read).
        collecting = gc.isenabled()
        gc.disable()
        try:
            return _extract(data, password, ocr, deadline, progress)
        finally:
            if collecting:
                gc.enable()


def _extract(
    data: bytes,
    password: str | None,
    ocr: bool,
    deadline: float | None,
    progress: Callable[[int, int], None] | None,
) -> PdfText:
    doc = open_pdf(data, password)
    try:
        # Read once: MuPDF may repair a broken page tree while pages load, and the count
        # must stay that of the pages indexed here.
        page_count = doc.page_count
        mend_ligature_maps(doc)  # "T_h" read "T": its letters added to its font's map
        mend_font_maps(doc)  # "n 5 57", "acঞvité", "Infinite": symbols, ligatures mapped
        pages: list[PageBlocks | None] = []
        labels: list[str | None] = []
        labelled = _has_labels(doc)
        kept: dict[int, pymupdf.TextPage] = {}  # text pages whose lines may be read again
        beneath: bool | None = None  # whether the text is drawn beneath page images
        keep = page_count <= _KEPT_PAGES
        for index in range(page_count):
            try:
                page = doc.load_page(index)
            except (*_MUPDF_ERRORS, ValueError):
                # A page-tree entry that leads nowhere: it stays in the index as an empty page.
                labels.append(None)
                pages.append(None)
                continue
            labels.append(_label(page) if labelled else None)
            try:
                textpage = page.get_textpage(flags=_FLAGS)
                raw = _page_dict(textpage)
                if has_strays(raw):  # a formula's glyph drawn into a line's gap after it
                    raw = seated_page(raw, textpage)
                lower_quotes(raw, textpage)  # "„Wort“" set as a lowered "”": read as printed
                if beneath is not False and raw["blocks"]:
                    # a scan's OCR layer drawn beneath its page image is hidden, as one drawn
                    # invisible is; told by the first page with text, for a scan's pages are
                    # all made alike (asking every page's images cost a book a fifth more)
                    covered = covered_text(page) if scan_image(page) else []
                    beneath = bool(covered) if beneath is None else beneath
                    hide_covered(raw, covered)
                # the text page's own height: its lines are placed on the page unrotated,
                # and asking the page for its rectangle costs more than a line's reading
                read = page_blocks(raw, raw["height"])
                if read.hidden:  # an OCR layer: its words may stand each on a line of its own
                    read = ocr_layer(page, raw, read, _FLAGS)
                pages.append(read)
                if keep and _may_read_again(read):
                    kept[index] = textpage
            except _MUPDF_ERRORS:
                # One unreadable page (a broken content stream) should not cost the others;
                # it stays in the index as an empty page.
                pages.append(None)
        metadata = tuple((key, str(value)) for key, value in (doc.metadata or {}).items() if value)
        if all(p is None for p in pages):
            raise SourceError(
                "No page of the PDF could be read: it is damaged.",
                code=ErrorCode.BROKEN_FILE,
                recovery=Recovery.USE_SUPPLIED_TEXT,
            )
        # characters counted by size while the page was read: no second pass over its lines
        chars_per_page = [sum(n for _, n in p.sizes) if p else 0 for p in pages]
        # a scan that carries its own OCR layer: invisible text laid over page images. Its
        # text has OCR's errors, and is read as OCR text is (``ocr``), when most of it is so
        hidden = sum(p.hidden for p in pages if p)
        scanned = hidden > _OCR_LAYER * sum(chars_per_page) and _has_images(doc)
        unread: tuple[int, ...] = ()
        ocred = False
        # images are looked for only where the text layer is too thin to read: a scan
        has_images = max(chars_per_page) < _MIN_CHARS_PER_PAGE and _has_images(doc)
        if max(chars_per_page) < _MIN_CHARS_PER_PAGE and (has_images or not any(chars_per_page)):
            if not has_images:
                raise SourceError(
                    f"The PDF's {page_count} page(s) hold no text.",
                    code=ErrorCode.NO_TEXT,
                    recovery=Recovery.REVIEW_SOURCE,
                )
            if not ocr:
                raise SourceError(
                    f"The PDF has no text layer ({page_count} page(s) of images, a scan?): "
                    "run OCR on it or paste its text.",
                    code=ErrorCode.NO_TEXT_LAYER,
                    recovery=Recovery.USE_SUPPLIED_TEXT,
                    details={"pages": page_count},
                )
            # OCR takes seconds a page: its budget grows with the scan's pages (``ocr_budget``)
            pages, unread = ocr_pages(doc, data, password, deadline, progress)
            ocred = True
            scanned = True
            if len(unread) == page_count:
                raise SourceError(
                    f"The PDF is a scan of {page_count} page(s) and its read's budget ran out "
                    "before OCR read one: give it more time (--read-timeout) or paste its text.",
                    code=ErrorCode.TIMEOUT,
                    recovery=Recovery.RAISE_TIME_BUDGET,
                    details={"pages": page_count, "ocr": True},
                )
            if not any(p is not None and p.blocks for p in pages):
                raise SourceError(
                    f"The PDF has no text layer ({page_count} page(s) of images) and OCR "
                    "found no text in them: paste its text.",
                    code=ErrorCode.NO_TEXT_LAYER,
                    recovery=Recovery.USE_SUPPLIED_TEXT,
                    details={"pages": page_count, "ocr": True},
                )
        ocr_read: tuple[int, ...] = ()  # pages whose own OCR layer read poorly, read by OCR
        if scanned and not ocred and ocr:
            pages, ocr_read = reread_poor_layers(doc, pages, deadline, progress)
        if scanned:  # OCR read raised marks in the line's size: no span says which
            # words OCR split in two made whole first: the rules after read words
            # and quotes old type set apart from their words joined to them, and daggers OCR
            # read as letters that open the page's notes set apart as marks
            pages = set_marks_apart(set_sole_marks_apart(close_quotes(mend_words(pages))))
            pages = read_braces(read_bars(pages))  # "|" read for "I", "{or their)" for "("
            pages = set_figures_aside(pages)
        shaded = shaded_rects(doc)  # a tinted box's drawings, asked for at a broken sentence
        text, page_starts, boxes = _compose(pages, scanned, shaded=shaded)
        # one pass over the whole text first: most PDFs hold no unreadable character at all
        unreadable = not ocred and has_unreadable(text)
        if unreadable and read_named(doc, pages, _FLAGS, kept):  # glyphs a typesetter named
            text, page_starts, boxes = _compose(pages, scanned, shaded=shaded)
            unreadable = has_unreadable(text)
        unmapped = unmapped_regions(pages) if unreadable else ()
        reread: dict[int, set[Rect]] = {}  # per page, the lines read again glyph by glyph
        if not ocred and _spaces_untrusted(doc, text, page_starts, boxes, kept):
            # a text layer that runs words together ("canbe seen") is read again glyph by
            # glyph, every page, with a space in each gap a word space wide; that read also
            # composes accents and closes ligature gaps
            for index in range(page_count):
                pages[index] = _page_read(doc, index, pages[index], kept.get(index))
            text, page_starts, boxes = _compose(pages, scanned, shaded=shaded)
        elif not ocred:
            if _ligature_gap(text):
                # rare: the lines where a ligature stands before a space are read again glyph
                # by glyph, to tell a printed gap from a space set inside the ligature's box
                for box in _lines_at(boxes, ligature_gaps(text)):
                    reread.setdefault(box[2], set()).add(box[3:])
            if accent_pending(text):  # and where an accent may stand over a letter
                for box in _lines_at(boxes, accents_pending(text)):
                    reread.setdefault(box[2], set()).add(box[3:])
            for number, rects in reread.items():
                pages[number - 1] = _glyph_read(
                    doc, number - 1, pages[number - 1], rects, kept.get(number - 1)
                )
        # TeX's ligatures given as control characters: the fonts' widths say which they are
        ligatures = unreadable and read_tex_ligatures(doc, pages, _FLAGS, kept)
        kept.clear()
        if reread or ligatures:
            text, page_starts, boxes = _compose(pages, scanned, shaded=shaded)
        if ligatures:
            unmapped = unmapped_regions(pages) if has_unreadable(text) else ()
        font_ocr: tuple[int, ...] = ()  # pages a font left unreadable, read by OCR
        if unmapped and ocr:
            pages, font_ocr = read_unreadable(doc, data, password, pages, deadline, progress)
            if font_ocr:
                text, page_starts, boxes = _compose(pages, False, frozenset(font_ocr), shaded)
                unmapped = unmapped_regions(pages) if has_unreadable(text) else ()
        text, page_starts, boxes = finish_text(
            text, page_starts, boxes, printed=not ocred, layer=scanned and not ocred
        )
    finally:
        doc.close()

    return PdfText(
        text=text,
        page_starts=page_starts,
        page_labels=tuple(labels),
        line_boxes=boxes,
        page_count=page_count,
        metadata=metadata,
        ocr=scanned or bool(font_ocr),
        ocr_layer=scanned and not (ocred or ocr_read or font_ocr),
        unread_pages=unread,
        ocr_read_pages=ocr_read,
        font_ocr_pages=font_ocr,
        unmapped_pages=tuple(page for page, _ in unmapped),
        unmapped_chars=tuple(chars for _, chars in unmapped),
    )


def _compose(
    pages: list[PageBlocks | None],
    scanned: bool = False,
    ocr_read: frozenset[int] = frozenset(),
    shaded: Shaded | None = None,
) -> tuple[str, tuple[int, ...], tuple[LineBox, ...]]:
    """The checked text: every page's body in reading order, then every page's asides.
    ``scanned``: every page is OCR text; ``ocr_read``: the 1-based pages that are, in a PDF
    with a text layer; ``shaded``: each page's tinted rectangles (``pdf_shaded_boxes``).

    Asides (running heads, footnotes, captions, table text) follow the whole body so that
    none stands inside a sentence that runs on across a column or a page; their line boxes
    keep their own page, which is the page a match in them is on.
    """
    present = [p for p in pages if p is not None]
    edges = [page_edges(p) for p in present]  # worked out once: every pass reads them
    body = body_size(present, edges)
    repeated = repeated_edges(present, edges)
    by_page = iter(edges)
    split = [
        split_page(p, body=body, repeated=repeated, edges=next(by_page)) if p else ([], [])
        for p in pages
    ]
    # OCR text sizes its words by their boxes: asides it hides are set aside too; on a
    # born-digital page a box set in the body's type is told by the sentence it breaks
    split = scan_split(pages, split, edges, repeated) if scanned else lift_holes(split, shaded)
    if ocr_read:
        split = scan_split(pages, split, edges, repeated, ocr_read)
    parts: list[str] = []
    boxes: list[LineBox] = []
    page_starts: list[int] = []
    pos = 0

    def put(blocks: list[tuple[Block, int]], first: bool) -> None:
        # runs once per line of the document: a blank line before each block but the first
        nonlocal pos
        append, box = parts.append, boxes.append
        for block, page in blocks:
            if not block.lines:
                continue
            if not first:
                append("\n\n")
                pos += 2
            first = False
            sep = False
            for line in block.lines:
                text = line.text
                if sep:
                    append("\n")
                    pos += 1
                sep = True
                append(text)
                end = pos + len(text)
                box((pos, end, page, *line.rect))
                pos = end

    heights = [p.height if p else 0.0 for p in pages]
    # where the notes outweigh the body they start high on a page, right under its body
    noted = body > most_used_size(present)
    floors = [
        max((b.rect[3] for b in flow), default=h) if noted else h
        for (flow, _), h in zip(split, heights, strict=True)
    ]
    mains = [list(main) for main, _ in split]  # a caption's rest may leave its page's body
    sides = carry_captions(carry_notes([side for _, side in split], heights, floors), mains)
    for index, main in enumerate(mains):
        if index:
            parts.append("\n\n")
            pos += 2
        page_starts.append(pos)
        put([(b, index + 1) for b in main], True)
    for side in sides:
        put(side, pos == 0)
    # a scan read turned upright was laid out turned: its boxes go back onto its page
    return "".join(parts), tuple(page_starts), unturned(tuple(boxes), pages)
