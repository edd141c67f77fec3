"""One outcome per checked citation: its verdict with what a reader must not miss, derived once.

A verdict alone can mislead. A normalized match whose ellipsis leaves out "not" has the same
words in the same order, so its status is ``normalized``, yet the quotation says the opposite of
its source; an exact quotation on the wrong page, or one a model answer places where it does not
stand, is still exact. Every front end (the terminal, Markdown, HTML, SARIF, MCP, the app) shows
the ``Outcome`` made here, so none of them lets a faithful word stand for a quotation that changes
the meaning, and none has to work out what else to say.

- ``LOOKS``: the one status table (mark, word, meaning, tone), for every status a front end shows.
- ``Outcome``: the verdict, its critical differences, its notices (a cited page that differs, a
  claimed place that disagrees, text outside the main text, a reference retracted or mismatched,
  the words found in another source, a preprint or accepted manuscript checked in place of the
  published version), and the heading it is counted under.
- ``outcome_of``: the outcome of a report's citation entry; ``outcome_of_check``: of a typed
  check (the app's); ``derive``: of the facts themselves. All three agree.
- ``HEADINGS`` and ``tally``: what summaries count, in the order they show it.

``batch.outcomes`` holds the runner's records; this module only reads what they became.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from quote_tui.engine.records import CheckResult

__all__ = [
    "HEADINGS",
    "LOOKS",
    "NOTICE_KINDS",
    "NOTICE_WORDS",
    "REASON_WORDS",
    "Look",
    "Notice",
    "Outcome",
    "Tone",
    "counted_keys",
    "derive",
    "look",
    "outcome_of",
    "outcome_of_check",
    "page_number",
    "tally",
]


class Tone(StrEnum):
    """How loudly a front end shows an outcome (a colour there, never the only signal)."""

    OK = "ok"
    WARN = "warn"
    BAD = "bad"
    MUTED = "muted"
    BUSY = "busy"


@dataclass(frozen=True, slots=True)
class Look:
    """A status as people read it: a mark and a word, what it means, and its tone."""

    status: str
    mark: str
    word: str
    meaning: str
    tone: Tone


LOOKS: dict[str, Look] = {
    look.status: look
    for look in (
        Look("exact", "✓", "Exact", "the words stand in the source as quoted", Tone.OK),
        Look(
            "normalized",
            "≈",
            "Normalized",
            "the same words; only typography or layout differ",
            Tone.OK,
        ),
        Look(
            "critical",
            "‼",
            "Critical difference",
            "a negation, number or sign differs or is left out: the meaning changes",
            Tone.WARN,
        ),
        Look(
            "near", "~", "Near", "misquoted: the closest passage differs in some words", Tone.WARN
        ),
        Look("not_found", "✗", "Not found", "no passage of the source matches", Tone.BAD),
        Look(
            "inconclusive",
            "?",
            "Inconclusive",
            "the text checked cannot settle it (partial, misread or unreadable in places)",
            Tone.WARN,
        ),
        Look("unavailable", "⊘", "Unavailable", "the source could not be read", Tone.BAD),
        Look("error", "!", "Error", "the quotation could not be checked", Tone.BAD),
        Look("unreferenced", "–", "No reference", "the manuscript cites nothing", Tone.MUTED),
        Look("link_ok", "↗", "Link readable", "the source was read; nothing was quoted", Tone.OK),
        Look("unchecked", "·", "Unchecked", "not checked yet", Tone.MUTED),
        Look("checking", "…", "Checking", "being checked", Tone.BUSY),
    )
}
"""The one status table: every front end's marks, words and tones come from here."""

HEADINGS = (
    "exact",
    "normalized",
    "critical",
    "near",
    "not_found",
    "inconclusive",
    "unavailable",
    "error",
    "unreferenced",
    "link_ok",
)
"""What summaries count citations under, in this order: a citation with a critical difference
is counted under ``critical``, never under the faithful word its tier has."""

NOTICE_KINDS = (
    "page_differs",
    "claim_disagrees",
    "outside_main_text",
    "reference_retracted",
    "reference_mismatch",
    "found_elsewhere",
    "other_version",
    "partly_unreadable",
)
"""What a reader must not miss beside the verdict, in the order notices are shown and counted."""

NOTICE_WORDS = {
    "page_differs": "cited page differs",
    "claim_disagrees": "claimed place disagrees",
    "outside_main_text": "found outside the main text",
    "reference_retracted": "reference retracted",
    "reference_mismatch": "reference does not match its record",
    "found_elsewhere": "found in another source",
    "other_version": "checked against a preprint or accepted manuscript",
    "partly_unreadable": "source text partly unreadable",
}
"""Each notice in a few words: its name in a summary, and its text where nothing more is said."""

REASON_WORDS = {
    "ocr": "the text was read from page images by OCR, which misreads: the words may stand there",
    "unmapped_font": "a font left some of the PDF's text unreadable: the words may stand there",
    "time_budget": "the check ran past its time budget: the verdict is unknown",
    "truncated": "the source was cut at its size limit: the words may stand in the rest",
}
"""Why a citation is ``inconclusive``, by the report's ``reason``: its meaning there, in place of
the status table's, since "not found" is wrong for a near match left inconclusive."""

_FOUND = frozenset({"exact", "normalized"})
_RETRACTED = frozenset({"retracted", "expression_of_concern"})
_MISMATCHED = frozenset({"metadata_mismatch", "not_found", "corrected"})
# A copy whose wording may differ from the version of record, and how a notice names it.
_OTHER_VERSIONS = {"acceptedVersion": "an accepted manuscript", "submittedVersion": "a preprint"}


def look(status: str | None) -> Look:
    """The look of a status (an unknown one is shown as it is, muted)."""
    found = LOOKS.get(status or "")
    if found is not None:
        return found
    word = str(status or "unknown").replace("_", " ").title()
    return Look(str(status), "?", word, "", Tone.MUTED)


@dataclass(frozen=True, slots=True)
class Notice:
    """One thing beside the verdict a reader must not miss.

    Attributes:
        kind: one of ``NOTICE_KINDS``.
        text: the notice in a few words ("cited page 12, found on page 11").
    """

    kind: str
    text: str

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "text": self.text}


@dataclass(frozen=True, slots=True)
class Outcome:
    """A citation's verdict with what a reader must not miss.

    Attributes:
        status: the verdict (the report's ``status``).
        critical: the kinds of the best match's critical differences ("omission" for words an
            ellipsis or bracket leaves out, else "negation", "number", "sign"), in text order.
        notices: the rest a reader must not miss, in ``NOTICE_KINDS`` order.
        similarity: the best match's similarity, for a near match.
        reason: why an ``inconclusive`` verdict is so (the report's ``reason``).
        note: what the reader should know of it in words (the report's ``note``: the glyphs a
            PDF's text layer could not read, where the quotation differs only there).
    """

    status: str
    critical: tuple[str, ...] = ()
    notices: tuple[Notice, ...] = ()
    similarity: float | None = None
    reason: str | None = None
    note: str | None = None

    @property
    def heading(self) -> str:
        """What summaries count it under: ``critical`` for a critical difference in any tier."""
        return "critical" if self.critical else self.status

    @property
    def look(self) -> Look:
        """The verdict's look; a critical difference takes the critical mark, and a tone one step
        louder than its tier's: a warning for words found as quoted (never the faithful tone),
        bad for a near match, so it stands apart from a harmless one."""
        base = look(self.status)
        if not self.critical:
            return base
        tone = Tone.WARN if base.tone is Tone.OK else Tone.BAD
        return Look(base.status, LOOKS["critical"].mark, base.word, base.meaning, tone)

    @property
    def label(self) -> str:
        """The verdict as its line or heading names it: ``‼ Normalized — critical omission``,
        ``~ Near 89%``, ``✓ Exact``."""
        return self.title()

    def title(self, *, similarity: bool = True) -> str:
        """The label; without the near match's similarity for a heading that shows it apart.

        Args:
            similarity: add a near match's similarity after its word.
        """
        lk = self.look
        out = f"{lk.mark} {lk.word}"
        if similarity and self.status == "near" and self.similarity is not None:
            out += f" {round(self.similarity * 100)}%"
        if self.critical:
            out += f" — critical {', '.join(self.critical)}"
        return out

    @property
    def headline(self) -> str:
        """The label and every notice, on one line: what a list of citations shows."""
        if not self.notices:
            return self.label
        return f"{self.label} · {'; '.join(n.text for n in self.notices)}"

    @property
    def meaning(self) -> str:
        """What the verdict means, said so that a critical difference is never called faithful."""
        if self.critical:
            return LOOKS["critical"].meaning
        return self.why or look(self.status).meaning

    @property
    def why(self) -> str | None:
        """Why the verdict is inconclusive, in words (its note, else its reason's), or None:
        every front end says it beside the verdict, so "inconclusive" is never left bare."""
        if self.status != "inconclusive":
            return None
        return self.note or REASON_WORDS.get(self.reason or "")

    @property
    def faithful(self) -> bool:
        """Whether the words stand as quoted and nothing critical differs (notices aside)."""
        return self.status in _FOUND and not self.critical

    @property
    def attention(self) -> bool:
        """Whether a reader must look at it: not faithful, or anything noticed."""
        return not self.faithful or bool(self.notices)

    def to_dict(self) -> dict[str, Any]:
        """The report's ``outcome`` object (``report.schema.json``)."""
        return {
            "heading": self.heading,
            "label": self.label,
            "critical": list(self.critical),
            "notices": [n.to_dict() for n in self.notices],
        }


def derive(
    status: str,
    *,
    critical: Iterable[str] = (),
    page_check: Mapping[str, Any] | None = None,
    claimed: Mapping[str, Any] | None = None,
    outside_main_text: bool = False,
    reference: str | None = None,
    found_in: int = 0,
    similarity: float | None = None,
    copy_version: str | None = None,
    reason: str | None = None,
    note: str | None = None,
) -> Outcome:
    """The outcome of a citation's facts.

    Args:
        status: the verdict.
        critical: the kinds of the best match's critical differences.
        page_check: the report's ``page_check`` (``status``, ``cited``, ``found``).
        claimed: the report's ``claimed`` (``agrees``).
        outside_main_text: found only outside the page's main text.
        reference: the cited work's reference status, once the references were checked.
        found_in: how many other sources hold the words.
        similarity: the best similarity.
        copy_version: the version of the open copy the source was read from
            (``acceptedVersion``, ``submittedVersion``), when it is not the published one.
        reason: why an ``inconclusive`` verdict is so (the report's ``reason``).
        note: the verdict's note (the report's ``note``); beside a ``near`` or ``not_found``
            it says how the verdict was told in a text partly unreadable (``batch.readable``).

    Returns:
        The outcome.
    """
    notices: list[Notice] = []
    if isinstance(page_check, Mapping) and page_check.get("status") == "differs":
        cited, found = page_check.get("cited"), page_check.get("found")
        notices.append(
            Notice("page_differs", f"cited page {page_number(cited)}, found on page {found}")
        )
    if isinstance(claimed, Mapping) and claimed.get("agrees") is False:
        notices.append(Notice("claim_disagrees", _claim_text(claimed)))
    if outside_main_text:
        notices.append(Notice("outside_main_text", NOTICE_WORDS["outside_main_text"]))
    if reference in _RETRACTED:
        word = "retracted" if reference == "retracted" else "under an expression of concern"
        notices.append(Notice("reference_retracted", f"reference {word}"))
    elif reference in _MISMATCHED:
        notices.append(Notice("reference_mismatch", NOTICE_WORDS["reference_mismatch"]))
    if found_in:
        text = "found in another source" if found_in == 1 else f"found in {found_in} other sources"
        notices.append(Notice("found_elsewhere", text))
    other = _OTHER_VERSIONS.get(copy_version or "")
    if other is not None:
        # the verdict stands for the copy read; the published wording may differ from it
        text = f"checked against {other}: the published wording may differ"
        notices.append(Notice("other_version", text))
    unreadable = _unreadable(status, note)
    if unreadable:
        # the verdict was told around text the source could not read: say how
        notices.append(Notice("partly_unreadable", unreadable))
    # rounded as the report writes it, so a typed check and its entry give the same outcome
    near = round(similarity, 4) if status == "near" and similarity is not None else None
    return Outcome(status, tuple(critical), tuple(notices), near, reason or None, note or None)


def _claim_text(claimed: Mapping[str, Any]) -> str:
    """ "claimed place disagrees (page 3)"."""
    if "pages" in claimed or "blocks" in claimed:
        unit = "page" if "pages" in claimed else "block"
        numbers = [str(n) for n in dict.fromkeys(claimed.get(unit + "s") or ())]
        place = f"{unit}{'s' if len(numbers) > 1 else ''} {'–'.join(numbers)}"
    elif "start" in claimed:
        place = f"offsets {claimed.get('start')}–{claimed.get('end')}"
    else:
        return NOTICE_WORDS["claim_disagrees"]
    return f"{NOTICE_WORDS['claim_disagrees']} ({place})"


def critical_kinds(match: Mapping[str, Any] | None) -> tuple[str, ...]:
    """The kinds of a report match's critical differences, each once, in text order: words an
    ellipsis or bracket leaves out are an ``omission`` whatever they hide."""
    if not isinstance(match, Mapping):
        return ()
    kinds: list[str] = []
    recorded = set()
    for diff in match.get("differences") or ():
        if isinstance(diff, Mapping) and diff.get("critical"):
            recorded.add(str(diff.get("source", "")))
            kinds.append(_kind(str(diff.get("quote") or ""), str(diff.get("kind") or "word")))
    # reports written before elisions were recorded as differences carry them only here
    for fragment in match.get("fragments") or ():
        if not isinstance(fragment, Mapping) or not fragment.get("omitted_flags"):
            continue
        if str(fragment.get("omitted", "")) not in recorded:
            kinds.append("omission")
    return tuple(dict.fromkeys(kinds))


def _kind(quoted: str, kind: str) -> str:
    left_out = quoted.strip() in ("…", "...", ". . .") or (
        quoted.startswith("[") and quoted.endswith("]")
    )
    return "omission" if left_out else kind


def outcome_of_check(
    status: str,
    result: CheckResult | None,
    *,
    page_check: Mapping[str, Any] | None = None,
    claimed: Mapping[str, Any] | None = None,
    outside_main_text: bool = False,
    found_in: int = 0,
    reference: str | None = None,
    copy_version: str | None = None,
    reason: str | None = None,
    note: str | None = None,
) -> Outcome:
    """The outcome of a citation's typed check (what an interactive front end keeps), the same
    as ``outcome_of`` gives for its report entry.

    Args:
        status: the verdict.
        result: the engine's result, when the source was read.
        page_check: the cited page's comparison.
        claimed: the settled claim.
        outside_main_text: found only outside the page's main text.
        found_in: how many other sources hold the words.
        reference: the cited work's reference status, when the references were checked.
        copy_version: the version of the open copy read, when not the published one.
        reason: why an ``inconclusive`` verdict is so.
        note: the verdict's note.

    Returns:
        The outcome.
    """
    best = result.matches[0] if result is not None and result.matches else None
    kinds: tuple[str, ...] = ()
    if best is not None and (status in _FOUND or status == "near"):
        recorded = {d.source for d in best.differences if d.critical}
        found = [_kind(d.quote, str(d.kind)) for d in best.differences if d.critical]
        found += [
            "omission" for f in best.fragments if f.omitted_flags and f.omitted not in recorded
        ]
        kinds = tuple(dict.fromkeys(found))
    return derive(
        status,
        critical=kinds,
        page_check=page_check,
        claimed=claimed,
        outside_main_text=outside_main_text,
        reference=reference,
        found_in=found_in,
        similarity=best.similarity if best is not None else None,
        copy_version=copy_version,
        reason=reason,
        note=note,
    )


def outcome_of(citation: Mapping[str, Any], *, reference: str | None = None) -> Outcome:
    """The outcome of a report's citation entry (from this run or read from a file).

    Args:
        citation: the entry.
        reference: the cited work's reference status, when the references were checked.

    Returns:
        The outcome.
    """
    matches = citation.get("matches") or ()
    best = matches[0] if matches and isinstance(matches[0], Mapping) else None
    status = str(citation.get("status") or "error")
    similarity = best.get("similarity") if best is not None and status == "near" else None
    found_in = citation.get("found_in")
    return derive(
        status,
        critical=critical_kinds(best) if status in _FOUND or status == "near" else (),
        page_check=citation.get("page_check"),
        claimed=citation.get("claimed"),
        outside_main_text=bool(citation.get("outside_main_text")),
        reference=reference,
        found_in=len(found_in) if isinstance(found_in, list) else 0,
        similarity=float(similarity) if isinstance(similarity, int | float) else None,
        copy_version=str(citation.get("copy_version") or "") or None,
        reason=str(citation.get("reason") or "") or None,
        note=str(citation.get("note") or "") or None,
    )


def _unreadable(status: str, note: object) -> str | None:
    """A note beside a ``near`` or ``not_found`` verdict: only a partly unreadable text gives
    one (``batch.readable``), saying how the verdict was told around what it cannot read."""
    if status in ("near", "not_found") and isinstance(note, str) and note:
        return note
    return None


def tally(items: Iterable[Outcome | Mapping[str, Any]]) -> dict[str, int]:
    """How many citations fall under each heading and carry each notice, with the total.

    Args:
        items: outcomes, or report citation entries (their ``outcome``, derived again when an
            older report lacks it).

    Returns:
        ``{"citations": n, <heading>: n, ..., <notice kind>: n, ...}`` with every heading and
        notice kind present, zero or not, in ``HEADINGS`` then ``NOTICE_KINDS`` order.
    """
    headings: Counter[str] = Counter()
    notices: Counter[str] = Counter()
    total = 0
    for item in items:
        total += 1
        heading, kinds = _counted(item)
        headings[heading] += 1
        notices.update(set(kinds))
    out = {"citations": total}
    out.update({h: headings[h] for h in HEADINGS})
    for heading, n in headings.items():
        out.setdefault(heading, n)  # a status outside the ladder still counts
    out.update({k: notices[k] for k in NOTICE_KINDS})
    return out


def counted_keys(item: Outcome | Mapping[str, Any]) -> list[str]:
    """The ``tally`` keys one citation adds to: ``citations``, its heading, its notices' kinds
    (what a streamed report counts line by line, without a whole tally per line)."""
    heading, kinds = _counted(item)
    return ["citations", heading, *dict.fromkeys(kinds)]


def _counted(item: Outcome | Mapping[str, Any]) -> tuple[str, list[str]]:
    if isinstance(item, Outcome):
        return item.heading, [n.kind for n in item.notices]
    stored = item.get("outcome")
    if not isinstance(stored, Mapping):
        derived = outcome_of(item)
        return derived.heading, [n.kind for n in derived.notices]
    kinds = [n.get("kind") for n in stored.get("notices") or () if isinstance(n, Mapping)]
    return str(stored.get("heading")), [str(k) for k in kinds]


_PAGE_WORD = re.compile(r"^(?:pp?\.|pages?\b)\s*", re.I)


def page_number(cited: Any) -> str:
    """A cited page without the ``p.`` the author wrote: "cited page 4", never "page p. 4"."""
    return _PAGE_WORD.sub("", str(cited).strip()) or str(cited)
