"""Quotations a Word writer signs with a dash, as an epigraph is signed: the signature on its
own line under the quotation ("“…”" then "— Lila Gleitman"), or after the closing mark on the
quotation's own line ("“The ALL is MIND; The Universe is Mental.” — The Kybalion", "“… using
cryptography” – Wikipedia"). The signature names the source; it is the quotation's, not a
paragraph of the writer's."""

from __future__ import annotations

import re

__all__ = ["WHOLLY_QUOTED", "is_signature", "signed_in_line"]

# An epigraph's signature: a dash, then the source ("—Lila Gleitman").
_SIGNATURE = re.compile(r"\s*(?:[—―–]|-{2,3})\s*[A-ZÄÖÜ][^\n]{1,150}?\s*")
_SIGNATURE_WORDS = 16
_QUOTED_WORDS = 4  # the shortest quotation taken on its own
# A paragraph that is one quotation in its marks and nothing else.
WHOLLY_QUOTED = re.compile(r"\s*[“\"„«]\s*[^“”\"„«»\n]{10,600}[”\"“»]\s*")
# One quotation in its marks, then its signature on the same line: a spaced dash (a hyphen
# joined to the mark is the writer's own punctuation) and a source opening on a capital.
_SIGNED_LINE = re.compile(
    r"(?P<quote>\s*[“\"„«]\s*[^“”\"„«»\n]{10,600}[”\"“»][.,]?)"
    r"(?P<sign>[ \t\u00a0]+(?:[—―–]|-{1,3})[ \t\u00a0]*[A-ZÄÖÜ][^\n“”\"„«»]{1,80}?)[ \t.]*"
)


def is_signature(text: str) -> bool:
    """Whether the paragraph ``text`` is a dash signature and nothing else."""
    return bool(_SIGNATURE.fullmatch(text)) and len(text.split()) <= _SIGNATURE_WORDS


def signed_in_line(text: str) -> tuple[int, int] | None:
    """Where the quotation of the paragraph ``text`` ends (after its closing mark) and where
    its signature begins, when the paragraph is one quotation signed on its own line."""
    m = _SIGNED_LINE.fullmatch(text)
    if m is None or len(m.group("quote").split()) < _QUOTED_WORDS:
        return None  # a term and its gloss ("“Ledger” – A record of accounts"), no quotation
    return m.end("quote"), m.start("sign")
