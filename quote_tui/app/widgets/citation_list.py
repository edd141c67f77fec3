"""The citation list: every citation with its status mark, id, source and the start of its quote.

The list holds no state of its own beyond how it is sorted and filtered: the screen sets
``workspace`` and ``checking``, and the list tells the screen which citation is highlighted.
"""

from __future__ import annotations

from collections.abc import Mapping

from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import var
from textual.timer import Timer
from textual.widgets import OptionList
from textual.widgets.option_list import Option, OptionDoesNotExist

from quote_tui.api import HEADINGS, Outcome
from quote_tui.app.references import reference_look
from quote_tui.app.widgets.status import (
    NOTICE_MARKS,
    PROBLEMS,
    STATUS_ORDER,
    look,
    outcome_label,
    outcome_look,
    short_why,
    status_label,
)
from quote_tui.workspace import Workspace

__all__ = ["FILTERS", "SORTS", "CitationList"]

SORTS = ("order", "status", "source", "similarity")
"""Sort keys, in the order ``s`` cycles through them."""
_SORT_WORDS = {"order": "in text order"}
"""How the pane's border names a sort: "sort order" read as a word about sorting itself."""
_SHORT_SORT_WORDS = {
    "order": "text order",
    "status": "by status",
    "source": "by source",
    "similarity": "by match %",
}
"""A sort in the narrow list's border (12 columns at 80): "order" alone read as cut off."""
FILTERS = ("all", "problems", "exact", "normalized", "critical", "near", "not_found", "unchecked")
"""Status filters, in the order ``f`` cycles through them."""
_MOVE = Binding.Group("Move")
_TITLE_ORDER = (*(h for h in HEADINGS if h != "link_ok"), "unchecked")
"""The title's counts in the summaries' order (faithful first; a critical difference counts apart
from them), then what is not checked yet."""
_SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
_LABEL_MIN = 13  # "✓ verbatim" and "⠋ checking…" fit, so a check in progress moves no id


class CitationList(OptionList):
    """Citations with a status per row; sortable (s) and filterable (f)."""

    BINDINGS = [
        # the list's own keys come first in the footer while it has the focus
        Binding("a", "screen.add_citation", "Add", id="add_citation"),
        Binding("d,delete", "screen.delete_citation", "Delete", id="delete_citation"),
        Binding("enter", "screen.edit_citation", "Edit", id="edit_citation"),
        Binding("c", "screen.check", "Check", id="check"),
        Binding("s", "cycle_sort", "Sort", id="cycle_sort"),
        Binding("f", "cycle_filter", "Filter", id="cycle_filter"),
        Binding("j", "cursor_down", "Down", group=_MOVE, id="cursor_down"),
        Binding("k", "cursor_up", "Up", group=_MOVE, id="cursor_up"),
        Binding("g", "first", "First", show=False, id="first"),
        Binding("G", "last", "Last", show=False, id="last"),
    ]

    class Selected(Message):
        """A citation was highlighted (None when the list is empty)."""

        def __init__(self, citation_list: CitationList, citation_id: str | None) -> None:
            super().__init__()
            self.citation_list = citation_list
            self.citation_id = citation_id

        @property
        def control(self) -> CitationList:
            return self.citation_list

    workspace: var[Workspace] = var(Workspace, always_update=True)
    """The citations and their verdicts."""
    checking: var[frozenset[str]] = var(frozenset())
    """Citation ids being checked right now (shown with a spinner)."""
    compact: var[bool] = var(False)
    """One short row per citation (its mark, id and similarity), for narrow terminals."""
    references: var[dict[str, str]] = var(dict, always_update=True)
    """Reference statuses by source id, once the references were checked (R)."""
    sort_key: var[str] = var("order")
    status_filter: var[str] = var("all")

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._frame = 0
        self._spinner: Timer | None = None
        self._last_selected: str | None = None
        self._label_width = _LABEL_MIN
        self._id_width = 0
        """The wide rows' label column: the longest label shown, so every id starts in one."""

    @property
    def selected_id(self) -> str | None:
        """The highlighted citation's id."""
        option = self.highlighted_option
        return option.id if option is not None else None

    def on_mount(self) -> None:
        self._spinner = self.set_interval(0.1, self._spin, pause=True)

    def on_resize(self) -> None:
        if self.options:
            self._rebuild()

    # ----------------------------------------------------------------- building rows

    def _outcome_of(self, citation_id: str) -> Outcome | None:
        verdict = self.workspace.verdicts.get(citation_id)
        if verdict is None or citation_id in self.checking:
            return None
        citation = self.workspace.citation(citation_id)
        source = citation.source if citation is not None else None
        return verdict.outcome(self.references.get(source or ""))

    def _status_of(self, citation_id: str) -> tuple[str, float | None]:
        """The row's heading (``critical`` for a critical difference in any tier) and the best
        similarity, for sorting and filtering."""
        if citation_id in self.checking:
            return "checking", None
        verdict = self.workspace.verdicts.get(citation_id)
        if verdict is None:
            return "unchecked", None
        result = verdict.result
        similarity = result.best_similarity if result is not None else None
        outcome = self._outcome_of(citation_id)
        return (outcome.heading if outcome is not None else verdict.status), similarity

    def _noticed(self, citation_id: str) -> bool:
        """Whether a citation has something beside its verdict a reader must not miss."""
        outcome = self._outcome_of(citation_id)
        return outcome is not None and bool(outcome.notices)

    def _label(self, citation_id: str) -> str:
        """The status label a wide row opens with (``‼ near 89% critical negation``)."""
        status, _ = self._status_of(citation_id)
        if status == "checking":
            return f"{_SPINNER[self._frame % len(_SPINNER)]} checking…"
        outcome = self._outcome_of(citation_id)
        return outcome_label(outcome) if outcome is not None else status_label(status)

    def _prompt(self, citation_id: str) -> Content:
        ws = self.workspace
        citation = ws.citation(citation_id)
        assert citation is not None
        status, similarity = self._status_of(citation_id)
        outcome = self._outcome_of(citation_id)
        lk = outcome_look(outcome) if outcome is not None else look(status)
        label = self._label(citation_id)
        notices = "; ".join(n.text for n in outcome.notices) if outcome is not None else ""
        why = short_why(outcome) if outcome is not None else None
        why_mark = short_why(outcome, compact=True) if outcome is not None else None
        if self.compact:
            mark = lk.mark if status != "checking" else _SPINNER[self._frame % len(_SPINNER)]
            near = outcome is not None and outcome.status == "near" and similarity
            critical = outcome is not None and outcome.critical
            return _compact_row(
                (f"{mark} ", f"{lk.colour} bold"),
                citation.id,
                # the critical mark ‼ says it too, so the word goes first when room is short
                [
                    (" critical" if critical else "", lk.colour),
                    (f" {why_mark}" if why_mark else "", "$text-warning"),
                    (f" {round(similarity * 100)}%" if near and similarity else "", lk.colour),
                    (" !" if notices else "", "bold $text-warning"),
                ],
                self.scrollable_content_region.width - 2,
            )
        ref_mark = self._reference_mark(citation.source)
        quote = " ".join((citation.quote or "").split())
        # Options wrap their prompts; truncating here keeps every row at two lines.
        width = max(self.scrollable_content_region.width - 2, 20)
        # one column for every id (up to two thirds of the row: the id and its source keep the
        # rest); a space before the id, however long this row's label
        label = f"{label:<{min(self._label_width, width * 2 // 3)}} "
        # and one column for every source: ids of other lengths (q7, q123) pad to the longest
        # shown, up to a third of the row, so the sources line up to be read down the list
        cited = f"{citation.id:<{min(self._id_width, width // 3)}}"
        room = width - len(label) - len(cited) - len(ref_mark[0])
        source = _fit(f"  {citation.source or '(no source)'}", room)
        # what a reader must not miss opens the second line, before the quotation
        noticed = _fit(f"  ‼ {notices}", width) if notices else ""
        if why and not noticed:
            # why an inconclusive verdict is so ("a glyph the text layer could not read")
            noticed = _fit(f"  ? {why}", width)
        quoted = _fit(f"  “{quote}”", width - len(noticed))
        return Content.assemble(
            (label, f"{lk.colour} bold"),
            (cited, "bold"),
            (source, "$text-muted"),
            ref_mark,
            "\n",
            (noticed, "bold $text-warning"),
            (quoted, "$text-muted" if status != "checking" else "$text"),
        )

    def _reference_mark(self, source_id: str | None) -> tuple[str, str]:
        """The source's reference mark (`` ≠ref``), or nothing before a reference check."""
        status = self.references.get(source_id or "")
        if status is None:
            return ("", "")
        mark, colour = reference_look(status)
        return (f" {mark}", f"bold {colour}")

    def _visible_ids(self) -> list[str]:
        ws = self.workspace
        rows = []
        for position, c in enumerate(ws.citations):
            status, similarity = self._status_of(c.id)
            flt = self.status_filter
            if flt == "problems" and status not in PROBLEMS and not self._noticed(c.id):
                continue
            if flt not in ("all", "problems") and status != flt:
                continue
            rows.append((c, status, similarity, position))
        key = self.sort_key
        if key == "status":
            rows.sort(
                key=lambda r: (STATUS_ORDER.index(r[1]) if r[1] in STATUS_ORDER else 99, r[3])
            )
        elif key == "source":
            rows.sort(key=lambda r: (r[0].source or "", r[3]))
        elif key == "similarity":
            rows.sort(key=lambda r: (r[2] if r[2] is not None else 2.0, r[3]))
        return [r[0].id for r in rows]

    def _rebuild(self) -> None:
        keep = self.selected_id or self._last_selected
        ids = self._visible_ids()
        self._label_width = max((len(self._label(cid)) for cid in ids), default=_LABEL_MIN)
        self._label_width = max(self._label_width, _LABEL_MIN)
        self._id_width = max((len(cid) for cid in ids), default=0)
        self.set_options(Option(self._prompt(cid), id=cid) for cid in ids)
        if ids:
            self.highlighted = ids.index(keep) if keep in ids else 0
        self._update_titles()
        self._announce()

    def _update_titles(self) -> None:
        parts = count_marks(self.workspace.counts(self.references))
        flt = self.status_filter.replace("_", " ")
        order = _SORT_WORDS.get(self.sort_key, f"by {self.sort_key}")
        if self.compact:  # the header carries the counts; the pane has room for a few words
            self.border_title = "Citations"
            short = _SHORT_SORT_WORDS.get(self.sort_key, self.sort_key)
            fits = (f"{order} · {flt}", flt) if flt != "all" else (order, short)
            # the border's corners, its rule and the title's two spaces take four columns
            room = self.size.width - 4
            self.border_subtitle = next((t for t in fits if len(t) <= room), fits[-1])
            return
        self.border_title = f"Citations {' '.join(parts)}".rstrip()
        self.border_subtitle = f"{order} · {flt}"

    def _announce(self) -> None:
        selected = self.selected_id
        if selected != self._last_selected:
            self._last_selected = selected
            self.post_message(self.Selected(self, selected))

    def watch_workspace(self) -> None:
        self._rebuild()

    def watch_compact(self) -> None:
        if self.is_mounted:
            self._rebuild()

    def watch_references(self) -> None:
        if self.options:
            self._rebuild()

    def watch_sort_key(self) -> None:
        self._rebuild()

    def watch_status_filter(self) -> None:
        self._rebuild()

    def watch_checking(self, checking: frozenset[str]) -> None:
        if self._spinner is not None:
            if checking:
                self._spinner.resume()
            else:
                self._spinner.pause()
        self._rebuild()
        self.set_class(bool(checking), "-checking")

    def _spin(self) -> None:
        self._frame += 1
        for cid in self.checking:
            try:
                self.replace_option_prompt(cid, self._prompt(cid))
            except OptionDoesNotExist:  # the filter hides the row: nothing to animate
                continue

    def select_citation(self, citation_id: str) -> bool:
        """Highlight a citation (clearing the filter if it hides it); False if it is gone."""
        if self.workspace.citation(citation_id) is None:
            return False
        try:
            index = self.get_option_index(citation_id)
        except OptionDoesNotExist:  # the filter hides it
            self.status_filter = "all"
            index = self.get_option_index(citation_id)
        self.highlighted = index
        return True

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._announce()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()

    def action_cycle_sort(self) -> None:
        """Next sort order."""
        self.sort_key = SORTS[(SORTS.index(self.sort_key) + 1) % len(SORTS)]
        self.notify(f"Sorted by {self.sort_key}.", timeout=2)

    def action_cycle_filter(self) -> None:
        """Next status filter."""
        self.status_filter = FILTERS[(FILTERS.index(self.status_filter) + 1) % len(FILTERS)]
        self.notify(f"Showing {self.status_filter.replace('_', ' ')}.", timeout=2)


def count_marks(counts: Mapping[str, int]) -> list[str]:
    """``✓3 ≈1 ‼2 p≠1``: the counts in one order, faithful first, then the notices; the list's
    title and the app's header both say them so, and never in two orders."""
    parts = [f"{look(s).mark}{counts[s]}" for s in _TITLE_ORDER if counts.get(s)]
    parts += [f"{mark}{counts[k]}" for k, mark in NOTICE_MARKS.items() if counts.get(k)]
    shown = {*_TITLE_ORDER, *NOTICE_MARKS}
    # a heading neither list knows yet still counts, after the rest
    return parts + [f"{look(k).mark}{n}" for k, n in counts.items() if n and k not in shown]


def _compact_row(
    mark: tuple[str, str], cid: str, extras: list[tuple[str, str]], width: int
) -> Content:
    """A narrow row on one line: a wrapped word ("glyph", "critical") read as a row of its
    own. Its extras are given in the order they give way (the first goes first), then the id
    is cut; ``width`` 0 or less (not laid out yet) keeps everything."""
    order = ["critical", "why", "similarity", "notice"]
    shown = dict(zip(order, extras, strict=True))
    if width > 0:
        for name in order:
            if len(mark[0]) + len(cid) + sum(len(t) for t, _ in shown.values()) <= width:
                break
            shown[name] = ("", "")
        room = width - len(mark[0]) - sum(len(t) for t, _ in shown.values())
        cid = _fit(cid, max(room, 1))
    return Content.assemble(
        mark,
        (cid, "bold"),
        shown["similarity"],
        shown["critical"],
        shown["notice"],
        shown["why"],
    )


def _fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters with an ellipsis."""
    if len(text) <= width:
        return text
    return text[: width - 1] + "…" if width > 0 else ""
