"""A copy of a checked PDF with each match highlighted on its page, in its verdict's colour.

The checked text keeps every extracted line's rectangle and offsets; a match covers part of
some lines. On each such line, the words the match covers are found among the page's own words
in that line's rectangle (counted in reading order, as the line's text counts them), and their
rectangles become one highlight annotation with a note naming the citation and its verdict.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pymupdf

from quote_tui.engine.errors import ErrorCode, Recovery, SourceError
from quote_tui.engine.text import PreparedText
from quote_tui.sources.readers.pdf import MUPDF_LOCK, open_pdf
from quote_tui.sources.readers.pdf_lines import LIGATURES

__all__ = ["COLOURS", "Highlight", "annotate_pdf", "highlight", "ligature_words"]

COLOURS: dict[str, tuple[float, float, float]] = {
    "exact": (0.55, 0.85, 0.45),
    "normalized": (0.45, 0.75, 0.95),
    "near": (1.0, 0.75, 0.3),
    "inconclusive": (1.0, 0.9, 0.3),
}
"""Highlight colour per verdict (RGB, 0..1): green for exact, blue for normalized, orange for
near; any other verdict is red. The note says the verdict in words too."""
_OTHER = (0.95, 0.45, 0.45)
_SHRINK = 0.5
"""Points a line's rectangle is shrunk by, so a neighbouring line's words never fall in it."""
_TOUCH = 0.5
"""Points within which a word starts inside the ligature that ends the word before it."""
_UPRIGHT = 2.0
"""A line box at most this many times as tall as wide runs across the page (a line of one
letter is about twice as tall as wide); a taller one runs up or down it."""


@dataclass(frozen=True, slots=True)
class Piece:
    """The words ``first`` (inclusive) to ``last`` (exclusive) of one extracted line."""

    page: int
    rect: tuple[float, float, float, float]
    first: int
    last: int


@dataclass(frozen=True, slots=True)
class Highlight:
    """One match to draw: where it stands, its verdict and the note shown with it."""

    pieces: tuple[Piece, ...]
    status: str
    note: str


def highlight(prepared: PreparedText, start: int, end: int, status: str, note: str) -> Highlight:
    """The lines (and words in them) the span [start, end) of the checked text covers.

    Args:
        prepared: the PDF's checked text with its line boxes.
        start: the match's start offset.
        end: the match's end offset.
        status: the citation's verdict (picks the colour).
        note: the annotation's text.

    Returns:
        The highlight, one piece per line touched.
    """
    pieces = []
    for line_start, line_end, page, x0, y0, x1, y1 in prepared.line_boxes:
        if line_end <= start or line_start >= end:
            continue
        text = prepared.text[line_start:line_end]
        first = len(text[: max(0, start - line_start)].split())
        # a match that starts inside a word still covers that word
        if start > line_start and not text[start - line_start - 1].isspace():
            first = max(0, first - 1)
        last = len(text[: min(len(text), end - line_start)].split())
        if last > first:
            pieces.append(Piece(page, (x0, y0, x1, y1), first, last))
    return Highlight(tuple(pieces), status, note)


def annotate_pdf(
    data: bytes, highlights: Sequence[Highlight], *, password: str | None = None
) -> bytes:
    """A copy of the PDF with every highlight drawn (one highlight annotation per match and page).

    Args:
        data: the PDF's bytes, as checked.
        highlights: what to draw.
        password: the user password, for an encrypted PDF.

    Returns:
        The annotated PDF's bytes.

    Raises:
        SourceError: the PDF cannot be opened (``broken_file``, ``encrypted``, ...).
    """
    with MUPDF_LOCK:
        doc = open_pdf(data, password)
        try:
            for item in highlights:
                _draw(doc, item)
            return bytes(doc.tobytes(garbage=0, deflate=True))
        except (RuntimeError, ValueError) as exc:
            raise SourceError(
                f"The PDF could not be annotated ({exc}).",
                code=ErrorCode.BROKEN_FILE,
                recovery=Recovery.REVIEW_SOURCE,
            ) from exc
        finally:
            doc.close()


def _draw(doc: pymupdf.Document, item: Highlight) -> None:
    by_page: dict[int, list[pymupdf.Quad]] = {}
    for piece in item.pieces:
        if not 1 <= piece.page <= doc.page_count:
            continue
        page = doc[piece.page - 1]
        x0, y0, x1, y1 = piece.rect
        clip = pymupdf.Rect(x0, y0 + _SHRINK, x1, y1 - _SHRINK)
        words = sorted(page.get_text("words", clip=clip), key=lambda w: (w[5], w[6], w[7]))
        words = ligature_words(words)
        chosen = words[piece.first : piece.last] or words
        quads = [pymupdf.Rect(w[:4]).quad for w in chosen] or [_line_quad(piece.rect)]
        by_page.setdefault(piece.page, []).extend(quads)
    colour = COLOURS.get(item.status, _OTHER)
    for number, quads in by_page.items():
        page = doc[number - 1]  # held: an annotation needs its page alive
        annot = page.add_highlight_annot(quads)
        annot.set_colors(stroke=colour)
        annot.set_info(title="quote-tui", content=item.note)
        annot.update()


def _line_quad(rect: tuple[float, float, float, float]) -> pymupdf.Quad:
    """A line's box as a highlight's quad, set along the line: a line far taller than wide
    runs up the page (a scan read turned upright), and MuPDF widens a highlight across its
    quad by a share of the quad's height, so an upright quad of such a line spilled over
    the lines beside it (150 points wide for a 12-point line)."""
    box = pymupdf.Rect(rect)
    if box.height <= _UPRIGHT * box.width:
        return box.quad
    return pymupdf.Quad(box.bl, box.tl, box.br, box.tr)  # read upwards, its top to the left


def ligature_words(words: Sequence[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """MuPDF's words of a line, a word that ends in a ligature joined to the next one where that
    one starts inside the ligature's box: the reader left out the space set there (pdf_lines.
    close_ligature_gaps), so the line's text counts them as one word ("Inﬂuenzavirus")."""
    out: list[tuple[Any, ...]] = []
    for word in words:
        if out:
            last = out[-1]
            if (
                str(last[4])[-1:] in LIGATURES
                and (last[5], last[6]) == (word[5], word[6])
                and word[0] <= last[2] + _TOUCH
            ):
                rect = (
                    min(last[0], word[0]),
                    min(last[1], word[1]),
                    word[2],
                    max(last[3], word[3]),
                )
                out[-1] = (*rect, str(last[4]) + str(word[4]), *last[5:])
                continue
        out.append(tuple(word))
    return out
