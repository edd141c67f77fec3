"""Two windows on one workspace file (two browser tabs of ``open --web``, two terminals on one
manuscript): each save merges what the other saved; nothing either window made is lost."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from quote_tui.app import make_app
from quote_tui.batch.specs import CitationSpec, SourceSpec
from quote_tui.workspace import Verdict, Workspace, load_workspace, open_target, save_workspace
from quote_tui.workspace.shared import WorkspaceFile
from tests.app.conftest import settle

NOW = datetime(2026, 12, 5, 6, 0, 0)


def _start(path: Path) -> Workspace:
    ws = Workspace(
        name="paper",
        sources=(SourceSpec(id="s", text="alpha beta gamma delta"),),
        citations=tuple(
            CitationSpec(id=c, source="s", quote=q)
            for c, q in (("c1", "alpha beta"), ("c2", "gamma delta"), ("c3", "beta gamma"))
        ),
    )
    save_workspace(ws, path)
    return ws


def _quote(ws: Workspace, cid: str, quote: str) -> Workspace:
    cited = ws.citation(cid)
    assert cited is not None
    return ws.with_citation(CitationSpec(id=cid, source=cited.source, quote=quote))


def _quotes(ws: Workspace) -> dict[str, str | None]:
    return {c.id: c.quote for c in ws.citations}


def test_each_window_keeps_what_the_other_changed(tmp_path: Path) -> None:
    path = tmp_path / "ws.json"
    ws = _start(path)
    one, two = WorkspaceFile(path), WorkspaceFile(path)
    first = one.save(_quote(ws, "c1", "alpha"))
    assert first.from_other == () and first.kept_aside is None
    # the second window never saw the first's edit; its own edit, an added and a dropped
    # citation, are merged with it
    mine = _quote(ws, "c2", "gamma").without_citation("c3")
    mine = mine.with_citation(CitationSpec(id="c4", source="s", quote="delta"))
    second = two.save(mine)
    assert second.from_other == ("c1",) and second.kept_aside is None
    want = {"c1": "alpha", "c2": "gamma", "c4": "delta"}
    assert _quotes(second.workspace) == want == _quotes(load_workspace(path))
    # and the first window, saving again, gets the second's changes
    again = one.save(first.workspace.with_source(SourceSpec(id="t", text="more words")))
    assert set(again.from_other) == {"c2", "c3", "c4"}
    assert _quotes(again.workspace) == want
    assert [s.id for s in load_workspace(path).sources] == ["s", "t"]


def test_both_windows_changing_one_citation_keep_the_later_and_write_the_other_beside(
    tmp_path: Path,
) -> None:
    path = tmp_path / "ws.json"
    ws = _start(path)
    one, two = WorkspaceFile(path), WorkspaceFile(path)
    one.save(_quote(ws, "c1", "alpha"))
    saved = two.save(_quote(ws, "c1", "beta"), now=NOW)
    assert saved.both_changed == ("c1",)
    assert saved.kept_aside == tmp_path / "ws.other-window-20261205-060000.json"
    assert _quotes(load_workspace(path))["c1"] == "beta"  # the later change
    assert _quotes(load_workspace(saved.kept_aside))["c1"] == "alpha"  # the other, kept


def test_a_check_in_one_window_never_undoes_an_edit_in_the_other(tmp_path: Path) -> None:
    path = tmp_path / "ws.json"
    ws = _start(path)
    one, two = WorkspaceFile(path), WorkspaceFile(path)
    one.save(_quote(ws, "c1", "alpha"))
    # the second window checks every citation as it knows them: a verdict, not a decision
    checked = ws.with_verdict("c1", Verdict("exact")).with_verdict("c2", Verdict("exact"))
    saved = two.save(checked)
    assert saved.kept_aside is None and saved.from_other == ("c1",)
    assert _quotes(saved.workspace)["c1"] == "alpha"
    # the verdict made for the old quotation is dropped; the other stands
    assert set(saved.workspace.verdicts) == {"c2"}
    # a check only the other window made is taken too
    back = one.save(_quote(saved.workspace, "c3", "gamma"))
    assert set(back.workspace.verdicts) == {"c2"}


def test_a_file_that_is_no_workspace_any_more_is_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "ws.json"
    ws = _start(path)
    window = WorkspaceFile(path)
    path.write_text("{ half a file", encoding="utf-8")
    saved = window.save(_quote(ws, "c1", "alpha"), now=NOW)
    assert saved.kept_aside is not None
    assert saved.kept_aside.read_text(encoding="utf-8") == "{ half a file"
    assert _quotes(load_workspace(path))["c1"] == "alpha"


async def test_two_app_windows_on_one_workspace_lose_nothing(
    tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / "ws.json"
    _start(path)
    one, two = make_app(path, data_dir=data_dir), make_app(path, data_dir=data_dir)
    async with one.run_test(size=(100, 30)) as pilot_one, two.run_test(size=(100, 30)) as pilot_two:
        await settle(one, pilot_one)
        await settle(two, pilot_two)
        main_one, main_two = one.screen, two.screen
        # each edit runs in its own app's message loop: two apps in one test share its context
        main_one.call_later(lambda: main_one.commit(_quote(main_one.workspace, "c1", "alpha")))
        await settle(one, pilot_one)
        main_two.call_later(lambda: main_two.commit(_quote(main_two.workspace, "c2", "gamma")))
        await settle(two, pilot_two)
        # the second window shows the first's edit, and says where it came from
        assert _quotes(main_two.workspace)["c1"] == "alpha"
        said = [n.message for n in two._notifications]
        assert any("another window" in m and "c1" in m for m in said), said
        main_one.call_later(lambda: main_one.commit(_quote(main_one.workspace, "c3", "beta")))
        await settle(one, pilot_one)
        assert _quotes(main_one.workspace) == {"c1": "alpha", "c2": "gamma", "c3": "beta"}
        # an undo takes back this window's own edit, never what came from the other
        main_one.call_later(main_one.action_undo)
        await settle(one, pilot_one)
        assert _quotes(main_one.workspace) == {"c1": "alpha", "c2": "gamma", "c3": "beta gamma"}
    assert _quotes(load_workspace(path)) == {"c1": "alpha", "c2": "gamma", "c3": "beta gamma"}
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == "quote_tui.workspace"


def test_two_terminals_on_one_batch_file_share_and_merge_its_workspace(tmp_path: Path) -> None:
    batch = tmp_path / "batch.json"
    batch.write_text(
        json.dumps(
            {
                "sources": [{"id": "s", "text": "alpha beta gamma delta"}],
                "citations": [
                    {"id": "c1", "source": "s", "quote": "alpha beta"},
                    {"id": "c2", "source": "s", "quote": "gamma delta"},
                ],
            }
        ),
        encoding="utf-8",
    )
    data = tmp_path / "data"
    first = open_target(batch, data_dir=data)
    second = open_target(batch, data_dir=data)
    assert first.path == second.path  # one workspace for one file, whoever opens it
    one = WorkspaceFile(first.path, first.workspace)
    two = WorkspaceFile(second.path, second.workspace)
    one.save(_quote(first.workspace, "c1", "alpha"))
    saved = two.save(_quote(second.workspace, "c2", "gamma"))
    assert _quotes(saved.workspace) == {"c1": "alpha", "c2": "gamma"}
    assert _quotes(load_workspace(first.path)) == {"c1": "alpha", "c2": "gamma"}
