"""The source viewer: exactly the text the engine searched, with a line and page gutter.

A Line API ``ScrollView`` (as toolong's ``LogLines`` and Textual's ``Log``): ``virtual_size`` comes
from the row layout, ``render_line`` styles only the rows on screen, and finished strips go into an
``LRUCache`` that ``notify_style_update`` clears (a theme switch changes every colour). Highlights
are found per row by bisecting their sorted start offsets, so the text is never scanned while
drawing, and moving the current match refreshes only the rows of the old and new match.
"""

from __future__ import annotations

import textwrap
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.cache import LRUCache
from textual.events import Resize
from textual.geometry import Size
from textual.message import Message
from textual.reactive import var
from textual.scroll_view import ScrollView
from textual.strip import Strip

from quote_tui._untrusted import terminal_safe
from quote_tui.api import PreparedText
from quote_tui.app.widgets.line_layout import RowLayout, layout_rows
from quote_tui.app.widgets.status import readable

__all__ = ["Highlight", "SourceViewer"]

# One-for-one replacements keep every column at its code-point offset.
_SCROLL = Binding.Group("Scroll")
_INVISIBLE = str.maketrans({"\t": " ", "\x0b": " ", "\x0c": " ", "\r": " ", "\x00": "·"})


@dataclass(frozen=True, slots=True)
class Highlight:
    """A span of the checked text to colour.

    Attributes:
        start: first offset (inclusive).
        end: last offset (exclusive).
        status: the status word that picks the colour (exact, normalized, near, finder).
        citation_id: whose match this is (None for the finder's).
        index: which of the citation's matches (0 is the best).
    """

    start: int
    end: int
    status: str
    citation_id: str | None = None
    index: int = 0


class SourceViewer(ScrollView, can_focus=True):
    """Shows a checked text with its matches: n/N cycle the selected citation's, m/M walk
    every match of the source."""

    ALLOW_MAXIMIZE = True

    BINDINGS = [
        Binding("n", "next_match", "Next", id="next_match"),
        Binding("N", "previous_match", "Prev", id="previous_match"),
        Binding("m", "next_any_match", "Every match", id="next_any_match"),
        Binding("M", "previous_any_match", "Prev of every", show=False, id="previous_any_match"),
        Binding("p", "screen.goto_page", "Page", id="goto_page"),
        Binding("v", "screen.open_in_viewer", "Open PDF", id="open_in_viewer"),
        Binding("colon,ctrl+g", "screen.goto_line", "Line", id="goto_line"),
        Binding("left_square_bracket", "screen.previous_source", "Prev src", id="previous_source"),
        Binding("right_square_bracket", "screen.next_source", "Next src", id="next_source"),
        Binding("j", "line_down", "Down", group=_SCROLL, id="line_down"),
        Binding("k", "line_up", "Up", group=_SCROLL, id="line_up"),
        Binding("g", "top", "Top", show=False, id="top"),
        Binding("G", "bottom", "Bottom", show=False, id="bottom"),
    ]

    COMPONENT_CLASSES = {
        "source-viewer--gutter",
        "source-viewer--page",
        "source-viewer--page-start",
        "source-viewer--exact",
        "source-viewer--normalized",
        "source-viewer--near",
        "source-viewer--finder",
        "source-viewer--current",
        "source-viewer--placeholder",
    }

    class MatchChanged(Message):
        """The current match moved (n/N): the screen selects its citation."""

        def __init__(self, viewer: SourceViewer, highlight: Highlight) -> None:
            super().__init__()
            self.viewer = viewer
            self.highlight = highlight

        @property
        def control(self) -> SourceViewer:
            return self.viewer

    prepared: var[PreparedText | None] = var(None, always_update=True)
    """The checked text shown (None shows ``placeholder``)."""
    highlights: var[tuple[Highlight, ...]] = var((), always_update=True)
    """Every match to colour, in any order."""
    placeholder: var[str] = var("No source selected.")
    """What to show when there is no text."""

    def __init__(self, *, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self._layout: RowLayout | None = None
        self._sorted: list[Highlight] = []
        self._starts: list[int] = []
        self._longest = 0
        self._current: int | None = None
        self._cache: LRUCache[int, Strip] = LRUCache(1024)
        self._styles: dict[str, Style] = {}

    # ----------------------------------------------------------------- state from the screen

    def watch_prepared(self) -> None:
        self._current = None
        self._relayout()
        self.scroll_to(0, 0, animate=False, immediate=True)

    def watch_highlights(self, highlights: tuple[Highlight, ...]) -> None:
        keep = self.current
        self._sorted = sorted(highlights, key=lambda h: (h.start, h.end))
        self._starts = [h.start for h in self._sorted]
        self._longest = max((h.end - h.start for h in self._sorted), default=0)
        self._current = None
        if keep is not None:
            self._current = next(
                (
                    i
                    for i, h in enumerate(self._sorted)
                    if (h.citation_id, h.index, h.start)
                    == (keep.citation_id, keep.index, keep.start)
                ),
                None,
            )
        self._cache.clear()
        self.refresh()

    def watch_placeholder(self) -> None:
        self._cache.clear()
        self.refresh()

    @property
    def current(self) -> Highlight | None:
        """The emphasized match."""
        return self._sorted[self._current] if self._current is not None else None

    @property
    def layout_rows(self) -> RowLayout | None:
        """The current row layout (None without text)."""
        return self._layout

    # ----------------------------------------------------------------- layout

    def _gutter_width(self) -> int:
        prepared = self.prepared
        if prepared is None:
            return 0
        width = len(str(prepared.line_count)) + 3
        if prepared.paged:
            width += len(str(prepared.page_count)) + 3
        return width

    def _relayout(self) -> None:
        self._cache.clear()
        prepared = self.prepared
        if prepared is None:
            self._layout = None
            self.virtual_size = Size(0, 0)
            self.refresh()
            return
        text_width = max(self.scrollable_content_region.width - self._gutter_width(), 8)
        self._layout = layout_rows(prepared, text_width)
        self.virtual_size = Size(self._gutter_width() + text_width, len(self._layout))
        self.refresh()

    def on_resize(self, event: Resize) -> None:
        layout = self._layout
        if layout is None:
            return
        wanted = max(self.scrollable_content_region.width - self._gutter_width(), 8)
        if wanted == layout.width:
            return
        top = layout.starts[min(int(self.scroll_offset.y), len(layout) - 1)] if len(layout) else 0
        self._relayout()
        if self._layout is None:
            return
        current = self.current
        if current is not None:
            # Keep the current match in view: rows moved, and it may have been chosen before
            # the viewer had its final size.
            self.scroll_to_offset(current.start, row_span=self._rows_of(current))
        else:
            self.scroll_to(y=self._layout.row_of(top), animate=False, immediate=True)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()
        self._cache.clear()

    # ----------------------------------------------------------------- navigation

    def scroll_to_offset(self, offset: int, *, row_span: int = 1, at_top: bool = False) -> None:
        """Scroll so the row holding ``offset`` sits in the upper third of the view.

        The scroll waits for the next refresh: a source shown a moment ago may not have its
        final size yet, and scrolling against the old one would clamp to the wrong row.
        """
        self.call_after_refresh(self._scroll_to_offset_now, offset, row_span, at_top)

    def _scroll_to_offset_now(self, offset: int, row_span: int, at_top: bool = False) -> None:
        if self._layout is None:
            return
        row = self._layout.row_of(offset)
        height = self.scrollable_content_region.height
        top = row - max(height // 3, 0) if row_span < height and not at_top else row
        self.scroll_to(y=max(top, 0), animate=False, immediate=True)

    def goto_line(self, line: int) -> bool:
        """Scroll to a 1-based line; False when it does not exist."""
        prepared = self.prepared
        if prepared is None or not 1 <= line <= prepared.line_count:
            return False
        self.scroll_to_offset(prepared.line_starts[line - 1])
        return True

    def goto_page(self, page: int) -> bool:
        """Scroll to where a 1-based page starts; False when unpaged or out of range."""
        prepared = self.prepared
        if prepared is None or not 1 <= page <= prepared.page_count:
            return False
        # A page's first line goes to the top: the page is read from its start.
        self.scroll_to_offset(prepared.page_starts[page - 1], at_top=True)
        return True

    def select(self, citation_id: str | None, index: int = 0, *, scroll: bool = True) -> bool:
        """Make a citation's match current (no message: the screen asked for it)."""
        found = next(
            (
                i
                for i, h in enumerate(self._sorted)
                if h.citation_id == citation_id and h.index == index
            ),
            None,
        )
        self._set_current(found)
        if found is not None and scroll:
            h = self._sorted[found]
            self.scroll_to_offset(h.start, row_span=self._rows_of(h))
        return found is not None

    def _rows_of(self, h: Highlight) -> int:
        if self._layout is None:
            return 1
        return self._layout.row_of(max(h.end - 1, h.start)) - self._layout.row_of(h.start) + 1

    def _set_current(self, index: int | None) -> None:
        old = self._current
        self._current = index
        for i in {old, index} - {None}:
            self._refresh_highlight(self._sorted[i])

    def _refresh_highlight(self, h: Highlight) -> None:
        if self._layout is None:
            return
        first = self._layout.row_of(h.start)
        count = self._rows_of(h)
        for row in range(first, first + count):
            self._cache.discard(row)
        self.refresh_lines(first, count)

    def _step(self, forward: bool, *, own: bool = True) -> None:
        if not self._sorted:
            self.app.bell()
            self.notify("This source has no matches to step through.", severity="warning")
            return
        siblings = self._siblings() if own else []
        if len(siblings) > 1:
            # n on c8's "match 1 of 3" goes to c8's match 2, never to another citation's.
            at = siblings.index(self._current) if self._current in siblings else -1
            index = siblings[(at + (1 if forward else -1)) % len(siblings)]
        elif self._current is not None:
            index = (self._current + (1 if forward else -1)) % len(self._sorted)
        elif self._layout is not None:
            # Start from what is on screen, not from the top of the text.
            top = self._layout.starts[min(int(self.scroll_offset.y), len(self._layout) - 1)]
            index = bisect_left(self._starts, top)
            if not forward:
                index -= 1
            index %= len(self._sorted)
        else:
            index = 0
        self._set_current(index)
        h = self._sorted[index]
        self.scroll_to_offset(h.start, row_span=self._rows_of(h))
        self.post_message(self.MatchChanged(self, h))

    # A reader's keys jump at once: an animated scroll lags behind a held j or k.
    def action_line_down(self) -> None:
        """Scroll down one row."""
        self.scroll_relative(y=1, animate=False, immediate=True)

    def action_line_up(self) -> None:
        """Scroll up one row."""
        self.scroll_relative(y=-1, animate=False, immediate=True)

    def action_top(self) -> None:
        """Scroll to the start of the text."""
        self.scroll_to(y=0, animate=False, immediate=True)

    def action_bottom(self) -> None:
        """Scroll to the end of the text."""
        self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)

    def _siblings(self) -> list[int]:
        """Where the current highlight's citation (or the finder's result) has its matches,
        in the order of its match numbers."""
        if self._current is None:
            return []
        cid = self._sorted[self._current].citation_id
        own = [i for i, h in enumerate(self._sorted) if h.citation_id == cid]
        return sorted(own, key=lambda i: self._sorted[i].index)

    def action_next_match(self) -> None:
        """The selected citation's next match (wrapping around); with one match, the next
        match of the source."""
        self._step(True)

    def action_previous_match(self) -> None:
        """The selected citation's previous match (wrapping around)."""
        self._step(False)

    def action_next_any_match(self) -> None:
        """The next highlighted match of the source, whichever citation it is."""
        self._step(True, own=False)

    def action_previous_any_match(self) -> None:
        """The previous highlighted match of the source."""
        self._step(False, own=False)

    # ----------------------------------------------------------------- drawing

    def _style(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None:
            style = self.get_component_rich_style(f"source-viewer--{name}", partial=True)
            self._styles[name] = style
        return style

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = scroll_y + y
        width = self.scrollable_content_region.width
        base = self.rich_style
        layout = self._layout
        if layout is None:
            # A message is wrapped to the pane, never cut at its edge.
            lines = textwrap.wrap(self.placeholder, max(width - 4, 10)) or [""]
            if 1 <= y <= len(lines):
                text = Text("  " + lines[y - 1], style=base + self._style("placeholder"))
                return Strip(text.render(self.app.console)).crop_extend(0, width, base)
            return Strip.blank(width, base)
        if row >= len(layout):
            return Strip.blank(width, base)
        strip = self._cache.get(row)
        if strip is None:
            strip = self._render_row(row, base)
            self._cache[row] = strip
        return strip.crop_extend(scroll_x, scroll_x + width, base)

    def _render_row(self, row: int, base: Style) -> Strip:
        prepared = self.prepared
        layout = self._layout
        assert prepared is not None and layout is not None
        start, end, line = layout.starts[row], layout.ends[row], layout.lines[row]
        first = row == 0 or layout.lines[row - 1] != line
        gutter = Text(style=base)
        digits = len(str(prepared.line_count))
        if prepared.paged:
            page = prepared.page_of(start) or 1
            page_start = prepared.page_starts[page - 1]
            starts_here = first and start <= page_start <= max(end, start)
            pdigits = len(str(prepared.page_count))
            if first:
                style = "page-start" if starts_here or row == 0 else "page"
                gutter.append(f"p{page:>{pdigits}} ", self._style(style))
            else:
                gutter.append(" " * (pdigits + 2), self._style("page"))
        number = f"{line:>{digits}}" if first else " " * digits
        gutter.append(f"{number} │ ", self._style("gutter"))

        # terminal_safe: Rich strips BEL and CR but passes ESC, so a fetched page's escape
        # sequences would reach the terminal; each becomes one visible character, offsets kept
        # and an unread glyph (private use) as U+FFFD, not the blank a terminal draws
        line = readable(terminal_safe(prepared.text[start:end].translate(_INVISIBLE)))
        body = Text(line, style=base, no_wrap=True)
        if self._sorted:
            i = bisect_left(self._starts, start - self._longest)
            current = self._current
            while i < len(self._sorted) and self._starts[i] < end:
                h = self._sorted[i]
                if h.end > start and h.end > h.start:
                    style = self._style(h.status if h.status in _SPAN_STYLES else "near")
                    if i == current:
                        style = style + self._style("current")
                    body.stylize(style, max(h.start, start) - start, min(h.end, end) - start)
                i += 1
        line_text = gutter + body
        return Strip(line_text.render(self.app.console), line_text.cell_len)

    def visible_row_range(self) -> tuple[int, int]:
        """The first row on screen and one past the last (for tests and benchmarks)."""
        top = int(self.scroll_offset.y)
        return top, top + self.scrollable_content_region.height

    def rows_for_line(self, line: int) -> tuple[int, int]:
        """The rows (first, past last) that a 1-based line occupies."""
        if self._layout is None:
            return 0, 0
        first = self._layout.first_row_of_line(line)
        last = bisect_right(self._layout.lines, line)
        return first, last


_SPAN_STYLES = frozenset({"exact", "normalized", "near", "finder"})
