"""The work a paragraph names, for a quotation that carries no citation of its own.

Writers cite a study once and quote it several times in the paragraph that discusses it:
``\\citet[S. 19]{randoll07} schreiben, dass ... Sie gaben an, dass die Schule eine „hohe
Offenheit“ besitze.`` The second sentence's quotation is the same work's, at the same place.
Only a narrative citation is taken (``\\citet``, ``\\textcite``, ``@key``, ``Lo (2020)``): it
makes the work the paragraph's subject. A bracketed one belongs to what it follows (``"..."
[@a]. The book opens "..."`` leaves the second quotation unreferenced), so when the citation
nearest before the quotation is bracketed, none is taken; nor one of another paragraph.

A bracketed citation that closes the paragraph as a sentence of its own right after the
quotation's sentence (Pandoc's aside ``"…" intelligence. [This goes back to @moor, p. 249.]``)
names the source of the sentence before it, with nothing quoted between. A quotation in the
sentence that introduces a block quotation (``"The purpose … device," they argued:`` then the
block) is the block's speaker's, and takes the block's citation.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache

from quote_tui.manuscripts.clauses import NARRATIVE_COMMAND
from quote_tui.manuscripts.document import Document, mentions_in
from quote_tui.manuscripts.evidence import sentence_start
from quote_tui.manuscripts.model import BibEntry, Locator
from quote_tui.manuscripts.refs import Mention, find_mentions
from quote_tui.manuscripts.speaker import named_speaker
from quote_tui.manuscripts.statutes import named_statute

__all__ = ["closing_named", "context_link", "introduced_block", "paragraph_cite"]

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
# Styles that name a work; a bare page, a footnote mark or an address names none by itself.
_NAMING = frozenset(("pandoc", "latex", "author_date", "numbered"))
_LATEX_NARRATIVE = re.compile(NARRATIVE_COMMAND)
_REACH = 3_000  # a paragraph longer than this is read this far either side of the quotation


def _begin(text: str, start: int) -> int:
    """Where the paragraph holding ``start`` begins, looked for at most ``_REACH`` back."""
    lo = max(0, start - _REACH)
    breaks = list(_PARAGRAPH_BREAK.finditer(text, lo, start))
    return breaks[-1].end() if breaks else lo


@lru_cache(maxsize=4)
def _naming(
    text: str, kind: str, notes: tuple[tuple[int, int], ...]
) -> tuple[list[int], list[Mention]]:
    """The text's citations that name a work, found once (a manuscript of thousands of uncited
    quotations searched its paragraph for each), with their ends for bisection. A citation in a
    LaTeX note is the note's, not the paragraph's: "\\footnote{Arendt (1998), 185.}" names no
    work for the sentences after it."""
    found = find_mentions(text, latex=kind == "latex", markdown=kind in ("markdown", "plain"))
    starts = [a for a, _ in notes]
    naming = [m for m in found if m.style in _NAMING and not _in_note(m, notes, starts)]
    return [m.end for m in naming], naming


def _in_note(m: Mention, notes: tuple[tuple[int, int], ...], starts: list[int]) -> bool:
    k = bisect_right(starts, m.start) - 1
    return k >= 0 and m.start < notes[k][1]


def context_link(
    doc: Document,
    start: int,
    end: int,
    locator: Locator | None,
    listed: Sequence[BibEntry] = (),
) -> tuple[Mention | None, Locator | None]:
    """An uncited quotation's paragraph cite, and its locator: a bare page written after the
    quotation (``"..." (6)``) stays the quotation's own. A speaker its own sentence names
    whose one work the text's list (``listed``) holds comes first (speaker.py)."""
    mention = named_speaker(doc.text, sentence_start(doc.text, start), start, end, listed)
    mention = mention or closing_named(doc, start, end) or paragraph_cite(doc, start, end)
    mention = mention or named_statute(doc.text, start)
    return mention, locator or (mention.locator if mention else None)


# From the quotation's closing mark to an aside's opening bracket: no other mark, one sentence
# end, then the bracket.
_TO_ASIDE = re.compile(r"[\"'”’»«“]?[^\"“”„«»\n]{0,300}?[.!?]\s+")
# Or the rest of the quotation's own sentence, where only a term or two in marks stand (masked
# by ``_TERM`` first): the aside cites the sentence ("… dass „alle Versionen …“ werden und … neu
# „erfinden“, während … sind. [@wild]"); a longer quotation between keeps the aside its own.
_TO_ASIDE_SAME = re.compile(r"[\"'”’»«“]?[^.!?\n\"“”„«»]{0,300}[.!?]\s+")
# A word or two in marks after a space: a term the sentence uses, not a quotation of its own.
_TERM = re.compile(r"(?<=\s)[„“\"«»][^\s„“”\"«»]+(?:\s[^\s„“”\"«»]+)?[“”\"«»](?=[\s,.;:!?])")
# After the aside: the paragraph's (or a list item's) end.
_AFTER_ASIDE = re.compile(r"[ \t]*(?:\n|$)")


def paragraph_cite(doc: Document, start: int, end: int) -> Mention | None:
    """The citation of the paragraph holding ``doc.text[start:end]`` (see the module)."""
    ends, naming = _naming(doc.text, doc.kind, doc.notes)
    k = bisect_right(ends, start)
    aside = _aside(doc.text, end, naming, k)
    if aside is not None:
        return aside
    if k == 0:
        return None
    last = naming[k - 1]
    begin = _begin(doc.text, start)
    if last.start < begin and not _goes_on(doc.text, begin, last.start):
        return None  # another paragraph's, or farther back than the reach
    if last.style == "latex":
        return last if _LATEX_NARRATIVE.match(last.raw) else None
    if last.raw.startswith("[-@"):
        # Pandoc's "Meiklejohn [-@meiklejohn1882: 170] also quotes" names the author in the
        # text: narrative, unless a quotation before it in its sentence is what it cites
        # ("… "the paradox of the heap" like in Searle [-@searle1995]").
        return (
            None if _QUOTED_BEFORE.search(doc.text, max(0, last.start - 300), last.start) else last
        )
    return last if last.raw[:1] not in "([" else None


# A closing mark between the sentence's start and a citation (no sentence end after it).
_QUOTED_BEFORE = re.compile(r"(?:[\"”»]|’(?!\w))[^.!?\n\"“”„«»]*\Z")


# A paragraph that opens by naming the work the paragraph before discussed: "In dem Bericht
# wird außerdem hervorgehoben, …", "The study also found …".
_BACK_REFERENCE = re.compile(
    r"[ \t]*(?:(?:In|Laut|Nach|Aus|Im)\s+)?(?:(?:dem|der|diesem|dieser|derselben|demselben)\s+)?"
    r"(?:Bericht|Studie|Untersuchung|Befragung|Aufsatz|Artikel)\b"
    r"|[ \t]*(?:In\s+)?(?:The|This|the|this)\s+(?:report|study|survey|article|paper)\b"
)


def _goes_on(text: str, begin: int, cite: int) -> bool:
    """Whether the paragraph at ``begin`` opens by naming the work of the paragraph right
    before it, which holds the citation at ``cite``."""
    if not _BACK_REFERENCE.match(text, begin):
        return False
    return cite >= _begin(text, max(0, begin - 1))


def _aside(text: str, end: int, naming: list[Mention], k: int) -> Mention | None:
    """The bracketed citation closing the paragraph right after the quotation's sentence."""
    nxt = next((m for m in naming[k : k + 4] if m.start >= end), None)
    if nxt is None or nxt.raw[:1] != "[" or nxt.style != "pandoc":
        return None
    between = _TERM.sub(lambda m: "x" * len(m.group()), text[end : nxt.start])
    to = _TO_ASIDE.fullmatch(text, end, nxt.start) or _TO_ASIDE_SAME.fullmatch(between)
    return nxt if to and _AFTER_ASIDE.match(text, nxt.end) else None


# From a quotation's closing mark to the block its sentence introduces: the rest of the sentence
# (no other mark, no sentence end, no blank line), a colon, then only the block's opening.
_TO_BLOCK = re.compile(r"[\"'”’»«“]?(?:[^\"“”„«».!?:\n]|\n(?![ \t>]*\n)){0,120}:[ \t]*\n[ \t>\n]*")


def introduced_block(text: str, end: int, block_starts: list[int]) -> int | None:
    """The start of the block quotation (of ``block_starts``, sorted) that the sentence of the
    quotation closing at ``end`` introduces with a colon, if any."""
    k = bisect_right(block_starts, end)
    if k == len(block_starts):
        return None
    start = block_starts[k]
    return start if _TO_BLOCK.fullmatch(text, end, start) else None


_LINE_END = re.compile(r"\n|\Z")
_CAPITALISED = re.compile(r"[A-ZÄÖÜ][\w'’-]+")
_LINE_REACH = 1_500  # a line (a Word paragraph) read this far after the quotation


def closing_named(doc: Document, start: int, end: int) -> Mention | None:
    """The bracketed citation that closes the quotation's line (a Word paragraph, a list item),
    when the quotation's own sentence names its author and nothing else is cited between:
    '"Wild Geese" by Mary Oliver, encourages her readers to, "…". I wanted … (Oliver, 1986).'"""
    text = doc.text
    line_end = _LINE_END.search(text, end, min(len(text), end + _LINE_REACH))
    if line_end is None:
        return None
    # (the document's citations, read once: reading each quotation's line anew made a paragraph
    # of thousands of quotations read its citations thousands of times)
    found = [m for m in mentions_in(doc, end, line_end.start()) if m.style in _NAMING]
    if len(found) != 1 or found[0].style != "author_date" or not found[0].raw.startswith("("):
        return None
    cite = found[0]
    if text[cite.end : line_end.start()].strip(" \t.;"):
        return None
    named = set(_CAPITALISED.findall(text[sentence_start(text, start) : start]))
    return cite if cite.names and cite.names[0] in named else None
