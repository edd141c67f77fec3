"""Does the page a citation cites hold the quotation? Cited pages against printed pages.

A citation cites pages as its author printed them: ``p. 12``, ``pp. 33–35``, ``p. ii``. The
source's pages carry printed labels (``PreparedText.page_labels``: PDF page labels, running
heads, a bibliography's range). Every occurrence the check found counts: a quotation that also
stands on another page still agrees with the page it is cited for.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from quote_tui.batch.specs import CitationSpec
from quote_tui.engine.check import check
from quote_tui.engine.records import FOUND_STATUSES, CheckResult, Match, MatchOptions, Status
from quote_tui.engine.text import PreparedText

__all__ = ["page_check", "with_cited_page"]

_ROMAN = re.compile(r"^(?=[ivxlcdm]+$)m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}
_PREFIX = re.compile(r"^(?:pp?\.?|pages?)\s*", re.I)
_RANGE = re.compile(r"\s*[-\u2013\u2014]+\s*")
_CHAPTER = re.compile(
    r"^\s*(?:ch(?:ap(?:ter)?)?s?\.?)\s*(\d{1,4}|[ivxlcdm]{1,8})"
    r"(?:\s*[-\u2013\u2014]+\s*(\d{1,4}|[ivxlcdm]{1,8}))?\s*$",
    re.I,
)
_MAX_RANGE = 50
"""A longer range is a typo or a chapter, not pages to compare one by one."""


def _roman(value: str) -> int | None:
    if not _ROMAN.match(value):
        return None
    numbers = [_ROMAN_VALUES[c] for c in value]
    return sum(-n if n < nxt else n for n, nxt in zip(numbers, [*numbers[1:], 0], strict=True))


def _to_roman(number: int) -> str:
    out = []
    for value, letters in (
        (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
        (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
    ):  # fmt: skip
        while number >= value:
            out.append(letters)
            number -= value
    return "".join(out)


def _number(value: str) -> int | None:
    value = value.lower()
    return int(value) if value.isdigit() else _roman(value)


def _label(value: str) -> str:
    """A page label as compared: digits as their number, letters in lower case."""
    value = value.strip().lower()
    return str(int(value)) if value.isdigit() else value


def _cited(locator: dict[str, Any]) -> set[str]:
    """The page labels a locator cites: its numbered pages, or a roman page or range."""
    pages = [str(p) for p in locator.get("pages") or () if isinstance(p, int | str)]
    if pages:
        return {_label(p) for p in pages}
    chapter = _CHAPTER.match(str(locator.get("value") or ""))
    if chapter is not None:  # an EPUB's chapters stand where pages would, labelled "ch. N"
        from quote_tui.sources.readers.printed_pages import chapter_label  # only for books

        first = _number(chapter.group(1))
        last = _number(chapter.group(2) or chapter.group(1))
        if first is not None and last is not None and first <= last <= first + _MAX_RANGE:
            return {chapter_label(n) for n in range(first, last + 1)}
        return set()
    if locator.get("label") not in (None, "page"):
        return set()
    value = _PREFIX.sub("", str(locator.get("value") or "").strip()).lower()
    parts = _RANGE.split(value)
    numbers = [_roman(part) for part in parts]
    if len(parts) == 2 and None not in numbers:
        first, last = numbers[0] or 0, numbers[1] or 0
        if first <= last <= first + _MAX_RANGE:
            return {_to_roman(n) for n in range(first, last + 1)}
    single = len(parts) == 1 and (numbers[0] is not None or value.isdigit())
    return {_label(value)} if single else set()


def _labels(match: Match, prepared: PreparedText) -> list[str]:
    first = match.page_start or 1
    last = match.page_end or first
    return [
        label for page in range(first, last + 1) if (label := prepared.page_label(page)) is not None
    ]


def page_check(
    spec: CitationSpec, result: CheckResult, prepared: PreparedText
) -> dict[str, Any] | None:
    """Compare a citation's page locator with the printed pages where the quotation was found.

    Returns:
        None when the citation cites no page or the source has no pages; else
        ``{"status": "agrees"|"differs"|"unknown", "cited": ..., "found": ..., "pdf_page": ...}``
        for the first occurrence on a cited page, or else the first occurrence. ``unknown``
        when an occurrence stands on a page whose printed number is not known: that page may
        be the cited one.
    """
    locator = spec.locator or {}
    cited = _cited(locator)
    if not cited or not prepared.paged:
        return None
    if all(label.startswith("ch. ") for label in cited) and not any(
        str(label).startswith("ch. ") for label in prepared.page_labels or ()
    ):
        return None  # a chapter cited in a text of printed pages: nothing to compare it with
    value = locator.get("value")
    found_statuses = (Status.EXACT, Status.NORMALIZED, Status.NEAR)
    if not result.matches or result.status not in found_statuses:
        return {"status": "unknown", "cited": value, "found": None}
    pairs = [(m, _labels(m, prepared)) for m in result.matches]
    labelled = [(m, labels) for m, labels in pairs if labels]
    agreeing = [(m, labels) for m, labels in labelled if cited & {_label(x) for x in labels}]
    if agreeing:
        match, labels = agreeing[0]
        status = "agrees"
    elif len(labelled) < len(pairs) or result.matches_truncated:
        # an occurrence on an unnumbered page (or one not listed) may stand on the cited page
        unnumbered = next((m for m, labels in pairs if not labels), result.matches[0])
        return {
            "status": "unknown",
            "cited": value,
            "found": None,
            "pdf_page": unnumbered.page_start,
        }
    else:
        match, labels = labelled[0]
        status = "differs"
    return {
        "status": status,
        "cited": value,
        "found": "-".join(dict.fromkeys(labels)),
        "pdf_page": match.page_start,
    }


def with_cited_page(spec: CitationSpec, result: CheckResult, prepared: PreparedText) -> CheckResult:
    """The result with the quotation's occurrence on the cited page, when the check left it out.

    A check stops at its first tier that finds the quotation: an exact occurrence on page 10
    hides a line-broken (normalized) one on the cited page 1, and the page check would say the
    page differs. When no occurrence stands on a cited page, each cited page is searched on its
    own (exact and normalized only); an occurrence found there is added to the matches and
    counted.

    Args:
        spec: the citation (its locator).
        result: the check of the whole text.
        prepared: the checked text with its printed page labels.

    Returns:
        ``result``, or a copy with the cited page's occurrences added.
    """
    cited = _cited(spec.locator or {})
    if not cited or not prepared.paged or result.status not in FOUND_STATUSES:
        return result
    on_cited = [m for m in result.matches if cited & {_label(x) for x in _labels(m, prepared)}]
    if on_cited:
        return result
    pages = [
        page
        for page in range(1, prepared.page_count + 1)
        if (label := prepared.page_label(page)) is not None and _label(label) in cited
    ]
    known = {(m.start, m.end) for m in result.matches}
    added: list[Match] = []
    for page in pages[:_MAX_RANGE]:
        start = prepared.page_starts[page - 1]
        end = prepared.page_starts[page] if page < prepared.page_count else len(prepared.text)
        window = check(
            PreparedText(prepared.text[start:end]), result.quote, options=result.options, near=False
        )
        if window.status not in FOUND_STATUSES:
            continue
        for m in window.matches:
            if (m.start + start, m.end + start) in known:
                continue
            moved = _moved(prepared, m, start, result.options)
            # the last page's window runs on over the asides of every page: keep what stands
            # on a cited page
            if cited & {_label(x) for x in _labels(moved, prepared)}:
                added.append(moved)
    if not added:
        return result
    # The check counted every occurrence of its own tier, and an exact check also the
    # line-broken ones: only a retyped occurrence beside exact ones is new to the count.
    fresh = [
        m
        for m in added
        if result.status is Status.EXACT
        and m.kind is Status.NORMALIZED
        and "\n" not in m.text
        and "\r" not in m.text
    ]
    return replace(
        result,
        matches=tuple(sorted((*result.matches, *added), key=lambda m: m.start)),
        match_count=result.match_count + len(fresh),
    )


def _moved(prepared: PreparedText, m: Match, shift: int, options: MatchOptions) -> Match:
    """A match found in a page's window, placed in the whole checked text."""
    return prepared.match(
        m.kind,
        m.start + shift,
        m.end + shift,
        similarity=m.similarity,
        context=options.context,
        rules=m.rules,
        fragments=tuple(replace(f, start=f.start + shift, end=f.end + shift) for f in m.fragments),
        differences=tuple(
            replace(d, source_start=d.source_start + shift, source_end=d.source_end + shift)
            if d.source_start is not None and d.source_end is not None
            else d
            for d in m.differences
        ),
    )
