"""Reading a quotation as fragments: ellipses for omitted words, brackets for editorial changes.

A citing author writes "the landlord is ... permitted" or "[T]he committee decided" or "sketches
[the faces] with a pen". ``plan_quote`` folds the quotation and splits it into fragments at each
ellipsis ("...", "…", ". . .", "[...]", "[…]"); inside a fragment each ``[insertion]`` becomes a
small regex alternative: the literal bracket first (sources print "[2Fe-2S]" too), then nothing,
then a few source words; a bracket glued to a word ("[T]he") only changes that letter's case.
Ellipses and detached brackets at a fragment's edges only trim it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from quote_tui.engine.normalize import Folded, fold
from quote_tui.engine.records import Rule

_ELLIPSIS = re.compile(r" ?(?:\[ ?\. ?\. ?\. ?\]|\.(?: ?\.){2,3}) ?")
_BRACKET = re.compile(r"\[([^\[\]]{1,100})\]")
# A source word an editorial bracket may stand for. Never one with brackets of its own: the
# source's "[22]" quoted as "[25]" is a changed reference, not an editorial insertion.
_SOURCE_WORD = r"[^ \[\]]+"


@dataclass(frozen=True, slots=True)
class Part:
    """A piece of a fragment: literal folded text, or an editorial bracket.

    ``start``/``end`` are offsets in the folded quotation; ``group`` names the regex group that
    captures the part (literal bracket text for a bracket, so an unused group means it stood for
    something else, which the group ``"a" + group[1:]`` captures).
    """

    kind: str  # "text", "bracket" or "dash" (a dash beside a bracket, optional in the source)
    start: int
    end: int
    group: str


@dataclass(frozen=True, slots=True)
class PlanFragment:
    """One fragment: its raw quotation text and span in the quotation (so the ellipsis between
    two fragments can be named), its parts and, when it has brackets, its regex."""

    text: str
    parts: tuple[Part, ...]
    pattern: re.Pattern[str] | None
    start: int = 0
    end: int = 0


@dataclass(frozen=True, slots=True)
class QuotePlan:
    """How to search a quotation: its folded view, fragments, and rules trimming implied."""

    folded: Folded
    fragments: tuple[PlanFragment, ...]
    rules: tuple[Rule, ...]


def _is_word(c: str) -> bool:
    return c.isalnum()


def _trim(
    text: str, a: int, b: int, ellipsis_edge: tuple[bool, bool] = (False, False)
) -> tuple[int, int, bool]:
    """Strip spaces and detached brackets from the edges of [a, b); report a bracket trim.

    A dash between an ellipsis and a word ("London ... - Crooks") is stripped too: in the source
    it stood between two words and folding removed it as a hyphen.
    """
    trimmed = False
    while True:
        while a < b and text[a] == " ":
            a += 1
        while b > a and text[b - 1] == " ":
            b -= 1
        m = _BRACKET.match(text, a, b)
        if m and (m.end() == b or text[m.end()] == " "):
            a, trimmed = m.end(), True
            continue
        if _edge_dash(text, a, b, at_end=False) and ellipsis_edge[0]:
            a += 1
            continue
        if _edge_dash(text, a, b, at_end=True) and ellipsis_edge[1]:
            b -= 1
            continue
        if b > a and text[b - 1] == "]":
            k = text.rfind("[", a, b)
            if k >= a and _BRACKET.fullmatch(text, k, b) and (k == a or text[k - 1] == " "):
                b, trimmed = k, True
                continue
        return a, b, trimmed


def _fragment(folded: Folded, a: int, b: int, max_words: int) -> PlanFragment:
    text = folded.text
    qa, qb = folded.source_start(a), folded.source_end(b)
    raw = folded.source[qa:qb]
    brackets = list(_BRACKET.finditer(text, a, b))
    if not brackets:
        return PlanFragment(raw, (Part("text", a, b, "t0"),), None, qa, qb)
    parts: list[Part] = []
    regex: list[str] = []
    cursor = a
    words = f"{{1,{max_words}}}"
    for k, m in enumerate(brackets):
        before = text[m.start() - 1] if m.start() > a else ""
        after = text[m.end()] if m.end() < b else ""
        lit = re.escape(m.group())
        text_end, next_cursor = m.start(), m.end()
        if _is_word(before) or _is_word(after):
            alt = f"(?:(?P<b{k}>{lit})|(?i:{re.escape(m.group(1))}))"
        elif after == " ":
            next_cursor += 1
            alt = f"(?:(?P<b{k}>{lit} )|(?:)|(?:{_SOURCE_WORD} ){words})"
        elif before == " ":
            text_end -= 1
            alt = f"(?:(?P<b{k}> {lit})|(?:)|(?: {_SOURCE_WORD}){words})"
        else:
            alt = f"(?:(?P<b{k}>{lit})|(?:)|{_SOURCE_WORD})"
        dash = _edge_dash(text, cursor, text_end, at_end=True)
        if text_end - dash > cursor:
            name = f"t{len(parts)}"
            parts.append(Part("text", cursor, text_end - dash, name))
            regex.append(f"(?P<{name}>{re.escape(text[cursor : text_end - dash])})")
        if dash:
            parts.append(Part("dash", text_end - 1, text_end, f"d{k}e"))
            regex.append(f"(?P<d{k}e>-?)")
        parts.append(Part("bracket", m.start(), m.end(), f"b{k}"))
        regex.append(f"(?P<a{k}>{alt})")
        cursor = next_cursor
        if _edge_dash(text, cursor, b, at_end=False):
            parts.append(Part("dash", cursor, cursor + 1, f"d{k}s"))
            regex.append(f"(?P<d{k}s>-?)")
            cursor += 1
    if b > cursor:
        name = f"t{len(parts)}"
        parts.append(Part("text", cursor, b, name))
        regex.append(f"(?P<{name}>{re.escape(text[cursor:b])})")
    return PlanFragment(raw, tuple(parts), re.compile("".join(regex)), qa, qb)


def _edge_dash(text: str, a: int, b: int, *, at_end: bool) -> int:
    """1 when [a, b) ends (or starts) with a dash that touches a bracket on its other side.

    In the source that dash stood between two words ("kann – etwa aus"), so folding took it for
    a hyphen between letters and removed it; beside the bracket it must be optional. A dash
    before a digit is a sign and stays.
    """
    if b - a < 2:
        return 0
    if at_end:
        return int(text[b - 1] == "-" and text[b - 2].isalpha())
    return int(text[a] == "-" and text[a + 1].isalpha())


def plan_quote(quote: str, *, bracket_max_words: int, literal: bool = False) -> QuotePlan | None:
    """Split a quotation into searchable fragments.

    Args:
        quote: the trimmed quotation.
        bracket_max_words: most source words one ``[insertion]`` may stand for.
        literal: treat the whole folded quotation as one literal fragment.

    Returns:
        The plan, or None when there is nothing to search (or, unless ``literal``, when the
        quotation has no ellipsis or bracket, so the literal search already said everything).
    """
    folded = fold(quote)
    text = folded.text
    a, b = 0, len(text)
    while a < b and text[a] == " ":
        a += 1
    while b > a and text[b - 1] == " ":
        b -= 1
    if a == b:
        return None
    if literal:
        return QuotePlan(folded, (_fragment_literal(folded, a, b),), ())
    markers = list(_ELLIPSIS.finditer(text, a, b))
    if not markers and not _BRACKET.search(text, a, b):
        return None
    rules: set[Rule] = set()
    if markers:
        rules.add(Rule.ELLIPSIS)
    bounds, cursor = [], a
    for m in markers:
        bounds.append((cursor, m.start()))
        cursor = m.end()
    bounds.append((cursor, b))
    fragments = []
    for k, (fa, fb) in enumerate(bounds):
        fa, fb, trimmed = _trim(text, fa, fb, (k > 0, k < len(bounds) - 1))
        if trimmed:
            rules.add(Rule.BRACKET)
        if fb > fa:
            fragments.append(_fragment(folded, fa, fb, bracket_max_words))
    if not fragments:
        return None
    if len(fragments) == 1 and fragments[0].pattern is None and not rules:
        return None
    return QuotePlan(folded, tuple(fragments), tuple(sorted(rules)))


def _fragment_literal(folded: Folded, a: int, b: int) -> PlanFragment:
    qa, qb = folded.source_start(a), folded.source_end(b)
    return PlanFragment(folded.source[qa:qb], (Part("text", a, b, "t0"),), None, qa, qb)
