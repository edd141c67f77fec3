"""A quotation command whose definition the manuscript does not hold: ``\\zit[15]{key}{text}``.

A school's or department's thesis class defines its quotation command (its page optional, then
the work's key, then the words), and a chapter handed on without the class still uses it. Read
as written, the command is no quotation at all. Its shape says what it is: a command unknown to
LaTeX and csquotes whose first argument is a bibliography key (a name with the work's year, as
reference managers make keys) and whose second holds words. Only that shape is read: any
other unknown command is the writer's layout.
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.document import Block
from quote_tui.manuscripts.locators import postnote_locator
from quote_tui.manuscripts.mention import Mention
from quote_tui.manuscripts.quotes import has_words

__all__ = ["keyed_quote_blocks", "trimmed"]

# \name[opt][opt]{key}{ : a key names its work by author and year ("kaplan_siri_2019",
# "Meier2017a", "meier:2017"), never with a space.
_KEYED = re.compile(
    r"\\(?P<cmd>[A-Za-z]+)\*?(?P<opts>(?:[ \t]*\[[^\[\]\n]{0,80}\]){0,2}|[ \t]{0,170})[ \t]*"
    r"\{(?P<key>[A-Za-z][\w:.\-]{0,60}?(?:1[5-9]|20)\d\d[a-z]?(?:[_:.\-][\w:.\-]{0,40})?)\}"
    r"[ \t]*(?=\{)"
)
# Commands whose arguments are anything but a work and its words: cites take keys alone,
# csquotes' commands are read with their own arguments, the rest set layout or links.
_NOT_QUOTING = re.compile(
    r"[A-Za-z]*cite[A-Za-z]*|[A-Za-z]*quote|href|hyperref|url|ref|label|textcolor|colorbox|"
    r"foreignlanguage|multicolumn|multirow|newcommand|renewcommand|providecommand|setlength|"
    r"addtolength|setcounter|includegraphics|input|include|glossaryentry|newglossaryentry|"
    r"newacronym|acro|defineacronym|footnote|index"
)
_OPT = re.compile(r"\[([^\[\]\n]*)\]")
_MIN_WORDS = 4


def _group(text: str, i: int) -> tuple[int, int] | None:
    """The brace group opening at ``i``: where its inside starts and ends."""
    depth = 0
    for j in range(i, min(len(text), i + 5_000)):
        ch = text[j]
        if ch == "\\":
            continue
        if ch == "{" and text[j - 1] != "\\":
            depth += 1
        elif ch == "}" and text[j - 1] != "\\":
            depth -= 1
            if depth == 0:
                return i + 1, j
    return None


def trimmed(text: str, span: tuple[int, int]) -> tuple[int, int]:
    """``span`` of ``text`` without the spaces, tabs and line breaks at its ends."""
    start, end = span
    while start < end and text[start] in " \t\n":
        start += 1
    while end > start and text[end - 1] in " \t\n":
        end -= 1
    return start, end


def keyed_quote_blocks(text: str, scan: str) -> list[Block]:
    """The quotations ``scan`` sets with an undefined command shaped ``\\cmd[page]{key}{words}``
    (``text`` is the file's text, ``scan`` the same with comments and code blanked)."""
    blocks = []
    for m in _KEYED.finditer(scan):
        if _NOT_QUOTING.fullmatch(m.group("cmd")):
            continue
        body = _group(text, m.end())
        if body is None or "\n\n" in text[body[0] : body[1]]:
            continue
        start, end = trimmed(text, body)
        if not has_words(text, start, end, _MIN_WORDS):
            continue
        # (the scanned text blanks a command's options: read them as written)
        opts = _OPT.findall(text[m.end("cmd") : m.start("key")])
        locator = postnote_locator(opts[-1]) if opts and opts[-1].strip() else None
        mention = Mention(
            m.start(), m.end("key") + 1, "latex", m.group(0), key=m.group("key"), locator=locator
        )
        # set as a paragraph of its own, it is a block quotation; else it quotes inside a sentence
        alone = text[text.rfind("\n", 0, m.start()) + 1 : m.start()].strip() == "" and (
            text[body[1] + 1 : body[1] + 3].strip(" \t") in ("", "\n", "\n\n")
            or text[body[1] + 1 :].startswith("\n")
        )
        blocks.append(Block(start, end, body[1] + 1, mention, inline=not alone))
    return blocks
