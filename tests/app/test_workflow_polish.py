"""The researcher's workflow, polished (issue 20): each test fails without its fix."""

from __future__ import annotations

from pathlib import Path

from quote_tui.app import make_app
from quote_tui.app.screens.dialogs import PromptDialog
from quote_tui.app.screens.load_source import LoadSourceScreen
from quote_tui.app.widgets.detail import CitationDetail
from tests.app.conftest import settle

PRIDE = (
    "It is a truth universally acknowledged, that a single man in possession of a good "
    "fortune, must be in want of a wife.\n"
)
QUOTE = "a single man in possession of a good fortune, must be in want of a wife"
BIB = """@book{austen1813,
  author = {Austen, Jane},
  title = {Pride and Prejudice},
  year = {1813},
  file = {pride.txt}
}
"""


def write_paper(folder: Path, *, front: str = "", bib_name: str | None = "refs.bib") -> Path:
    """A Pandoc manuscript citing [@austen1813, p. 1], the cited text, and a bibliography."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pride.txt").write_text(PRIDE, encoding="utf-8")
    if bib_name:
        (folder / bib_name).write_text(BIB, encoding="utf-8")
    paper = folder / "paper.md"
    head = f"---\ntitle: Test\n{front}---\n"
    paper.write_text(head + f'As Austen wrote, "{QUOTE}" [@austen1813, p. 1].\n', encoding="utf-8")
    return paper


def _messages(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_7_a_manuscript_with_its_bib_beside_it_is_checked_in_the_app(
    tmp_path: Path, data_dir: Path
) -> None:
    paper = write_paper(tmp_path / "paper")
    app = make_app(paper, data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("C")
        await settle(app, pilot)
        verdicts = app.screen.workspace.verdicts
        assert [v.status for v in verdicts.values()] == ["exact"]


async def test_7_the_yaml_bibliography_is_found(tmp_path: Path, data_dir: Path) -> None:
    folder = tmp_path / "paper"
    paper = write_paper(folder, front="bibliography: sub/lib.bib\n", bib_name=None)
    (folder / "sub").mkdir()
    (folder / "sub" / "lib.bib").write_text(
        BIB.replace("pride.txt", str(folder / "pride.txt")), encoding="utf-8"
    )
    (folder / "other.bib").write_text("", encoding="utf-8")
    (folder / "third.bib").write_text("", encoding="utf-8")
    from quote_tui.api import open_input

    batch = open_input(paper).whole()
    assert batch.sources[0].ref.endswith("pride.txt")


async def test_7_adding_a_bibliography_keeps_the_one_the_manuscript_names(
    tmp_path: Path, data_dir: Path
) -> None:
    folder = tmp_path / "paper"
    paper = write_paper(folder, front="bibliography: sub/lib.bib\n", bib_name=None)
    (folder / "sub").mkdir()
    (folder / "sub" / "lib.bib").write_text(
        BIB.replace("pride.txt", str(folder / "pride.txt")), encoding="utf-8"
    )
    extra = folder / "extra.bib"
    extra.write_text("", encoding="utf-8")
    app = make_app(paper, data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        assert app.screen.workspace.sources[0].ref.endswith("pride.txt")
        app.screen.add_bibliography(extra)
        await settle(app, pilot)
        ws = app.screen.workspace
        assert ws.sources[0].ref.endswith("pride.txt")  # the named one is still read
        assert ws.bibliographies == (str((folder / "sub" / "lib.bib").resolve()), str(extra))


async def test_7_open_takes_bib_and_the_app_adds_one(tmp_path: Path, data_dir: Path) -> None:
    folder = tmp_path / "paper"
    paper = write_paper(folder, bib_name=None)
    (folder / "lib").mkdir()
    bib = folder / "lib" / "refs.bib"
    bib.write_text(BIB.replace("pride.txt", str(folder / "pride.txt")), encoding="utf-8")
    # quote-tui open paper.md --bib lib/refs.bib
    from quote_tui.cli.parser import build_parser

    args = build_parser().parse_args(["open", str(paper), "--bib", str(bib)])
    assert args.bib == [bib]
    app = make_app(paper, data_dir=data_dir, scan={"bib": (bib,)})
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        assert app.screen.workspace.sources[0].ref.endswith("pride.txt")
    # without it, the detail says how to add one; b adds it from the app
    app = make_app(paper, data_dir=tmp_path / "data2")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("c")
        await settle(app, pilot)
        body = str(app.screen.query_one(CitationDetail).query_one("#detail-body").render())
        assert "No bibliography was given" in body
        assert "Add the bibliography: b" in body
        assert "check it by eye" not in body
        await pilot.press("b")
        await settle(app, pilot)
        assert isinstance(app.screen, PromptDialog)
        app.screen.dismiss(str(bib))
        await settle(app, pilot)
        await pilot.press("C")
        await settle(app, pilot)
        ws = app.screen.workspace
        assert [v.status for v in ws.verdicts.values()] == ["exact"]
        assert ws.bibliographies == (str(bib.resolve()),)
    # ... and from the Load dialog, where a .bib file is a bibliography, not a source
    app = make_app(paper, data_dir=tmp_path / "data3")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("o")
        await settle(app, pilot)
        assert isinstance(app.screen, LoadSourceScreen)
        app.screen.query_one("#ref-file").value = str(bib)
        await pilot.press("ctrl+l")
        await settle(app, pilot)
        assert app.screen.workspace.sources[0].ref.endswith("pride.txt")


def test_7_docx_author_date_with_no_bibliography_says_none_was_given(tmp_path: Path) -> None:
    from quote_tui.manuscripts.bibliography import Bibliography
    from quote_tui.manuscripts.model import Reference
    from quote_tui.manuscripts.resolve import Resolver

    ref = Reference(raw="(Austen 1813)", style="author_date", key="Austen 1813", bib=None)
    resolver = Resolver(Bibliography())
    resolver.source_for(ref)
    message = resolver.sources[0].unavailable.message
    assert "No bibliography was given" in message
    assert "matches no entry" not in message


def test_8_the_detail_says_where_the_quotation_stands_and_the_cited_page() -> None:
    from quote_tui.api import CitationSpec
    from quote_tui.app.widgets.detail import detail_content

    citation = CitationSpec(
        "c1",
        "s1",
        QUOTE,
        {"label": "page", "value": "1"},
        extra={"location": {"file": "paper.md", "line": 3, "column": 38}},
    )
    text = detail_content(citation, None, None).plain
    assert "paper.md, line 3, column 38" in text
    assert "Cited      p. 1" in text


async def test_18_20_22_23_viewer_messages_wrap_subtitles_follow_and_matches_are_counted(
    tmp_path: Path, data_dir: Path
) -> None:
    from quote_tui.app.widgets.source_viewer import SourceViewer

    folder = tmp_path / "paper"
    paper = write_paper(folder, bib_name=None)
    (folder / "pride.txt").write_text(PRIDE * 3, encoding="utf-8")
    (folder / "refs.bib").write_text(BIB, encoding="utf-8")
    text = paper.read_text(encoding="utf-8")
    paper.write_text(
        text + '\nAnd "the lost words of nowhere at all here" [@nobody2020, p. 2].\n',
        encoding="utf-8",
    )
    app = make_app(paper, data_dir=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("C")
        await settle(app, pilot)
        main = app.screen
        # 22: no count reads as a negative number
        assert "⊘1" in app.sub_title
        assert "-1" not in app.sub_title
        viewer = main.query_one(SourceViewer)
        viewer.focus()
        await pilot.press("n")
        await settle(app, pilot)
        # 23: which match is shown, its similarity, and the detail follows
        assert "match 2 of 3" in viewer.border_subtitle
        assert "100%" in viewer.border_subtitle
        body = str(main.query_one(CitationDetail).query_one("#detail-body").render())
        assert "match 2 of 3" in body
        main.query_one(CitationDetail).focus()
        await pilot.press("n")
        await settle(app, pilot)
        assert "match 3 of 3" in viewer.border_subtitle
        # 20: an unavailable source does not keep the previous one's facts
        from quote_tui.app.widgets.citation_list import CitationList

        main.query_one(CitationList).focus()
        await pilot.press("down")
        await settle(app, pilot)
        assert "lines" not in (viewer.border_subtitle or "")
        # 18: the message wraps inside the pane
        rows = [viewer.render_line(y).text for y in range(1, 6)]
        assert all(len(r.rstrip()) <= viewer.scrollable_content_region.width for r in rows)
        assert "reference list." in " ".join(" ".join(r.split()) for r in rows)


async def test_21_copy_on_a_checked_citation_without_source_says_why(
    tmp_path: Path, data_dir: Path
) -> None:
    paper = write_paper(tmp_path / "paper", bib_name=None)
    app = make_app(paper, data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("c")
        await settle(app, pilot)
        await pilot.press("y")
        await settle(app, pilot)
        said = _messages(app)[-1]
        assert "first" not in said
        assert "No bibliography was given" in said


def test_21_hints_name_a_fix_that_exists() -> None:
    from quote_tui.api import SourceOutcome, SourceSpec
    from quote_tui.app.screens.load_source import describe_outcome
    from quote_tui.app.widgets.detail import recovery_hint
    from quote_tui.engine.errors import SourceError

    for code in ("file_not_found", "is_directory", "encrypted"):
        assert "Enter edits the citation" not in recovery_hint("fix_input", code)
    assert "password" not in recovery_hint("use_supplied_text", "encrypted").split("without")[0]
    folder = SourceError("x is a folder, not a file.", code="is_directory", recovery="fix_input")
    shown = describe_outcome(SourceOutcome(SourceSpec("s", ref="x"), None, folder)).plain
    assert "Enter edits the citation" not in shown
    assert "not the folder" in shown


def test_28_source_ids_are_cut_at_a_word() -> None:
    from quote_tui.app.screens.load_source import _slug

    assert _slug("austen-pride-prejudice-penguin-classics") == "austen-pride-prejudice"
    assert len(_slug("a" * 40)) == 24


def test_31_counts_agree_with_their_nouns() -> None:
    from quote_tui.api import counted
    from quote_tui.reports.markdown import render_markdown

    assert counted(1, "line") == "1 line"
    assert counted(1204, "line") == "1,204 lines"
    report = {"summary": {"citations": 1}, "citations": [], "sources": []}
    assert "**1 citation.**" in render_markdown(report)


async def test_24_the_footer_follows_the_focused_pane(data_dir: Path) -> None:
    from textual.widgets._footer import FooterKey

    from quote_tui.app.widgets.footer import QuoteFooter
    from quote_tui.app.widgets.source_viewer import SourceViewer
    from tests.app.conftest import make_demo_app

    app = make_demo_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        footer = app.screen.query_one(QuoteFooter)

        def keys() -> list[str]:
            return [k.key_display for k in footer.query(FooterKey)]

        for key in ("a", "d", "⏎", "c"):
            assert key in keys()
        assert "n" not in keys()
        app.screen.query_one(SourceViewer).focus()
        for _ in range(100):  # the footer recomposes after the focus moves; a busy machine lags
            await pilot.pause(0.05)
            if "n" in keys():
                break
        for key in ("n", "N", "p", ":", "[", "]"):
            assert key in keys()
        assert "a" not in keys()


async def test_19_the_finders_verdict_stays_in_its_box(data_dir: Path) -> None:
    from textual.widgets import Static

    from quote_tui.app.widgets.finder import Finder
    from quote_tui.app.widgets.source_viewer import SourceViewer
    from tests.app.conftest import make_demo_app

    app = make_demo_app(data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        app.screen.query_one(SourceViewer).focus()
        await pilot.press("slash")
        await settle(app, pilot)
        finder = app.screen.query_one(Finder)
        finder.query_one("#finder-input").value = "score  and   seven years ago"
        await pilot.pause(1.0)
        await settle(app, pilot)
        verdict = finder.query_one("#finder-verdict", Static)
        text = verdict.render().plain
        assert "normalized" in text and "match" in text
        assert verdict.region.width - 2 >= len(text)
        assert verdict.region.bottom <= finder.region.bottom


async def test_25_help_scrolls_at_once_rows_fit_and_search_is_by_word(data_dir: Path) -> None:
    from quote_tui.app.screens.help import KEYS, HelpScreen
    from tests.app.conftest import make_demo_app
    from tests.app.helpers import keys_for

    for _, rows in KEYS:
        for row in rows:
            assert 2 + 14 + len(row.text) <= 86 - 4, row.keys  # one line in the help box
    app = make_demo_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("f1")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        keys = help_screen.query_one("#help-keys")
        await pilot.press("pagedown")
        await pilot.pause()
        assert keys.scroll_y > 0
        await pilot.press(*keys_for("page"))
        await pilot.pause()
        assert help_screen.query_one("#help-search").value == "page"
        text = str(help_screen.query_one("#help-text").render())
        assert "go to a page" in text
        assert "load a source" not in text and "undo" not in text


async def test_27_export_asks_before_replacing_a_report(tmp_path: Path, data_dir: Path) -> None:
    from quote_tui.app.screens.dialogs import ChoiceDialog
    from tests.app.conftest import make_demo_app

    report = tmp_path / "mine.json"
    report.write_text("my own notes", encoding="utf-8")
    app = make_demo_app(data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("e")
        await settle(app, pilot)
        assert isinstance(app.screen, PromptDialog)
        app.screen.dismiss(str(report))
        await settle(app, pilot)
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("escape")
        await settle(app, pilot)
        assert report.read_text(encoding="utf-8") == "my own notes"
        await pilot.press("e")
        await settle(app, pilot)
        app.screen.dismiss(str(report))
        await settle(app, pilot)
        app.screen.dismiss(True)
        await settle(app, pilot)
        assert report.read_text(encoding="utf-8").startswith("{")


async def test_26_notifications_cover_neither_the_finder_nor_dialog_buttons(
    data_dir: Path,
) -> None:
    from textual.widgets._toast import Toast

    from quote_tui.app.widgets.finder import Finder
    from quote_tui.app.widgets.source_viewer import SourceViewer
    from tests.app.conftest import make_demo_app

    app = make_demo_app(data_dir)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(app, pilot)
        app.screen.query_one(SourceViewer).focus()
        await pilot.press("slash")
        await settle(app, pilot)
        finder = app.screen.query_one(Finder)
        app.notify("A notification of some length, as the app gives them.", timeout=30)
        await pilot.pause(0.3)
        toasts = list(app.screen.query(Toast))
        assert toasts
        for toast in toasts:
            assert not toast.region.overlaps(finder.region)
        await pilot.press("escape")
        await pilot.press("o")
        await settle(app, pilot)
        buttons = app.screen.query_one("#load-row").region
        app.notify("Another notification while the dialog is open.", timeout=30)
        await pilot.pause(0.3)
        for toast in app.screen.query(Toast):
            assert not toast.region.overlaps(buttons)


async def test_29_a_slow_read_shows_that_it_is_under_way(
    tmp_path: Path, data_dir: Path, monkeypatch
) -> None:
    import asyncio

    from quote_tui.api import Session
    from quote_tui.app.widgets.source_viewer import SourceViewer

    paper = write_paper(tmp_path / "paper")
    real_read = Session.read

    async def slow_read(self, spec, **kwargs):
        await asyncio.sleep(1.6)
        return await real_read(self, spec, **kwargs)

    real_check_all = Session.check_all

    async def slow_check_all(self, *args, **kwargs):
        # the check on open reads the source too: it must not finish the read first
        await asyncio.sleep(1.6)
        return await real_check_all(self, *args, **kwargs)

    monkeypatch.setattr(Session, "read", slow_read)
    monkeypatch.setattr(Session, "check_all", slow_check_all)
    app = make_app(paper, data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(1.2)
        viewer = app.screen.query_one(SourceViewer)
        assert "s so far" in viewer.placeholder
        await settle(app, pilot)
        assert viewer.prepared is not None


def test_22_no_status_mark_is_a_minus_sign() -> None:
    from quote_tui.app.widgets.status import STATUS_ORDER, look

    assert all(look(s).mark not in "-–−" for s in STATUS_ORDER)


def test_7_latex_names_its_bibliography(tmp_path: Path) -> None:
    from quote_tui.api import open_input

    folder = tmp_path / "paper"
    write_paper(folder, bib_name="library.bib")
    (folder / "other.bib").write_text("", encoding="utf-8")  # two .bib files: none is guessed
    tex = folder / "paper.tex"
    tex.write_text(
        f"As Austen wrote, ``{QUOTE}'' \\cite[p.~1]{{austen1813}}.\n\\bibliography{{library}}\n",
        encoding="utf-8",
    )
    batch = open_input(tex).whole()
    assert batch.sources[0].ref.endswith("pride.txt")


async def test_a_two_line_toast_covers_no_line_of_the_viewer(data_dir: Path) -> None:
    from textual.widgets._toast import Toast

    from quote_tui.app.widgets.source_viewer import SourceViewer
    from tests.app.conftest import make_demo_app

    app = make_demo_app(data_dir)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(app, pilot)
        viewer = app.screen.query_one(SourceViewer)
        assert viewer.prepared is not None
        for message, title in (
            ("Checked 13 citations: 6 found as quoted.", "Check"),
            ("Report written to /home/someone/papers/draft-2026-12/with-figures/report.html", ""),
        ):
            app.notify(message, title=title, timeout=30)
            # a busy machine lays the new toast out a few turns later, and may place it below
            # the last one for a turn before that one is hidden: judged once it stays put
            last = None
            for _ in range(100):
                await pilot.pause(0.1)
                shown = [t for t in app.screen.query("*") if isinstance(t, Toast)]
                shown = [t for t in shown if t.parent is not None and t.parent.display]
                done = len(shown) == 1 and str(shown[0].render()).endswith(message)
                if done and shown[0].region.height and shown[0].region == last:
                    break
                last = shown[0].region if done else None
            (toast,) = shown
            assert str(toast.render()).endswith(message)
            assert toast.region.y == 0  # over the header
            assert toast.region.height >= 2
            assert not toast.region.overlaps(viewer.content_region), (toast.region, message)
