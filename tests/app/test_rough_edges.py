"""A first session's rough edges (issue 12): each test fails without its fix."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DirectoryTree

from quote_tui.app import make_app
from quote_tui.app.printed_pages import resolve_page
from quote_tui.app.screens.dialogs import PromptDialog
from quote_tui.app.screens.help import HelpScreen
from quote_tui.app.screens.load_source import LoadSourceScreen
from quote_tui.app.screens.main import MainScreen
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.app.widgets.detail import CitationDetail
from quote_tui.app.widgets.footer import QuoteFooter
from quote_tui.app.widgets.source_viewer import SourceViewer
from quote_tui.demo import DEMO_DIR
from tests.app.conftest import make_demo_app, settle
from tests.app.helpers import PASTED, keys_for, write_sources


def _messages(app) -> list[str]:
    return [n.message for n in app._notifications]


async def _open_loader(app, pilot, tab: str, value: str) -> LoadSourceScreen:
    await pilot.press("o")
    await settle(app, pilot)
    modal = app.screen
    assert isinstance(modal, LoadSourceScreen)
    modal.query_one("#load-tabs").active = f"tab-{tab}"
    modal.query_one(f"#ref-{tab}").focus()
    await pilot.pause()
    if tab == "paste":
        modal.query_one("#ref-paste").text = value
    else:
        modal.query_one(f"#ref-{tab}").value = value
    return modal


async def test_1_add_reads_pasted_text_first(tmp_path: Path, data_dir: Path) -> None:
    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        main = app.screen
        modal = await _open_loader(app, pilot, "paste", PASTED)
        await pilot.press("ctrl+s")  # no ctrl+l first
        await settle(app, pilot)
        assert app.screen is main
        assert [s.id for s in main.workspace.sources] == ["pasted"]
        # With nothing to add, ctrl+s says why instead of doing nothing.
        modal = await _open_loader(app, pilot, "url", "")
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.screen is modal
        assert any("first" in m for m in _messages(app))


async def test_2_the_same_file_twice_goes_to_the_first(tmp_path: Path, data_dir: Path) -> None:
    paths = write_sources(tmp_path / "docs")
    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        main = app.screen
        for path in (paths["text"], paths["html"], paths["text"]):
            await _open_loader(app, pilot, "file", str(path))
            await pilot.press("ctrl+l")
            await settle(app, pilot)
            await pilot.press("ctrl+s")
            await settle(app, pilot)
        assert [s.id for s in main.workspace.sources] == ["orchards", "harbour"]
        assert main.current_source == "orchards"
        assert any("already in the workspace as orchards" in m for m in _messages(app))


async def test_2_one_doi_written_two_ways_is_one_source(tmp_path: Path, data_dir: Path) -> None:
    from quote_tui.app.screens.load_source import LoadedChoice
    from quote_tui.batch.service import SourceOutcome
    from quote_tui.batch.specs import SourceSpec

    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        main = app.screen
        for ref in ("doi:10.1234/Work.1", "https://doi.org/10.1234/work.1", "10.1234/WORK.1"):
            spec = SourceSpec(f"s{len(main.workspace.sources)}", ref=ref)
            main._source_loaded(LoadedChoice(spec, SourceOutcome(spec)))
            await settle(app, pilot)
        spec = SourceSpec("other", ref="https://doi.org/10.1234/work.2")
        main._source_loaded(LoadedChoice(spec, SourceOutcome(spec)))
        await settle(app, pilot)
        assert [s.id for s in main.workspace.sources] == ["s0", "other"]
        assert sum("already in the workspace as s0" in m for m in _messages(app)) == 2


def test_3_pages_as_researchers_cite_them() -> None:
    labels = ("101", "102", "103")
    assert resolve_page(3, labels, "102") == (2, "Printed page 102 (PDF page 2).")
    page, note = resolve_page(3, labels, "2")
    assert page == 2 and "printed 102" in note
    assert resolve_page(3, labels, "pdf 3") == (3, "")
    assert "printed 101–103" in resolve_page(3, labels, "7")
    # Both readings exist: the printed page wins and the note says so.
    page, note = resolve_page(12, ("i", "ii", "1", "2", "3", *[str(n) for n in range(4, 11)]), "3")
    assert page == 5 and "PDF page 5" in note and "pdf 3" in note
    roman = ("i", "ii", "iii", *[str(n) for n in range(1, 10)])
    assert resolve_page(12, roman, "II") == (2, "Printed page ii (PDF page 2).")


async def test_3_go_to_printed_page_puts_it_at_the_top(data_dir: Path) -> None:
    app = make_demo_app(data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(app, pilot)
        main = app.screen
        main.show_source("constitution")
        await settle(app, pilot)
        viewer = main.query_one(SourceViewer)
        viewer.focus()
        await pilot.press("p", *keys_for("102"), "enter")
        await settle(app, pilot)
        prepared = viewer.prepared
        assert not any("There is no page" in m for m in _messages(app))
        top, _ = viewer.visible_row_range()
        assert viewer.layout_rows.row_of(prepared.page_starts[1]) == top


async def test_4_check_one_confirms_its_verdict(data_dir: Path) -> None:
    app = make_demo_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        app.screen.query_one(CitationList).select_citation("c3")
        app.clear_notifications()
        await pilot.press("c")
        await settle(app, pilot)
        assert any(m.startswith("Checked c3: ~ near") for m in _messages(app))


async def test_5_j_k_g_G_in_the_list_and_the_viewer(data_dir: Path) -> None:
    app = make_demo_app(data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(app, pilot)
        main = app.screen
        citations = main.query_one(CitationList)
        citations.focus()
        await pilot.press("j", "j", "k")
        await pilot.pause()
        assert main.selected_id == "c2"
        await pilot.press("G")
        await pilot.pause()
        assert main.selected_id == "c13"
        await pilot.press("g")
        await pilot.pause()
        assert main.selected_id == "c1"
        main.show_source("constitution")
        await settle(app, pilot)
        viewer = main.query_one(SourceViewer)
        viewer.focus()
        await pilot.press("G")
        await pilot.pause()
        assert viewer.scroll_offset.y == viewer.max_scroll_y > 0
        await pilot.press("k")
        await pilot.pause()
        assert viewer.scroll_offset.y == viewer.max_scroll_y - 1
        await pilot.press("g", "g")
        await pilot.pause()
        assert viewer.scroll_offset.y == 0
        await pilot.press("colon")
        await pilot.pause()
        assert isinstance(app.screen, PromptDialog)


async def test_6_export_never_suggests_the_package(
    data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app = make_demo_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        path = app.default_report_path(app.screen.workspace)
    assert not path.resolve().is_relative_to(DEMO_DIR.parent)
    assert path == tmp_path / "demo-report.json"


async def test_7_finder_citations_share_the_id_scheme(data_dir: Path) -> None:
    app = make_demo_app(data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(app, pilot)
        main = app.screen
        main.show_source("gettysburg")
        await settle(app, pilot)
        await pilot.press("slash", *keys_for("a great civil war"))
        await settle(app, pilot, 0.3)
        await pilot.press("enter")
        await settle(app, pilot)
        assert main.workspace.citations[-1].id == "c14"


async def test_8_file_picker_follows_the_typed_path(tmp_path: Path, data_dir: Path) -> None:
    docs = tmp_path / "docs"
    write_sources(docs)
    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        modal = await _open_loader(app, pilot, "file", "")
        modal.query_one("#ref-file").value = f"{docs}/"
        await pilot.pause()
        assert Path(modal.query_one(DirectoryTree).path) == docs
        modal.query_one("#ref-file").value = str(tmp_path / "ws")
        await pilot.pause()
        assert Path(modal.query_one(DirectoryTree).path) == tmp_path


async def test_9_narrow_layout(data_dir: Path) -> None:
    app = make_demo_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        main = app.screen
        citations = main.query_one(CitationList)
        assert citations.compact
        prompts = [str(citations.get_option_at_index(i).prompt) for i in range(3)]
        # one line a row: the critical mark ‼ says "critical" where the word has no room
        assert prompts[0] == "✓ c1" and prompts[2] == "‼ c3 89%"
        footer = main.query_one(QuoteFooter)
        await pilot.pause()
        actions = [k.action for k in footer.query("FooterKey")]
        assert "help" in actions and "export" not in actions
        detail = main.query_one(CitationDetail)
        assert detail.outer_size.height >= 10
        await pilot.press("z")
        await settle(app, pilot)
        assert main.maximized is detail
        assert detail.outer_size.height >= 20
        await pilot.press("z")
        await pilot.pause()
        assert main.maximized is None
    app = make_demo_app(data_dir)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(app, pilot)
        assert not app.screen.query_one(CitationList).compact
        actions = [k.action for k in app.screen.query_one(QuoteFooter).query("FooterKey")]
        assert {"export", "help", "cursor_down"} <= set(actions)
        footer = app.screen.query_one(QuoteFooter)
        assert sum(k.outer_size.width for k in footer.query("FooterKey")) <= 140


async def test_10_help_groups_keys_and_searches(data_dir: Path) -> None:
    app = make_demo_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one("#help-text").render())
        assert "Citation list" in text and "Source viewer" in text
        await pilot.press(*keys_for("page"))
        await pilot.pause()
        text = str(app.screen.query_one("#help-text").render())
        assert "go to a page" in text and "export" not in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)


async def test_a_found_quotation_whose_ellipsis_hides_a_negation_is_listed_as_critical(
    tmp_path: Path, data_dir: Path
) -> None:
    from quote_tui.batch.specs import CitationSpec, SourceSpec
    from quote_tui.engine.check import check
    from quote_tui.engine.text import PreparedText
    from quote_tui.workspace import Verdict, Workspace, save_workspace

    text = "The drug did not reduce mortality in the trial."
    hiding = check(PreparedText(text), "The drug did ... reduce mortality")
    plain = check(PreparedText(text), "reduce mortality in the trial")
    assert str(hiding.status) == "normalized" and any(m.critical for m in hiding.matches)
    ws = Workspace(name="w").with_source(SourceSpec("s", text=text))
    ws = ws.with_citation(CitationSpec("hides", "s", hiding.quote))
    ws = ws.with_citation(CitationSpec("plain", "s", plain.quote))
    ws = ws.with_verdict("hides", Verdict(str(hiding.status), hiding))
    ws = ws.with_verdict("plain", Verdict(str(plain.status), plain))
    save_workspace(ws, tmp_path / "ws.json")
    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        listing = app.screen.query_one(CitationList)
        assert listing._status_of("hides")[0] == "critical"
        assert listing._status_of("plain")[0] == "exact"
        assert "‼ normalized critical omission hides" in str(listing._prompt("hides"))
        listing.status_filter = "problems"
        assert listing._visible_ids() == ["hides"]


def test_the_context_shows_the_sources_characters_and_cuts_only_where_text_goes_on() -> None:
    from quote_tui.api import CitationSpec, PreparedText, check_text
    from quote_tui.app.widgets.detail import detail_content
    from quote_tui.workspace import Verdict

    text = "that these dead shall not have died in vain—that this nation, under God"
    prepared = PreparedText(text)
    quote = "shall not have died in vain"
    result = check_text(prepared, quote)
    shown = detail_content(
        CitationSpec("c1", "s1", quote), Verdict(str(result.status), result), prepared
    ).plain
    assert "that these dead shall not have died in vain—that this nation, under God\n" in shown
    assert "…" not in shown.split("Context", 1)[1].split("\n", 1)[0]

    long = "word " * 100 + text + " and more" * 100
    prepared = PreparedText(long)
    result = check_text(prepared, quote, context=40)
    line = (
        detail_content(
            CitationSpec("c1", "s1", quote), Verdict(str(result.status), result), prepared
        )
        .plain.split("Context", 1)[1]
        .split("\n", 1)[0]
    )
    assert line.count("…") == 2 and "vain—that" in line


async def test_an_exported_report_reopens_from_where_it_was_saved(
    tmp_path: Path, data_dir: Path
) -> None:
    import json

    app = make_demo_app(data_dir)
    out = tmp_path / "elsewhere" / "report.json"
    out.parent.mkdir()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        app.screen.export_report(out)
        await settle(app, pilot)
    report = json.loads(out.read_text(encoding="utf-8"))
    read = [s["ref"] for s in report["sources"] if s["status"] == "readable"]
    assert read and all((out.parent / ref).is_file() for ref in read), read
    reopened = make_app(out, data_dir=data_dir)
    async with reopened.run_test(size=(80, 24)) as pilot:
        await settle(reopened, pilot)
        outcome = await reopened.screen.ensure_source(report["sources"][0]["id"])
        assert outcome is not None and outcome.loaded is not None


async def test_a_changed_file_asks_to_keep_the_edits_or_reload(
    tmp_path: Path, data_dir: Path
) -> None:
    import json

    from quote_tui.api import CitationSpec
    from quote_tui.app.screens.dialogs import ChoiceDialog
    from quote_tui.workspace import open_target, save_workspace

    (tmp_path / "a.txt").write_text("the quick brown fox", encoding="utf-8")
    batch = tmp_path / "refs.json"

    def write(quote: str) -> None:
        citations = [{"id": "c1", "source": "a", "quote": quote}]
        batch.write_text(
            json.dumps({"sources": [{"id": "a", "ref": "a.txt"}], "citations": citations}),
            encoding="utf-8",
        )

    write("quick brown")
    opened = open_target(batch, data_dir=data_dir)
    edited = opened.workspace.with_citation(CitationSpec("c9", "a", "brown fox"))
    save_workspace(edited, opened.path)
    write("quick brown fox")
    app = make_app(batch, data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.click("#yes")
        await settle(app, pilot)
        main = app.screen
        assert [c.quote for c in main.workspace.citations] == ["quick brown fox"]
        await pilot.press("ctrl+z")
        await settle(app, pilot)
        assert [c.id for c in main.workspace.citations] == ["c1", "c9"]
