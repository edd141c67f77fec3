"""Follow-ups of the new user's walk (docs/app-walk.md, "Left"): each test fails without its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import quote_tui.app
import quote_tui.cli.serve as serve
from quote_tui.app import make_app
from quote_tui.app.screens.dialogs import ChoiceDialog
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.app.widgets.detail import CitationDetail
from quote_tui.cli.parser import build_parser
from tests.app.conftest import make_demo_app, settle


async def test_a_tabs_own_demo_is_said_as_information_not_a_warning(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``demo --own-copy`` (what each browser tab runs) tells the tab its demo is its own: that
    is news, nothing went wrong."""
    own = tmp_path / "own"
    own.mkdir()
    asked: dict[str, Any] = {}
    monkeypatch.setattr(serve, "_own_demo_dir", lambda: own)
    monkeypatch.setattr(quote_tui.app, "run_app", lambda *a, **kw: asked.update(kw) or 0)
    assert serve.cmd_app(build_parser().parse_args(["demo", "--own-copy"])) == 0
    app = make_app(**asked)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        told = [n for n in app._notifications if "its own copy" in n.message]
        assert told, [n.message for n in app._notifications]
        assert {n.severity for n in told} == {"information"}


async def test_wide_rows_start_every_id_in_one_column(data_dir: Path) -> None:
    """The demo's labels run from ``✓ verbatim`` to ``‼ near 89% critical negation``: the id
    after each must still start where the others do."""
    app = make_demo_app(data_dir)
    async with app.run_test(size=(160, 40)) as pilot:
        await settle(app, pilot)
        listing = app.screen.query_one(CitationList)
        assert not listing.compact
        rows = {
            listing.get_option_at_index(i).id: str(listing.get_option_at_index(i).prompt)
            for i in range(listing.option_count)
        }
        columns = {}
        for cid, row in rows.items():
            first = row.split("\n")[0]
            columns[cid] = first.index(f" {cid} ") + 1
        assert len(set(columns.values())) == 1, rows
        assert rows["c3"].startswith("‼ near 89% critical negation")


PAPER = """---
bibliography: paper.bib
---

As they put it, "the likelihood increases at every step of the algorithm" [@Dempster1977, p. 3].
"""

BIB = "@article{Dempster1977, title={Maximum likelihood from incomplete data}, year={1977}}\n"


def _shown(app) -> str:
    """Every word the screen shows, and every toast."""
    said = " ".join(n.message for n in app._notifications)
    detail = str(app.screen.query_one(CitationDetail).query_one("#detail-body").render())
    return " ".join((detail + " " + said).split())


async def test_a_reopened_workspace_keeps_why_a_source_has_no_text(
    tmp_path: Path, data_dir: Path
) -> None:
    """The first opening says no file, PDF, DOI… leads to the text; the second, from the kept
    workspace, checked again, must say the same, not the batch format's ``needs a 'ref'``."""
    (tmp_path / "paper.bib").write_text(BIB, encoding="utf-8")
    paper = tmp_path / "paper.md"
    paper.write_text(PAPER, encoding="utf-8")
    for opening in ("first", "again"):
        app = make_app(paper, data_dir=data_dir)
        async with app.run_test(size=(140, 40)) as pilot:
            await settle(app, pilot)
            if opening == "again":
                await pilot.press("c")  # checked again from the kept workspace
            await pilot.pause(0.3)
            await settle(app, pilot)
            shown = _shown(app)
            assert "No attached file" in shown, (opening, shown[-3000:])
            assert "needs a" not in shown, opening


async def test_opening_again_sees_an_edit_in_a_file_the_latex_manuscript_inputs(
    tmp_path: Path, data_dir: Path
) -> None:
    """The main file is as it was; its ``\\input`` file gained a quotation. The next opening
    must offer the reload, as it does for an edit in the main file."""
    (tmp_path / "sections").mkdir()
    main = tmp_path / "main.tex"
    main.write_text(
        "\\documentclass{article}\n\\begin{document}\n\\input{sections/body}\n\\end{document}\n",
        encoding="utf-8",
    )
    body = tmp_path / "sections" / "body.tex"
    first = "As they wrote, \\enquote{the likelihood increases at every step}\\cite[3]{Dempster}.\n"
    body.write_text(first, encoding="utf-8")
    for edited in (False, False, True):  # made, opened unchanged, opened after the edit
        if edited:
            body.write_text(
                first + "And \\enquote{every bounded likelihood converges in the end}"
                "\\cite[4]{Dempster}.\n",
                encoding="utf-8",
            )
        app = make_app(main, data_dir=data_dir)
        async with app.run_test(size=(140, 36)) as pilot:
            await settle(app, pilot)
            offered = isinstance(app.screen, ChoiceDialog)
            assert offered == edited, (edited, app.screen)
            if edited:
                app.screen.dismiss(True)
                await settle(app, pilot)
                assert len(app.screen.workspace.citations) == 2


def test_a_hand_edited_workspace_naming_a_fifo_among_its_files_still_opens(
    tmp_path: Path, data_dir: Path
) -> None:
    """``origin_files`` is read on every opening: one that names a FIFO (or a device) is taken
    as changed, never read, so opening cannot hang on it."""
    import json
    import os

    from quote_tui.workspace import open_target

    batch = tmp_path / "batch.json"
    batch.write_text(
        json.dumps({"sources": [{"id": "s", "text": "some words here"}], "citations": []}),
        encoding="utf-8",
    )
    first = open_target(batch, data_dir=data_dir)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    kept = first.path
    kept.parent.mkdir(parents=True, exist_ok=True)
    data = first.workspace.to_dict() | {"origin_files": [str(fifo)]}
    kept.write_text(json.dumps(data), encoding="utf-8")
    again = open_target(batch, data_dir=data_dir)  # hangs if the FIFO is read
    assert again.reload is not None and "has changed" in (again.notice or "")
