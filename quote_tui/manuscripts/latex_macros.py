"""A writer's own citation and quotation commands: ``\\newcommand{\\site}[2]{\\citep[S. #2]{#1}}``,
``\\newcommand{\\zitat}[1]{\\glqq #1\\grqq{}}``.

Papers define a short command for a cite with a page and use it everywhere; read as written,
``\\site{hemleben63}{78}`` is no citation at all. A command whose definition holds a cite
command is expanded where it is used, so the cite it stands for is read like any other. Only
such commands are expanded: expanding every macro would be a TeX interpreter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from quote_tui.manuscripts.refs import is_latex_cite

__all__ = ["DEFINED", "cite_macros", "expand_cite_macros"]

DEFINED = (
    r"\\(?:newcommand|renewcommand|providecommand|DeclareRobustCommand)\*?\s*"
    r"(?:\{\s*\\(?P<name>[a-zA-Z]+)\s*\}|\\(?P<bare>[a-zA-Z]+))"
)
"""A LaTeX command's definition up to its name (``name``, or ``bare`` without braces)."""
_DEFINE = re.compile(DEFINED + r"\s*(?:\[(?P<count>[1-9])\])?\s*(?P<default>\[)?")
_PARAM = re.compile(r"#([1-9])")
# A command that sets its argument in quotation marks: \newcommand{\zitat}[1]{\glqq #1\grqq{}},
# {``#1''}, {\enquote{#1}}, {\og #1\fg{}}: a writer's own quotation command, expanded as a cite
# command is so that the marks it stands for are read.
_QUOTE_BODY = re.compile(
    r"(?:\\(?:enquote|textquote|foreignquote|hyphenquote|blockquote)\*?(?:\{[^{}]*\})?\{|"
    r"\\(?:glqq|og|flqq|frqq|quotedblbase|textquotedblleft)\b\s*|``|„|“|«|\"`)\s*#\d"
)


def _quotes(body: str) -> bool:
    return _QUOTE_BODY.search(body) is not None


# Past this many uses the rest of a file is left as written: each use is a copy of the text
# around it, and no paper cites ten thousand times.
_MAX_USES = 10_000


def _body(text: str, i: int) -> tuple[str, int] | None:
    """The brace group starting at ``i`` (after spaces): its inside and the index past it."""
    while i < len(text) and text[i] in " \t\n":
        i += 1
    if i >= len(text) or text[i] != "{":
        return None
    depth = 0
    j = i
    while j < min(len(text), i + 2_000):
        ch = text[j]
        if ch == "\\":  # an escaped brace counts for nothing
            j += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return text[i + 1 : j], j + 1
        j += 1
    return None


def cite_macros(texts: Iterable[str]) -> dict[str, tuple[int, str, str | None]]:
    """The commands ``texts`` define whose definition holds a cite or sets its argument in
    quotation marks: name -> (arguments, body, the optional first argument's default).

    The body is joined onto one line, so that expanding it moves no line of the manuscript.
    A command with an optional first argument (``\\newcommand{\\zitat}[3][]{…}``, as class
    files define a quotation with its page) takes ``[…]`` where it is used, else the default.
    """
    out: dict[str, tuple[int, str, str | None]] = {}
    for text in texts:
        for m in _DEFINE.finditer(text):
            default = None
            body_at = m.end()
            if m.group("default"):
                close = text.find("]", m.end(), m.end() + 200)
                if close < 0:
                    continue
                default, body_at = text[m.end() : close], close + 1
            found = _body(text, body_at)
            if found is None or not (is_latex_cite(found[0]) or _quotes(found[0])):
                continue
            count = int(m.group("count") or 0)
            if any(int(p) > count for p in _PARAM.findall(found[0])):
                continue
            if default is not None and count == 0:
                continue
            out[m.group("name") or m.group("bare")] = (count, " ".join(found[0].split()), default)
    return out


def _optional(text: str, i: int) -> tuple[str, int] | None:
    """The bracket group right at ``i`` (``[S.~15]``): its inside and the index past it."""
    if not text.startswith("[", i):
        return None
    close = text.find("]", i, i + 200)
    return None if close < 0 or "\n\n" in text[i:close] else (text[i + 1 : close], close + 1)


def expand_cite_macros(text: str, macros: dict[str, tuple[int, str, str | None]]) -> str:
    """``text`` with each use of a cite command of ``macros`` replaced by what it stands for.

    A use whose arguments are not all there (``\\site{a}`` then a paragraph) stays as written.
    """
    if not macros:
        return text
    use = re.compile(
        r"\\(" + "|".join(map(re.escape, sorted(macros, key=len, reverse=True))) + r")(?![a-zA-Z])"
    )
    out: list[str] = []
    pos = 0
    for n, m in enumerate(use.finditer(text)):
        if n >= _MAX_USES:
            break
        if m.start() < pos:
            continue
        count, body, default = macros[m.group(1)]
        args: list[str] = []
        i = m.end()
        if default is not None:
            given = _optional(text, i)
            args.append(default if given is None else given[0])
            i = i if given is None else given[1]
        for _ in range(count - len(args)):
            found = _body(text, i)
            if found is None or "\n\n" in found[0]:
                break
            args.append(found[0])
            i = found[1]
        # A use written over several lines between its arguments stays as written: expanding
        # it would move lines (a quotation's own line breaks go into the expansion with it).
        if len(args) < count or text[m.end() : i].count("\n") != sum(a.count("\n") for a in args):
            continue
        out.append(text[pos : m.start()])
        out.append(_PARAM.sub(lambda p, given=args: given[int(p.group(1)) - 1], body))
        pos = i
    out.append(text[pos:])
    return "".join(out)
