"""The bibliography a manuscript names or keeps beside it, when the user names none.

Pandoc reads ``bibliography:`` from the YAML front matter, LaTeX ``\\bibliography{...}`` and
``\\addbibresource{...}``; a researcher who runs ``quote-tui open paper.md`` expects the same file
to be used. Failing those, a ``.bib`` of the manuscript's own name, or the only ``.bib`` in its
folder, stands in: a folder with several unrelated ``.bib`` files is not guessed at.
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["find_bibliographies"]

_FRONT_MATTER = re.compile(r"\A\ufeff?---[ \t]*\r?\n(.*?)\r?\n(?:---|\.\.\.)[ \t]*\r?\n", re.S)
_YAML_BIB = re.compile(
    r"^bibliography:[ \t]*(?P<one>[^\n]*)\n?(?P<list>(?:[ \t]+-[ \t]*[^\n]+\n?)*)", re.M
)
_LATEX_BIB = re.compile(r"\\(?:bibliography|addbibresource)(?:\[[^\]]*\])?\{([^}]+)\}")
_HEAD = 200_000
"""Bytes read from the top of a manuscript to look for the names (front matter and preamble
come first; ``\\bibliography`` usually comes last, so a LaTeX file is read whole up to this)."""


def _unquote(name: str) -> str:
    return name.strip().strip("'\"").strip()


def _named(path: Path, text: str) -> list[str]:
    """The bibliography names written in the manuscript, as written."""
    suffix = path.suffix.lower()
    if suffix in (".tex", ".ltx"):
        return [
            n.strip() for m in _LATEX_BIB.finditer(text) for n in m.group(1).split(",") if n.strip()
        ]
    fm = _FRONT_MATTER.match(text)
    if fm is None:
        return []
    m = _YAML_BIB.search(fm.group(1) + "\n")
    if m is None:
        return []
    one = _unquote(m.group("one"))
    if one.startswith("[") and one.endswith("]"):
        return [_unquote(n) for n in one[1:-1].split(",") if _unquote(n)]
    if one:
        return [one]
    return [_unquote(line.split("-", 1)[1]) for line in m.group("list").splitlines() if "-" in line]


def find_bibliographies(manuscript: Path) -> tuple[Path, ...]:
    """The bibliography files a manuscript names, else the one standing beside it.

    Args:
        manuscript: the manuscript file (Markdown, LaTeX, plain text or .docx).

    Returns:
        The files that exist, in the order named; empty when none is found.
    """
    folder = manuscript.resolve().parent
    text = ""
    if manuscript.suffix.lower() != ".docx":
        try:
            with manuscript.open("rb") as fh:
                text = fh.read(_HEAD).decode("utf-8", errors="replace")
        except OSError:
            return ()
    found: list[Path] = []
    for name in _named(manuscript, text):
        candidate = folder / name
        if not candidate.suffix and manuscript.suffix.lower() in (".tex", ".ltx"):
            candidate = candidate.with_suffix(".bib")
        if candidate.is_file() and candidate not in found:
            found.append(candidate)
    if found:
        return tuple(found)
    own = folder / (manuscript.stem + ".bib")
    if own.is_file():
        return (own,)
    beside = sorted(p for p in folder.glob("*.bib") if p.is_file())
    return (beside[0],) if len(beside) == 1 else ()
