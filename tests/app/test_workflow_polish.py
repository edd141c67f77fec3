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
