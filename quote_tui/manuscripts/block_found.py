"""A display quotation's reference: its own citation, the one closing it, or its lead-in's.

A block quotation (an indented paragraph, a quote environment, a Markdown ``>`` block) carries its
citation in more places than an inline one: inside its last line, in a closing footnote, on the
line after it, signed under it, or in the sentence that introduces it ("Smith [-@key] writes:").
"""

from __future__ import annotations

import re
from dataclasses import replace

from quote_tui.manuscripts.after_block import cite_after_block
from quote_tui.manuscripts.attribute import CLOSERS as _CLOSERS
from quote_tui.manuscripts.blockcite import closing_citation, run_citation, signed_source
from quote_tui.manuscripts.clauses import SAYS_AT_END, lead_in_names
from quote_tui.manuscripts.document import Block, Document, Manuscript, mentions_in
from quote_tui.manuscripts.evidence import sentence_start as _sentence_start
from quote_tui.manuscripts.found import Found
from quote_tui.manuscripts.lead_page import lead_in_page
from quote_tui.manuscripts.model import Anchor
from quote_tui.manuscripts.notecite import from_footnote
from quote_tui.manuscripts.notedauthor import paged_block_source
from quote_tui.manuscripts.quotes import find_quotes, has_words
from quote_tui.manuscripts.refs import Mention
from quote_tui.manuscripts.translation_pair import translation_start
from quote_tui.manuscripts.unwrap import unwrap as _unwrap
from quote_tui.manuscripts.voice import is_title, names_a_work

__all__ = ["block_found", "follows_quotation", "lead_in"]


def follows_quotation(doc: Document, lo: int, pos: int, min_words: int) -> bool:
    """Whether the citation at ``pos`` directly follows a quotation of its own; words in marks
    too short to be one, or a title, leave it to the block the lead-in introduces."""
    # "...'the essence of science'.[^18]" puts the full stop between mark and note.
    before = doc.text[lo:pos].rstrip(" \t\n~*_.,;")
    if not before.endswith(("''", *_CLOSERS)):
        return False
    spans = [
        q
        for q in find_quotes(before, min_words=1, latex=doc.kind == "latex")
        if q.close_end == len(before)
    ]
    if not spans:
        # LaTeX's inner quotation marks, `...', which the quotation finder leaves to apostrophes
        single = _LATEX_SINGLE.search(before) if doc.kind == "latex" else None
        return single is None or has_words(before, single.start(1), single.end(1), min_words)
    q = spans[-1]
    if not has_words(before, q.start, q.end, min_words):
        return False
    return not (is_title(before, q.start, q.end) or names_a_work(before, q.start, q.end))


_LATEX_SINGLE = re.compile(r"(?<!`)`([^`'\n]{1,200})'$")


def block_found(ms: Manuscript, doc: Document, block: Block, min_words: int = 4) -> Found:
    """The block's quoted text with the reference and locator that apply to it.

    Args:
        ms: the manuscript (its footnotes and reference list).
        doc: the document holding the block.
        block: the display quotation.
        min_words: an inline quotation in the lead-in shorter than this leaves its citation to
            the block.

    Returns:
        The block as a found quotation; ``mention`` and ``reference`` are ``None`` when nothing
        cites it.
    """
    end, mention, anchor, own = block.end, block.mention, None, None
    if mention is None:
        end, mention, anchor, own = closing_citation(doc, block)
    if mention is None and anchor is None:
        mention = signed_source(doc, block)  # an epigraph's <footer>, its "— Author" line
    if mention is None and anchor is None:
        # typed right after it, or alone on the next line: "<cite>[@key, 85]</cite>"
        mention, anchor = cite_after_block(ms, doc, block)
    if mention is None and anchor is None:
        mention, anchor = lead_in(doc, block.start, min_words)
    if mention is None and anchor is None and not block.inline:
        mention, anchor, run_own = run_citation(doc, block)
        own = own or run_own
    if mention is None and anchor is None and own is not None:
        mention, own = paged_block_source(ms, doc, block.start, end, own)
    if anchor is not None and anchor.footnote is not None:
        mention, anchor = from_footnote(ms, anchor.footnote)
    elif mention is not None and mention.style == "footnote" and mention.footnote:
        mention, anchor = from_footnote(ms, mention.footnote)
    reference = anchor.reference if anchor is not None else None
    locator = own or (reference.locator if reference else (mention.locator if mention else None))
    lead_end = len(doc.text[: block.start].rstrip(" \t\n>"))  # "… states on p. x:" then it
    cited = mention is not None or reference is not None
    if locator is None and (lead := lead_in_page(doc, lead_end, cited=cited)) is not None:
        locator = lead.locator
    attribution = _ATTRIBUTION.search(doc.text, block.start, end)
    if attribution:
        end = attribution.start()
    # A rule drawn inside the block ends the quotation: what follows it is another text (the
    # writer's translation of the words above it, set in the same block).
    rule = _RULE.search(doc.text, block.start, end)
    if rule and doc.text[block.start : rule.start()].strip():
        end = rule.start()
    end = translation_start(doc.text, block.start, end) or end  # (its italic translation)
    start, end = _unwrap(doc.text, block.start, end)
    return Found(doc.text[start:end], doc, doc.location(start), mention, reference, locator)


# What may stand between a lead-in's colon (or its "that": "\\citet{key}, which states that")
# and the quotation: a LaTeX environment's opening with its arguments, Markdown's ">" marks, an
# opening mark. The colon may carry the lead-in's citation after it ("Emil Post
# writes:~\\cite[p.~200]{post}", "writes: [@post]") and spacing commands (\\medskip). A verb of
# saying may end it with no colon, its note or key right after it ("Tribe writes^[@tribe]").
_LEAD_IN_END = re.compile(
    r"(?:[:,]|(?<=\bthat)|(?<=\bdass)|" + SAYS_AT_END + r")[\s~]*"
    r"(?P<cite>(?:\\[A-Za-z]*cite[A-Za-z]*\*?(?:\s*\[[^\]]*\]){0,2}\s*\{[^{}]*\}"
    r"|\^?\[[^\]\n]*@[^\]\n]*\]|\[\^[^\]\s]+\])[\s~]*)?(?:\\(?!begin\b)[A-Za-z]+\*?[\s~]*)*"
    r"(?:\\begin\{\w+\*?\}(?:\s*(?:\[[^\]]*\]|\{[^{}]*\}))*)?[\s>]*$"
)
_RULE = re.compile(r"\n[ \t>]*(?:-{3,}|\*{3,}|_{3,})[ \t]*(?=\n|\Z)")
# A block's closing attribution line, "--- Henry David Thoreau" or ". — Smith", names the
# source; it is not quoted text. A dash inside the last sentence is not one.
# LaTeX sets the line flush right first ("\\\\ \\hfill --- \\textcite[4]{smith}").
_ATTRIBUTION = re.compile(
    r"(?:\n[ \t>]*|(?<=[.!?\"”’])[ \t]+)(?:\\(?:hfill|raggedleft|flushright|hspace\*?\{[^{}]*\}|"
    r"quad|qquad)[ \t]*)*(?:[—―]|-{2,3})[ \t]*(?:[A-Z„“\"*_][^\n.!?]{0,120})?\.?[ \t>\n]*\Z"
)


def lead_in(doc: Document, start: int, min_words: int = 4) -> tuple[Mention | None, Anchor | None]:
    """The citation in a block quotation's lead-in ("Smith [-@key] writes:", "As Smith (2020)
    puts it:"): the last one of the sentence that ends in the colon just before the block."""
    lo = max(0, start - 600)
    # In the text as scanned, a heading or markup between the lead-in and the block is blank.
    scan = doc.scan_text if doc.scan_text is not None else doc.text
    m = _LEAD_IN_END.search(scan, lo, start)
    if m is None:
        return None, None
    colon = m.start()
    end = m.end("cite") if m.group("cite") else colon
    begin = _sentence_start(doc.text, colon)
    anchors = [a for a in doc.anchors if begin <= a.start < end and a.reference]
    # A citation right after an inline quotation of the lead-in is that quotation's.
    mentions = [
        x
        for x in mentions_in(doc, begin, end)
        if x.style != "locator" and not follows_quotation(doc, begin, x.start, min_words)
    ]
    if anchors and (not mentions or anchors[-1].start > mentions[-1].start):
        return None, anchors[-1]
    if not mentions:
        return None, None
    # Who the lead-in names picks the key of a citation that holds several (resolve does).
    names = lead_in_names(doc.text[begin:colon])
    return (replace(mentions[-1], names=names) if names else mentions[-1]), None
