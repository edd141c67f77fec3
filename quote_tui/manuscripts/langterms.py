"""Words in marks that the writer sets in another language with a language switch: a term named
in its original language ("Moretti identifiziert \\textquote{\\textenglish{protagonists}} als
…"), not a passage quoted from the work the sentence cites.

German and French theses name the English terms of their field so (\\foreignlanguage{english}
{…}, babel's \\textenglish, a macro of the writer's own defined as one, Pandoc's
``[…]{lang=en}``); a quotation in another language is set with csquotes' \\foreignquote or as
a passage. Only a page cited for the words makes them the source's (phrases.borrowed).
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["language_term"]

_SWITCH = (
    r"\\(?:foreignlanguage\*?\s*(?:\[[^\]]*\])?\s*\{[^{}]*\}|text(?:english|german|ngerman|"
    r"french|latin|italian|spanish|greek|american|british)|foreign|textlang\s*\{[^{}]*\})"
)
_SWITCHES = re.compile(_SWITCH)
# A macro of the writer's own whose body switches language: \newcommand{\eng}[1]{\textenglish{…}}.
_DEFINED = re.compile(
    r"\\(?:newcommand|renewcommand|providecommand|DeclareRobustCommand)\*?\s*\{?\\([A-Za-z]+)\}?"
    r"\s*(?:\[\d\])?\s*\{([^\n]{0,200})"
)
_PANDOC_SPAN = re.compile(r"\[([^\[\]\n]{1,80})\]\{[^{}\n]*\blang=[\w-]+[^{}\n]*\}")
_TERM_WORDS = 3  # a term is a few words; a longer passage in another language is quoted


@lru_cache(maxsize=8)
def _own_switches(text: str) -> re.Pattern[str] | None:
    """The writer's macros that switch language, defined in ``text`` (once per document)."""
    names = [m[1] for m in _DEFINED.finditer(text) if _SWITCHES.search(m[2])]
    if not names:
        return None
    return re.compile(r"\\(?:" + "|".join(map(re.escape, names)) + r")(?![A-Za-z])")


def language_term(text: str, start: int, end: int) -> bool:
    """Whether the words in marks ``text[start:end]`` are wholly set in another language by a
    language switch (LaTeX, or a Pandoc span with ``lang=``), a few words long."""
    inner = text[start:end].strip(" \t\n,.;:")
    span = _PANDOC_SPAN.fullmatch(inner)
    if span is not None:
        return _few(span[1])
    if not inner.startswith("\\") or not inner.endswith("}"):
        return False
    head = re.match(_SWITCH + r"\s*\{", inner)
    if head is None and (own := _own_switches(text)) is not None:
        head = re.compile(own.pattern + r"\*?\s*\{").match(inner)
    if head is None:
        return False
    words = inner[head.end() : -1]
    # the switch's braces hold all the words (an inner \emph{…} may nest)
    return _balanced(words) and _few(words)


def _balanced(words: str) -> bool:
    depth = 0
    for ch in words:
        depth += (ch == "{") - (ch == "}")
        if depth < 0:
            return False
    return depth == 0


def _few(words: str) -> bool:
    return 0 < len(re.findall(r"[^\W\d_]+", re.sub(r"\\[A-Za-z]+", " ", words))) <= _TERM_WORDS
