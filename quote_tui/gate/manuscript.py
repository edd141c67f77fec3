"""The claims gate's prose checks on a manuscript (``quote-tui check paper.md --gate``).

A manuscript has no items, so the sentence around a quotation plays the item's part: its prose is
that sentence with the quotations themselves and the reference marks blanked out (a year or page
in ``(Lincoln 1863, p. 2)`` is the reference, not a claim), and its quotations are every quotation
that stands in it. A block quotation is introduced by the sentence before it, so that sentence is
its prose. Blanking keeps every offset, so each finding points at the manuscript's own line and
column.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from quote_tui.gate.findings import Finding, Place
from quote_tui.gate.prose import GateConfig, check_prose
from quote_tui.manuscripts.document import Document, Manuscript
from quote_tui.manuscripts.extract import Found, extract
from quote_tui.manuscripts.model import Citation
from quote_tui.manuscripts.refs import find_mentions, sentence_window
from quote_tui.manuscripts.scan import read_manuscript

__all__ = ["manuscript_findings", "sentence_items"]

_BREAK = re.compile(r"[.!?][\"'”’)\]]*\s+(?=[A-Z“\"‘(\[])")
_PARAGRAPH = re.compile(r"\n[ \t>]*\n")
_LEAD_IN_JUNK = " \t\n>*_:—–-"


@dataclass(frozen=True, slots=True)
class SentenceItem:
    """One sentence of a manuscript with the quotations that stand in (or after) it."""

    doc: Document
    start: int
    end: int
    quotes: tuple[str, ...]
    quote_spans: tuple[tuple[int, int], ...]
    citation_ids: tuple[str, ...]

    def prose(self) -> str:
        """The sentence with quotations and reference marks blanked out (same length)."""
        source = self.doc.scan_text if self.doc.scan_text is not None else self.doc.text
        chars = list(source[self.start : self.end])
        blank = list(self.quote_spans)
        blank += [
            (m.start, m.end)
            for m in find_mentions(
                self.doc.text,
                self.start,
                self.end,
                latex=self.doc.kind == "latex",
                markdown=self.doc.kind in ("markdown", "plain"),
            )
        ]
        for a, b in blank:
            for i in range(max(a, self.start), min(b, self.end)):
                chars[i - self.start] = " " if chars[i - self.start] != "\n" else "\n"
        return "".join(chars)


def _sentence_start(text: str, pos: int) -> int:
    lo = max(0, pos - 600)
    for m in _PARAGRAPH.finditer(text, lo, pos):
        lo = m.end()
    start = lo
    for m in _BREAK.finditer(text, lo, pos):
        start = m.end()
    return start


def _span_of(found: Found) -> tuple[int, int, int, int]:
    """The quotation's span and its sentence's span in its document's text."""
    text = found.doc.text
    q_start = found.location.offset
    q_end = q_start + len(found.quote_raw)
    # The closing quotation mark belongs to the quotation, not to the prose.
    while q_end < len(text) and text[q_end] in "\"'”’»“":
        q_end += 1
    open_at = q_start
    while open_at > 0 and text[open_at - 1] in "\"'“‘«„`":
        open_at -= 1
    start = _sentence_start(text, open_at)
    if not text[start:open_at].strip(_LEAD_IN_JUNK):
        # Nothing of the sentence stands before the quotation: a block quotation, introduced
        # by the sentence before it ("Lincoln closed with these words:").
        before = len(text[:start].rstrip(_LEAD_IN_JUNK))
        if before > 0:
            start = _sentence_start(text, before)
    end = max(q_end, sentence_window(text, q_end))
    return open_at, q_end, start, end


def sentence_items(founds: Sequence[Found], citations: Sequence[Citation]) -> list[SentenceItem]:
    """Group quotations by the sentence around them; quotations sharing a sentence share an
    item, so each counts as support for the others' prose."""
    groups: list[tuple[Document, int, int, list[str], list[tuple[int, int]], list[str]]] = []
    for found, citation in zip(founds, citations, strict=False):
        q_start, q_end, start, end = _span_of(found)
        last = groups[-1] if groups else None
        if last is not None and last[0] is found.doc and start < last[2]:
            groups[-1] = (
                last[0],
                min(last[1], start),
                max(last[2], end),
                [*last[3], citation.quote],
                [*last[4], (q_start, q_end)],
                [*last[5], citation.id],
            )
            continue
        groups.append((found.doc, start, end, [citation.quote], [(q_start, q_end)], [citation.id]))
    return [
        SentenceItem(doc, start, end, tuple(quotes), tuple(spans), tuple(ids))
        for doc, start, end, quotes, spans, ids in groups
    ]


def manuscript_findings(
    path: Path,
    citations: Sequence[Citation],
    config: GateConfig,
    *,
    min_words: int = 4,
    name: str | None = None,
    read: tuple[Manuscript, Sequence[Found]] | None = None,
) -> tuple[Finding, ...]:
    """The prose checks on every sentence of a manuscript that holds a quotation.

    Args:
        path: the manuscript (Markdown, plain text, LaTeX or .docx).
        citations: the scan's citations, in the order the scan found them (``c1``, ``c2``, ...).
        config: the gate's config (allow list, copy_run, era rule).
        min_words: the scan's shortest quotation, so the same quotations are found.
        name: how findings name the manuscript's main file (default: the path as given).
        read: the manuscript and its quotations as the scan read them (``ScanResult.read``),
            so they are not read and extracted a second time; None reads them here.

    Returns:
        The findings, in manuscript order.
    """
    if read is None:
        ms = read_manuscript(path)
        read = ms, extract(ms, min_words=min_words)
    ms, founds = read
    main_file = ms.documents[0].file if ms.documents else path.name
    findings: list[Finding] = []
    for item in sentence_items(founds, citations):
        prose = item.prose()
        tag = ",".join(item.citation_ids)
        file = (name or str(path)) if item.doc.file == main_file else item.doc.file
        for issue in check_prose(prose, item.quotes, config):
            at = item.start + (issue.start or 0)
            where = item.doc.location(at)
            findings.append(
                Finding(
                    issue.code,
                    issue.severity,
                    Place(file, where.line, where.column, tag),
                    issue.words,
                    issue.message,
                )
            )
    return tuple(findings)
