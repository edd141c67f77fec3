"""Quotation marks LaTeX writers set as commands: ``\\glqq …\\grqq{}`` and babel's ``"`…"'``.

German theses rarely type „…“: they write ``\\glqq``/``\\grqq``, babel's shorthands ``"`…"'``
and ``"<…">``, ``\\flqq``/``\\frqq`` for guillemets, or the font commands
(``\\quotedblbase``, ``\\textquotedblleft``). None of them is a quotation mark in the source
file, so a reader that looks for marks sees plain words. Each pair becomes an inline
quotation, as ``\\enquote{…}`` is, and its marks are blanked from the scanned text so no other
reading pairs them again.
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.document import Block, blank_out

__all__ = ["mark_commands"]

# A command's name ends at the first non-letter; an empty group or a control space after it
# belongs to it (\grqq{} and \glqq\ are written so the space after them is kept).
_TOKEN = re.compile(
    r"\\(?P<cmd>glqq|grqq|glq|grq|flqq|frqq|flq|frq|quotedblbase|quotesinglbase|"
    r"textquotedblleft|textquotedblright|textquoteleft|textquoteright|guillemotleft|"
    r"guillemotright|guillemetleft|guillemetright|guilsinglleft|guilsinglright)"
    r"(?![A-Za-z])(?:\{\}|\\ )?"
    r'|(?P<short>"`|"\'|"<|">)'
)
_PARAGRAPH = re.compile(r"\n[ \t]*\n")
# opening command -> the commands that close it. Guillemets open either way round (French
# «…», German »…«); \textquotedblleft closes a German \quotedblbase and opens an English pair.
_CLOSERS: dict[str, tuple[str, ...]] = {
    "glqq": ("grqq",),
    "glq": ("grq",),
    '"`': ("\"'",),
    "quotedblbase": ("textquotedblleft",),
    "quotesinglbase": ("textquoteleft",),
    "textquotedblleft": ("textquotedblright",),
    "textquoteleft": ("textquoteright",),
    "flqq": ("frqq",),
    "frqq": ("flqq",),
    "flq": ("frq",),
    "frq": ("flq",),
    "guillemotleft": ("guillemotright",),
    "guillemotright": ("guillemotleft",),
    "guillemetleft": ("guillemetright",),
    "guillemetright": ("guillemetleft",),
    "guilsinglleft": ("guilsinglright",),
    "guilsinglright": ("guilsinglleft",),
    '"<': ('">',),
    '">': ('"<',),
}
# Pairs open at once, at most (a damaged file of thousands of openers stays linear).
_MAX_OPEN = 32


def mark_commands(scan: str) -> tuple[str, list[Block]]:
    """The quotations ``scan`` sets with mark commands, and ``scan`` with those commands blanked.

    Args:
        scan: a LaTeX file's text with comments and verbatim already blanked (offsets kept).

    Returns:
        The text to scan for other quotation marks, and one inline block per pair: its body
        between the commands, trimmed of spaces, and ``after`` just past the closing command.
    """
    tokens = list(_TOKEN.finditer(scan))
    if not tokens:
        return scan, []
    breaks = [m.start() for m in _PARAGRAPH.finditer(scan)]
    blocks: list[Block] = []
    stack: list[tuple[str, int]] = []  # opening name, end of the opening command
    para = 0
    for m in tokens:
        while para < len(breaks) and breaks[para] < m.start():
            stack.clear()  # a pair never crosses a paragraph
            para += 1
        name = m.group("cmd") or m.group("short")
        depth = next(
            (d for d in range(len(stack) - 1, -1, -1) if name in _CLOSERS[stack[d][0]]), None
        )
        if depth is not None:
            start, end = stack[depth][1], m.start()
            del stack[depth:]
            while start < end and scan[start].isspace():
                start += 1
            while end > start and scan[end - 1].isspace():
                end -= 1
            if end > start:
                blocks.append(Block(start, end, m.end(), inline=True))
        elif name in _CLOSERS:
            if len(stack) >= _MAX_OPEN:
                del stack[0]
            stack.append((name, m.end()))
    return blank_out(scan, [(m.start(), m.end()) for m in tokens]), blocks
