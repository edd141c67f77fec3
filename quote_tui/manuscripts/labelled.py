"""Words in marks that a label presents as a quotation: ``Citation : « … »``, ``Zitat: „…“``,
``Quote: "…"``. Revision sheets, reading notes and slides set a work's words under such a label,
one a paragraph, and often cite nothing else: the label is the evidence the words are a text's,
not the writer's."""

from __future__ import annotations

import re

__all__ = ["labelled_quotation"]

# The label, then its colon, maybe what the words are about ("Citation : les rêves : « … »"),
# then the opening mark. French sets a space before the colon.
_LABEL = re.compile(
    r"(?:^|[\s(\[*_])(?:citations?|zitate?|quotes?|quotations?|citas?|citazion[ei]|"
    r"originalzitat|wortlaut)[*_]*"
    # whose words, named with the label: "Citation de Pascal :", "Zitat von Kant:", "Quote from
    # Orwell:", "Cita de Freire:"
    r"(?:[^\S\n]+(?:de|d['’]|du|von|aus|of|from|by)[^\S\n]*[^\n:«»„“”\"]{1,40}?)?"
    r"[^\S\n]*[:：][*_]*[^\S\n]*"
    r"(?:[^\n.!?:«»„“”\"]{1,40}?[^\S\n]*:[^\S\n]*)?[«„“\"‘‚'`]*[^\S\n]*$",
    re.I,
)
_REACH = 120  # the label stands on the words' own line, a few words before them


def labelled_quotation(text: str, start: int) -> bool:
    """Whether a label right before the marks that open at ``start`` presents the words as a
    quotation (``Citation :``, ``Zitat:``, ``Quote:``)."""
    line_start = text.rfind("\n", max(0, start - _REACH), start) + 1
    return _LABEL.search(text[max(line_start, start - _REACH) : start]) is not None
