"""The app says why a verdict is inconclusive (its detail pane and its list row), and the live
finder gives the outcome ``check`` gives: a quotation that differs only at a glyph the PDF's
text layer cannot read is inconclusive there too, never "near"."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Input

from quote_tui.app import make_app
from quote_tui.app.screens.main import MainScreen
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.app.widgets.detail import CitationDetail
from quote_tui.app.widgets.finder import Finder
from quote_tui.app.widgets.source_viewer import SourceViewer
from quote_tui.workspace import load_workspace, save_workspace
from tests.app.conftest import settle
from tests.batch.test_unread_glyphs import AS_IS, PRINTED, _pua_pdf

QUOTE = "A Markdown-formatted document should be publishable" + AS_IS


def _batch(tmp_path: Path) -> Path:
    pdf = tmp_path / "ligature.pdf"
    pdf.write_bytes(_pua_pdf(PRINTED))
    batch = tmp_path / "batch.json"
    batch.write_text(
        json.dumps(
            {
                "sources": [{"id": "s", "ref": str(pdf)}],
                "citations": [{"id": "lig", "source": "s", "quote": QUOTE}],
            }
        ),
        encoding="utf-8",
    )
    return batch


async def test_detail_and_row_say_which_glyph_was_unread(tmp_path: Path, data_dir: Path) -> None:
    app = make_app(_batch(tmp_path), data_dir=data_dir)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(app, pilot)
        await pilot.press("C")
        await settle(app, pilot)
        main = app.screen
        assert isinstance(main, MainScreen)
        assert main.workspace.verdicts["lig"].status == "inconclusive"
        listing = main.query_one(CitationList)
        listing.select_citation("lig")
        await settle(app, pilot)
        detail = str(main.query_one(CitationDetail).query_one("#detail-body").render())
        assert "Why" in detail and "could not read U+E03C" in detail
        row = str(listing.get_option_at_index(0).prompt)
        assert "? unread glyph U+E03C" in row
        await pilot.resize_terminal(80, 24)
        await settle(app, pilot)
        assert listing.compact
        # the narrow row's mark is "?" for any inconclusive verdict: a word says which
        assert str(listing.get_option_at_index(0).prompt) == "? lig glyph"
        save_workspace(main.workspace, tmp_path / "ws.json")
    # the reason and the note are kept with the workspace, so a reopened one still says them
    verdict = load_workspace(tmp_path / "ws.json").verdicts["lig"]
    assert verdict.reason == "unmapped_font" and verdict.note and "U+E03C" in verdict.note


async def test_the_finder_gives_checks_outcome(tmp_path: Path, data_dir: Path) -> None:
    app = make_app(_batch(tmp_path), data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("C")
        await settle(app, pilot)
        main = app.screen
        await pilot.press("slash")
        await settle(app, pilot)
        finder = main.query_one(Finder)
        finder.query_one("#finder-input", Input).value = QUOTE
        await settle(app, pilot, 0.4)
        verdict = str(finder.query_one("#finder-verdict").render())
        assert "inconclusive" in verdict and "near" not in verdict, verdict
        assert "unread glyph U+E03C" in verdict
        # and the passage is still lit in the viewer, as for any match
        assert main.finder_result is not None and main.finder_result.matches


async def test_an_unread_glyph_shows_as_a_mark_not_a_blank(tmp_path: Path, data_dir: Path) -> None:
    app = make_app(_batch(tmp_path), data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("C")
        await settle(app, pilot)
        main = app.screen
        main.query_one(CitationList).select_citation("lig")
        await settle(app, pilot)
        # a terminal draws U+E03C as nothing: "forma\ue03ced" read "formaed"
        detail = str(main.query_one(CitationDetail).query_one("#detail-body").render())
        assert "Markdown-forma\ufffded" in detail and "\ue03c" not in detail
        assert "“⟨U+E03C⟩” is in the source" in detail
        viewer = main.query_one(SourceViewer)
        rows = [viewer.render_line(y).text for y in range(viewer.size.height)]
        assert any("forma\ufffded" in row for row in rows), rows
        assert not any("\ue03c" in row for row in rows)


async def test_the_finder_names_a_critical_change_before_the_count(
    tmp_path: Path, data_dir: Path
) -> None:
    app = make_app(_batch(tmp_path), data_dir=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        main = app.screen
        await pilot.press("slash")
        await settle(app, pilot)
        finder = main.query_one(Finder)
        finder.query_one("#finder-input", Input).value = QUOTE.replace("should", "should not")
        await settle(app, pilot, 0.4)
        verdict = str(finder.query_one("#finder-verdict").render())
        # at 80 columns the end of the line is cut: what changed comes before the count
        assert verdict.index("“not”") < verdict.index("match"), verdict
