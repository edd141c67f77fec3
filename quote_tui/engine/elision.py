"""What an ellipsis or an editorial bracket of a quotation stands for in the source, when it
leaves out a negation or a number: a critical difference of the normalized match."""

from __future__ import annotations

from quote_tui.engine.meaning import omitted_flags
from quote_tui.engine.quote_parts import EdgeBracket, QuotePlan, edge_span
from quote_tui.engine.records import Difference, DiffKind

__all__ = ["edge_spans", "elision"]


def _stripped(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    return a, b


def elision(
    quote: str, qa: int, qb: int, source: str, sa: int, sb: int, base: int
) -> Difference | None:
    """A critical difference for source words [sa, sb) that quotation text [qa, qb) (an ellipsis
    or a bracket) stands for, when they hold a negation or a number the quotation text lacks.
    Offsets are put relative to the quotation and to the match starting at ``base``."""
    qa, qb = _stripped(quote, qa, qb)
    sa, sb = _stripped(source, sa, sb)
    flags = [f for f in omitted_flags(source[sa:sb]) if f not in omitted_flags(quote[qa:qb])]
    if not flags:
        return None
    kind = DiffKind.NEGATION if flags[0] == "negation" else DiffKind.NUMBER
    return Difference(quote[qa:qb], source[sa:sb], kind, True, qa, qb, sa - base, sb - base)


def edge_spans(
    source: str, plan: QuotePlan, start: int, end: int, max_words: int
) -> list[tuple[EdgeBracket, int, int]]:
    """The brackets at the quotation's edges whose source words hold a negation or a number
    their own words lack, with those words' span (``quote_parts.edge_span``)."""
    out = []
    for edge in plan.edges:
        sa, sb = edge_span(source, start, end, edge, max_words=max_words)
        if elision(plan.folded.source, edge.start, edge.end, source, sa, sb, 0) is not None:
            out.append((edge, sa, sb))
    return out
