"""What both human reports say, worded once: verdict words and marks, locations, differences."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from quote_tui.batch.outcome import (
    HEADINGS,
    NOTICE_KINDS,
    NOTICE_WORDS,
    Look,
    Outcome,
    look,
    outcome_of,
    page_number,
    tally,
)
from quote_tui.batch.unread_glyphs import visible_glyphs
from quote_tui.engine.diff import difference_spans

__all__ = [
    "RECOVERY_HINTS",
    "STATUS_ORDER",
    "Verdict",
    "NOTICE_WORDS",
    "OUTSIDE_MAIN_TEXT",
    "best_match",
    "citation_outcome",
    "citation_place",
    "citation_status",
    "claimed_text",
    "copy_text",
    "Fact",
    "differences",
    "facts",
    "found_in_text",
    "manuscript_place",
    "meaning_of",
    "notice_rows",
    "locator_text",
    "page_check_text",
    "page_number",
    "report_title",
    "source_place",
    "summary_rows",
    "verdict",
    "what_to_do",
]


Verdict = Look
"""A status as people read it (``batch.outcome.LOOKS``, the one status table)."""

STATUS_ORDER = HEADINGS


def verdict(status: str | None) -> Verdict:
    """The look of a status string (an unknown one is shown as it is)."""
    return look(status)


def citation_status(citation: Mapping[str, Any]) -> str:
    return str(citation.get("status") or "error")


def citation_outcome(citation: Mapping[str, Any]) -> Outcome:
    """A citation's outcome: the one its report entry carries, derived the same way."""
    return outcome_of(citation)


def _counts(report: Mapping[str, Any]) -> Mapping[str, Any]:
    counts = report.get("outcomes")
    if isinstance(counts, Mapping):
        return counts
    citations = [c for c in report.get("citations") or () if isinstance(c, Mapping)]
    return tally(citations)  # a report written before outcomes were counted


def summary_rows(report: Mapping[str, Any]) -> list[tuple[Verdict, int]]:
    """(look, count) for every heading with a count, in the ladder's order: a citation with a
    critical difference is counted under its own heading, never under a faithful one."""
    counts = _counts(report)
    rows = []
    for heading in HEADINGS:
        count = counts.get(heading)
        if isinstance(count, int) and count:
            rows.append((verdict(heading), count))
    return rows


def notice_rows(report: Mapping[str, Any]) -> list[tuple[str, int]]:
    """(what, count) for every notice with a count: what a reader must not miss beside the
    verdicts (cited pages that differ, claimed places that disagree, ...)."""
    counts = _counts(report)
    rows = []
    for kind in NOTICE_KINDS:
        count = counts.get(kind)
        if isinstance(count, int) and count:
            rows.append((NOTICE_WORDS[kind], count))
    return rows


RECOVERY_HINTS = {
    "check_url": "check the address, or save the document and check the file",
    "retry_later": "try again later",
    "respect_robots": "the site forbids automated access: save the page and check the file",
    "use_supplied_text": "save the source's text to a file and check that instead",
    "review_source": "open the source and look at it: its text may be unusable",
    "fix_input": "check the path or reference you gave",
    "install_renderer": "install Chromium (apt-get install chromium), or check with --render never",
}
"""What to do, per recovery code, in the words of someone at a shell."""

_CODE_HINTS = {
    "empty_quote": "give the quoted words themselves",
    "quote_too_long": "check a shorter passage, or split the quotation in parts",
    "control_characters": "remove the control characters (copy the quotation again as text)",
    "bad_option": "see the command's --help",
    "no_source": "attach the work: a `file` field in the .bib entry, its PDF (with its DOI or "
    "title) in --pdfs DIR, or a DOI, PMID or URL in the entry",
    "unknown_reference": "name the bibliography that holds this key (--bib FILE), or add the "
    "entry to it",
    "is_directory": "name a file inside the folder, not the folder",
    "encrypted": "save a copy without the password (a PDF viewer can) and check that",
    "outside_root": "run again with --allow-path DIR naming the file's folder (check, scan and "
    "open take it), or put the file beside the manuscript",
}
"""What to do, by error code, where the code says more than the recovery: a quotation that
cannot be checked (its recovery, ``fix_input``, is about the path or reference for every other
entry), and a manuscript's reference whose work has no text to check (its recovery,
``review_source``, "look at the source", sends a writer to a source that does not exist)."""

_SOURCE_MEANINGS = {
    "no_source": "no text of the cited work to check against",
    "unknown_reference": "the cited key is in no bibliography given",
}
"""An unavailable citation whose source was never found, in words: "could not be read" would
say a text was there."""


def what_to_do(error: Mapping[str, Any]) -> str:
    """What a person can do about an error, in words (never its recovery code)."""
    code = str(error.get("code") or "")
    return _CODE_HINTS.get(code) or RECOVERY_HINTS.get(str(error.get("recovery") or ""), "")


def meaning_of(citation: Mapping[str, Any]) -> str:
    """What a citation's verdict means; a critical difference says so whatever the tier, and a
    near match whose only differences are of case ("the" for "The") says so rather than
    "misquoted", and stays near."""
    outcome = citation_outcome(citation)
    if outcome.critical:
        return outcome.meaning
    status = str(citation.get("status") or "")
    error = citation.get("error")
    if status == "unavailable" and isinstance(error, Mapping):
        unfound = _SOURCE_MEANINGS.get(str(error.get("code") or ""))
        if unfound:
            return unfound
    diffs = (best_match(citation) or {}).get("differences") or []
    if (
        status == "near"
        and diffs
        and all(isinstance(d, Mapping) and d.get("kind") == "case" for d in diffs)
    ):
        return "differs only in case (capital and small letters)"
    return outcome.meaning


def best_match(citation: Mapping[str, Any]) -> Mapping[str, Any] | None:
    matches = citation.get("matches") or []
    return matches[0] if matches and isinstance(matches[0], Mapping) else None


def differences(match: Mapping[str, Any] | None) -> list[Mapping[str, Any]]:
    """The match's word differences, critical ones first (stable otherwise)."""
    if not match:
        return []
    diffs = [d for d in match.get("differences") or [] if isinstance(d, Mapping)]
    # Words an ellipsis left out count as differences when they hide a negation or a number.
    # The engine records those as differences itself; reports written before it did carry them
    # only in the fragments.
    recorded = {str(d.get("source", "")) for d in diffs if d.get("critical")}
    for fragment in match.get("fragments") or []:
        flags = fragment.get("omitted_flags") if isinstance(fragment, Mapping) else None
        if flags and str(fragment.get("omitted", "")) not in recorded:
            diffs.append(
                {
                    "quote": "…",
                    "source": fragment.get("omitted", ""),
                    "kind": flags[0],
                    "critical": True,
                }
            )
    return sorted(diffs, key=lambda d: 0 if d.get("critical") else 1)


def report_title(report: Mapping[str, Any]) -> str:
    """``Quotation check report: paper.md``: the manuscript the citations were written in,
    when they all come from one (a batch written by hand names none)."""
    files = {
        str(loc["file"])
        for c in report.get("citations") or ()
        if isinstance(c, Mapping)
        and isinstance(loc := c.get("location"), Mapping)
        and loc.get("file")
    }
    title = "Quotation check report"
    return f"{title}: {files.pop()}" if len(files) == 1 else title


def manuscript_place(citation: Mapping[str, Any]) -> str | None:
    """ "paper.md, line 12, column 5" (a .docx counts paragraphs)."""
    loc = citation.get("location")
    if not isinstance(loc, Mapping) or not loc.get("file"):
        return None
    unit = "paragraph" if str(loc.get("file", "")).lower().endswith(".docx") else "line"
    out = f"{loc['file']}"
    if loc.get("part") and loc.get("part") != "document":
        out += f" ({loc['part']})"
    if loc.get("line"):
        out += f", {unit} {loc['line']}"
    if loc.get("column"):
        out += f", column {loc['column']}"
    return out


def _span(label: str, start: Any, end: Any) -> str | None:
    if start is None:
        return None
    if end is None or end == start:
        return f"{label} {start}"
    return f"{label}s {start}–{end}"


OUTSIDE_MAIN_TEXT = "on the page, outside the main text"
"""Where a quotation stands when it is in a caption, an aside or a table, not the article."""


def citation_place(citation: Mapping[str, Any], match: Mapping[str, Any] | None) -> str | None:
    """Where a citation's match stands: "on the page, outside the main text" for a quotation
    found only in the page's whole visible text, else its place in the checked text."""
    if citation.get("outside_main_text"):
        return OUTSIDE_MAIN_TEXT
    return source_place(match)


def source_place(match: Mapping[str, Any] | None) -> str | None:
    """ "PDF page 19 (printed 11), lines 40–42"."""
    if not match:
        return None
    parts = []
    page = _span("PDF page", match.get("page_start"), match.get("page_end"))
    if page:
        printed = match.get("printed_page_start")
        parts.append(f"{page} (printed {printed})" if printed else page)
    lines = _span("line", match.get("line_start"), match.get("line_end"))
    if lines:
        parts.append(lines)
    return ", ".join(parts) or None


def found_in_text(
    citation: Mapping[str, Any], sources: Mapping[Any, Mapping[str, Any]]
) -> str | None:
    """ "found in [Jones 2019] instead (line 2)": the batch's other sources holding the words."""
    places = citation.get("found_in")
    if not isinstance(places, list) or not places:
        return None
    named = []
    for place in places:
        if not isinstance(place, Mapping):
            continue
        source = sources.get(place.get("source")) or {}
        name = source.get("title") or source.get("ref") or place.get("source")
        if source.get("ref") == "text" and not source.get("title"):
            name = place.get("source")
        where = source_place(place)
        named.append(f"[{name}]" + (f" ({where})" if where else ""))
    return f"found in {', '.join(named)} instead" if named else None


def locator_text(locator: Mapping[str, Any]) -> str | None:
    """A locator as a reader says it: ``p. 4``, ``pp. 33-35``, ``chapter 12``, ``B37``."""
    value = locator.get("value")
    if value is None or not str(value).strip():
        return None
    label = str(locator.get("label") or "page")
    if label == "page":
        number = page_number(value)
        # a range or a list ("33-35", "12, 14"), not a page and its qualifier ("157, footnote")
        return ("pp. " if re.search(r"\d\s*(?:[-–—]|,\s*\d)", number) else "p. ") + number
    if label == "other" or _WRITTEN_TERM.match(str(value)):
        # "Kap.~4", "Rn. 5", "§ 3": its term already says its kind; LaTeX's tie is the
        # no-break space it prints (the record keeps the locator as typed)
        return str(value).replace("~", "\u00a0")
    return f"{label} {value}"


# A locator written with its term before the number ("Kap.~4", "para. 8", "§ 3", "chapter 4"),
# not a scheme's own value ("B37", "III.4", "514a").
# An APA heading in marks before a paragraph ("“Webquest” para. 3") is written so too.
_WRITTEN_TERM = re.compile(r"(?:[^\W\d]+\.[\s~]|[^\W\d]{3,}[\s~]|[§¶]|[“\"‘][^”\"’]+[”\"’])", re.I)


def page_check_text(citation: Mapping[str, Any], *, bare: bool = False) -> str | None:
    """The cited page against where the words stand; without a check, the place cited
    (``cited chapter 12``, or ``chapter 12`` when ``bare``: under a "Cited" label)."""
    check = citation.get("page_check")
    if not isinstance(check, Mapping):
        locator = citation.get("locator")
        shown = locator_text(locator) if isinstance(locator, Mapping) else None
        return (shown if bare else f"cited {shown}") if shown else None
    status = check.get("status")
    cited, found = page_number(check.get("cited")), check.get("found")
    if status == "agrees":
        return f"✓ cited page {cited} agrees"
    if status == "differs":
        return f"✗ cited page {cited}, found on page {found}"
    return f"? cited page {cited}; the printed page is unknown"


_CLAIM_REASONS = {
    "unavailable": "the document was not read or the check did not finish",
    "not_plain_text": "offsets into a text the reader changed",
    "unpaged": "the document has no pages",
    "content_blocks": "content blocks are not kept",
    "bad_claim": "the claim's numbers are missing or out of order",
}


def claimed_text(citation: Mapping[str, Any]) -> str | None:
    """ "✗ claimed place disagrees (page 3)": whether the place a model answer claims holds the
    words."""
    claim = citation.get("claimed")
    if not isinstance(claim, Mapping):
        return None
    if "pages" in claim or "blocks" in claim:
        unit = "page" if "pages" in claim else "block"
        numbers = [str(n) for n in dict.fromkeys(claim.get(unit + "s") or ())]
        place = f"{unit}{'s' if len(numbers) > 1 else ''} {'–'.join(numbers)}"
    else:
        place = f"offsets {claim.get('start')}–{claim.get('end')}"
    agrees = claim.get("agrees")
    if agrees is True:
        return f"✓ claimed place agrees ({place})"
    if agrees is False:
        return f"✗ claimed place disagrees ({place})"
    reason = _CLAIM_REASONS.get(str(claim.get("reason") or ""), "it cannot be told")
    return f"? claimed place not told ({place}): {reason}"


_VERSION_WORDS = {
    "publishedVersion": "published version",
    "acceptedVersion": "accepted manuscript",
    "submittedVersion": "preprint",
}


def copy_text(source: Mapping[str, Any] | None) -> str | None:
    """ "preprint at arXiv (cc-by): https://arxiv.org/pdf/…": the open copy a DOI was read
    from, when it was not the publisher's page."""
    retrieval = (source or {}).get("retrieval")
    copy = retrieval.get("copy") if isinstance(retrieval, Mapping) else None
    if not isinstance(copy, Mapping) or not copy.get("url"):
        return None
    version = _VERSION_WORDS.get(str(copy.get("version")), "copy of unstated version")
    licence = f" ({copy['license']})" if copy.get("license") else ""
    return f"{version} at {copy.get('host') or '?'}{licence}: {copy['url']}"


def source_link(source: Mapping[str, Any] | None, match: Mapping[str, Any] | None) -> str | None:
    """A URL or path to open the source at (a PDF at its page)."""
    if not source:
        return None
    retrieval = source.get("retrieval") or {}
    where = source.get("location") or retrieval.get("location") or source.get("ref")
    if not where or source.get("status") == "supplied_text":
        return None
    where = str(where)
    page = match.get("page_start") if match else None
    if page and (where.lower().endswith(".pdf")):
        return f"{where}#page={page}"
    return where


def _offset(value: Any) -> int | None:
    """An offset read from a report file: an int, or None (absent, null or malformed)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def marked_segments(
    text: str, diffs: list[Mapping[str, Any]], side: str
) -> list[tuple[str, bool, bool]]:
    """``text`` cut into (segment, differs, critical) pieces, marking each difference's words.

    A difference's recorded offsets (``quote_start``/``quote_end`` or ``source_start``/
    ``source_end``) say which occurrence of a repeated word differs; differences without
    usable offsets (older files, omissions an ellipsis hides) are found by searching for their
    words in the text the offsets leave unmarked.

    Args:
        text: the quotation or the source's wording.
        diffs: the match's differences, in text order or not.
        side: "quote" or "source": which wording of each difference to look for.

    Returns:
        Consecutive pieces that join back into ``text``.
    """
    placed = [
        (
            str(d.get(side) or ""),
            _offset(d.get(f"{side}_start")),
            _offset(d.get(f"{side}_end")),
        )
        for d in diffs
    ]
    located = difference_spans(text, placed)
    spans: list[tuple[int, int, bool]] = []
    unplaced: list[tuple[str, bool]] = []
    for diff, (words, _, _), at in zip(diffs, placed, located, strict=True):
        critical = bool(diff.get("critical"))
        if at is not None and at[0] < at[1]:
            if not _overlaps(spans, at[0], at[1]):
                spans.append((at[0], at[1], critical))
        elif words.strip() and at is None:
            unplaced.append((words.strip(), critical))
    for piece, critical in unplaced:
        at = _free_occurrence(text, piece, spans)
        if at is not None:
            spans.append((at, at + len(piece), critical))
    return _cut(text, sorted(spans))


def _overlaps(spans: list[tuple[int, int, bool]], start: int, end: int) -> bool:
    return any(s < end and start < e for s, e, _ in spans)


def _free_occurrence(text: str, piece: str, spans: list[tuple[int, int, bool]]) -> int | None:
    """Where ``piece`` first stands in ``text`` outside every span, or None."""
    start = 0
    while (at := text.find(piece, start)) >= 0:
        if not _overlaps(spans, at, at + len(piece)):
            return at
        start = at + 1
    return None


def _cut(text: str, spans: list[tuple[int, int, bool]]) -> list[tuple[str, bool, bool]]:
    """``text`` cut at sorted, disjoint spans into (segment, differs, critical) pieces."""
    out: list[tuple[str, bool, bool]] = []
    pos = 0
    for s, e, critical in spans:
        if s > pos:
            out.append((text[pos:s], False, False))
        out.append((text[s:e], True, critical))
        pos = e
    if pos < len(text) or not out:
        out.append((text[pos:], False, False))
    return out


def render_marked(
    text: str,
    diffs: list[Mapping[str, Any]],
    side: str,
    *,
    same: Callable[[str], str],
    differs: Callable[[str], str],
    critical: Callable[[str], str],
) -> str:
    """``text`` in a report format, each piece of ``marked_segments`` written by what it is
    (an unreadable glyph as its code point, ``⟨U+E03C⟩``).

    Args:
        text: the quotation or the source's wording.
        diffs: the match's differences.
        side: "quote" or "source".
        same: writes a piece that does not differ.
        differs: writes a differing piece.
        critical: writes a piece with a critical difference.

    Returns:
        The written pieces, joined.
    """
    runs: list[tuple[str, bool, bool]] = []
    for piece, is_diff, is_critical in marked_segments(text, diffs, side):
        if runs and runs[-1][1:] == (is_diff, is_critical):
            # touching differences ("forma", an unread glyph, "ed") are one mark: "**a****b**"
            # is no bold in Markdown
            runs[-1] = (runs[-1][0] + piece, is_diff, is_critical)
        else:
            runs.append((piece, is_diff, is_critical))
    out = []
    for piece, is_diff, is_critical in runs:
        write = (critical if is_critical else differs) if is_diff else same
        # a glyph the text layer could not read is written as its code point, not as nothing
        out.append(write(visible_glyphs(piece)))
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Fact:
    """One line of a citation's card in a report: a label and what it says.

    Attributes:
        label: "Source", "Found at", "Page", ...
        text: what it says, as plain text (each format escapes it).
        note: a smaller addition (a reference's style, what to do about a problem).
        link: for ``Open``, the URL or path to open the source at.
    """

    label: str
    text: str
    note: str = ""
    link: str | None = None


def facts(citation: Mapping[str, Any], sources: Mapping[str, Mapping[str, Any]]) -> list[Fact]:
    """A citation's card, line by line, in the order every report shows it: where it is
    written, its reference, its source, where the words stand, the cited page, the claimed
    place, where else the words stand, the similarity, the normalizing rules and any problem;
    an inconclusive verdict's reason comes first after where it is written."""
    out = _written_facts(citation)
    why = citation_outcome(citation).why
    if why:
        # an inconclusive verdict is no accusation and no pass: the reader needs its reason
        out.append(Fact("Why", why))
    source = sources.get(str(citation.get("source")))
    if source:
        out.append(
            Fact("Source", str(source.get("title") or source.get("ref") or source.get("id")))
        )
        copy = copy_text(source)
        if copy:
            out.append(Fact("Copy", copy))
    match = best_match(citation)
    where = citation_place(citation, match)
    if where:
        out.append(Fact("Found at", where))
    link = source_link(source, match)
    if link:
        out.append(Fact("Open", link, link=link))
    for label, text in (
        # A chapter or a Stephanus number is no page: the row says only that it was cited.
        (
            "Page" if isinstance(citation.get("page_check"), Mapping) else "Cited",
            page_check_text(citation, bare=True),
        ),
        ("Claimed", claimed_text(citation)),
        ("Elsewhere", found_in_text(citation, sources)),
    ):
        if text:
            out.append(Fact(label, text))
    similarity = citation.get("best_similarity")
    if isinstance(similarity, int | float) and citation_status(citation) == "near":
        out.append(Fact("Similarity", f"{similarity:.0%}"))
    rules = match.get("rules") if match else None
    if rules:
        # what made the words "normalized" (quotes, dashes, ...): the verdict alone hides it
        out.append(Fact("Rules", ", ".join(str(r) for r in rules)))
    problem = _problem_fact(citation, source)
    return out + ([problem] if problem is not None else [])


def _written_facts(citation: Mapping[str, Any]) -> list[Fact]:
    out = []
    place = manuscript_place(citation)
    if place:
        out.append(Fact("Manuscript", place))
    if place and isinstance(citation.get("manuscript_quote"), str):
        # edited in the app after the manuscript was read: the verdict is the edit's
        said = f"“{citation['manuscript_quote']}” (the quotation checked is an edit of it: "
        out.append(Fact("Manuscript reads", said + "change it there too)"))
    ref = citation.get("reference")
    if isinstance(ref, Mapping) and ref.get("raw"):
        out.append(Fact("Reference", str(ref["raw"]), note=str(ref.get("style", ""))))
    return out


def _problem_fact(citation: Mapping[str, Any], source: Mapping[str, Any] | None) -> Fact | None:
    source = source or {}
    error = citation.get("error") or source.get("error") or source.get("unavailable")
    if not isinstance(error, Mapping) or not error.get("message"):
        return None
    message = str(error["message"]).rstrip()
    # "... --allow-path DIR To do: ..." ran two sentences together
    message += "" if message.endswith((".", "!", "?", ")", "”")) else "."
    return Fact("Problem", message, note=what_to_do(error))
