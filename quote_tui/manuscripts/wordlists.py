"""A list of sources that Word numbers itself. A writer who cites "[1]", "[2]" often types the
sources as a numbered list (Word's numbering button): the numbers are drawn by Word and stand
in no text, so the list reads as plain lines. Read as the reader sees it, each item is the
source of its number."""

from __future__ import annotations

import re

from quote_tui.manuscripts.model import BibEntry
from quote_tui.manuscripts.reflist import entry_from_text

__all__ = ["numbered_by_word"]

_CITED = re.compile(r"\[(\d{1,3})(?:\s*[-–,]\s*\d{1,3})*\]")
# What a source's line holds: an address, a DOI or a year.
_SOURCE_LIKE = re.compile(r"https?://|www\.|\bdoi\b|10\.\d{4,9}/|\b(?:1[5-9]|20)\d\d\b", re.I)
# Only blank lines, a signature or a page footer after the list: it closes the document.
_TAIL = 300


def numbered_by_word(
    text: str, items: list[tuple[int, int]]
) -> tuple[dict[str, BibEntry], tuple[int, int] | None]:
    """The entries of the last run of Word-numbered paragraphs ``items`` (spans in ``text``),
    by number, when that run closes the document, every item names a source, and the text
    before it cites by bracketed number none past its length; else nothing."""
    run: list[tuple[int, int]] = []
    for start, end in items:
        if run and text[run[-1][1] : start].strip():
            run = []
        run.append((start, end))
    if not run or len(text) - run[-1][1] > _TAIL:
        return {}, None
    cited = [int(m.group(1)) for m in _CITED.finditer(text, 0, run[0][0])]
    if not cited or max(cited) > len(run) or min(cited) < 1:
        return {}, None
    if not all(_SOURCE_LIKE.search(text, start, end) for start, end in run):
        return {}, None
    entries = {
        str(n): entry_from_text(str(n), text[start:end]) for n, (start, end) in enumerate(run, 1)
    }
    return entries, (run[0][0], run[-1][1])
