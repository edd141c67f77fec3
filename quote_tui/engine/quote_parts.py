"""Reading a quotation as fragments: ellipses for omitted words, brackets for editorial changes.

A citing author writes "the landlord is ... permitted" or "[T]he committee decided" or "sketches
[the faces] with a pen". ``plan_quote`` folds the quotation and splits it into fragments at each
ellipsis ("...", "…", ". . .", "[...]", "[…]"); inside a fragment each ``[insertion]`` becomes a
small regex alternative: the literal bracket first (sources print "[2Fe-2S]" too), then nothing,
then a few source words; a bracket glued to a word ("[T]he") only changes that letter's case.
Ellipses and detached brackets at a fragment's edges only trim it. A detached bracket at the
quotation's very start or end (``[to act]`` in "The committee decided [to act]") still stands for
source words, those next to the match: ``edge_span`` says which, so what they hold is judged as
a bracket's words inside the quotation are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from quote_tui.engine.meaning import omitted_flags
from quote_tui.engine.normalize import Folded, fold_quote
from quote_tui.engine.records import Rule

_ELLIPSIS = re.compile(r" ?(?:\[ ?\. ?\. ?\. ?\]|\.(?: ?\.){2,3}) ?")
# A quoting writer's note on the quotation: "[sic]", "(!)", "[emphasis added]", "[Hervorhebung
# d. Verf.]". It stands for no source words, so it is read as the bracket itself or nothing,
# never as a replacement that could hide a dropped word; in parentheses only these are notes,
# as a parenthesis is otherwise the source's own ("(p < 0.05)").
_NOTE = (
    r"(?i:sic!?|[!?]{1,3}"
    r"|(?:emphasis|italics) (?:added|mine|ours|supplied|in (?:the )?original)"
    r"(?: by [^()\[\]]{1,40})?"
    r"|(?:my|our|original) (?:emphasis|italics)"
    r"|(?:hervorhebung(?:en)?|herv\.)(?: [^()\[\]]{1,40})?)"
)
_BRACKET = re.compile(rf"\[([^\[\]]{{1,100}})\]|\(({_NOTE})\)")
_IS_NOTE = re.compile(rf"[\[(]{_NOTE}[\])]")
_PAREN_NOTE = re.compile(rf"\({_NOTE}\)")
# A bracket that ends a fragment, detached from the word before it (one that starts the fragment
# and runs to its end is trimmed as a leading one).
_TRAILING_BRACKET = re.compile(rf"(?<= )(?:\[[^\[\]]{{1,100}}\]|\({_NOTE}\))\Z")
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
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class EdgeBracket:
    """Detached brackets trimmed from the quotation's start (``leading``) or end.

    ``start``/``end`` are offsets in the quotation as given (brackets and the spaces between
    them); ``words`` are the brackets' words, folded and lower-cased, in order.
    """

    leading: bool
    start: int
    end: int
    words: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class QuotePlan:
    """How to search a quotation: its folded view, fragments, and rules trimming implied."""

    folded: Folded
    fragments: tuple[PlanFragment, ...]
    rules: tuple[Rule, ...]
    edges: tuple[EdgeBracket, ...] = ()


def _is_word(c: str) -> bool:
    return c.isalnum()


def _trim(text: str, a: int, b: int, ellipsis_edge: tuple[bool, bool]) -> tuple[int, int, bool]:
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
        m = _TRAILING_BRACKET.search(text, a, b)
        if m:
            b, trimmed = m.start(), True
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
        note = _IS_NOTE.fullmatch(m.group()) is not None
        if note and not _is_word(before) and after == " ":
            next_cursor += 1
            alt = f"(?:(?P<b{k}>{lit} )|(?:))"
        elif note and not _is_word(after) and before == " ":
            text_end -= 1
            alt = f"(?:(?P<b{k}> {lit})|(?:))"
        elif note:
            alt = f"(?:(?P<b{k}>{lit})|(?:))"
        elif _is_word(before) or _is_word(after):
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
    folded = fold_quote(quote)
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
    edges: list[EdgeBracket] = []
    last = len(bounds) - 1
    for k, (fa0, fb0) in enumerate(bounds):
        fa, fb, trimmed = _trim(text, fa0, fb0, (k > 0, k < last))
        if trimmed:
            rules.add(Rule.BRACKET)
        if fb > fa:
            fragments.append(_fragment(folded, fa, fb, bracket_max_words))
            # Only the quotation's own edges: a bracket beside an ellipsis is part of what the
            # ellipsis skips, and that is judged with it.
            if k == 0:
                edges.extend(_edge(folded, fa0, fa, leading=True))
            if k == last:
                edges.extend(_edge(folded, fb, fb0, leading=False))
    if not fragments:
        return None
    # Here ``rules`` is never empty: a quotation with neither ellipsis nor bracket returned
    # above, and a bracket left out of every fragment was trimmed (the bracket rule).
    return QuotePlan(folded, tuple(fragments), tuple(sorted(rules)), tuple(edges))


def has_paren_note(quote: str) -> bool:
    """True when the quotation holds a note in parentheses ("(!)", "(sic)"), which the
    normalized search reads as it reads a bracket."""
    return "(" in quote and _PAREN_NOTE.search(quote) is not None


def _edge(folded: Folded, a: int, b: int, *, leading: bool) -> list[EdgeBracket]:
    """The brackets trimmed from folded [a, b) at the quotation's edge, if any."""
    text = folded.text
    # A note ("[sic]") at the edge stands for no source words beside the match.
    if all(_IS_NOTE.fullmatch(m.group()) for m in _BRACKET.finditer(text, a, b)):
        return []
    words = tuple(w for w in map(_bare_word, text[a:b].split()) if w)
    while text[a] == " ":
        a += 1
    while text[b - 1] == " ":
        b -= 1
    qa = folded.source_start(a)
    qb = folded.source_end(b)
    return [EdgeBracket(leading, qa, qb, words)]


def _bare_word(word: str) -> str:
    return "".join(c for c in word if c.isalnum()).casefold()


# What ends the stretch of source an edge bracket may stand for: a clause mark before a space or
# the text's edge (not the comma of "1,200" or the point of "3.5"), a parenthesis or bracket, a
# dash between words (an en dash glued to a digit is a minus), a blank line.
_CLAUSE_MARK = re.compile(r"[,;:.!?](?=\s|\Z)|[()\[\]{}\u2014]|(?<=\s)\u2013(?=\s)|\n[ \t]*\n")
_SOURCE_WORDS = re.compile(r"\S+")
# How far past a match an edge bracket's words are looked for: six words of a long language.
_EDGE_REACH = 400


def edge_span(
    text: str, start: int, end: int, edge: EdgeBracket, *, max_words: int
) -> tuple[int, int]:
    """The source words a bracket at the quotation's edge stands for, beside the match.

    Up to ``max_words`` words next to the match (after it for a trailing bracket, before it for
    a leading one), not past a clause mark. When the bracket's outermost word stands among them,
    the span stops with it: "decided [to act]" against "decided not to act on it" stands for
    "not to act"; a leading bracket's span starts with its first word, or earlier with the
    first negation of the stretch before it ("[The panel] agreed" against "Nobody on the panel
    agreed" stands for "Nobody on the panel"), never with a number there, as a quotation may
    start after one ("[The] drug works" from "In 2019 the drug works"). Otherwise the bracket
    is a paraphrase of unknown length and stands for every word of the stretch.

    Args:
        text: the checked text.
        start: where the match starts in ``text``.
        end: where it ends.
        edge: the bracket, from ``QuotePlan.edges``.
        max_words: most source words one bracket may stand for.

    Returns:
        The (start, end) of those words in ``text``; empty (at the match's edge) when a clause
        mark stands right beside the match.
    """
    if edge.leading:
        lo = max(0, start - _EDGE_REACH)
        marks = list(_CLAUSE_MARK.finditer(text, lo, start))
        stretch = marks[-1].end() if marks else lo
        words = list(_SOURCE_WORDS.finditer(text, stretch, start))[-max_words:]
        if not words:
            return start, start
        bare = [_bare_word(w.group()) for w in words]
        first = edge.words[0] if edge.words else ""
        at = max((i for i, word in enumerate(bare) if word == first), default=None)
        if at is None:
            return words[0].start(), start
        # A negation earlier in the clause governs the words the bracket replaced; a number
        # there ("In 2019 the drug works") does not.
        at = next((i for i in range(at) if "negation" in omitted_flags(words[i].group())), at)
        return words[at].start(), start
    hi = min(len(text), end + _EDGE_REACH)
    mark = _CLAUSE_MARK.search(text, end, hi)
    stretch = mark.start() if mark else hi
    words = list(_SOURCE_WORDS.finditer(text, end, stretch))[:max_words]
    if not words:
        return end, end
    final = edge.words[-1] if edge.words else ""
    at = next((i for i, w in enumerate(words) if _bare_word(w.group()) == final), None)
    return end, words[len(words) - 1 if at is None else at].end()


def _fragment_literal(folded: Folded, a: int, b: int) -> PlanFragment:
    qa, qb = folded.source_start(a), folded.source_end(b)
    return PlanFragment(folded.source[qa:qb], (Part("text", a, b, "t0"),), None, qa, qb)
