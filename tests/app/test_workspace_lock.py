"""The lock that keeps two windows' saves apart is there only while a save runs."""

from __future__ import annotations

import threading
from pathlib import Path

from quote_tui.batch.specs import CitationSpec, SourceSpec
from quote_tui.workspace import Workspace, load_workspace, save_workspace
from quote_tui.workspace.shared import WorkspaceFile


def _start(path: Path) -> Workspace:
    ws = Workspace(name="paper", sources=(SourceSpec(id="s", text="alpha beta gamma delta"),))
    save_workspace(ws, path)
    return ws


def test_a_save_leaves_no_lock_file_beside_the_workspace(tmp_path: Path) -> None:
    path = tmp_path / "paper.json"
    ws = _start(path)
    WorkspaceFile(path).save(ws.with_citation(CitationSpec(id="c1", source="s", quote="alpha")))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["paper.json"]


def test_windows_saving_at_once_lose_no_citation(tmp_path: Path) -> None:
    # each window adds its own citations, one save each; a save that read the file while
    # another wrote it (two locks held at once) would drop the other's citation
    path = tmp_path / "paper.json"
    ws = _start(path)
    windows, saves = 4, 12
    failures: list[BaseException] = []

    # each window read the file when it opened, before any of them saved
    files = [WorkspaceFile(path) for _ in range(windows)]

    def window(n: int) -> None:
        try:
            file, mine = files[n], ws
            for k in range(saves):
                cited = CitationSpec(id=f"w{n}-{k}", source="s", quote="alpha beta")
                mine = file.save(mine.with_citation(cited)).workspace
        except BaseException as exc:  # reported below: a thread's failure is not the test's
            failures.append(exc)

    threads = [threading.Thread(target=window, args=(n,)) for n in range(windows)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    ids = {c.id for c in load_workspace(path).citations}
    assert ids == {f"w{n}-{k}" for n in range(windows) for k in range(saves)}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["paper.json"]
