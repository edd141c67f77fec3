"""Which parts of a LaTeX project the reader reads: the files a chapter brings in (``\\input``,
``\\include``, ``\\subfile`` and the import package's ``\\import{dir}{file}`` and
``\\subimport{dir}{file}``), not the text ``\\iffalse … \\fi`` leaves out of the document, and
not a program's text set inline (``\\verb|…|``, ``\\lstinline``, ``\\texttt{"…"}``).

Theses keep their chapters in folders and bring them in with the import package, whose paths
are relative to the folder of the file that imports (``\\subimport``) or to the main file's
(``\\import``); a writer who drops a section for now wraps it in ``\\iffalse … \\fi``, which
LaTeX never typesets, so its quotations are none of the manuscript's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

__all__ = ["INPUT", "child_files", "false_branches", "inline_code", "style_files"]

# One argument (the file) or two (the folder, then the file).
INPUT = re.compile(
    r"\\(?:input|include|subfile)\s*\{(?P<file>[^}]+)\}"
    r"|\\(?P<cmd>import|subimport|inputfrom|subinputfrom|includefrom|subincludefrom)\*?"
    r"\s*\{(?P<dir>[^}]*)\}\s*\{(?P<file2>[^}]+)\}"
)
_SUB = ("subimport", "subinputfrom", "subincludefrom")
# A conditional opened (closed by \fi) or closed; \ifthenelse (the ifthen package) takes its
# branches as arguments and has no \fi.
_CONDITIONAL = re.compile(r"\\(?:(?P<open>if(?!thenelse\b)[A-Za-z@]*)|fi)(?![A-Za-z@])")
_FALSE = re.compile(r"\\iffalse(?![A-Za-z@])")
# A conditional named, not opened: "\newif\ifdraft", "\let\if@namecite\iffalse",
# "\let\maybe=\iffalse", "\def\x{\iffalse".
_NAMED = re.compile(r"\\(?:newif|let|def|gdef|edef)\s*(?:\\[A-Za-z@]+\s*=?\s*\{?)?$")


def child_files(scan: str, root: Path, here: Path) -> Iterator[tuple[Path, ...]]:
    """For each file ``scan`` (a file's text, comments blanked) brings in, the paths it may
    have, the likelier first: relative to the main file's folder ``root``, or for the sub-
    forms to ``here``, the folder of the file itself; a plain ``\\input`` not found under
    ``root`` may be meant relative to ``here``."""
    for m in INPUT.finditer(scan):
        if m.group("file") is not None:
            name = m.group("file").strip()
            yield (_tex(root / name), _tex(here / name)) if here != root else (_tex(root / name),)
            continue
        base = here if m.group("cmd") in _SUB else root
        yield (_tex(base / m.group("dir").strip() / m.group("file2").strip()),)


# The class and the packages a file loads; the writer's own (a school's thesis class, a
# "befehle.sty") lie beside the manuscript and define its citation and quotation commands.
_LOADS = re.compile(
    r"\\(?P<kind>documentclass|usepackage|RequirePackage)\s*(?:\[[^\]]*\])?\s*\{(?P<names>[^}]+)\}"
)


def style_files(scan: str, root: Path) -> Iterator[Path]:
    """The class and package files ``scan`` loads that may lie in the manuscript's folder
    ``root`` (``\\documentclass{vwa}`` → vwa.cls, ``\\usepackage{befehle}`` → befehle.sty)."""
    for m in _LOADS.finditer(scan):
        ext = ".cls" if m.group("kind") == "documentclass" else ".sty"
        for name in m.group("names").split(","):
            name = name.strip()
            if re.fullmatch(r"[\w.-]{1,80}", name) and not name.startswith("."):
                yield root / f"{name}{ext}"


def _tex(path: Path) -> Path:
    try:
        return path if path.suffix else path.with_suffix(".tex")
    except ValueError:  # a name that is no file's ("/", empty): is_file says so later
        return path


def false_branches(scan: str) -> list[tuple[int, int]]:
    """The spans from each ``\\iffalse`` to its ``\\fi`` (conditionals inside counted); an
    ``\\iffalse`` never closed hides nothing."""
    spans: list[tuple[int, int]] = []
    for m in _FALSE.finditer(scan):
        if (spans and m.start() < spans[-1][1]) or _named(scan, m.start()):
            continue
        depth = 0
        for c in _CONDITIONAL.finditer(scan, m.start()):
            if c.group("open") and _named(scan, c.start()):
                continue
            depth += 1 if c.group("open") else -1
            if depth == 0:
                spans.append((m.start(), c.end()))
                break
        else:
            break  # unclosed: so is every later one inside it (and each would read to the end)
    return spans


def _named(scan: str, pos: int) -> bool:
    return _NAMED.search(scan, max(0, pos - 60), pos) is not None


# A program's text set inline: its strings in marks are output or code, never a source's words.
_VERB = re.compile(r"\\(?:verb\*?|lstinline(?:\[[^\]\n]*\])?)(?P<d>[^\sA-Za-z{])")
_CODE_GROUP = re.compile(
    r"\\(?:texttt|lstinline(?:\[[^\]\n]*\])?|mintinline\{[^{}\n]*\}|code)\s*\{"
)
_GROUP_LIMIT = 2_000  # a code span is short; an unclosed brace hides no more than this


def inline_code(scan: str) -> list[tuple[int, int]]:
    """The spans of inline program text: ``\\verb|…|`` and ``\\lstinline|…|`` to their
    delimiter, ``\\texttt{…}``, ``\\lstinline{…}``, ``\\mintinline{lang}{…}`` to their
    closing brace (on one line for the delimited forms, as LaTeX wants them)."""
    spans: list[tuple[int, int]] = []
    for m in _VERB.finditer(scan):
        close = scan.find(m["d"], m.end(), min(len(scan), m.end() + _GROUP_LIMIT))
        if close >= 0 and "\n" not in scan[m.end() : close]:
            spans.append((m.start(), close + 1))
    for m in _CODE_GROUP.finditer(scan):
        depth, i, stop = 1, m.end(), min(len(scan), m.end() + _GROUP_LIMIT)
        while i < stop and depth:
            depth += {"{": 1, "}": -1}.get(scan[i], 0) if scan[i - 1] != "\\" else 0
            i += 1
        if depth == 0:
            spans.append((m.start(), i))
    return spans
