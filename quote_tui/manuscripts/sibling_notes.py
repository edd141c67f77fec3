"""Footnote definitions kept in another Markdown file of the same book.

Pandoc concatenates its input files before it reads them (``pandoc 1-ch.md 2-ch.md notes.md``),
so a book written in several files may define a chapter's notes anywhere: a common habit puts
them all in one file of notes beside the chapters. A chapter read alone then has note marks
(``[^3]``) and no note texts, and every quotation whose citation is in a note is unreferenced.
When a manuscript's marks have no definition in it, the definitions of exactly those labels are
read from the Markdown files beside it that hold them as a notes file does: defined there and
not marked there (a chapter that defines its own notes marks them itself).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from quote_tui.manuscripts.document import FootnoteSpan, Manuscript, blank_out
from quote_tui.manuscripts.markdown import read_markdown

__all__ = ["with_sibling_notes"]

_MARK = re.compile(r"\[\^(?P<id>[^\]\s]+)\](?!:)")
_SUFFIXES = (".md", ".markdown", ".qmd", ".rmd")
_MAX_BYTES = 4_000_000  # a file of notes, not a corpus: a larger file is not read
_MAX_FILES = 200  # a book's folder, not a whole archive
_MAX_TOTAL = 16_000_000  # all the files beside it read together, at most


def with_sibling_notes(ms: Manuscript, path: Path) -> Manuscript:
    """``ms`` with the notes its marks lack read from Markdown files beside ``path``.

    Args:
        ms: the Markdown manuscript as read from ``path`` alone (one document).
        path: the manuscript's file.

    Returns:
        ``ms`` unchanged when every mark has its note (or no file beside it has the note);
        else with one more document per file that supplied notes (only those notes are
        read in it), the notes in ``footnotes``, and a warning naming the file.
    """
    main = ms.documents[0]
    scan = main.scan_text if main.scan_text is not None else main.text
    missing = {m.group("id") for m in _MARK.finditer(scan)} - set(ms.footnotes)
    if not missing:
        return ms
    documents = list(ms.documents)
    footnotes = dict(ms.footnotes)
    warnings = list(ms.warnings)
    budget = _MAX_TOTAL
    for sibling in _siblings(path):
        if not missing or budget <= 0:
            break
        text = _read(sibling)
        budget -= len(text or "")
        if text is None or "[^" not in text:
            continue
        read = read_markdown(text, sibling.name)
        doc = read.documents[0]
        sibling_scan = doc.scan_text if doc.scan_text is not None else doc.text
        marked = {m.group("id") for m in _MARK.finditer(sibling_scan)}
        taken = {n: s for n, s in read.footnotes.items() if n in missing and n not in marked}
        if not taken:
            continue
        index = len(documents)
        spans = sorted((s.start, s.end) for s in taken.values())
        starts = [0, *(end for _, end in spans)]
        ends = [*(start for start, _ in spans), len(text)]
        hidden = [(a, b) for a, b in zip(starts, ends, strict=True) if a < b]
        inside = [b for b in doc.blocks if any(a <= b.start < e for a, e in spans)]
        documents.append(
            replace(
                doc,
                scan_text=blank_out(sibling_scan, hidden),
                blocks=tuple(inside),
                anchors=(),
                notes=(),
                skip=(),
            )
        )
        for note, span in taken.items():
            footnotes[note] = FootnoteSpan(index, span.start, span.end)
        missing -= set(taken)
        labels = sorted(taken, key=_label_order)
        shown = f"[^{labels[0]}]" + (f" to [^{labels[-1]}]" if len(labels) > 1 else "")
        warnings.append(
            f"{main.file}: the texts of notes {shown} ({len(labels)}) were read from "
            f"{sibling.name} beside it (Pandoc reads a book's files as one text)"
        )
    return replace(ms, documents=tuple(documents), footnotes=footnotes, warnings=tuple(warnings))


def _label_order(label: str) -> tuple[int, str]:
    return (int(label), "") if label.isdigit() else (1 << 30, label)


def _siblings(path: Path) -> list[Path]:
    """The Markdown files beside ``path``, in name order (the order a shell's ``*.md`` gives
    Pandoc)."""
    try:
        files = sorted(
            p
            for p in path.parent.iterdir()
            if p.suffix.lower() in _SUFFIXES and p.name != path.name and p.is_file()
        )
    except OSError:
        return []
    return files[:_MAX_FILES]


def _read(path: Path) -> str | None:
    try:
        if path.stat().st_size > _MAX_BYTES:
            return None
        raw = path.read_bytes()
    except OSError:
        return None
    if b"\x00" in raw[:8192]:
        return None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")
