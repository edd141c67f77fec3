"""Quotation marks LaTeX writers set as commands: ``\\glqq …\\grqq{}`` and babel's ``"`…"'``.

German theses rarely type „…“: they write ``\\glqq``/``\\grqq``, babel's shorthands ``"`…"'``
and ``"<…">``, ``\\flqq``/``\\frqq`` for guillemets (French babel's ``\\og``/``\\fg``), or
the font commands (``\\quotedblbase``, ``\\textquotedblleft``). None of them is a quotation
mark in the source file, so a reader that looks for marks sees plain words. Each pair becomes
an inline quotation, as ``\\enquote{…}`` is, and its marks are blanked from the scanned text
so no other reading pairs them again.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from quote_tui.manuscripts.document import Block, blank_out

__all__ = ["mark_commands"]

# A command's name ends at the first non-letter; an empty group or a control space after it
# belongs to it (\grqq{} and \glqq\ are written so the space after them is kept).
_TOKEN = re.compile(
    r"\\(?P<cmd>glqq|grqq|glq|grq|flqq|frqq|flq|frq|quotedblbase|quotesinglbase|"
    r"textquotedblleft|textquotedblright|textquoteleft|textquoteright|guillemotleft|"
    r"guillemotright|guillemetleft|guillemetright|guilsinglleft|guilsinglright|og|fg)"
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
    # French babel's \og … \fg{}, as French LaTeX writers set « … »
    "og": ("fg",),
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
    # where each German double mark command stands, and which of them set a closing mark
    doubles = [m.start() for m in tokens if (m.group("cmd") or m.group("short")) in _GERMAN_DOUBLE]
    closing = {
        m.start()
        for m in tokens
        if (m.group("cmd") or m.group("short")) in _GERMAN_DOUBLE - _LOW_DOUBLE
    }
    blocks: list[Block] = []
    stack: list[tuple[str, int]] = []  # opening name, end of the opening command
    blanked: list[tuple[int, int]] = []
    # A typed „ not yet closed, with where its mark stands: a writer mixing typed marks and
    # commands (\glqq … ” or „ … \grqq) pairs one of each.
    typed_open: tuple[int, int] | None = None
    para = 0
    for m in _merged(tokens, scan):
        while para < len(breaks) and breaks[para] < m.start():
            stack.clear()  # a pair never crosses a paragraph
            typed_open = None
            para += 1
        if m.re is _TYPED:
            if m.group(0) == "„":
                typed_open = (m.start(), m.end())
            elif typed_open is not None:
                typed_open = None  # a typed pair, read with the other marks
            elif (depth := _low_opener(stack)) is not None:
                _close(blocks, scan, stack[depth][1], m.start(), m.end())
                del stack[depth:]
                blanked.append((m.start(), m.end()))
            continue
        name = m.group("cmd") or m.group("short")
        blanked.append((m.start(), m.end()))
        depth = next(
            (d for d in range(len(stack) - 1, -1, -1) if name in _CLOSERS.get(stack[d][0], ())),
            None,
        )
        ahead = None
        if depth is None and name in _GERMAN_DOUBLE:
            depth = next(
                (d for d in range(len(stack) - 1, -1, -1) if stack[d][0] in _GERMAN_DOUBLE), None
            )
            stop = breaks[para] if para < len(breaks) else len(scan)
            k = bisect_right(doubles, m.start())
            ahead = doubles[k] if k < len(doubles) and doubles[k] < stop else None
            # an opening mark with a closing one ahead opens: the one left open was a stray
            if depth is not None and name in _LOW_DOUBLE and ahead in closing:
                del stack[depth:]
                depth = None
        if depth is not None:
            _close(blocks, scan, stack[depth][1], m.start(), m.end())
            del stack[depth:]
        elif name in ("grqq", "\"'") and typed_open is not None:
            _close(blocks, scan, typed_open[1], m.start(), m.end())
            blanked.append(typed_open)
            typed_open = None
        elif name in _CLOSERS or (
            name in _GERMAN_DOUBLE
            and ahead in closing
            and (m.start() == 0 or scan[m.start() - 1] in _BEFORE_OPENING)
        ):
            # (a closing mark opens only where an opening one stands, after a space, and when
            # another closing mark ends its pair ahead: "sagt: \grqq …\grqq{}"; "Wort\grqq{}"
            # closes, and a stray one opens nothing)
            if len(stack) >= _MAX_OPEN:
                del stack[0]
            stack.append((name, m.end()))
    return blank_out(scan, blanked), blocks


_TYPED = re.compile(r"[„“”]")
# German double marks as commands and babel shorthands. Writers choose them by ear: the
# closing command typed at both ends (\grqq …\grqq), the opening one at both ends, a command
# paired with a shorthand ("`…\grqq{}). Any of them closes an open one (German nests single
# marks inside double ones, never double inside double); a closing one opens a pair only when
# another closing one ends it ahead in the paragraph, so a stray one before a pair opens nothing.
_GERMAN_DOUBLE = frozenset({"glqq", "grqq", '"`', "\"'"})
_LOW_DOUBLE = frozenset({"glqq", '"`'})
_BEFORE_OPENING = frozenset(" \t\n~([{")


def _merged(tokens: list[re.Match[str]], scan: str) -> list[re.Match[str]]:
    """The mark commands and, between the first and the last of them, the typed German marks,
    in text order: only a text that sets marks with commands pairs a command with a mark."""
    typed = list(_TYPED.finditer(scan, tokens[0].start(), tokens[-1].end()))
    return sorted(tokens + typed, key=lambda m: m.start())


def _low_opener(stack: list[tuple[str, int]]) -> int | None:
    """The depth of the innermost open command that sets a low opening mark („), which a
    typed closing mark may end."""
    return next((d for d in range(len(stack) - 1, -1, -1) if stack[d][0] in _LOW), None)


_LOW = frozenset({"glqq", "quotedblbase", '"`'})


def _close(blocks: list[Block], scan: str, start: int, end: int, after: int) -> None:
    """One inline quotation between ``start`` and ``end``, trimmed of spaces."""
    while start < end and scan[start].isspace():
        start += 1
    while end > start and scan[end - 1].isspace():
        end -= 1
    if end > start:
        blocks.append(Block(start, end, after, inline=True))
