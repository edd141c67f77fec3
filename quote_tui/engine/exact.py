"""The exact and normalized tiers: where a quotation's words stand in the checked text.

The exact tier is a plain ``str.find`` loop over the checked text. The normalized tier searches
the folded view (``normalize.fold``, built once per text and kept in ``PreparedText.cache``) for
the folded quotation; when that fails it reads the quotation as fragments joined by ellipses and
``[editorial]`` brackets (``quote_parts``) and finds those in order, close together.

Every hit is checked the same way: its edges may not cut a word or number, and the hyphens
between letters that folding removed must agree (``normalize.hyphens_agree``). A hit's rules are
worked out by comparing the raw quotation with the raw source around each folded place
(``_segment_rules``), so a match lists only the rules *it* needed.

Two things keep a hit from being a faithful occurrence although its words stand. A hit (or a
fragment of it) that starts right after the sign of its first number ("0.42" in "r = -0.42") drops
the sign: it is kept apart in ``Hits.signed`` for the near tier. Source words an ellipsis or an
editorial bracket stands for that hold a negation or a number (``meaning.omitted_flags``) are
recorded as critical ``Difference``s of the match, so every output reads them where it reads the
near tier's.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from quote_tui.engine.budget import checkpoint
from quote_tui.engine.elision import edge_spans, elision
from quote_tui.engine.fold_rules import rules_needed
from quote_tui.engine.folded_view import (
    Places,
    first_places,
    folded_source,
    places_of,
    verbatim_places,
)
from quote_tui.engine.known_places import finds, spans_at
from quote_tui.engine.meaning import omitted_flags, sign_before
from quote_tui.engine.normalize import (
    Folded,
    hyphens_agree,
    is_letter,
    one_for_one_rule,
    rules_of,
)
from quote_tui.engine.periodic import periodic_end, smallest_period
from quote_tui.engine.plain_letters import spared
from quote_tui.engine.quote_parts import EdgeBracket, Part, QuotePlan, plan_quote
from quote_tui.engine.records import Difference, Fragment, MatchOptions, Rule
from quote_tui.engine.text import PreparedText
from quote_tui.engine.typography import HYPHENS, LINE_BREAK_PATTERN, SOFT_HYPHEN, edge_ok

_DEHYPHENATE_BIT = 1 << list(Rule).index(Rule.DEHYPHENATE)
_BREAK_AFTER = re.compile("[" + HYPHENS + SOFT_HYPHEN + "][ \t]*" + LINE_BREAK_PATTERN)
_LINE_BREAK = re.compile(LINE_BREAK_PATTERN)
_BREAK_BEFORE = re.compile("[" + HYPHENS + SOFT_HYPHEN + "][ \t]*" + LINE_BREAK_PATTERN + r"\s*$")

# How far an edge check reads beyond a span's edges (``_raw_edges_ok`` looks 40 characters back,
# ``sign_before`` a few; a line-end hyphen after the span is read up to the first character that
# is not a space or tab).
_EDGE_READ = 64

# Most places of a first fragment the normalized tier examines, in source order. Each costs a few
# microseconds of Python; a text of one word repeated holds close to a million. Past the cap the
# count is a lower bound (the matches shown are the first ones either way).
_MAX_NORMALIZED_STARTS = 50_000


_APART = "\u200b"
"""The zero-width space: invisible, folded away, but a word boundary where the source set it."""


@dataclass(frozen=True, slots=True)
class Found:
    """One located occurrence before it becomes a ``Match``: a source span and how it matched."""

    start: int
    end: int
    rules: tuple[Rule, ...] = ()
    fragments: tuple[Fragment, ...] = ()
    differences: tuple[Difference, ...] = ()


@dataclass(frozen=True, slots=True)
class Hits:
    """All faithful occurrences counted, the first few located; and the first few hits that
    would have matched but drop the sign of their first number (``signed``)."""

    count: int
    found: tuple[Found, ...]
    signed: tuple[Found, ...] = ()
    capped: bool = False  # the search stopped at its cap of places: ``count`` is a lower bound


@dataclass(slots=True)
class _Scan:
    """Whether a search of the whole text stopped at ``_MAX_NORMALIZED_STARTS`` places."""

    capped: bool = False


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
    places = verbatim_places(prepared, quote)
    if places is not None and not places.starts:
        return Hits(0, ())
    text = prepared.text
    m = len(quote)
    if places is not None and 2 * smallest_period(quote) > m:
        starts: Iterable[int] = places.starts
        if not places.complete:
            # past the last known place, the text is scanned on from there
            starts = itertools.chain(places.starts, finds(text, quote, places.starts[-1] + 1))
        count, found_at, signed_at = spans_at(text, quote, starts, limit, _raw_edges_ok)
        return Hits(count, tuple(Found(*f) for f in found_at), tuple(Found(*f) for f in signed_at))
    found: list[Found] = []
    signed: list[Found] = []
    count = 0
    pos = text.find(quote, places.starts[0] if places is not None else 0)
    period = smallest_period(quote) if pos >= 0 else m  # a quotation not found needs none
    while pos >= 0:
        checkpoint()
        if 2 * period > m:
            end = pos + m
            if _raw_edges_ok(text, pos, end):
                if sign_before(text, pos) is not None:
                    if len(signed) < limit:
                        signed.append(Found(pos, end))
                else:
                    count += 1
                    if len(found) < limit:
                        found.append(Found(pos, end))
            pos = text.find(quote, pos + 1)
            continue
        # A periodic quotation ("word word word") in a text that repeats it: rather than one
        # find per repeat, each comparing the whole quotation, find where the run of the period
        # ends. Inside the run the quotation stands exactly at every multiple of the period (its
        # first period is primitive), and every occurrence whose edges are read wholly inside the
        # run sees the same characters there, so one edge check stands for all of them.
        run_end = periodic_end(text, pos + m, period)
        last = (run_end - pos - m) // period
        inner = range(-(-_EDGE_READ // period), last - (_EDGE_READ + period) // period)
        if not inner:
            inner = range(last + 1, last + 1)
        for k in (*range(inner.start), inner, *range(inner.stop, last + 1)):
            ks = k if isinstance(k, range) else range(k, k + 1)
            if not ks:
                continue
            start = pos + ks.start * period
            if not _raw_edges_ok(text, start, start + m):
                continue
            if sign_before(text, start) is not None:
                signed.extend(
                    Found(pos + j * period, pos + j * period + m)
                    for j in ks[: max(0, limit - len(signed))]
                )
                continue
            count += len(ks)
            found.extend(
                Found(pos + j * period, pos + j * period + m)
                for j in ks[: max(0, limit - len(found))]
            )
        pos = text.find(quote, pos + last * period + 1)
    return Hits(count, tuple(found), tuple(signed))


# --- the normalized tier


def _hyphen_at(folded: Folded, pos: int) -> bool | None:
    """Kind of the removed hyphen at folded ``pos``: True break, False in-line, None none."""
    found = folded.hyphens(pos - 1, pos + 1)
    return found.get(pos)


def _folded_edges_ok(source: Folded, start: int, end: int) -> bool:
    """Word-boundary check in the folded view; a removed in-line hyphen separates words, and
    so does a zero-width space the fold removed (a PDF reader sets one between a word and the
    superscript citation mark glued to it: "structure\u200b16")."""
    text = source.text
    at_start, at_end = _hyphen_at(source, start), _hyphen_at(source, end)
    if at_start or at_end:
        return False  # the word goes on across an end-of-line hyphen
    raw = source.source
    apart_start = start > 0 and raw[source.source_start(start) - 1 : source.source_start(start)]
    apart_end = end < len(text) and raw[source.source_end(end) : source.source_end(end) + 1]
    ok_start = at_start is not None or apart_start == _APART or edge_ok(text, start, len(text))
    return ok_start and (at_end is not None or apart_end == _APART or edge_ok(text, 0, end))


def _shifted(hyphens: dict[int, bool], shift: int) -> dict[int, bool]:
    return {pos + shift: brk for pos, brk in hyphens.items()}


def _literal_hits(
    source: Folded,
    quote: Folded,
    part: Part,
    lo: int,
    hi: int,
    start_limit: int,
    scan: _Scan | None = None,
    firsts: dict[str, Places] | None = None,
) -> Iterator[int]:
    """Folded starts of valid occurrences of a literal part, in order, within a window (a
    search of the whole text reads the places ``firsts`` keeps)."""
    needle = quote.text[part.start : part.end]
    qhyph = quote.hyphens(part.start, part.end)
    text = source.text
    m = len(needle)
    period = 0  # the needle's smallest period, worked out once it is found
    pos = lo
    i = -1
    # A search of the whole text reads the places one scan found first, and when they are all
    # of them, stops there.
    known: Iterator[int] = iter(())
    complete = False
    if firsts is not None and lo == 0 and hi == len(text):
        places = places_of(source, needle, firsts)
        known, complete = iter(places.starts), places.complete
    # Places tried, valid or not: "aaa" stands at every offset of a text of one letter repeated.
    for _ in range(_MAX_NORMALIZED_STARTS):
        checkpoint()
        i_known = next(known, -1)
        if i_known >= 0:
            i = i_known
        elif complete:
            return
        else:
            if i >= 0 and not period:
                # a short needle is found again as cheaply as its period is compared
                period = smallest_period(needle) if m > 64 else m
            # After an occurrence at i, none starts before i + period (two closer ones would
            # give the needle a shorter period), and one starts there exactly when the text
            # repeats the period's characters past the occurrence's end: a comparison of
            # ``period`` characters instead of a find that compares the whole needle again.
            if (
                i >= 0
                and period < m
                and i + period + m <= hi
                and text[i + m : i + m + period] == text[i + m - period : i + m]
            ):
                i += period
            else:
                i = text.find(needle, pos, hi)
        if i < 0 or i > start_limit:
            return
        j = i + m
        if _folded_edges_ok(source, i, j) and hyphens_agree(
            _shifted(qhyph, i - part.start), source.hyphens(i, j)
        ):
            yield i
        pos = i + 1
    if scan is not None:
        scan.capped = True


@dataclass(frozen=True, slots=True)
class _Hit:
    """A fragment located in the folded source: its span, its aligned literal segments and the
    brackets that stood for source words."""

    start: int
    end: int
    segments: tuple[tuple[int, int, int], ...]  # (quote start, quote end, source start)
    bracket: bool
    # (bracket part, folded source start, folded source end) of each bracket used for words
    replaced: tuple[tuple[Part, int, int], ...] = ()


def _fragment_hits(
    source: Folded,
    quote: Folded,
    parts: tuple[Part, ...],
    pattern: re.Pattern[str] | None,
    lo: int,
    start_limit: int,
    scan: _Scan | None = None,
    firsts: dict[str, Places] | None = None,
) -> Iterator[_Hit]:
    """Valid occurrences of one fragment (literal or with brackets) starting in [lo, limit]."""
    if pattern is None:
        part = parts[0]
        length = part.end - part.start
        # The search ends where a hit would start too late: a fragment absent after a repeated
        # first fragment must not cost a scan to the text's end for each repeat.
        hi = min(len(source.text), start_limit + length)
        for i in _literal_hits(source, quote, part, lo, hi, start_limit, scan, firsts):
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
            brackets = [p for p in parts if p.kind == "bracket" and m.group(p.group) is None]
            replaced = tuple(
                (p, m.start("a" + p.group[1:]), m.end("a" + p.group[1:])) for p in brackets
            )
            yield _Hit(m.start(), m.end(), tuple(segments), bool(brackets), replaced)


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


def _chains(
    source: Folded,
    quote: Folded,
    plan: QuotePlan,
    options: MatchOptions,
    scan: _Scan,
    places: dict[str, Places] | None = None,
) -> Iterator[list[_Hit]]:
    """Every in-order, close-together placement of the plan's fragments (one per first hit),
    up to ``_MAX_NORMALIZED_STARTS`` first hits (``scan`` says when more were left; ``places``
    as ``_literal_hits``'s ``firsts``)."""
    frags = plan.fragments
    gap = options.ellipsis_max_gap
    n = len(source.text)
    first_parts, pattern = frags[0].parts, frags[0].pattern
    hits = _fragment_hits(source, quote, first_parts, pattern, 0, n, scan, places)
    for firsts, first in enumerate(hits, 1):
        if firsts > _MAX_NORMALIZED_STARTS:
            scan.capped = True
            return
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
    prepared: PreparedText,
    quote: str,
    *,
    options: MatchOptions,
    literal_only: bool = False,
    broken_only: bool = False,
) -> Hits:
    """Occurrences of the quotation after typographic folding, ellipses and brackets.

    Args:
        prepared: the checked text.
        quote: the trimmed quotation.
        options: matching settings (``max_matches``, ``ellipsis_max_gap``, ``bracket_max_words``).
        literal_only: search only the folded quotation as a whole (no ellipsis or bracket reading).
        broken_only: keep only occurrences that differ from the quotation and hold a line break.

    Returns:
        The count and the first ``options.max_matches`` located occurrences with their rules.
    """
    if spared(prepared, quote, literal=literal_only):
        return Hits(0, ())  # a short text need not be folded to say so (``plain_letters``)
    plan = plan_quote(quote, bracket_max_words=options.bracket_max_words, literal=literal_only)
    if plan is None:
        return Hits(0, ())
    source = folded_source(prepared)
    qfold = plan.folded
    memo: dict = {}
    count = 0
    found: list[Found] = []
    signed: list[Found] = []
    scan = _Scan()
    for chain in _chains(source, qfold, plan, options, scan, first_places(prepared, source)):
        if broken_only and not _line_broken(source.source, quote, chain[0], chain[-1], source):
            continue
        starts = [source.source_span(hit.start, hit.end)[0] for hit in chain]
        if any(sign_before(source.source, s) is not None for s in starts):
            if len(signed) < options.max_matches:
                start, end = source.source_span(chain[0].start, chain[-1].end)
                signed.append(Found(start, end))
            continue
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
        edges = edge_spans(source.source, plan, start, end, options.bracket_max_words)
        if edges:  # the match takes in the source words it must show as critical
            start, end = min(start, *(s for _, s, _ in edges)), max(end, *(e for _, _, e in edges))
        fragments: tuple[Fragment, ...] = ()
        if len(chain) > 1:
            fragments = _fragments(source, plan, chain)
        differences = _elisions(source, plan, chain, start, edges)
        kept = tuple(r for r in Rule.__members__.values() if r in rules)  # Rule's order, cheaper
        found.append(Found(start, end, kept, fragments, differences))
    return Hits(count, tuple(found), tuple(signed), scan.capped)


def _line_broken(raw: str, quote: str, first: _Hit, last: _Hit, source: Folded) -> bool:
    """Whether a hit's source span is not the quotation as typed and holds a line break."""
    start, end = source.source_span(first.start, last.end)
    span = raw[start:end]
    return span != quote and _LINE_BREAK.search(span) is not None


def _fragments(source: Folded, plan: QuotePlan, chain: list[_Hit]) -> tuple[Fragment, ...]:
    spans = [source.source_span(hit.start, hit.end) for hit in chain]
    out = []
    for k, (frag, (s, e)) in enumerate(zip(plan.fragments, spans, strict=True)):
        omitted = source.source[e : spans[k + 1][0]] if k + 1 < len(spans) else ""
        out.append(Fragment(frag.text, s, e, omitted.strip(), omitted_flags(omitted)))
    return tuple(out)


def _elisions(
    source: Folded,
    plan: QuotePlan,
    chain: list[_Hit],
    base: int,
    edges: list[tuple[EdgeBracket, int, int]],
) -> tuple[Difference, ...]:
    """Critical differences for what the ellipses between fragments, the brackets inside them
    and the brackets at the quotation's edges leave out of the source, in source order."""
    quote = plan.folded.source
    out: list[Difference | None] = []
    for edge, sa, sb in edges:
        if edge.leading:
            out.append(elision(quote, edge.start, edge.end, source.source, sa, sb, base))
    for k, hit in enumerate(chain):
        for part, a, b in hit.replaced:
            sa, sb = source.source_span(a, b) if b > a else (a, a)
            qa = plan.folded.source_start(part.start)
            qb = plan.folded.source_end(part.end)
            out.append(elision(quote, qa, qb, source.source, sa, sb, base))
        if k + 1 < len(chain):
            e = source.source_span(hit.start, hit.end)[1]
            s = source.source_span(chain[k + 1].start, chain[k + 1].end)[0]
            qa, qb = plan.fragments[k].end, plan.fragments[k + 1].start
            out.append(elision(quote, qa, qb, source.source, e, s, base))
    for edge, sa, sb in edges:
        if not edge.leading:
            out.append(elision(quote, edge.start, edge.end, source.source, sa, sb, base))
    return tuple(d for d in out if d is not None)
