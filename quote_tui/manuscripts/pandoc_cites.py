"""Pandoc citation keys typed in running text: ``[@key, p. 5]``, ``@key [p. 5]``, and a bare
key in parentheses with its page, ``(vgl. @meier2016 S. 20)``."""

from __future__ import annotations

import re

from quote_tui.manuscripts.locators import parse_locator, postnote_locator
from quote_tui.manuscripts.mention import Mention, Scanner, first_of_overlapping

__all__ = ["PANDOC_SCANNERS", "pandoc_mentions"]

_KEY = r"[\w][\w:.#$%&\-+?<>~/]*[\w]|[\w]"
_PANDOC_BRACKET = re.compile(
    r"\[((?:[^\[\]]|\[[^\[\]]*\])*?(?<![\w.])-?@(?:" + _KEY + r")[^\[\]]*)\]"
)
_PANDOC_ITEM = re.compile(r"^(?P<prefix>.*?)-?@(?P<key>" + _KEY + r")(?P<suffix>.*)$", re.S)
# A bare key typed inside parentheses with its page after it, "(vgl. @meier2016 S. 20)": Pandoc
# would print the author's name and the words, but the writer meant one parenthetical citation.
_PANDOC_PAREN = re.compile(
    r"\((?P<pre>[^()@\[\]]{0,40}?)(?<![\w@])@(?P<key>" + _KEY + r")(?P<loc>[^()@\[\]]{0,60})\)"
)
_PANDOC_NARRATIVE = re.compile(r"(?<![\w@\[])@(?P<key>" + _KEY + r")(?:\s*\[(?P<loc>[^\[\]@]*)\])?")
# A page typed after a bracketed key that gives none, as the writer closed it: "[@key] S. 53".
_PAGE_AFTER = re.compile(
    r",?[^\S\n]*((?:S\.|pp?\.|Seite|page)[^\S\n]*\d{1,5}(?:[^\S\n]*[-–]+[^\S\n]*\d{1,5})?)\b"
)


# pandoc-crossref's labels look like keys (figures, tables, sections; Quarto's @fig-map), and so
# do pandoc-ling's numbered examples: "für den Satz [@next]", "[@last]", "[@nnext]".
_CROSSREF = re.compile(
    r"(?:fig|tbl|lst|sec|eq|thm|lem|def|tab|table|figure|chap)[:-]|n?next$|l?last$", re.I
)


def _pandoc(m: re.Match[str]) -> list[Mention]:
    body = m.group(1)
    for item in body.split(";"):
        im = _PANDOC_ITEM.match(item.strip())
        if im and not _CROSSREF.match(im.group("key")):
            suffix = im.group("suffix").strip()
            # read as a LaTeX postnote is: "[@unfccc, Decision 1/CP.13, para. 1(e)]" keeps the
            # document's part with its paragraph
            locator = postnote_locator(suffix) if suffix else None
            end = m.end()
            if locator is None and (after := _PAGE_AFTER.match(m.string, end)) is not None:
                locator, end = parse_locator(after.group(1)), after.end()  # "[@key] S. 53"
            return [
                Mention(
                    m.start(),
                    end,
                    "pandoc",
                    m.string[m.start() : end],
                    key=im.group("key"),
                    locator=locator,
                )
            ]
    return []


def _pandoc_paren(m: re.Match[str]) -> list[Mention]:
    return _pandoc_mention(m, m.group("loc").strip(" ,;:"))


def _pandoc_narrative(m: re.Match[str]) -> list[Mention]:
    return _pandoc_mention(m, m.group("loc"))


def _pandoc_mention(m: re.Match[str], loc: str | None) -> list[Mention]:
    if _CROSSREF.match(m.group("key")):
        return []
    locator = parse_locator(loc) if loc else None
    return [Mention(m.start(), m.end(), "pandoc", m.group(0), key=m.group("key"), locator=locator)]


PANDOC_SCANNERS: tuple[Scanner, ...] = (
    (_PANDOC_BRACKET, _pandoc),
    (_PANDOC_PAREN, _pandoc_paren),
    (_PANDOC_NARRATIVE, _pandoc_narrative),
)


def pandoc_mentions(text: str) -> list[Mention]:
    """The Pandoc citations (``[@key, p. 5]``, ``@key [p. 5]``) typed into ``text``, in order:
    a Word document written for Pandoc holds them as plain text."""
    candidates = (
        mention
        for pattern, build in ((_PANDOC_BRACKET, _pandoc), (_PANDOC_NARRATIVE, _pandoc_narrative))
        for m in pattern.finditer(text)
        for mention in build(m)
    )
    return sorted(first_of_overlapping(candidates), key=lambda x: x.start)
