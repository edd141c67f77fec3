"""Linguistic notation in marks: a predicate with its argument list, as Lexical-Functional
Grammar writes a semantic form (``‘mittor⟨SUBJ, OBL_GOAL⟩’``, ``'give<SUBJ,OBJ,OBJ2>'``, in
LaTeX ``\\`mittor$\\langle$SUBJ, OBL\\textsubscript{GOAL}$\\rangle$'``). The marks belong to the
notation, in a lexical entry or a feature structure: never a quotation of a source, even when a
citation stands near."""

from __future__ import annotations

import re

__all__ = ["is_notation"]

# A grammatical function or feature: capitals, maybe a subscript (OBL_GOAL, OBL\textsubscript{θ}).
_FEATURE = r"[A-Z]{2,}(?:\\textsubscript\{[^{}]{0,12}\}|_\{?[\wθ]{1,8}\}?|[\wθ]{0,8})"
_OPEN = r"(?:⟨|\$?\\langle\$?|\\q<|<|&lt;)"
_CLOSE = r"(?:⟩|\$?\\rangle\$?|\\q>|>|&gt;)"
_ARGUMENTS = re.compile(rf"[^\W\d_][\w-]*\s*{_OPEN}\s*{_FEATURE}(?:\s*,\s*{_FEATURE})*\s*{_CLOSE}")


def is_notation(text: str, start: int, end: int) -> bool:
    """Whether the words in marks ``text[start:end]`` are a predicate with its argument list."""
    return end - start <= 200 and _ARGUMENTS.search(text, start, end) is not None
