"""Words written on an object: an inscription, an annotation, a stamp, a label.

Art historians and archivists quote what stands on the thing they study ("A faint annotation in
the final pages of the sketchbook—“J’appartiens à R. Bonheur” (I belong to R. Bonheur)—",
"scrawling “Bought by Sir Jay Chernis” or “Sir Jay Chernis Purchase” by several entries",
"inscribed “To my friend”"). Such words are often capitalised as a title is, and no source is
cited for them but the object itself; their cue says they are quoted.
"""

from __future__ import annotations

import re

__all__ = ["inscribed"]

# The cue, then the rest of its clause up to the opening mark; the marks of an earlier writing
# in the same list ("“…” or “…”") may stand between.
_CUE = re.compile(
    r"\b(?:inscri(?:bed|bes|be|bing|ption|ptions)|annotat(?:ed|es|ing|ion|ions)|"
    r"scrawl(?:ed|s|ing)?|stamp(?:ed|s)?|labell?ed|captioned|lettered|"
    r"beschrift(?:et|ung)|Aufschrift|Inschrift|Widmung|Vermerk|Stempel|"
    r"annoté|inscrit|dédicace|anotación|inscripción)\b"
    r"[^.!?\"“”„«»]{0,80}[—–:,]?\s*"
    r"(?:[“\"„«‘][^“”\"„«»\n]{1,80}[”\"“»’]\s*(?:,|or|and|oder|und|ou|et)\s*)*[“\"„«‘]$",
    re.I,
)
_REACH = 300


def inscribed(text: str, start: int) -> bool:
    """Whether the words in marks opening at ``start`` are what an inscription, annotation,
    stamp or label on an object reads, by the cue before them."""
    return _CUE.search(text, max(0, start - _REACH), start) is not None
