"""A block quotation's citation set alone on the line right after it, whatever wraps it.

Slides and notes set the source under the block, as a line of its own: ``<cite>[@key, 85]</cite>``,
``<cite>@key, 2</cite>`` (a bare key and its page), ``— [@key]``, ``<small>(Author 2020,
12)</small>``, LaTeX's ``\\hfill\\cite[12]{key}`` or a ``flushright`` environment holding the
citation or the speaker's name alone. The line holds that citation and nothing else (the
wrapper's tags, a dash, emphasis and a page after a bare key aside), so it can only be the
block's. A line that goes on in words ("@key argues that …") is the writer's next sentence.
"""

from __future__ import annotations

import re
from dataclasses import replace

from quote_tui.manuscripts.attribute import first_reference
from quote_tui.manuscripts.document import Block, Document, Manuscript, mentions_in
from quote_tui.manuscripts.locators import parse_locator
from quote_tui.manuscripts.model import Anchor
from quote_tui.manuscripts.refs import Mention, sentence_window
from quote_tui.manuscripts.spans import skip_blank

__all__ = ["cite_after_block"]

_NEAR = 3  # newlines between the block and its citation's line, at most (one blank line)
_PAGE = 24  # a page typed after a bare key is this short: ", 2", ", S. 41f."
# What wraps the citation's line besides blanked HTML tags: LaTeX's flush-right commands and
# environments, a dash, emphasis, a line break.
_WRAP = re.compile(
    r"\\(?:hfill|raggedleft|hspace\*?\{[^{}]*\}|quad|qquad|noindent|small|footnotesize)\b\s*"
    r"|\\(?:begin|end)\{(?:flushright|flushleft|raggedleft|small|footnotesize)\}"
    r"|\\(?:emph|textit|textsc|textbf|textup)\{|\\\\\*?|[—―–]|-{2,3}|[*_{}]"
)
_NAME_ONLY = re.compile(
    r"[A-ZÄÖÜ][\w.'’-]+(?:[ \t]+(?:(?:von|van|de|du|le|la|del)[ \t]+)?[A-ZÄÖÜ][\w.'’-]+){1,3}"
)
_FLUSH = re.compile(r"\\begin\{flushright\}")


def _line(text: str, pos: int) -> tuple[int, int] | None:
    """The next line holding words after ``pos`` (one blank line at most between)."""
    newlines = 0
    while pos < len(text) and text[pos] in " \t\n":
        newlines += text[pos] == "\n"
        pos += 1
    if newlines > _NEAR or pos >= len(text) or text[pos] == ">":
        return None
    end = text.find("\n", pos)
    end = len(text) if end < 0 else end
    if _FLUSH.match(text, pos):
        # LaTeX's flushright: its lines up to \end{flushright} are one signature
        close = text.find("\\end{flushright}", pos)
        if 0 <= close - pos <= 200:
            end = close + len("\\end{flushright}")
    return pos, end


def _bare(text: str) -> str:
    return _WRAP.sub(" ", text).strip(" \t\n.,;:()")


def cite_after_block(
    ms: Manuscript, doc: Document, block: Block
) -> tuple[Mention | None, Anchor | None]:
    """The citation typed right after ``block`` (its closing sentence's), else the one that
    makes up the whole line after it; none when that citation ends in a colon: "[@key, 20]:"
    over the next block is that block's lead-in, as reading notes set each excerpt's source."""
    after_end = sentence_window(doc.text, skip_blank(doc.text, block.after))
    mention, anchor = first_reference(ms, doc, block.after, after_end, immediate_only=True)
    if mention is not None and _LEADS_ON.match(doc.text, mention.end):
        return None, None
    if mention is None and anchor is None:
        mention = _alone_on_line(doc, block)
    return mention, anchor


# What follows a citation that introduces what comes after it: a colon ("[@key, 20]:" closing
# its line over the next block, or "[@key, 57]: "…"" before a quotation of its own).
_LEADS_ON = re.compile(r"[ \t]*(?:</\w+>[ \t]*)*:(?!\d)")


def _alone_on_line(doc: Document, block: Block) -> Mention | None:
    """The citation that makes up the whole line after ``block``, or None."""
    text = doc.scan_text if doc.scan_text is not None else doc.text
    span = _line(text, block.after)
    if span is None:
        return None
    start, end = span
    found = [m for m in mentions_in(doc, start, end) if m.style not in ("locator", "url")]
    if len(found) > 1:
        return None
    if not found:
        # a flushright signature of a name alone: "\\begin{flushright} Richard Stallman …"
        words = " ".join(_bare(text[start:end]).split())
        if doc.kind == "latex" and _FLUSH.match(text, start) and _NAME_ONLY.fullmatch(words):
            return Mention(start, end, "note", words, key=words)
        return None
    cite = found[0]
    if _bare(text[start : cite.start]) or _LEADS_ON.match(doc.text, cite.end):
        return None  # words before the citation: the writer's sentence
    rest = _bare(text[cite.end : end])
    if not rest:
        return cite
    # "@key, 2": a bare key's page typed after it
    locator = parse_locator(rest) if len(rest) <= _PAGE else None
    if locator is not None and cite.locator is None and cite.style in ("pandoc", "latex"):
        return replace(cite, end=end, locator=locator)
    return None
