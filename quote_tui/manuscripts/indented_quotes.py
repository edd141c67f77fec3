"""Block quotations typed with their ``>`` indented by four spaces or more.

CommonMark reads such lines as an indented code block (or, under a list item, as the item's
block quote); writers who indent their quotations to set them off mean a quotation either way
("As per the Docker documentation:" then ``    >“Macvlan networks allow …”``; an essay's
epigraph ``       >“Don't try to be original.”`` signed on the next line). Whether the lines
are a quotation is decided by what they hold: prose (words, a sentence's marks), not a
program's lines, prompts or markup.
"""

from __future__ import annotations

import re

__all__ = ["indented_quote_spans"]

_FIRST = re.compile(r"(?: {4,}|\t)[ \t]*>[ \t]*(?=\S)")
_QUOTED_LINE = re.compile(r"[ \t]*>")
# A line that goes on a paragraph lazily; not a list item, a heading or a fence
_NOT_LAZY = re.compile(r"[ \t]*(?:#|```|~~~|[-*+][ \t]|\d+[.)][ \t])")
# What prose opens with: a quotation mark, a letter, emphasis or a bracket before a letter
_PROSE_OPENS = re.compile(r"(?:[*_]{1,2})?[\"“„«»‘'\[(]?[^\W\d_]", re.U)
# Signs of a program, a prompt or markup in the lines
_CODE = re.compile(
    r"[{};=|]|<-|->|\$ |^\s*[>$#%] |!\[|\(\)|\w\.\w+\(|\b(?:def|import|return)\b", re.M
)
_WORD = re.compile(r"[^\W\d_]{2,}")


def indented_quote_spans(text: str) -> list[tuple[int, int]]:
    """Where runs of ``>`` lines indented four spaces or more stand, when they hold prose."""
    if "\n " not in text and "\n\t" not in text:
        return []
    spans = []
    lines = text.split("\n")
    at = 0
    starts = []
    for line in lines:
        starts.append(at)
        at += len(line) + 1
    k = 0
    while k < len(lines):
        first = _FIRST.match(lines[k])
        if first is None or (k > 0 and _QUOTED_LINE.match(lines[k - 1])):
            k += 1
            continue
        end = k + 1
        while end < len(lines) and lines[end].strip() and not _NOT_LAZY.match(lines[end]):
            end += 1
        body = "\n".join(re.sub(r"^[ \t]*>?[ \t]?", "", line) for line in lines[k:end])
        if _prose(body):
            spans.append((starts[k], starts[end - 1] + len(lines[end - 1])))
        k = end
    return spans


def _prose(body: str) -> bool:
    return (
        _PROSE_OPENS.match(body) is not None
        and len(_WORD.findall(body)) >= 4
        and _CODE.search(re.sub(r"</?[A-Za-z][^<>]*>", " ", body)) is None
    )
