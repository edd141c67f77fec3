"""Where the sentence after a quotation ends: the window in which its reference is written.

The reference that applies to a quotation is the first mention after it in the same sentence
(or in the footnote anchored there); ``sentence_window`` says where that sentence ends.
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.notelinks import NOTE_LINK

__all__ = ["ABBREV", "sentence_window"]

ABBREV = re.compile(
    r"(?:\bal|\bpp?|\bcf|\be\.g|\bi\.e|\bvs|\bch|\bchap|\bvol|\bvols|\bno|\bfig|\beds?|\bDr|\bMr|"
    r"\bMrs|\bMs|\bSt|\bsec|\bpara|\bop|\bcit|\bibid|\bff?|\bS|\b[A-Z])$"
)
_DECIDES = re.compile(r"[(\[{)\]}\n.!?]")  # what sentence_window looks at
_PARA_BREAK = re.compile(r"\n[ \t>]*\n")
# A list item's start, or a LaTeX environment's edge on its own line, ends the text before it.
_ITEM_START = re.compile(r"\n[ \t>]*(?:(?:\d{1,3}[.)]|[-*+•])[ \t]+|\\(?:begin|end)\{)")
# A parenthetical LaTeX cite after the stop (``''.~[\\cite{a}]``, ``''. \\citep[4]{a}``, on the next
# line) or a Pandoc key glued to it (".[@grey2013]") closes it; \\citet, \\textcite open the next.
_TRAILING_CITE = re.compile(
    r"[ \t]*\n?[ \t]*~?[ \t]*(?P<open>\[)?"
    r"\\(?:cite|citep|parencite|Parencite|autocite|Autocite|supercite|footcite|footfullcite"
    # biblatex's multi-cites, each work with its own notes: \footcites[12]{a}[3]{b}
    r"|cites|Cites|parencites|Parencites|autocites|Autocites|footcites|supercites)"
    r"\*?(?:(?:\s*\[[^\]]*\]){0,2}\s*\{[^{}]*\})+(?(open)\])"
    # or a bracketed key or typed citation closing its line: "… dar". (@poser2007, S. 161)
    r"|[ \t]*\((?:[^()\n]{0,20}@[\w:.#$%&\-+?<>~/]+"
    r"|[A-ZÄÖÜ][^()\n]{0,60}\b(?:1[5-9]|20)\d\d[a-z]?\b)"
    r"[^()\n]{0,40}\)\\?(?=[ \t]*(?:\n|$))"
    r"|\[[^\[\]\n]{0,40}@[\w:.#$%&\-+?<>~/]+[^\[\]\n]{0,60}\]"  # glued: ".[@grey2013]"
    # or the page alone after the stop inside the marks: "… justice.” (p. 120)."
    r"|[ \t]*\((?:pp?\.|S\.)[ \t]*[\dxivlc]+(?:[ \t]*[-–]+[ \t]*\d+)?\)(?=[ \t]*[.,;:\n]|$)"
)
_FOOT_MARK = re.compile(
    r"\[\^[^\]\s]+\]|\^\d+\^|<sup>\d+</sup>|[¹²³⁰⁴-⁹]+|\\footnote\{|(?:<sup>)?" + NOTE_LINK
)


def sentence_window(text: str, start: int, *, limit: int = 600) -> int:
    """Where the sentence that goes on at ``start`` ends (exclusive), or a paragraph break.

    A period after an abbreviation ("et al.", "p.") or inside brackets does not end it; a
    footnote mark glued to the full stop still belongs to the sentence.
    """
    depth = 0
    stop = min(len(text), start + limit)
    # only brackets, line breaks and stops decide; the letters between are skipped at once
    for m in _DECIDES.finditer(text, start, stop):
        i = m.start()
        ch = text[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        elif ch == "\n":
            if _PARA_BREAK.match(text, i) or _ITEM_START.match(text, i):
                return i
        elif depth == 0:
            before = text[max(start, i - 8) : i]
            after = text[i + 1 : i + 3]
            if ch == "." and ABBREV.search(before) and not after.startswith("\n"):
                continue
            if after[:1].isdigit():
                continue
            j = i + 1
            while j < len(text) and text[j] in "\"”’')":
                j += 1
            # A Word export may set a space before the note's mark: "changes. [\[8\]](#_ftn8)"
            k = j
            while k < len(text) and text[k] in " \t":
                k += 1
            fm = _FOOT_MARK.match(text, k) or _TRAILING_CITE.match(text, j)
            if fm:
                if fm.group(0) == "\\footnote{":
                    return _close_brace(text, fm.end())
                return fm.end()
            return j
    return stop


def _close_brace(text: str, i: int, *, limit: int = 2_000) -> int:
    """Past the brace that closes the group opened before ``i``, or ``limit`` characters on.

    An unclosed ``\\footnote{`` must not make the window of every quotation before it run to
    the end of the text (each window is then searched for references: quadratic in all).
    """
    depth = 1
    stop = min(len(text), i + limit)
    while i < stop and depth:
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
        i += 1
    return i
