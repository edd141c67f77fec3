"""A PDF source's notes on pages its text does not hold: pages a scan's OCR had no time for,
and pages a font left unreadable. Each names the pages, so a reader knows where a quotation not
found may still stand."""

from __future__ import annotations

from quote_tui.sources.readers.pdf_ocr_poor import pages_named

__all__ = ["font_ocr_note", "unmapped_note", "unread_note"]


def unread_note(unread: tuple[int, ...], count: int) -> str:
    """The source's note on a scan's pages OCR had no time for, naming them: a user's machine
    may be slower than the one the budget was set on, and "12 of 40" does not say which."""
    runs: list[list[int]] = []
    for page in unread:
        if runs and page == runs[-1][1] + 1:
            runs[-1][1] = page
        else:
            runs.append([page, page])
    named = ", ".join(str(a) if a == b else f"{a}\u2013{b}" for a, b in runs[:10])
    return (
        f"OCR read {count - len(unread)} of the scan's {count} pages within the read's budget "
        f"(--read-timeout); page(s) {named}{', ...' if len(runs) > 10 else ''} were not read, "
        "and a quotation not found may stand there: give the read more time to read them."
    )


def unmapped_note(pages: tuple[int, ...]) -> str | None:
    """The source's note on pages whose text layer is unreadable, naming them (a few)."""
    if not pages:
        return None
    return (
        f"unmapped_font: the text layer of page(s) {pages_named(pages)} is unreadable there "
        "(a font without a Unicode map); a quotation not found may stand there, so it is "
        "inconclusive."
    )


def font_ocr_note(pages: tuple[int, ...]) -> str | None:
    """The source's note on pages whose text layer a font left unreadable throughout, read by
    OCR instead (``pdf_ocr_unmapped``), naming them (a few)."""
    if not pages:
        return None
    return (
        f"The text layer of page(s) {pages_named(pages)} is unreadable (a font without a "
        "Unicode map): their text is Tesseract's reading of the page images, and a quotation "
        "not found faithfully in the document is inconclusive."
    )
