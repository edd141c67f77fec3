"""A block quotation of several paragraphs, each closed by its own citation, is several
quotations: a thesis's appendix sets excerpts of many studies in one ``>`` block ("> … bestätigt
werden. [@mesenholler_validierung_2024]", ">", "> … zu konzentrieren. [@jankovski_eyes_2017]"),
a LaTeX quote environment holds two sources' passages with a blank line between. Read as one,
the block took the last key for every paragraph's words.
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.blockcite import closing_citation
from quote_tui.manuscripts.document import Block, Document

__all__ = ["split_cited"]

# A paragraph break inside a block: a blank line, or a line of ">" marks only
_BREAK = re.compile(r"\n[ \t>]*\n[ \t>]*")


def split_cited(doc: Document, blocks: list[Block]) -> list[Block]:
    """``blocks`` with each block of paragraphs that all end with their own citation split
    into one block per paragraph."""
    out: list[Block] = []
    for block in blocks:
        parts = _paragraphs(doc.text, block) if not block.inline and block.mention is None else []
        if len(parts) < 2 or not all(_cited(doc, a, b) for a, b in parts):
            out.append(block)
            continue
        for k, (a, b) in enumerate(parts):
            last = k == len(parts) - 1
            out.append(
                Block(
                    a,
                    b if not last else block.end,
                    block.after if last else b,
                    signed=block.signed if last else None,
                )
            )
    return out


def _paragraphs(text: str, block: Block) -> list[tuple[int, int]]:
    if "\n" not in text[block.start : block.end]:
        return []
    parts, at = [], block.start
    for m in _BREAK.finditer(text, block.start, block.end):
        parts.append((at, m.start()))
        at = m.end()
    parts.append((at, block.end))
    return [(a, b) for a, b in parts if text[a:b].strip()]


def _cited(doc: Document, start: int, end: int) -> bool:
    """Whether the paragraph ends with a citation of its own, set after its last sentence or
    in Pandoc's brackets; a source's narrative citation ("… the table in \\citep{lu}.") is part
    of the quoted words."""
    _, mention, anchor, _own = closing_citation(doc, Block(start, end, end))
    if anchor is not None:
        return True
    if mention is None or mention.style == "locator":
        return False
    before = doc.text[start : mention.start].rstrip(" \t\n~")
    return _SENTENCE_ENDS.search(before) is not None or mention.raw.lstrip().startswith("[")


_SENTENCE_ENDS = re.compile(r"[.!?…][\"'”’»]*\Z|[\"'”’»]\Z")
