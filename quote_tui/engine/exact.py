"""The exact and normalized tiers: where a quotation's words stand in the checked text.

The exact tier is a plain ``str.find`` loop over the checked text. The normalized tier searches
the folded view (``normalize.fold``, built once per text and kept in ``PreparedText.cache``) for
the folded quotation; when that fails it reads the quotation as fragments joined by ellipses and
``[editorial]`` brackets (``quote_parts``) and finds those in order, close together.

Every hit is checked the same way: its edges may not cut a word or number, and the hyphens
between letters that folding removed must agree (``normalize.hyphens_agree``). A hit's rules are
worked out by comparing the raw quotation with the raw source around each folded place
(``_segment_rules``), so a match lists only the rules *it* needed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from quote_tui.engine.budget import checkpoint
from quote_tui.engine.normalize import (
    HYPHENS,
    Folded,
    edge_ok,
    fold,
    hyphens_agree,
    is_letter,
    one_for_one_rule,
    rules_needed,
    rules_of,
)
from quote_tui.engine.quote_parts import Part, QuotePlan, plan_quote
from quote_tui.engine.records import Fragment, MatchOptions, Rule
from quote_tui.engine.text import PreparedText

_FOLDED_KEY = "engine.normalize.folded"
_DEHYPHENATE_BIT = 1 << list(Rule).index(Rule.DEHYPHENATE)
_BREAK_AFTER = re.compile(r"[" + HYPHENS + r"\xad][ \t]*(?:\r\n|[\n\r\x0b\x0c\x85\u2028\u2029])")
_BREAK_BEFORE = re.compile(
    r"[" + HYPHENS + r"\xad][ \t]*(?:\r\n|[\n\r\x0b\x0c\x85\u2028\u2029])\s*$"
)

_NEGATION = re.compile(
    r"(?i)(?<!\w)(?:not|no|never|none|nothing|nobody|nowhere|neither|nor|without|cannot|"
    r"hardly|barely|ne|pas|jamais|nicht|kein\w*|nie|nunca|não|nem)(?!\w)|\w+n[’']t(?!\w)"
)
_NUMBER = re.compile(
    r"\d|(?i:(?<!\w)(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|hundred|thousand|"
    r"million|billion|percent|half|twice|double)(?!\w))"
)


@dataclass(frozen=True, slots=True)
class Found:
    """One located occurrence before it becomes a ``Match``: a source span and how it matched."""

    start: int
    end: int
    rules: tuple[Rule, ...] = ()
    fragments: tuple[Fragment, ...] = ()


@dataclass(frozen=True, slots=True)
class Hits:
    """All occurrences counted, the first few located."""

    count: int
    found: tuple[Found, ...]


def folded_source(prepared: PreparedText) -> Folded:
    """The checked text's folded view, built on first use and kept for the text's lifetime.

    Args:
        prepared: the checked text.

    Returns:
        Its ``Folded`` view.
    """
    cached = prepared.cache.get(_FOLDED_KEY)
    if cached is None:
        cached = fold(prepared.text)
        prepared.cache[_FOLDED_KEY] = cached
    return cached


def _raw_edges_ok(text: str, start: int, end: int) -> bool:
    """Word-boundary check on the checked text itself, treating "exam-\\nple" as one word."""
    if not edge_ok(text, start, end):
        return False
    if start > 0 and is_letter(text[start]) and text[start - 1].isspace():
        head = text[max(0, start - 40) : start]
        cut = _BREAK_BEFORE.search(head)
        if cut is not None and cut.start() > 0 and is_letter(head[cut.start() - 1]):
            return False
    return not (is_letter(text[end - 1]) and _BREAK_AFTER.match(text, end))


def find_exact(prepared: PreparedText, quote: str, *, limit: int) -> Hits:
    """Every verbatim occurrence of ``quote`` whose edges fall on word boundaries.

    Args:
        prepared: the checked text.
        quote: the trimmed quotation.
        limit: how many occurrences to locate (all are counted).

    Returns:
        The count and the first ``limit`` spans in source order.
    """
    text = prepared.text
    found: list[Found] = []
    count = 0
    pos = text.find(quote)
    while pos >= 0:
        checkpoint()
        end = pos + len(quote)
        if _raw_edges_ok(text, pos, end):
            count += 1
            if len(found) < limit:
                found.append(Found(pos, end))
        pos = text.find(quote, pos + 1)
    return Hits(count, tuple(found))


# --- the normalized tier


def _hyphen_at(folded: Folded, pos: int) -> bool | None:
    """Kind of the removed hyphen at folded ``pos``: True break, False in-line, None none."""
    found = folded.hyphens(pos - 1, pos + 1)
    return found.get(pos)


def _folded_edges_ok(source: Folded, start: int, end: int) -> bool:
    """Word-boundary check in the folded view; a removed in-line hyphen separates words."""
    text = source.text
    at_start, at_end = _hyphen_at(source, start), _hyphen_at(source, end)
    if at_start or at_end:
        return False  # the word goes on across an end-of-line hyphen
    ok_start = at_start is not None or edge_ok(text, start, len(text))
    return ok_start and (at_end is not None or edge_ok(text, 0, end))


def _shifted(hyphens: dict[int, bool], shift: int) -> dict[int, bool]:
    return {pos + shift: brk for pos, brk in hyphens.items()}


def _literal_hits(
    source: Folded, quote: Folded, part: Part, lo: int, hi: int, start_limit: int
) -> Iterator[int]:
    """Folded starts of valid occurrences of a literal part, in order, within a window."""
    needle = quote.text[part.start : part.end]
    qhyph = quote.hyphens(part.start, part.end)
    pos = lo
    while True:
        checkpoint()
        i = source.text.find(needle, pos, hi)
        if i < 0 or i > start_limit:
            return
        j = i + len(needle)
        if _folded_edges_ok(source, i, j) and hyphens_agree(
            _shifted(qhyph, i - part.start), source.hyphens(i, j)
        ):
            yield i
        pos = i + 1


@dataclass(frozen=True, slots=True)
class _Hit:
    """A fragment located in the folded source: its span and its aligned literal segments."""

    start: int
    end: int
    segments: tuple[tuple[int, int, int], ...]  # (quote start, quote end, source start)
    bracket: bool


def _fragment_hits(
    source: Folded,
    quote: Folded,
    parts: tuple[Part, ...],
    pattern: re.Pattern[str] | None,
    lo: int,
    start_limit: int,
) -> Iterator[_Hit]:
    """Valid occurrences of one fragment (literal or with brackets) starting in [lo, limit]."""
    if pattern is None:
        part = parts[0]
        length = part.end - part.start
        for i in _literal_hits(source, quote, part, lo, len(source.text), start_limit):
            yield _Hit(i, i + length, ((part.start, part.end, i),), False)
        return
    text = source.text
    pos = lo
    while pos <= start_limit:
        checkpoint()
        m = pattern.search(text, pos)
        if m is None or m.start() > start_limit:
            return
        pos = m.start() + 1
        if m.end() == m.start() or not _folded_edges_ok(source, m.start(), m.end()):
            continue
        segments = []
        for part in parts:
            s = m.start(part.group)
            if part.kind == "dash" and s == m.end(part.group) and _hyphen_at(source, s) is None:
                break  # the dash left out must be one folding removed, not a cut word
            if part.kind != "text" or s < 0:
                continue
            qh = _shifted(quote.hyphens(part.start, part.end), s - part.start)
            if not hyphens_agree(qh, source.hyphens(s, m.end(part.group))):
                break
            segments.append((part.start, part.end, s))
        else:
            bracket = any(m.group(p.group) is None for p in parts if p.kind == "bracket")
            yield _Hit(m.start(), m.end(), tuple(segments), bracket)


def _region_piece(folded: Folded, x: int, y: int, idxs: list[int]) -> tuple[int, int]:
    """Raw span on one side for the folded interval [x, y) given the edits inside it."""
    if idxs:
        return (
            min(folded.region_source_starts[i] for i in idxs),
            max(folded.region_source_ends[i] for i in idxs),
        )
    if x == y:
        s = folded.source_start(x)
        return s, s
    return folded.source_start(x), folded.source_end(y)


def _touching(folded: Folded, a: int, b: int, shift: int) -> list[tuple[int, int, int, int]]:
    """Edits of one side inside [a, b), as (start, end, side, index) in source coordinates."""
    out = []
    for i in folded.regions(a, b):
        fs, fe = folded.region_fold_starts[i], folded.region_fold_ends[i]
        if (fs < b and fe > a) or (fs == fe and a < fs < b):
            out.append((fs + shift, fe + shift, 0 if shift == 0 else 1, i))
    return out


def _segment_rules(
    source: Folded, quote: Folded, qa: int, qb: int, sa: int, memo: dict
) -> set[Rule]:
    """Rules one aligned stretch needed: compare raw text around each folded edit."""
    shift = sa - qa
    sb = sa + (qb - qa)
    items = _touching(source, sa, sb, 0) + [
        (s, e, 1, i) for s, e, _, i in _touching(quote, qa, qb, shift)
    ]
    items.sort()
    rules: set[Rule] = set()
    merged: list[list] = []
    for s, e, side, i in items:
        last = merged[-1] if merged else None
        if last and (s < last[1] or s == e == last[0] == last[1]):
            last[1] = max(last[1], e)
            last[2][side].append(i)
        else:
            merged.append([s, e, ([], [])])
            merged[-1][2][side].append(i)
    cursor = sa
    for x, y, (src_idx, q_idx) in merged:
        if x > cursor:
            rules |= _gap_rules(source, quote, cursor, x, shift)
        cursor = max(cursor, y)
        ss, se = _region_piece(source, x, y, src_idx)
        qs, qe = _region_piece(quote, x - shift, y - shift, q_idx)
        s_piece, q_piece = source.source[ss:se], quote.source[qs:qe]
        if s_piece == q_piece:
            continue
        bits = 0
        for i in src_idx:
            bits |= source.region_kinds[i]
        for i in q_idx:
            bits |= quote.region_kinds[i]
        before = source.source[ss - 1 : ss] if ss else ""
        after = source.source[se : se + 1]
        key = (before + q_piece + after, before + s_piece + after, bits)
        if key not in memo:
            memo[key] = _classify(key[0], key[1], bits)
        rules |= memo[key]
    if sb > cursor:
        rules |= _gap_rules(source, quote, cursor, sb, shift)
    return rules


def _gap_rules(source: Folded, quote: Folded, x: int, y: int, shift: int) -> set[Rule]:
    """Rules for a stretch with no edit on either side: only one-for-one replacements differ."""
    s0 = source.source_start(x)
    q0 = quote.source_start(x - shift)
    s_raw = source.source[s0 : s0 + y - x]
    q_raw = quote.source[q0 : q0 + y - x]
    if s_raw == q_raw:
        return set()
    return {
        one_for_one_rule(c)
        for qc, sc in zip(q_raw, s_raw, strict=False)
        if qc != sc
        for c in (qc, sc)
        if c not in " '\"-"
    }


def _classify(q_piece: str, s_piece: str, bits: int) -> set[Rule]:
    if bits & _DEHYPHENATE_BIT:
        return _hyphen_rules(q_piece, s_piece)
    return rules_needed(q_piece, s_piece, rules_of(bits))


def _hyphen_rules(q_piece: str, s_piece: str) -> set[Rule]:
    """Rules for a removed hyphen between letters (raw pieces carry one letter each side)."""
    rules: set[Rule] = set()
    q_mid, s_mid = q_piece[1:-1], s_piece[1:-1]
    q_break = bool(re.search(r"[\n\r\x0b\x0c\x85\u2028\u2029]", q_mid))
    s_break = bool(re.search(r"[\n\r\x0b\x0c\x85\u2028\u2029]", s_mid))
    q_dash, s_dash = "".join(q_mid.split()), "".join(s_mid.split())
    if q_break or s_break:
        rules.add(Rule.DEHYPHENATE)
        if q_dash and s_dash and q_dash != s_dash:
            rules.add(Rule.DASHES)
        return rules
    if q_dash != s_dash:
        rules.add(Rule.DASHES)
    if q_mid.replace(q_dash, "") != s_mid.replace(s_dash, ""):
        rules.add(Rule.WHITESPACE)
    return rules


def _omitted_flags(omitted: str) -> tuple[str, ...]:
    flags = []
    if _NEGATION.search(omitted):
        flags.append("negation")
    if _NUMBER.search(omitted):
        flags.append("number")
    return tuple(flags)


def _chains(
    source: Folded, quote: Folded, plan: QuotePlan, options: MatchOptions
) -> Iterator[list[_Hit]]:
    """Every in-order, close-together placement of the plan's fragments (one per first hit)."""
    frags = plan.fragments
    gap = options.ellipsis_max_gap
    n = len(source.text)
    for first in _fragment_hits(source, quote, frags[0].parts, frags[0].pattern, 0, n):
        chain = [first]
        for frag in frags[1:]:
            prev = chain[-1]
            raw_prev_end = source.source_end(prev.end)
            nxt = None
            for hit in _fragment_hits(
                source, quote, frag.parts, frag.pattern, prev.end, prev.end + gap
            ):
                if source.source_start(hit.start) - raw_prev_end <= gap:
                    nxt = hit
                break
            if nxt is None:
                break
            chain.append(nxt)
        if len(chain) == len(frags):
            yield chain


def find_normalized(
    prepared: PreparedText, quote: str, *, options: MatchOptions, literal_only: bool = False
) -> Hits:
    """Occurrences of the quotation after typographic folding, ellipses and brackets.

    Args:
        prepared: the checked text.
        quote: the trimmed quotation.
        options: matching settings (``max_matches``, ``ellipsis_max_gap``, ``bracket_max_words``).
        literal_only: search only the folded quotation as a whole (no ellipsis or bracket reading).

    Returns:
        The count and the first ``options.max_matches`` located occurrences with their rules.
    """
    source = folded_source(prepared)
    plan = plan_quote(quote, bracket_max_words=options.bracket_max_words, literal=literal_only)
    if plan is None:
        return Hits(0, ())
    qfold = plan.folded
    memo: dict = {}
    count = 0
    found: list[Found] = []
    for chain in _chains(source, qfold, plan, options):
        count += 1
        if len(found) >= options.max_matches:
            continue
        rules: set[Rule] = set(plan.rules)
        for hit in chain:
            if hit.bracket:
                rules.add(Rule.BRACKET)
            for qa, qb, sa in hit.segments:
                rules |= _segment_rules(source, qfold, qa, qb, sa, memo)
        start, end = source.source_span(chain[0].start, chain[-1].end)
        fragments: tuple[Fragment, ...] = ()
        if len(chain) > 1:
            fragments = _fragments(source, plan, chain)
        found.append(Found(start, end, tuple(r for r in Rule if r in rules), fragments))
    return Hits(count, tuple(found))


def _fragments(source: Folded, plan: QuotePlan, chain: list[_Hit]) -> tuple[Fragment, ...]:
    spans = [source.source_span(hit.start, hit.end) for hit in chain]
    out = []
    for k, (frag, (s, e)) in enumerate(zip(plan.fragments, spans, strict=True)):
        omitted = source.source[e : spans[k + 1][0]] if k + 1 < len(spans) else ""
        out.append(Fragment(frag.text, s, e, omitted.strip(), _omitted_flags(omitted)))
    return tuple(out)
