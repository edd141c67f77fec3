"""Row layout of the viewer: every character in exactly one row, rows never wider than asked."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.app.widgets.line_layout import layout_rows
from quote_tui.engine.text import PreparedText


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="ab \n\r", max_size=300), st.integers(min_value=8, max_value=30))
def test_rows_cover_each_line_in_order(text: str, width: int) -> None:
    prepared = PreparedText(text)
    layout = layout_rows(prepared, width)
    for line in range(1, prepared.line_count + 1):
        start, end = prepared.line_span(line)
        rows = [i for i in range(len(layout)) if layout.lines[i] == line]
        assert rows, "every line has a row"
        pieces = [text[layout.starts[i] : layout.ends[i]] for i in rows]
        # \r alone (old Mac break) stays inside line_span's end; the rows drop it the same way
        assert "".join(pieces) == text[start:end].rstrip("\r")
        assert all(layout.ends[i] - layout.starts[i] <= width for i in rows)
        assert layout.first_row_of_line(line) == rows[0]


def test_wraps_after_spaces() -> None:
    prepared = PreparedText("one two three four five six seven")
    layout = layout_rows(prepared, 10)
    rows = [prepared.text[s:e] for s, e in zip(layout.starts, layout.ends, strict=True)]
    assert rows == ["one two ", "three ", "four five ", "six seven"]
    assert layout.row_of(prepared.text.index("five")) == 2
