"""A block quotation's own citation at its end: a field or note mark, a typed or keyed
citation, or a LaTeX note naming the source; the quoted words stop before it."""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import replace

from quote_tui.manuscripts.document import Block, Document, mentions_in
from quote_tui.manuscripts.latex import latex_to_text
from quote_tui.manuscripts.locators import BARE_LOCATOR, parse_locator
from quote_tui.manuscripts.model import Anchor, Locator
from quote_tui.manuscripts.notecite import from_latex_note
from quote_tui.manuscripts.notes import note_mention, page_after
from quote_tui.manuscripts.refs import Mention, note_author_year

__all__ = ["closing_citation", "signed_source"]

_PLACE = 20  # a page typed after a block's closing key is this short
_ANCHOR_SLACK = 2  # a field or footnote mark may follow the closing mark after a full stop


def closing_citation(
    doc: Document, block: Block
) -> tuple[int, Mention | None, Anchor | None, Locator | None]:
    """Where a block quotation that ends with its own citation stops, that citation, and the
    place it gives typed before the citation or alone ("… (Sure 2, Vers 22)[^8]", "> "…"
    (para. 8)"): the words' own locator, before a note's."""
    end, mention, anchor = _closing(doc, block)
    own = _closing_locator(doc, block.start, end)
    if own is not None:
        return _before_break(doc.text, block.start, own.start), mention, anchor, own.locator
    if mention is not None and (signed := _SIGNATURE.match(doc.text, mention.end, block.end)):
        # the note's work, at the page the signature line gives
        last = signed.group("sig").split(",")[-1].strip()
        return end, mention, anchor, parse_locator(last) if last else None
    return end, mention, anchor, None


# A signature line under a block whose words close with their note mark, the writer's typed
# citation set apart: "> …particularizes it.[^sex]" then ">" and "> *(De Beauvoir, The second
# sex, pp2014)*". The note names the work; the line may add its page.
_SIGNATURE = re.compile(
    r"[ \t]*\n(?:[ \t]*>[ \t]*\n)?[ \t]*>?[ \t]*[*_]{0,3}\((?P<sig>[^()\n]{2,120})\)[*_]{0,3}"
    r"[ \t.]*\n?[ \t>]*\Z"
)


def _closing(doc: Document, block: Block) -> tuple[int, Mention | None, Anchor | None]:
    tail_start = max(block.start, block.end - 300)
    anchors = [a for a in doc.anchors if tail_start <= a.start < block.end + _ANCHOR_SLACK]
    if anchors and not doc.text[anchors[-1].end : block.end].strip(" .,;:)\n"):
        return anchors[-1].start, None, anchors[-1]
    closing = _closing_mention(doc, tail_start, block.end)
    if closing is not None:
        return _before_break(doc.text, block.start, closing.start), closing, None
    # A LaTeX block that ends with its own \footnote{...} naming the source (an address).
    first = bisect_left(doc.notes, (tail_start, -1))
    for k, (a, b) in enumerate(doc.notes[first:], first):
        if a >= block.end or doc.text[b + 1 : block.end].strip(" .,;:)\n"):
            continue
        note = doc.text.rfind("\\footnote", block.start, a)
        # A typed citation on the block's last line, the note after it only where it was
        # seen: "``…''\\\\* (Illich 2000) \\footnote{https://…}" is Illich's.
        closing = _closing_mention(doc, tail_start, note)
        if closing is not None:
            return _before_break(doc.text, block.start, closing.start), closing, None
        inner = [m for m in mentions_in(doc, a, b) if m.style != "locator"]
        if inner and inner[0].locator is None and inner[0].style in ("latex", "pandoc"):
            # "\\footnote{\\cite{key}, S. 12}": the place typed after the cite, as in any note
            return note, replace(inner[0], locator=page_after(doc.text, inner[0].end, b)), None
        if inner:
            return note, inner[0], None
        # a note that names the work in prose or repeats the one before ("\\footnote{Ebd.}")
        mention, anchor = from_latex_note(doc, k)
        if anchor is not None or (mention is not None and mention.style != "locator"):
            return note, mention, anchor
    return block.end, None, None


def _closing_locator(doc: Document, start: int, end: int) -> Mention | None:
    """A bare locator in brackets that ``doc.text[start:end]`` ends with."""
    lo = max(start, end - 60)
    found = [m for m in mentions_in(doc, lo, end) if m.style == "locator" and m.locator]
    if found and not doc.text[found[-1].end : end].strip(" \t.,;:\n"):
        return found[-1]
    # MLA's page alone closing a block with no stop before it: "> Desires are already
    # memories (8)" (a page after a closing mark or a stop is a mention of its own)
    page = _LAST_PAGE.search(doc.text, lo, end)
    if page is not None and not re.fullmatch(r"(?:1[5-9]|20)\d\d", page.group(1)):
        loc = parse_locator(page.group(1))
        if loc is not None:
            return Mention(page.start(), page.end(), "locator", page.group(0), locator=loc)
    return None


_LAST_PAGE = re.compile(r"\((" + BARE_LOCATOR + r")\)[\s.*_]*\Z")


def _closing_mention(doc: Document, start: int, end: int) -> Mention | None:
    """The citation that ``doc.text[start:end]`` ends with, if any."""
    mentions = [m for m in mentions_in(doc, start, end) if m.style != "locator"]
    # A key with a note after it naming where the writer found the words ("(@leibniz1996
    # ^[Zitat entnommen aus @poser2007, S. 164f].)"): the key outside the note is the source.
    notes = [(a, b) for a, b in doc.notes if start <= a < end]
    outside = [m for m in mentions if not any(a - 1 <= m.start < b for a, b in notes)]
    if not mentions:
        return None
    last = outside[-1] if outside and notes else mentions[-1]
    rest = doc.text[last.end : end]
    for a, b in notes if last is not mentions[-1] else ():
        rest = rest.replace(doc.text[a - 2 : b + 1], "")  # the "^[…]" note itself
    # "\\": a Markdown line break; a closing mark: the writer wrapped the block in marks and
    # closed them after its citation (> "… abzufragen [...][@key, S. 878].")
    # LaTeX's closing marks too: ''  "' (babel's German)  \grqq{}  \frqq
    # (and a link's closing tag: "> <a href="#literatur">Meier (2012, S. 14)</a>")
    rest = _END_TAG.sub("", _LATEX_CLOSER.sub("", _REMARK.sub("", rest)))
    # and a block's emphasis, LaTeX's too: \textbf{\textit{“…”}\cite{key}}
    if last.style == "footnote" and _SIGNATURE.match(rest):
        return last
    rest = rest.strip(" \t.,;:)}\n\\\"”“»«’*_'")
    if not rest:
        return last
    # a key with its page typed after it, on the block's last line: "> @haller2017 S.93"
    locator = parse_locator(rest) if len(rest) <= _PLACE and "\n" not in rest else None
    if locator is not None and last.locator is None and last.style in ("pandoc", "latex"):
        return replace(last, end=end, locator=locator)
    return None


# The writer's remark after the block's citation: "[^19] [sic]", "(Hervorh. im Original)"
_REMARK = re.compile(
    r"[\s.]*[\[(](?:sic!?|Hervorh[^\[\]()]*|Herv\.[^\[\]()]*|emphas[ie]s[^\[\]()]*|italics[^\[\]()]*"
    r"|my\s+translation|meine\s+Übersetzung|Übers\.[^\[\]()]*)[\])][\s.]*$",
    re.I,
)
_LATEX_CLOSER = re.compile(r"\\(?:grqq|frqq|grq|frq|textquotedblright|rq)\b(?:\{\})?")
_END_TAG = re.compile(r"</[A-Za-z]+>")
# A LaTeX line break set before a block's closing citation ("''\\\\*" then the citation's line)
_LINE_BREAK = re.compile(
    r"(?:\\\\\*?|\\newline\b)[\s~]*\Z"
    # or the line a Markdown block's citation stands on, opened by a link's tag
    r"|[ \t]*\n[ \t>]*(?:<[A-Za-z][^<>\n]*>[ \t]*)+\Z"
)


def _before_break(text: str, start: int, end: int) -> int:
    """Where the block's words end before its closing citation: a line break is markup."""
    m = _LINE_BREAK.search(text, start, end)
    return m.start() if m else end


_RUN = 4  # blocks in a row read as one quotation, at most
# The display blocks of the text last asked about, in order (the text's blocks, held to tell
# them apart): looked up by bisection, not by a pass over all blocks for each block.
_SORTED: list[tuple[tuple[Block, ...], list[Block], list[int]]] = []


def _display_blocks(all_blocks: tuple[Block, ...]) -> tuple[list[Block], list[int]]:
    for held, blocks, starts in _SORTED:
        if held is all_blocks:
            return blocks, starts
    blocks = sorted((b for b in all_blocks if not b.inline), key=lambda b: b.start)
    starts = [b.start for b in blocks]
    _SORTED[:] = [(all_blocks, blocks, starts), *_SORTED[:3]]
    return blocks, starts


def run_citation(
    doc: Document, block: Block
) -> tuple[Mention | None, Anchor | None, Locator | None]:
    """The citation of an uncited block quotation continued by the next block, with nothing
    but blank lines between: the writer quoted one passage in two paragraphs and cited it at
    the end of the last ("> But if there is to be science …" then "> Only if we … is.[^19]")."""
    blocks, starts = _display_blocks(doc.blocks)
    for _ in range(_RUN):
        k = bisect_left(starts, block.after)
        following = blocks[k] if k < len(blocks) and starts[k] - block.after < 40 else None
        if following is None or doc.text[block.end : following.start].strip(" \t\n>"):
            return None, None, None
        if following.mention is not None:
            return following.mention, None, None
        _, mention, anchor, own = closing_citation(doc, following)
        if mention is not None or anchor is not None:
            return mention, anchor, own
        block = following
    return None, None, None


_FOLLOWING = re.compile(r"\d\s?ff?\.\Z")  # "12f.", "12 ff.": and the page(s) following
# A signature that is a name and nothing more: "Martin Heidegger", "Goethe", "Arthur Schopenhauer"
_NAME_ONLY = re.compile(
    r"[A-ZÄÖÜ][\w.'’-]+(?:[ \t]+(?:(?:von|van|de|du|le|la)[ \t]+)?[A-ZÄÖÜ][\w.'’-]+){0,3}"
)


def signed_source(doc: Document, block: Block) -> Mention | None:
    """The source a block names after its words, as an epigraph's signature does: "William
    Blake, *The Marriage of Heaven and Hell*, 1793" (a work, read as a note is), "Novalis 1798",
    or a name alone ("Martin Heidegger"), which is all the writer says of the source."""
    if block.signed is None:
        return None
    start, end = block.signed
    text = doc.scan_text or doc.text  # HTML's tags (<cite>) blanked out
    while start < end and text[start] in " \t\n>—–-―":
        start += 1
    while end > start and text[end - 1] in " \t\n.":
        if text[end - 1] == "." and _FOLLOWING.search(text, start, end):
            break  # "…, S. 11f.": the abbreviation's stop is the page's
        end -= 1
    if text[start : start + 1] == "(" and text[end - 1 : end] == ")":
        start, end = start + 1, end - 1  # "(Arthur Schopenhauer)"
    if start >= end:
        return None
    cited = [m for m in mentions_in(doc, start, end) if m.style != "locator"]
    if cited:
        return cited[0]  # "— Henry David Thoreau [@thoreau1854, p. 8]", "— Thoreau[^3]"
    found = note_author_year(text, start, end) or note_mention(text, start, end)
    if found is not None and found.style != "locator":
        return found
    words = " ".join(text[start:end].split())
    if doc.kind == "latex":
        words = latex_to_text(words)  # \textsc{Henry David Thoreau}
    if _NAME_ONLY.fullmatch(words):
        return Mention(start, end, "note", words, key=words)
    return None
