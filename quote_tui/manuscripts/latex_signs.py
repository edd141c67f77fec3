"""Quotation marks and scripts a LaTeX writer types as commands, as the reader of a quotation sees
them: ``\\glq Reflexion über Sprache\\grq\\ und`` is ‚Reflexion über Sprache‘ und,
babel's ``"`Einzelhilfe"'`` is „Einzelhilfe“, ``XVII\\textsuperscript{e}`` is XVIIe.

``latex_to_text`` drops braces and unknown commands; read after that, a mark command took the
space its control space kept (``Spracheund``) or vanished, and ``\\textsuperscript{e}`` lost
its command's first four letters only (``XVIIsuperscripte``). The quoted words were then not
the writer's, and a check of them against the source a misquotation of the reader's making.
"""

from __future__ import annotations

import re

__all__ = ["typeset_signs"]

_MARKS = {
    "glqq": "„",
    "grqq": "“",
    "glq": "‚",
    "grq": "‘",
    "flqq": "«",
    "frqq": "»",
    "flq": "‹",
    "frq": "›",
    "quotedblbase": "„",
    "quotesinglbase": "‚",
    "textquotedblleft": "“",
    "textquotedblright": "”",
    "textquoteleft": "‘",
    "textquoteright": "’",
    "guillemotleft": "«",
    "guillemotright": "»",
    "guillemetleft": "«",
    "guillemetright": "»",
    "guilsinglleft": "‹",
    "guilsinglright": "›",
    "og": "«",
    "fg": "»",
    "lq": "‘",
    "rq": "’",
    "textquotesingle": "'",
    "textquotedbl": '"',
}
# A command's name ends at the first non-letter. An empty group ends it too; a control space
# ("\grq\ und") is a space kept; a plain space after it is TeX's to skip.
_MARK = re.compile(
    r"\\(" + "|".join(sorted(_MARKS, key=len, reverse=True)) + r")(?![A-Za-z])(\{\}|\\ | +)?"
)
# babel's shorthands, a pair at a time: a lone "' may be a straight quote and an apostrophe
# (innermost first: a pair inside a pair, "`… "`Anschlussfähigkeit"' …"', is read before the
# outer one, whose closing mark was otherwise left as typed)
_SHORTHAND_PAIRS = (
    re.compile(r'"`((?:(?!"`).)*?)"\''),
    re.compile(r'"<((?:(?!"<).)*?)">'),
)
_SHORTHAND_MARKS = (("„", "“"), ("«", "»"))
# a script or shape command's argument, however short (an accent's one letter is read before)
_SCRIPT = re.compile(
    r"\\(?:textsuperscript|textsubscript|textsc|textup|textnormal|textrm|textsf|texttt|textit|"
    r"textbf|textsl|textmd|emph)\*?\{([^{}]*)\}"
)


def _mark(m: re.Match[str]) -> str:
    return _MARKS[m.group(1)] + (" " if m.group(2) == "\\ " else "")


def typeset_signs(raw: str) -> str:
    """``raw`` with mark commands, babel's mark shorthands and script commands typeset."""
    if "\\" in raw:
        raw = _MARK.sub(_mark, raw)
        raw = _SCRIPT.sub(r"\1", raw)
    if '"' in raw:
        for pattern, (left, right) in zip(_SHORTHAND_PAIRS, _SHORTHAND_MARKS, strict=True):
            for _ in range(4):  # nested four deep at most
                raw, n = pattern.subn(lambda m, a=left, b=right: f"{a}{m.group(1)}{b}", raw)
                if not n:
                    break
        # an opening one whose closing mark stands after the citation the quotation ends at
        raw = raw.replace('"`', "„")
    return raw
