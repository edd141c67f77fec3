"""The status ladder: exact, normalized, near, not found (or inconclusive for a cut text).

The quotation is first trimmed of surrounding whitespace, which is never a rule. Quotation marks
the author typed around the whole quotation (``"the words"``) are taken off only when the
quotation as typed is not found: some quotations legitimately start and end with quoted words
(``"all" or "substantially all"``). Neither trim makes a match ``normalized`` by itself.

A leading or trailing ellipsis, by contrast, is part of what the author wrote; a match that had to
drop one is ``normalized`` with the ``ellipsis`` rule.

A quotation whose words stand only right after the sign of their first number ("0.42 in the
sample" in "r = -0.42 in the sample") says the opposite of the source: it is ``near``, its match
runs from the sign, and the sign shows as a critical ``sign`` difference.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from quote_tui.engine.errors import ErrorCode, QuoteError, Recovery
from quote_tui.engine.exact import Hits, find_exact, find_normalized, folded_source
from quote_tui.engine.line_broken import find_line_broken
from quote_tui.engine.meaning import sign_before
from quote_tui.engine.near import warm as _warm_near
from quote_tui.engine.note_marks import find_without_marks
from quote_tui.engine.records import (
    FOUND_STATUSES,
    CheckResult,
    Difference,
    Match,
    MatchOptions,
    Rule,
    Status,
)
from quote_tui.engine.text import PreparedText

if TYPE_CHECKING:
    from quote_tui.engine.near.score import NearCandidate

_OPENING = "\"'“‘„‚«‹"
_CLOSING = "\"'”’“‘»›"
# Category Cc (fixed by Unicode's stability policy: U+0000-U+001F and U+007F-U+009F) less the
# tab and line breaks; one regex search, where the category of every character cost a tenth of
# a short check.
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_CLOSING_STOPS = ".,;:"
_DEFAULT_OPTIONS = MatchOptions()


def warm(prepared: PreparedText) -> None:
    """Build every index a check may need (folded view, near index) ahead of the first check.

    The service calls this in the reading thread, so a first check in the app is as fast as
    the next one; without it the indexes are built lazily, once.
    """
    folded_source(prepared)
    _warm_near(prepared)


def validate_quote(quote: str, options: MatchOptions) -> str:
    """Check a quotation is usable and return it trimmed of surrounding whitespace.

    Args:
        quote: the quotation as given.
        options: matching settings (``max_quote_length``).

    Returns:
        The trimmed quotation.

    Raises:
        QuoteError: ``empty_quote``, ``quote_too_long`` or ``control_characters``.
    """
    trimmed = quote.strip()
    if not trimmed:
        raise QuoteError(
            "The quotation is empty.", code=ErrorCode.EMPTY_QUOTE, recovery=Recovery.FIX_INPUT
        )
    if len(trimmed) > options.max_quote_length:
        raise QuoteError(
            f"The quotation has {len(trimmed)} characters; the limit is "
            f"{options.max_quote_length}.",
            code=ErrorCode.QUOTE_TOO_LONG,
            recovery=Recovery.FIX_INPUT,
            details={"length": len(trimmed), "limit": options.max_quote_length},
        )
    if _CONTROLS.search(trimmed) is not None:
        bad = sorted({c for c in trimmed if _CONTROLS.match(c)})
        raise QuoteError(
            "The quotation contains control characters: "
            + ", ".join(f"U+{ord(c):04X}" for c in bad)
            + ".",
            code=ErrorCode.CONTROL_CHARACTERS,
            recovery=Recovery.FIX_INPUT,
            details={"characters": [f"U+{ord(c):04X}" for c in bad]},
        )
    return trimmed


def quote_variants(trimmed: str) -> tuple[str, ...]:
    """The quotation as typed, then without quotation marks the author put around it.

    Args:
        trimmed: the quotation trimmed of whitespace.

    Returns:
        One or two variants, most literal first.
    """
    if len(trimmed) > 2 and trimmed[0] in _OPENING and trimmed[-1] in _CLOSING:
        inner = trimmed[1:-1].strip()
        if inner:
            return trimmed, inner
    return (trimmed,)


def _matches(
    prepared: PreparedText, hits: Hits, status: Status, options: MatchOptions
) -> tuple[Match, ...]:
    return tuple(
        prepared.match(
            status,
            f.start,
            f.end,
            similarity=1.0,
            context=options.context,
            rules=f.rules,
            fragments=f.fragments,
            differences=f.differences,
        )
        for f in hits.found
    )


def _result(
    prepared: PreparedText,
    quote: str,
    status: Status,
    matches: tuple[Match, ...],
    count: int,
    best: float,
    options: MatchOptions,
    *,
    lower_bound: bool = False,
) -> CheckResult:
    return CheckResult(
        status=status,
        quote=quote,
        matches=matches,
        match_count=count,
        matches_truncated=count > len(matches) or lower_bound,
        match_count_lower_bound=lower_bound,
        best_similarity=best,
        checked_text_sha256=prepared.sha256,
        options=options,
    )


def _found(
    prepared: PreparedText,
    quote: str,
    status: Status,
    matches: tuple[Match, ...],
    hits: Hits,
    options: MatchOptions,
) -> CheckResult:
    """An exact or normalized verdict: every occurrence counted (or as many as the cap let)."""
    return _result(
        prepared, quote, status, matches, hits.count, 1.0, options, lower_bound=hits.capped
    )


def check(
    prepared: PreparedText,
    quote: str,
    *,
    options: MatchOptions = _DEFAULT_OPTIONS,
    near: bool = True,
) -> CheckResult:
    """Where, and how faithfully, a quotation stands in a checked text.

    Args:
        prepared: the checked text and its indexes.
        quote: the quotation as the citing author typed it.
        options: matching settings, echoed in the result.
        near: False stops after the exact and normalized tiers (``not_found`` otherwise), for a
            caller that only asks whether the words stand in the text.

    Returns:
        The verdict (first that applies: exact, normalized, near, not_found; inconclusive when
        the text was truncated and nothing exact or normalized was found) with its matches.

    Raises:
        QuoteError: the quotation is empty, too long or holds control characters.
    """
    ladder = _ladder if near else _found_only
    result = ladder(prepared, quote, options)
    if result.status in FOUND_STATUSES:
        return result
    joined = _near_tier().check_across_breaks(prepared, quote, options, ladder)
    if joined is None:
        return result
    status, matches = joined
    if status not in FOUND_STATUSES:
        status = _short_of_found(prepared, status)
    best = max(m.similarity for m in matches)
    if status in FOUND_STATUSES or best > result.best_similarity:
        kept = matches[: options.max_matches]
        return _result(prepared, quote, status, kept, len(matches), best, options)
    return result


def _short_of_found(prepared: PreparedText, status: Status) -> Status:
    """A verdict short of exact or normalized, or ``inconclusive`` in a truncated text: the
    quotation may stand whole in the part that was cut."""
    return Status.INCONCLUSIVE if prepared.truncated else status


def _found_only(prepared: PreparedText, quote: str, options: MatchOptions) -> CheckResult:
    """The ladder without its near tier."""
    return _ladder(prepared, quote, options, near=False)


def _ladder(
    prepared: PreparedText, quote: str, options: MatchOptions, *, near: bool = True
) -> CheckResult:
    """Exact, normalized, near, not found: the first that applies, in the text as it stands."""
    variants = quote_variants(validate_quote(quote, options))
    signed: list[tuple[str, Hits]] = []  # the first tier's hits that drop a number's sign
    for variant in variants:
        hits = find_exact(prepared, variant, limit=options.max_matches)
        if hits.count:
            matches = _matches(prepared, hits, Status.EXACT, options)
            broken = find_line_broken(prepared, variant, hits.count, options=options)
            if broken.count:  # the same words broken across lines stand there too
                kept = _matches(prepared, broken, Status.NORMALIZED, options)
                matches = (*matches, *kept)[: options.max_matches]
                hits = Hits(hits.count + broken.count, hits.found, capped=broken.capped)
            return _found(prepared, quote, Status.EXACT, matches, hits, options)
        if hits.signed and not signed:
            signed.append((variant, hits))
    for literal in (True, False):
        for variant in variants if literal else variants[-1:]:
            hits = find_normalized(prepared, variant, options=options, literal_only=literal)
            if hits.count:
                matches = _matches(prepared, hits, Status.NORMALIZED, options)
                return _found(prepared, quote, Status.NORMALIZED, matches, hits, options)
            if hits.signed and not signed:
                signed.append((variant, hits))
    for variant in variants:
        hits = find_without_marks(prepared, variant, options=options)
        if hits.count:
            matches = _matches(prepared, hits, Status.NORMALIZED, options)
            return _found(prepared, quote, Status.NORMALIZED, matches, hits, options)
    result = _without_closing_stop(prepared, quote, variants, options, signed)
    if result is not None:
        return result
    if signed:
        return _sign_dropped(prepared, quote, *signed[0], options)
    if not near:
        return _result(prepared, quote, Status.NOT_FOUND, (), 0, 0.0, options)
    return _near_or_absent(prepared, quote, variants[-1], options)


def _sign_dropped(
    prepared: PreparedText, quote: str, variant: str, hits: Hits, options: MatchOptions
) -> CheckResult:
    """``near`` for hits whose words stand only after their number's sign: each match runs from
    the sign, so the word differences show it as a critical ``sign`` difference."""
    from rapidfuzz.distance import Levenshtein

    from quote_tui.engine.diff import word_differences

    text = prepared.text
    matches = []
    for f in hits.signed:
        start = _with_sign(text, f.start)
        span = text[start : f.end]
        matches.append(
            prepared.match(
                Status.NEAR,
                start,
                f.end,
                similarity=Levenshtein.normalized_similarity(
                    " ".join(variant.split()), " ".join(span.split())
                ),
                context=options.context,
                differences=word_differences(variant, span),
            )
        )
    best = max(m.similarity for m in matches)
    status = _short_of_found(prepared, Status.NEAR)
    return _result(prepared, quote, status, tuple(matches), len(matches), best, options)


def _with_sign(text: str, start: int) -> int:
    """A passage's start moved back over the sign of the number it starts with: the sign is
    part of the number, so the passage never cuts it off (and a quotation without it shows a
    ``sign`` difference). A sign before a later fragment of a hit already lies inside it."""
    sign = sign_before(text, start)
    return sign[0] if sign is not None else start


def _without_closing_stop(
    prepared: PreparedText,
    quote: str,
    variants: tuple[str, ...],
    options: MatchOptions,
    signed: list[tuple[str, Hits]],
) -> CheckResult | None:
    """The quotation found once a closing full stop (or comma, colon, semicolon) is dropped.

    Authors end a quoted sentence fragment with their own stop ("... into the sea." where the
    source goes on ", and then"); style guides let the final punctuation change. Only a lone
    mark after a word, number or closing mark is dropped: "..." is an ellipsis, and "?" or "!"
    say something. The match is ``normalized``: the words stand, the punctuation was adapted.
    """
    trimmed = variants[0]
    if len(trimmed) < 3 or trimmed[-1] not in _CLOSING_STOPS or trimmed[-2] in _CLOSING_STOPS:
        return None
    if not (trimmed[-2].isalnum() or trimmed[-2] in _CLOSING + ")]"):
        return None
    for variant in quote_variants(trimmed[:-1].rstrip()):
        for hits in (
            find_exact(prepared, variant, limit=options.max_matches),
            find_normalized(prepared, variant, options=options, literal_only=True),
            find_normalized(prepared, variant, options=options),
            find_without_marks(prepared, variant, options=options),
        ):
            if hits.signed and not signed:
                signed.append((variant, hits))
            if hits.count:
                matches = tuple(
                    replace(m, rules=tuple(dict.fromkeys((*m.rules, Rule.PUNCTUATION))))
                    for m in _matches(prepared, hits, Status.NORMALIZED, options)
                )
                return _found(prepared, quote, Status.NORMALIZED, matches, hits, options)
    return None


class _NearTier(NamedTuple):
    """What a check needs past the exact and normalized tiers (``_near_tier``)."""

    find_near: Callable[..., tuple[NearCandidate, ...]]
    near_threshold: Callable[[str, MatchOptions], float]
    word_differences: Callable[[str, str], tuple[Difference, ...]]
    check_across_breaks: Callable[..., tuple[Status, tuple[Match, ...]] | None]


@cache
def _near_tier() -> _NearTier:
    """The near tier and the check across page breaks, loaded on the first check that needs
    them (an exact or normalized match needs none) and then kept: an import statement costs
    about a microsecond each time it runs, four of them a hundredth of a short near check."""
    from quote_tui.engine.diff import word_differences
    from quote_tui.engine.near.score import near_threshold
    from quote_tui.engine.near.search import find_near
    from quote_tui.engine.page_joins import check_across_breaks

    return _NearTier(find_near, near_threshold, word_differences, check_across_breaks)


def _near_or_absent(
    prepared: PreparedText, quote: str, variant: str, options: MatchOptions
) -> CheckResult:
    """The near tier, then the verdict for a quotation without an exact or normalized match."""
    find_near, near_threshold, word_differences, _ = _near_tier()
    candidates = find_near(prepared, variant, limit=options.max_matches)
    best = max((c.similarity for c in candidates), default=0.0)
    threshold = near_threshold(variant, options)
    near: tuple[Match, ...] = tuple(
        prepared.match(
            Status.NEAR,
            start,
            c.end,
            similarity=c.similarity,
            context=options.context,
            differences=word_differences(variant, prepared.text[start : c.end]),
        )
        for c in candidates
        if c.similarity >= threshold
        for start in (_with_sign(prepared.text, c.start),)
    )
    status = _short_of_found(prepared, Status.NEAR if near else Status.NOT_FOUND)
    return _result(prepared, quote, status, near, len(near), best, options)
