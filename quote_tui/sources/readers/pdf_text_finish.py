"""The passes over a PDF's whole text once its pages are composed, in their order.

Each reads the text alone (no page is asked again) and gives it back with its page starts and
line boxes moved to any change of length.
"""

from __future__ import annotations

from quote_tui.engine.text import LineBox
from quote_tui.sources.readers.pdf_entities import read_entities
from quote_tui.sources.readers.pdf_homoglyphs import latin_math_letters
from quote_tui.sources.readers.pdf_ligature_letters import drop_fillers
from quote_tui.sources.readers.pdf_quote_pairs import paired_quotes
from quote_tui.sources.readers.pdf_soft_hyphens import drop_doubled_hyphens
from quote_tui.sources.readers.pdf_url_breaks import mark_url_breaks

__all__ = ["finish_text"]

Composed = tuple[str, tuple[int, ...], tuple[LineBox, ...]]


def finish_text(
    text: str,
    page_starts: tuple[int, ...],
    boxes: tuple[LineBox, ...],
    *,
    printed: bool,
    layer: bool = False,
) -> Composed:
    """The composed text with the fillers after ligatures read from their letters dropped
    (``pdf_ligature_letters``); where it is ``printed`` (a text layer, not OCR's), a lone
    Cyrillic "д" read as the Latin "g" its font draws and two single quotes as the double
    quote they print; a soft hyphen after a printed one at a line's end dropped
    (``pdf_soft_hyphens``); in a scan's own OCR ``layer``, its HTML character references read
    as their characters (``pdf_entities``); and each line break inside a web address marked as
    inside a word."""
    text, page_starts, boxes = drop_fillers(text, page_starts, boxes)
    text, page_starts, boxes = drop_doubled_hyphens(text, page_starts, boxes)
    if layer:
        text, page_starts, boxes = read_entities(text, page_starts, boxes)
    if printed:
        text = latin_math_letters(text)
        text, page_starts, boxes = paired_quotes(text, page_starts, boxes)
    return mark_url_breaks(text, page_starts, boxes)
