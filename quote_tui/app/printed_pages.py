"""A page the user types ("102", "xii", "pdf 4") as the PDF page it means."""

from __future__ import annotations

__all__ = ["resolve_page"]


def resolve_page(
    page_count: int, labels: tuple[str | None, ...], value: str
) -> tuple[int, str] | str:
    """The PDF page a typed page means, with a note when the choice needs saying.

    Researchers cite printed pages, so a printed page number (or roman numeral) is preferred;
    ``pdf N`` always means the N-th PDF page.

    Returns:
        (1-based PDF page, message or "") or, when no page fits, why.
    """
    text = value.strip().lower()
    forced = text.startswith("pdf")
    text = text.removeprefix("pdf").strip().removeprefix("p.").removeprefix("p").strip()
    if not text:
        return f"{value!r} is not a page."
    printed = next(
        (i for i, label in enumerate(labels, start=1) if label and label.lower() == text), None
    )
    index = int(text) if text.isdigit() else None
    in_range = index is not None and 1 <= index <= page_count
    if forced:
        if in_range:
            assert index is not None
            return index, ""
        return f"There is no PDF page {text} (1–{page_count})."
    if printed is not None:
        if in_range and index != printed:
            return printed, (
                f"Printed page {text} is PDF page {printed}; for PDF page {text}, type pdf {text}."
            )
        return printed, "" if printed == index else f"Printed page {text} (PDF page {printed})."
    if in_range:
        assert index is not None
        label = labels[index - 1] if len(labels) >= index else None
        note = f"No page is printed {text}; PDF page {text}" + (
            f" (printed {label})." if label else "."
        )
        return index, note if any(labels) else ""
    shown = [label for label in labels if label]
    printed_range = f"printed {shown[0]}–{shown[-1]}, " if shown else ""
    return f"There is no page {text} ({printed_range}PDF 1–{page_count})."
