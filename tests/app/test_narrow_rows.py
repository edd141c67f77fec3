"""Narrow list rows stay on one line: a reason word ("glyph") or "critical" that does not fit
gives way (the row's mark still says which status it is) instead of wrapping onto a line
that reads as a row of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.api import CitationSpec, PreparedText, SourceSpec, check_text
from quote_tui.app import make_app
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.workspace import Verdict, Workspace, save_workspace
from tests.app.conftest import settle

TEXT = (
    "The committee reported 42 cases in the northern district. The harbour wall did not "
    "hold through the winter storm. A Markdown-forma\ue03ced document should be publishable."
)
QUOTES = {
    "fr-04": "A Markdown-formatted document should be publishable",
    "r6-nature-06": "The committee reported 24 cases in the northern district",
    "c3": "The harbour wall did hold through the winter storm",
    "c12": "The committee reported 42 cases in the northern district",
}
NOTE = "the text layer could not read U+E03C where the quotation differs"


@pytest.fixture
def narrow_app(tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    prepared = PreparedText(TEXT)
    ws = Workspace(name="rows").with_source(SourceSpec("s", text=TEXT))
    for cid, quote in QUOTES.items():
        ws = ws.with_citation(CitationSpec(cid, "s", quote))
        result = check_text(prepared, quote)
        if cid == "fr-04":
            verdict = Verdict("inconclusive", result, reason="unmapped_font", note=NOTE)
        else:
            verdict = Verdict(str(result.status), result)
        ws = ws.with_verdict(cid, verdict)
    path = tmp_path / "ws.json"
    save_workspace(ws, path)
    return make_app(path, data_dir=data_dir)


def _rows(app) -> list[str]:
    listing = app.screen.query_one(CitationList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def test_every_narrow_row_fits_its_line(narrow_app) -> None:
    async with narrow_app.run_test(size=(80, 24)) as pilot:
        await settle(narrow_app, pilot)
        listing = narrow_app.screen.query_one(CitationList)
        assert listing.compact
        width = listing.scrollable_content_region.width - 2
        rows = _rows(narrow_app)
        assert all("\n" not in row and len(row) <= width for row in rows), rows
        # the reason's word gives way to the id; the "?" mark stays
        assert "? fr-04" in rows
        # the critical mark stays when the word does not fit; the id is never lost
        assert any(row.startswith("‼ c3") for row in rows)
        # a long id is cut rather than wrapped
        assert any(row.startswith("‼ r6-nature") and "…" in row for row in rows)
        assert listing.virtual_size.height == len(rows)  # one line an option
        # a wider list (>) gives the words back
        await pilot.press("greater_than_sign")
        await settle(narrow_app, pilot)
        rows = _rows(narrow_app)
        assert "? fr-04 glyph" in rows and "‼ c3 93%" in rows
        assert listing.virtual_size.height == len(rows)


def test_narrow_rows_snapshot(snap_compare, narrow_app) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot.app, pilot)
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(narrow_app, terminal_size=(80, 24), run_before=run_before)
