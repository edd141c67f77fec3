"""Copies of a workspace as another window left it: the user is told where each is and can open
it; only the newest few are kept, and a copy the user was never told of is never removed."""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path

from quote_tui.app import make_app
from quote_tui.app.other_copies import OtherCopyDialog, ShownCopies
from quote_tui.workspace import Workspace, load_workspace, save_workspace
from quote_tui.workspace.shared import (
    KEEP_COPIES,
    WorkspaceFile,
    other_window_copies,
    prune_copies,
)
from tests.app.conftest import settle
from tests.app.test_two_windows import NOW, _quote, _quotes, _start


def _clash(path: Path, ws: Workspace, n: int, when: datetime) -> Path:
    """Two windows change c1 (to different words each time): one copy set aside."""
    one, two = WorkspaceFile(path), WorkspaceFile(path)
    one.save(_quote(ws, "c1", f"alpha {n}"))
    saved = two.save(_quote(ws, "c1", f"beta {n}"), now=when)
    assert saved.kept_aside is not None
    stamp = when.timestamp()
    os.utime(saved.kept_aside, (stamp, stamp))  # file times as the clock that named them
    return saved.kept_aside


def test_only_copies_the_user_was_shown_are_removed_past_the_newest(tmp_path: Path) -> None:
    path = tmp_path / "ws.json"
    ws = _start(path)
    copies = [_clash(path, ws, n, NOW + timedelta(minutes=n)) for n in range(KEEP_COPIES + 3)]
    assert other_window_copies(path) == copies[::-1]
    # the oldest was never shown: it stays, however old
    removed = prune_copies(path, shown=copies[1:])
    assert set(removed) == {copies[1], copies[2]}
    left = other_window_copies(path)
    assert left == [*copies[::-1][:KEEP_COPIES], copies[0]]
    assert load_workspace(copies[0]).citation("c1") is not None  # untouched


def test_the_same_clash_saved_again_writes_no_second_copy(tmp_path: Path) -> None:
    path = tmp_path / "ws.json"
    ws = _start(path)
    kept = []
    for n in range(2):
        # the same back-and-forth twice: the other window's state is the same both times
        save_workspace(ws, path)
        one, two = WorkspaceFile(path), WorkspaceFile(path)
        one.save(_quote(ws, "c1", "alpha"))
        saved = two.save(_quote(ws, "c1", "beta"), now=NOW + timedelta(minutes=n))
        kept.append(saved.kept_aside)
    assert kept[0] is not None and kept == [kept[0], kept[0]]
    assert other_window_copies(path) == [kept[0]]


def test_the_record_of_shown_copies_lasts_between_runs(tmp_path: Path) -> None:
    copy = tmp_path / "ws.other-window-1.json"
    copy.write_text("{}", encoding="utf-8")
    ShownCopies(tmp_path / "data").add(copy)
    assert copy in ShownCopies(tmp_path / "data")
    assert copy not in ShownCopies(tmp_path / "other")


async def test_the_app_says_where_the_copy_is_and_opens_it(tmp_path: Path, data_dir: Path) -> None:
    path = tmp_path / "ws.json"
    ws = _start(path)
    # a copy some earlier window set aside and never told of (it closed first)
    earlier = _clash(path, ws, 0, NOW)
    app = make_app(path, data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        said = [n.message for n in app._notifications]
        assert any(str(earlier) in m for m in said), said
        main = app.screen
        # another window changes c1 meanwhile; this window changes it too
        other = WorkspaceFile(path)
        other.save(_quote(main.workspace, "c1", "theirs"))
        main.call_later(lambda: main.commit(_quote(main.workspace, "c1", "mine")))
        await settle(app, pilot)
        copy = other_window_copies(path)[0]
        assert copy != earlier
        said = [n.message for n in app._notifications]
        assert any(str(copy) in m and "Open the other window's copy" in m for m in said), said
        await app.run_action("open_other_copy")
        await settle(app, pilot)
        dialog = app.screen
        assert isinstance(dialog, OtherCopyDialog)
        shown = " ".join(str(s.render()) for s in dialog.query("Static"))
        assert "“mine”" in shown and "“theirs”" in shown
        await pilot.click("#take")
        await settle(app, pilot)
        assert _quotes(main.workspace)["c1"] == "theirs"
        assert _quotes(load_workspace(path))["c1"] == "theirs"
        main.call_later(main.action_undo)  # taking it is an edit like any other
        await settle(app, pilot)
        assert _quotes(main.workspace)["c1"] == "mine"
    assert copy in ShownCopies(data_dir) and earlier in ShownCopies(data_dir)
