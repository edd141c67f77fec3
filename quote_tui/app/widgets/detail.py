"""The detail pane: one citation's quotation against the source's wording, and where it stands.

Word differences are marked in both texts; critical ones (numbers, signs, negations) are bold on
the error colour *and* listed with the word "critical", so colour is never the only signal.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from quote_tui.api import (
    OUTSIDE_MAIN_TEXT,
    CitationSpec,
    Difference,
    Match,
    Outcome,
    PreparedText,
    claimed_text,
    difference_spans,
    locator_text,
    manuscript_place,
    page_number,
    visible_glyphs,
)
from quote_tui.app.manuscript_wording import MANUSCRIPT_QUOTE
from quote_tui.app.references import reference_content
from quote_tui.app.widgets.status import (
    look,
    outcome_label,
    outcome_look,
    readable,
    status_label,
)
from quote_tui.workspace import Verdict

__all__ = [
    "CitationDetail",
    "describe_location",
    "detail_content",
    "found_in_line",
]

_RECOVERY = {
    "check_url": "Check the address, or load the document from a file.",
    "retry_later": "Try again later (the site limits requests).",
    "respect_robots": "The site forbids automated access: download it yourself and load the file.",
    "use_supplied_text": "Paste the source's text instead (o, then the Paste tab).",
    "review_source": "Open the source and check it by eye; its text may be unusable.",
    "fix_input": "Correct the entry (Enter edits the citation).",
    "install_renderer": "Install Chromium (apt-get install chromium), or load without rendering.",
}


_NO_SOURCE_HINT = (
    "No citation beside this quotation was matched to an entry of the bibliography (a "
    "footnote's, or a key the bibliography lacks). Pick its source (Enter), add the "
    "bibliography (b), or load the cited work (o)."
)

_BY_CODE = {
    "unknown_reference": "Add the bibliography: b (or ctrl+p, Add a bibliography, or a .bib "
    "file in the Load dialog), or reopen with quote-tui open MANUSCRIPT --bib FILE; or load "
    "the cited work (o) with this citation selected.",
    "no_source": "Load the cited work (o) with this citation selected: it becomes the source "
    "of every citation of its key.",
    "file_not_found": "Load the file from where it is now (o), then pick it as the citation's "
    "source (Enter).",
    "is_directory": "Pick a file inside the folder, not the folder.",
    "outside_root": "Reopen with quote-tui open MANUSCRIPT --allow-path DIR naming the file's "
    "folder, or load the file (o) with this citation selected.",
    "encrypted": "Save a copy without the password (a PDF viewer can) and load it (o), or "
    "paste its text (o, then the Paste tab).",
}
"""Hints for error codes whose fix in the app is more specific than their recovery code's."""


def recovery_hint(code: str | None, error_code: str | None = None) -> str:
    """One sentence saying what to do (empty when there is nothing to say).

    Args:
        code: the error's recovery code.
        error_code: the error's own code, when a hint for it says more.

    Returns:
        The hint.
    """
    return _BY_CODE.get(error_code or "") or _RECOVERY.get(code or "", "")


def describe_location(match: Match, prepared: PreparedText | None) -> str:
    """``p. 3 (printed 117) · lines 12–13 · offsets 1234–1300`` for a match."""
    parts = []
    if match.page_start is not None:
        pages = str(match.page_start)
        if match.page_end not in (None, match.page_start):
            pages += f"–{match.page_end}"
        label = prepared.page_label(match.page_start) if prepared is not None else None
        parts.append(f"p. {pages}" + (f" (printed {label})" if label else ""))
    lines = str(match.line_start)
    if match.line_end != match.line_start:
        lines = f"{match.line_start}–{match.line_end}"
    parts.append(f"line {lines}" if "–" not in lines else f"lines {lines}")
    parts.append(f"offsets {match.start}–{match.end}")
    return " · ".join(parts)


def found_in_line(places: Sequence[dict[str, Any]], names: Mapping[str, str]) -> Content:
    """``found in [Jones 2019] instead (line 12)``: where a quotation not in its source stands."""
    parts: list[Content | str | tuple[str, str]] = ["found in "]
    for n, place in enumerate(places):
        if n:
            parts.append(", ")
        sid = str(place.get("source"))
        parts.append((f"[{names.get(sid) or sid}]", "bold $text-warning"))
        page, line = place.get("page_start"), place.get("line_start")
        parts.append((f" (p. {page})" if page else f" (line {line})", "$text-muted"))
    parts.append(" instead")
    return Content.assemble(*parts)


def _marked(text: str, diffs: Sequence[Difference], side: str) -> Content:
    """``text`` with each difference's words marked: at their recorded offsets when those fit
    ``text``, else (a workspace saved before offsets were recorded) found left to right."""
    placed = [
        (getattr(d, side), getattr(d, f"{side}_start"), getattr(d, f"{side}_end")) for d in diffs
    ]
    content = Content(text)
    cursor = 0
    for d, (word, _, _), at in zip(diffs, placed, difference_spans(text, placed), strict=True):
        if at is None:
            found = text.find(word, cursor) if word else -1
            at = (found, found + len(word)) if found >= 0 else None
        if at is None or at[0] == at[1]:
            continue
        style = (
            "bold $text-error on $error 25% underline" if d.critical else "$text-warning underline"
        )
        content = content.stylize(style, *at)
        cursor = max(cursor, at[1])
    return content


def _difference_line(d: Difference) -> Content:
    tag = f"{d.kind}, critical" if d.critical else str(d.kind)
    style = "bold $text-error" if d.critical else "$text-warning"
    # a glyph the text layer could not read shows as its code point, never as blank quotes
    quote, source = visible_glyphs(d.quote), visible_glyphs(d.source)
    # a word only one side has is said in words: ∅ is the list's mark for "no reference"
    if not quote:
        change: list[Any] = [(f"“{source}”", style), " is in the source, not in the quotation"]
    elif not source:
        change = [(f"“{quote}”", style), " is in the quotation, not in the source"]
    else:
        change = [(f"“{quote}”", style), " → ", (f"“{source}”", style)]
    return Content.assemble(
        ("  " + ("‼ " if d.critical else "• "), style),
        *change,
        (f"  ({tag})", "$text-muted"),
    )


def _field(name: str) -> tuple[str, str]:
    return (f"{name:<11}", "bold $text-muted")


_CONTEXT_SHOWN = 160
"""Characters of context shown on each side of the match."""


_BREAKS = str.maketrans({c: " " for c in "\n\r\t\v\f\x1c\x1d\x1e\x85\u2028\u2029"})
"""Line and page breaks, each as one space."""


def _one_line(text: str) -> str:
    """Line breaks and runs of white space as one space each; an unread glyph as U+FFFD."""
    return readable(re.sub(r"\s+", " ", text))


def _context(match: Match, prepared: PreparedText | None, context: int) -> tuple[str, str]:
    """The source's characters around a match, on one line, with ``…`` only where the text
    goes on beyond what is shown.

    Whether the text goes on is decided from offsets in the checked text (the match's against
    the ``context`` characters the check took on each side), never from the lengths of
    ``before``/``after``: those leave out note marks, so a context that reaches the text's
    start can be shorter than the characters it covers.
    """
    before = _one_line(match.before)
    after = _one_line(match.after)
    cut_before = match.start > context or len(before) > _CONTEXT_SHOWN
    text_end = len(prepared.text) if prepared is not None else None
    goes_on = text_end is None or match.end + context < text_end
    cut_after = goes_on or len(after) > _CONTEXT_SHOWN
    # a cut context starts and ends on whole words ("…tolerant" read as a word of its own);
    # a text without spaces near the cut keeps its characters
    text = prepared.text if prepared is not None else ""
    lo, hi = match.start - context, match.end + context
    whole_first = len(before) <= _CONTEXT_SHOWN and 0 < lo <= len(text) and text[lo - 1].isspace()
    whole_last = len(after) <= _CONTEXT_SHOWN and 0 <= hi < len(text) and text[hi].isspace()
    before, after = before[-_CONTEXT_SHOWN:], after[:_CONTEXT_SHOWN]
    if cut_before and not whole_first and (space := before.find(" ", 0, _WORD_CUT)) >= 0:
        before = before[space + 1 :]
    if cut_after and not whole_last and (space := after.rfind(" ", len(after) - _WORD_CUT)) >= 0:
        after = after[:space]
    return ("…" if cut_before else "") + before, after + ("…" if cut_after else "")


_WORD_CUT = 24
"""At most this many characters of a word cut by the context's edge are left out."""


def detail_content(
    citation: CitationSpec | None,
    verdict: Verdict | None,
    prepared: PreparedText | None,
    *,
    checking: bool = False,
    match_index: int = 0,
    reference: dict[str, Any] | None = None,
    source_names: Mapping[str, str] | None = None,
    no_quotation_in: str | None = None,
) -> Content:
    """Everything the pane shows for one citation, as styled content.

    Args:
        citation: the selected citation (None shows a hint).
        verdict: its last verdict (None when unchecked).
        prepared: its source's checked text, for printed page labels.
        checking: True while a check is running.
        match_index: which of the matches to show (n and N in the viewer step through them).
        reference: the source's reference record, once the references were checked.
        source_names: each source's name (title or ref), for "found in [name] instead".
        no_quotation_in: the manuscript's name, when it gave no quotation at all: an empty
            list must say why, or the reader takes it for a failed read.

    Returns:
        The pane's content.
    """
    if citation is None and no_quotation_in is not None:
        return Content.assemble(
            ("No quotation found in ", "$text-muted"),
            (no_quotation_in, "bold"),
            (
                ". quote-tui checks words in quotation marks or a block quote that cite a "
                "source, such as “…” [@key, p. 4] or \\enquote{…}\\cite[4]{key}; a paraphrase "
                "is not checked. Press ",
                "$text-muted",
            ),
            ("a", "bold"),
            (" to add a quotation by hand.", "$text-muted"),
        )
    if citation is None:
        return Content.from_markup(
            "[$text-muted]No citation selected. Press [b]a[/b] to add one, [b]/[/b] to find a "
            "quotation in the source, or [b]o[/b] to load a source.[/]"
        )
    outcome = _outcome(verdict, reference, checking)
    best, match_index = _shown_match(verdict, match_index)
    out = _header(citation, outcome, checking, verdict)
    diffs = best.differences if best is not None else ()
    out += [_field("Quotation"), "“", _marked(citation.quote or "", diffs, "quote"), "”\n"]
    written = manuscript_place(citation.extra or {})
    if written:
        out += [_field("Written in"), written, "\n"]
        edited_from = (citation.extra or {}).get(MANUSCRIPT_QUOTE)
        if isinstance(edited_from, str):  # edited here: the manuscript still says otherwise
            out += [_field("Manuscript"), f"“{edited_from}” ", ("(change it there too)", "bold")]
            out += ["\n"]
    out += _reference_lines(citation.extra or {})
    if verdict is not None:
        out += _checked_lines(citation, verdict, best, prepared, outcome, match_index, source_names)
    elif citation.locator:
        out += _locator_line(citation.locator)
    if reference is not None:
        out += [reference_content(reference)]
    if verdict is None and not checking:
        out += [("Not checked yet: press c to check it, C to check all.", "$text-muted")]
    return Content.assemble(*out)


_Parts = list[Content | str | tuple[str, str]]


def _checked_lines(
    citation: CitationSpec,
    verdict: Verdict,
    best: Match | None,
    prepared: PreparedText | None,
    outcome: Outcome | None,
    match_index: int,
    source_names: Mapping[str, str] | None,
) -> _Parts:
    """What the last check found: the match, what stands beside it, its context, a problem."""
    out: _Parts = []
    if best is not None:
        out += _match_lines(best, verdict, prepared, match_index)
    out += _beside_lines(citation, verdict, source_names or {})
    if best is not None and not verdict.outside_main_text:
        context = verdict.result.options.context if verdict.result is not None else 0
        out += _context_line(best, prepared, outcome, context)
    if verdict.error:
        out += _problem_lines(verdict.error)
    elif not citation.source:
        # an empty pane under "no reference" left the reader guessing what was wrong
        out += [_field("What to do"), _NO_SOURCE_HINT, "\n"]
    return out


def _outcome(
    verdict: Verdict | None, reference: dict[str, Any] | None, checking: bool
) -> Outcome | None:
    if verdict is None or checking:
        return None
    return verdict.outcome(str(reference.get("status")) if reference is not None else None)


def _shown_match(verdict: Verdict | None, index: int) -> tuple[Match | None, int]:
    """The match the pane describes and its index: ``index`` of the result's, else the best."""
    matches = verdict.result.matches if verdict is not None and verdict.result else ()
    if not matches:
        return None, 0
    index = index if 0 <= index < len(matches) else 0
    return matches[index], index


def _context_line(
    best: Match, prepared: PreparedText | None, outcome: Outcome | None, context: int
) -> _Parts:
    lk = outcome_look(outcome) if outcome is not None else look("checking")
    before, after = _context(best, prepared, context)
    return [
        _field("Context"),
        (before, "$text-muted"),
        (_one_line(best.text), f"bold {lk.colour}"),
        (after, "$text-muted"),
        "\n",
    ]


def _header(
    citation: CitationSpec, outcome: Outcome | None, checking: bool, verdict: Verdict | None
) -> _Parts:
    """The verdict's line: the outcome's label (``‼ normalized critical omission``), the id,
    the source, then every notice a reader must not miss and why an inconclusive one is so."""
    if outcome is None:
        status = "checking" if checking else (verdict.status if verdict else "unchecked")
        label, colour = status_label(status), look(status).colour
    else:
        label, colour = outcome_label(outcome), outcome_look(outcome).colour
    out: _Parts = [
        (label, f"bold {colour}"),
        (f"  {citation.id}", "bold"),
        (f"  source {citation.source or '(none)'}", "$text-muted"),
        "\n",
    ]
    if outcome is not None and outcome.notices:
        notices = "; ".join(n.text for n in outcome.notices)
        out += [_field("Notice"), (f"‼ {notices}", "bold $text-warning"), "\n"]
    if outcome is not None and outcome.why:
        # "inconclusive" alone reads as a failure of the tool or a half-accusation: say why
        out += [_field("Why"), (f"? {outcome.why}", "$text-warning"), "\n"]
    return out


def _match_lines(
    best: Match, verdict: Verdict, prepared: PreparedText | None, match_index: int
) -> _Parts:
    """The source's wording, its differences, its rules and where it stands."""
    diffs = best.differences
    # one for one, so the differences' offsets still fit; a line break of the source's layout
    # as a space, or the field broke mid-sentence where the page did
    source = readable(best.text).translate(_BREAKS)
    out: _Parts = [_field("Source"), "“", _marked(source, diffs, "source"), "”\n"]
    if diffs:
        out += [_field("Differences"), "\n"]
        for d in diffs:
            out += [_difference_line(d), "\n"]
    # A workspace saved before elisions were recorded as differences has them only here.
    recorded = {d.source for d in diffs if d.critical}
    for fragment in best.fragments:
        if fragment.omitted_flags and fragment.omitted not in recorded:
            out += [
                ("  ‼ the ellipsis hides ", "bold $text-error"),
                (", ".join(fragment.omitted_flags), "bold $text-error"),
                (f": “{fragment.omitted[:80]}”\n", "$text-muted"),
            ]
    if best.rules:
        out += [_field("Rules"), ", ".join(str(r) for r in best.rules), "\n"]
    result = verdict.result
    count = result.match_count if result is not None else 1
    where = OUTSIDE_MAIN_TEXT if verdict.outside_main_text else describe_location(best, prepared)
    at_least = "at least " if result is not None and result.match_count_lower_bound else ""
    more = f" · {at_least}{count} matches" if count > 1 else ""
    if result is not None and len(result.matches) > 1:
        more = f" · match {match_index + 1} of {at_least}{count}"
    return out + [_field("Location"), where + more, "\n"]


def _beside_lines(
    citation: CitationSpec, verdict: Verdict, source_names: Mapping[str, str]
) -> _Parts:
    """Where else the words stand, the cited page and the claimed place."""
    out: _Parts = []
    if verdict.found_in:
        out += [_field("Elsewhere"), found_in_line(verdict.found_in, source_names), "\n"]
    if verdict.page_check:
        pc = verdict.page_check
        mark = {"agrees": "✓", "differs": "✗"}.get(pc.get("status", ""), "?")
        colour = {"agrees": "$text-success", "differs": "$text-error"}.get(
            pc.get("status", ""), "$text-warning"
        )
        found = f"found on page {pc['found']}" if pc.get("found") else "its page is not known"
        out += [
            _field("Cited page"),
            (f"{mark} {pc.get('status')}", f"bold {colour}"),
            f": cited page {page_number(pc.get('cited'))}, {found}\n",
        ]
    elif citation.locator:
        out += _locator_line(citation.locator)
    if verdict.claimed is not None:
        agrees = verdict.claimed.get("agrees")
        colour = {True: "$text-success", False: "$text-error"}.get(agrees, "$text-warning")
        text = claimed_text({"claimed": verdict.claimed}) or ""
        out += [_field("Claimed"), (text, f"bold {colour}"), "\n"]
    return out


def _reference_lines(extra: Mapping[str, Any]) -> _Parts:
    """The citation as the manuscript wrote it (``[@nist2024, p. 11]``) and the bibliography
    entry it stands for, so the manuscript's own names are in view beside the verdict."""
    ref = extra.get("reference")
    if not isinstance(ref, Mapping) or not ref.get("raw"):
        return []
    out: _Parts = [_field("Reference"), _one_line(str(ref["raw"])), "\n"]
    entry = bib_entry_text(ref.get("key"), ref.get("bib"))
    if entry:
        out += [_field("Entry"), (entry, "$text-muted"), "\n"]
    return out


def bib_entry_text(key: object, bib: object) -> str | None:
    """One line for a bibliography entry: ``nist2024 · NIST (2024). Title. doi:…``."""
    if not isinstance(bib, Mapping):
        return None
    authors = [str(a) for a in bib.get("authors") or ()]
    who = ", ".join(authors[:3]) + (" et al." if len(authors) > 3 else "")
    parts = [str(key)] if key else []
    head = " ".join(p for p in (who, f"({bib['year']})" if bib.get("year") else "") if p)
    body = ". ".join(str(p) for p in (head, bib.get("title"), bib.get("journal")) if p)
    if body:
        parts.append(body)
    link = f"doi:{bib['doi']}" if bib.get("doi") else bib.get("url")
    if link:
        parts.append(str(link))
    return _one_line(" · ".join(parts)) if parts else None


def _locator_line(locator: Mapping[str, Any]) -> _Parts:
    shown = locator_text(locator)
    return [_field("Cited"), shown, "\n"] if shown else []


def _problem_lines(err: Mapping[str, Any]) -> _Parts:
    out: _Parts = [
        _field("Problem"),
        (f"{err.get('message', '')}", "$text-error"),
        (f"  [{err.get('code')}]", "$text-muted"),
        "\n",
    ]
    hint = recovery_hint(err.get("recovery"), err.get("code"))
    if hint:
        out += [_field("What to do"), hint, "\n"]
    return out


class CitationDetail(VerticalScroll, can_focus=True):
    """A scrollable view of ``detail_content`` for the selected citation."""

    DEFAULT_CLASSES = "pane"
    ALLOW_MAXIMIZE = True  # z shows the whole detail in a short terminal
    BINDINGS = [
        # the matches the detail describes are stepped through in the viewer, from here too
        Binding("n", "screen.viewer_next", "Next match", id="viewer_next"),
        Binding("N", "screen.viewer_previous", "Prev match", id="viewer_previous"),
        Binding("m", "screen.viewer_next_any", "Every match", id="viewer_next_any"),
        Binding(
            "M",
            "screen.viewer_previous_any",
            "Prev of every",
            show=False,
            id="viewer_previous_any",
        ),
    ]

    def compose(self):
        yield Static(detail_content(None, None, None), id="detail-body")

    def show(self, content: Content, citation_id: str | None) -> None:
        """Show one citation's ``detail_content``."""
        body = self.query_one("#detail-body", Static)
        body.update(content)
        # the height Textual gives the text can lag one content behind (a check's verdict
        # shown on opening kept the checking text's rows, cutting off "What to do"): measure
        # it again once the new text is in place
        self.call_after_refresh(body.refresh, layout=True)
        self.border_title = Content(
            f"Detail · {citation_id}" if citation_id is not None else "Detail"
        )
        self.scroll_home(animate=False)
