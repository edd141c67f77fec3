"""A manuscript as the readers deliver it: texts with quotation blocks, anchors and footnotes."""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from quote_tui.manuscripts.model import Anchor, BibEntry, Location
from quote_tui.manuscripts.refs import Mention, find_mentions

__all__ = ["Block", "Document", "Manuscript", "blank_out", "mentions_in"]


@dataclass(frozen=True, slots=True)
class Block:
    """A quotation the format marks as such (a block quote, a quote-styled paragraph, a
    csquotes command): ``start:end`` is its text; ``after`` is where the text goes on.

    ``mention`` is a reference the markup itself carries (``\\textcquote[p.~4]{key}{...}``).
    """

    start: int
    end: int
    after: int
    mention: Mention | None = None
    inline: bool = False  # a quotation inside a sentence (\enquote): its reference follows it
    # where the block names its source after the words, as an epigraph is signed: an HTML
    # <footer>, a "— Author" line (the words without the marks and dash)
    signed: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Document:
    """One text of a manuscript: a file, an included LaTeX file, or a .docx part.

    Attributes:
        file: the file name shown in locations.
        text: the text; offsets everywhere index it.
        kind: markdown | latex | plain | docx (decides which citation syntaxes are read).
        scan_text: ``text`` with code, comments and markup that holds no prose blanked out
            (same length), or ``None`` when it is ``text``.
        part: a .docx part name (document, footnotes, endnotes).
        skip: spans where quotations are not looked for (a reference list).
    """

    file: str
    text: str
    kind: str
    scan_text: str | None = None
    blocks: tuple[Block, ...] = ()
    anchors: tuple[Anchor, ...] = ()
    part: str | None = None
    skip: tuple[tuple[int, int], ...] = ()
    notes: tuple[tuple[int, int], ...] = ()  # LaTeX \footnote{...} spans, in text order
    # a LaTeX writer's own commands that stand for words (name -> body), read in quotations
    macros: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    _lines: list[int] = field(default_factory=list, compare=False, repr=False)
    # every citation of the text, read once (``mentions_in``): the text and kind they were
    # read as, the mentions in order, and their ends
    _cited: list[tuple[str, str, list[Mention], list[int]]] = field(
        default_factory=list, compare=False, repr=False
    )

    def location(self, offset: int) -> Location:
        """The 1-based line and column of ``offset``."""
        if not self._lines:
            self._lines.append(0)
            self._lines.extend(i + 1 for i, ch in enumerate(self.text) if ch == "\n")
        line = bisect.bisect_right(self._lines, offset)
        column = offset - self._lines[line - 1] + 1
        if self.kind == "docx":
            line = (line + 1) // 2  # paragraphs are joined by a blank line
        return Location(self.file, line, column, offset, self.part)


@dataclass(frozen=True, slots=True)
class FootnoteSpan:
    """Where a footnote's text is: document index and span."""

    doc: int
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Manuscript:
    """Everything a reader found in a manuscript."""

    documents: tuple[Document, ...]
    footnotes: dict[str, FootnoteSpan] = field(default_factory=dict)
    numbered: dict[str, BibEntry] = field(default_factory=dict)
    keyed: dict[str, BibEntry] = field(default_factory=dict)  # \bibitem entries
    listed: tuple[BibEntry, ...] = ()  # the typed reference list's entries, numbered or not
    warnings: tuple[str, ...] = ()


def blank_out(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each span's characters turned to spaces, line breaks kept: what a scan must
    not read (code, comments) disappears, and every offset and line still holds."""
    chars = list(text)
    for start, end in spans:
        for i in range(start, end):
            if chars[i] != "\n":
                chars[i] = " "
    return "".join(chars)


def mentions_in(doc: Document, start: int, end: int) -> list[Mention]:
    """The citations written in ``doc.text[start:end]``, read as the document's kind writes
    them (LaTeX commands, Pandoc keys in Markdown and plain text).

    The whole text is read once and each stretch found by bisection: attribution asks for the
    citations around every quotation, and reading each stretch anew made a long paragraph of
    cited quotations read the same citations thousands of times.
    """
    mentions, ends = _all_mentions(doc)
    # the mentions never overlap, so sorted by start their ends rise too
    lo = bisect.bisect_left(ends, start + 1)
    while lo < len(mentions) and mentions[lo].start < start:
        lo += 1
    hi = bisect.bisect_right(ends, end)
    return mentions[lo:hi]


def _all_mentions(doc: Document) -> tuple[list[Mention], list[int]]:
    """Every citation of ``doc.text`` in order, with their ends; kept with the document (a copy
    made with another text or kind reads its own)."""
    if doc._cited and doc._cited[0][0] is doc.text and doc._cited[0][1] == doc.kind:
        return doc._cited[0][2], doc._cited[0][3]
    mentions = find_mentions(
        doc.text, latex=doc.kind == "latex", markdown=doc.kind in ("markdown", "plain")
    )
    ends = [m.end for m in mentions]
    doc._cited[:] = [(doc.text, doc.kind, mentions, ends)]
    return mentions, ends
