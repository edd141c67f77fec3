"""Spans of a document: which positions lie in a set of spans, and quoted titles in notes."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable

from quote_tui.manuscripts.document import Block, Document
from quote_tui.manuscripts.quotes import QuoteSpan, find_quotes

__all__ = ["Cover", "in_note_title", "is_note_title", "note_title", "outermost", "skip_blank"]


# A note's title is followed by where the work is found: "„Was ist eigentlich GitHub?“,
# unter: http://...", '"Title," in Proceedings', ", available at", ", abgerufen am".
_WHERE_NEXT = re.compile(
    r"\s*,\s*(?:unter|in|im|URL|online|available|retrieved|accessed|abgerufen|aufgerufen)\b", re.I
)


# A reference typed in a note: the title, then the journal and the year that end the entry
# (Bakshy E, Messing S. “Exposure to … on Facebook”. Science. (2015)).
_ENTRY_ENDS = re.compile(
    r"\s*[.,]?\s*(?:[A-Z][^\n.“”\"„]{0,80}[.,]\s*)?"
    r"\(?(?:1[5-9]|20)\d\d[a-z]?\)?[.,;]?[ \t]*(?:\n|$)"
)


_AUTHOR_COLON = re.compile(
    r"\b[A-ZÄÖÜ][\w'’.-]+(?:\s+[A-ZÄÖÜ][\w'’.-]+){0,3}:\s*(?:,,|``|[\"'„“«»‚`])+\s*$"
)
# The author opening a note's reference (or after "Cf." or ";"), a comma, then the marks.
_AUTHOR_COMMA = re.compile(
    r"(?:^|\n|[.;]\s|\b(?:Cf|cf|Vgl|vgl|Ver|ver|Voir|voir|Véase|véase|Siehe|See|see)\.?\s)\s*"
    r"[A-ZÄÖÜÁÉÍÓÚÂÊÔÀÇ][\w'’.-]+(?:\s+(?:[A-ZÄÖÜÁÉÍÓÚÂÊÔÀÇ][\w'’.-]+|et\s+al\.))?,"
    r"(?:\s+[A-ZÄÖÜÁÉÍÓÚÂÊÔÀÇ][\w'’.-]+(?:\s+[A-Z]\.)?,)?\s*[«“\"„‚‘]\s*$"
)
# A cite command that gives a place, then a colon or comma and the marks: what follows is the
# work's wording there, not its title (German sentences pass the capitals test: nouns).
_CITED_AT_PAGE = re.compile(
    r"\\\w*cite\w*\*?(?:\[[^\]]*\]){0,1}\[[^\]]*\d[^\]]*\]\{[^{}]*\}[\s~]*[:,][\s~]*"
    r"(?:,,|``|[\"'„“«»‚‘`])+[\s~]*\Z"
)
_CITE_REACH = 160
_ITALIC_NEXT = re.compile(r"\s*(?:\*[^*\n]{2,120}\*|_[^_\n]{2,120}_|\\(?:textit|emph)\{)")

# After a Chicago note's title: the journal and its volume and year, "Revue d’histoire du XIXe
# siècle 32 (2006): 137–51", or the book's place, publisher and year, "… (Paris: Mobilier
# National, 2021), 465–76", before the note's sentence ends. The journal or book follows the
# closing mark at once ("“…,” he wrote in his Memoirs (Paris: …)" quotes a man's words).
_PUBLISHED_NEXT = re.compile(
    r"\s+(?:in\s+)?[A-ZÀ-ÖØ-Þ0-9][^.!?\n“”\"]{0,200}?"
    r"(?:\b\d{1,4}(?:,\s*no\.\s*\d+)?\s*\((?:[A-Za-z]+\.?\s+)?(?:1[5-9]|20)\d\d\)|"
    r"\([^()\n]{2,80}:\s*[^()\n]{2,80},\s*(?:1[5-9]|20)\d\d\))"
)


def is_note_title(text: str, start: int, end: int, close_end: int) -> bool:
    """Quoted words that name a work: Title Case, ending in the comma or stop of a note, or
    followed by the journal and year that end a typed reference."""
    inner = text[start:end].strip()
    if _CITED_AT_PAGE.search(text, max(0, start - _CITE_REACH), start):
        return False  # the cited page's words ("\cite[12]{k}: ,,Der Ort … liefert.''")
    if _WHERE_NEXT.match(text, close_end) or _ENTRY_ENDS.match(text, close_end):
        return True
    # Chicago's “Title,” *Journal* 33, no. 2: the comma set inside the marks (after a title's
    # own nested ‘…,’), then the journal or book in italics; a Word note has lost the italics,
    # but the journal's volume and year or the book's place, publisher and year follow.
    if inner.rstrip("’'”\"").endswith(",") and (
        _ITALIC_NEXT.match(text, close_end) or _PUBLISHED_NEXT.match(text, close_end)
    ):
        return True
    # German typed references set the title after the author and a colon: "Claudia Flümann:
    # „… doch nicht bei uns in Krefeld!“. Arisierung, …" (a subtitle after the stop).
    colon = _AUTHOR_COLON.search(text, max(0, start - 80), start)
    if colon and text[close_end : close_end + 1] in (".", ","):
        return True
    # Romance-language references set the title after the author and a comma, whatever its
    # case: "Cf. Baratta, Roberto, «Lo scioglimento …», Diritto di famiglia …, 2008, p. 193",
    # "Comissão Europeia, «RELATÓRIO DA COMISSÃO …», COM(2014) 225".
    if _AUTHOR_COMMA.search(text, max(0, start - 80), start) and text[
        close_end : close_end + 1
    ] in (".", ","):
        return True
    after = text[close_end : close_end + 1]
    if not (inner.rstrip("’'”\"").endswith((",", ".")) or after in (",", ".")):
        return False
    words = [w for w in re.findall(r"[^\W\d_][\w'’-]*", inner) if len(w) >= 4]
    if not words:
        return False
    return sum(1 for w in words if w[0].isupper()) >= 0.6 * len(words)


def in_note_title(notes: Cover, doc: Document, span: QuoteSpan) -> bool:
    """Whether the quoted ``span`` lies in a note (``notes``) and names a work there."""
    return span.start in notes and is_note_title(doc.text, span.start, span.end, span.close_end)


def note_title(text: str, start: int, end: int, *, latex: bool = False) -> str | None:
    """The title a note quotes. One word is a title too when where the work is found follows
    it (a web page's: "Sebastian Brockmeyer, „Versionsverwaltung“, unter: https://…")."""
    for q in find_quotes(text[start:end], min_words=1, latex=latex):
        a, b, close = start + q.start, start + q.end, start + q.close_end
        if len(text[a:b].split()) < 2 and not _WHERE_NEXT.match(text, close):
            continue
        if is_note_title(text, a, b, close):
            return text[a:b].strip().rstrip(",.")
    return None


class Cover:
    """Whether a position lies in any of a set of spans, by bisection over their union.

    Testing every quotation against every footnote or skipped span one by one is quadratic,
    and a manuscript may hold thousands of each.
    """

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        for start, end in sorted(s for s in spans if s[0] < s[1]):
            if self.ends and start <= self.ends[-1]:
                self.ends[-1] = max(self.ends[-1], end)
            else:
                self.starts.append(start)
                self.ends.append(end)

    def __contains__(self, pos: int) -> bool:
        k = bisect_right(self.starts, pos) - 1
        return k >= 0 and pos < self.ends[k]


def outermost(blocks: Iterable[Block]) -> list[Block]:
    """The blocks that lie in no other: a quotation inside a block quotation (or inside an
    \\enquote) is part of its text."""
    out: list[Block] = []
    reach = -1
    for block in sorted(blocks, key=lambda b: (b.start, -b.end)):
        if block.end <= reach:
            continue
        out.append(block)
        reach = max(reach, block.end)
    return out


def skip_blank(text: str, pos: int) -> int:
    """The first position from ``pos`` on that is not blank or a Markdown block's mark."""
    while pos < len(text) and text[pos] in " \t\n>":
        pos += 1
    return pos
