"""Frozen records that cross layers: options, matches, differences, results.

Every record has ``to_dict()`` producing the report's JSON shape; the batch report module is the
only place that assembles a whole report from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any


class Status(StrEnum):
    """A citation's verdict, first that applies."""

    EXACT = "exact"
    NORMALIZED = "normalized"
    NEAR = "near"
    NOT_FOUND = "not_found"
    INCONCLUSIVE = "inconclusive"
    UNAVAILABLE = "unavailable"


FOUND_STATUSES = frozenset({Status.EXACT, Status.NORMALIZED})


class Rule(StrEnum):
    """Typographic or layout rules a ``normalized`` match needed."""

    WHITESPACE = "whitespace"
    QUOTES = "quotes"
    DASHES = "dashes"
    LIGATURES = "ligatures"
    SOFT_HYPHEN = "soft_hyphen"
    DEHYPHENATE = "dehyphenate"
    UNICODE = "unicode"
    ELLIPSIS = "ellipsis"
    BRACKET = "bracket"
    PUNCTUATION = "punctuation"  # the quotation's own closing stop where the source goes on
    NOTE_MARKS = "note_marks"  # a footnote or citation mark inside the span, left out


class DiffKind(StrEnum):
    """Kinds of word-level difference between a quotation and the source's wording."""

    NUMBER = "number"
    SIGN = "sign"  # the same number with a sign or relation dropped, added or changed
    NEGATION = "negation"
    WORD = "word"
    CASE = "case"
    SPELLING = "spelling"
    PUNCTUATION = "punctuation"
    MISSING = "missing"  # in the source, left out of the quotation
    EXTRA = "extra"  # in the quotation, not in the source


@dataclass(frozen=True, slots=True)
class MatchOptions:
    """Matching settings; echoed unchanged in every result and report.

    Attributes:
        max_matches: how many matches to return (all are counted).
        context: characters of context before and after each match.
        near_threshold: lowest similarity (0..1) reported as ``near``.
        max_quote_length: longest quotation accepted, in characters.
        ellipsis_max_gap: most source characters an ellipsis may skip between fragments.
        bracket_max_words: most source words an editorial ``[insertion]`` may stand for.
    """

    max_matches: int = 5
    context: int = 120
    near_threshold: float = 0.75
    max_quote_length: int = 20_000
    ellipsis_max_gap: int = 2_000
    bracket_max_words: int = 6

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True, slots=True)
class Difference:
    """One word-level difference; ``quote`` or ``source`` is empty for extra/missing words.

    The offsets (code points, None when unknown) say where the words stand: ``quote_start`` /
    ``quote_end`` in the quotation as compared, ``source_start`` / ``source_end`` in the source's
    wording (the match's ``text``). An empty side has a zero-width position where the words
    would go.
    """

    quote: str
    source: str
    kind: DiffKind
    critical: bool = False
    quote_start: int | None = None
    quote_end: int | None = None
    source_start: int | None = None
    source_end: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "quote": self.quote,
            "source": self.source,
            "kind": str(self.kind),
            "critical": self.critical,
            "quote_start": self.quote_start,
            "quote_end": self.quote_end,
            "source_start": self.source_start,
            "source_end": self.source_end,
        }


@dataclass(frozen=True, slots=True)
class Fragment:
    """One piece of an elided quotation (``ellipsis``) and where it stands in the checked text.

    ``omitted`` is the source text skipped *after* this fragment (empty for the last one), and
    ``omitted_flags`` lists what the skipped words hide ("negation", "number").
    """

    quote: str
    start: int
    end: int
    omitted: str = ""
    omitted_flags: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "quote": self.quote,
            "start": self.start,
            "end": self.end,
            "omitted": self.omitted,
            "omitted_flags": list(self.omitted_flags),
        }


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle on a PDF page (points, origin top-left, page 1-based)."""

    page: int
    x0: float
    y0: float
    x1: float
    y1: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "page": self.page,
            "bbox": [round(self.x0, 2), round(self.y0, 2), round(self.x1, 2), round(self.y1, 2)],
        }


@dataclass(frozen=True, slots=True)
class Match:
    """Where a quotation (or its closest passage) stands in the checked text.

    ``start``/``end`` are code-point offsets (end exclusive) of the whole span in the checked
    text. ``utf16_*`` and ``utf8_*`` give the same positions in UTF-16 code units and UTF-8
    bytes. Lines and pages are 1-based; pages are ``None`` for unpaged text. Offsets, lines,
    pages and boxes all cover the whole span, note marks included.

    ``text`` is the span's wording as a reader quotes it: the checked text's ``[start:end]``
    without the note marks inside it and the zero-width separators a PDF reader sets before
    them ("method\u200b5 does" reads "method does"; a superscript inside a word, "m\u200b6\u200bA",
    keeps its characters: "m6A"). ``marks`` lists the pieces left out, as (start, end) offsets
    of the checked text in order, so ``text`` is the span with them cut out (empty when nothing
    is). ``before`` and ``after`` leave out the same, and the differences' ``source_*`` offsets
    and words refer to ``text``.
    """

    kind: Status
    start: int
    end: int
    utf16_start: int
    utf16_end: int
    utf8_start: int
    utf8_end: int
    line_start: int
    line_end: int
    page_start: int | None
    page_end: int | None
    text: str
    before: str
    after: str
    similarity: float
    rules: tuple[Rule, ...] = ()
    differences: tuple[Difference, ...] = ()
    fragments: tuple[Fragment, ...] = ()
    boxes: tuple[Box, ...] = ()
    marks: tuple[tuple[int, int], ...] = ()

    @property
    def critical(self) -> bool:
        """True when any difference changes a number, sign or negation."""
        return any(d.critical for d in self.differences) or any(
            f.omitted_flags for f in self.fragments
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": str(self.kind),
            "start": self.start,
            "end": self.end,
            "utf16_start": self.utf16_start,
            "utf16_end": self.utf16_end,
            "utf8_start": self.utf8_start,
            "utf8_end": self.utf8_end,
            "line_start": self.line_start,
            "line_end": self.line_end,
            "page_start": self.page_start,
            "page_end": self.page_end,
            "text": self.text,
            "before": self.before,
            "after": self.after,
            "similarity": round(self.similarity, 4),
            "rules": [str(r) for r in self.rules],
            "differences": [d.to_dict() for d in self.differences],
            "critical": self.critical,
        }
        if self.fragments:
            out["fragments"] = [f.to_dict() for f in self.fragments]
        if self.boxes:
            out["boxes"] = [b.to_dict() for b in self.boxes]
        if self.marks:
            out["marks"] = [list(m) for m in self.marks]
        return out


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The engine's answer for one quotation against one checked text."""

    status: Status
    quote: str
    matches: tuple[Match, ...]
    match_count: int
    matches_truncated: bool
    best_similarity: float
    checked_text_sha256: str
    options: MatchOptions = field(default_factory=MatchOptions)
    match_count_lower_bound: bool = False
    """The search stopped at its cap of places (a text that repeats the quotation hundreds of
    thousands of times): at least ``match_count`` occurrences stand in the text."""

    def to_dict(self) -> dict[str, Any]:
        out = {
            "status": str(self.status),
            "quote": self.quote,
            "match_count": self.match_count,
            "matches_truncated": self.matches_truncated,
            "best_similarity": round(self.best_similarity, 4),
            "matches": [m.to_dict() for m in self.matches],
            "checked_text_sha256": self.checked_text_sha256,
            "options": self.options.to_dict(),
        }
        if self.match_count_lower_bound:
            out["match_count_lower_bound"] = True
        return out
