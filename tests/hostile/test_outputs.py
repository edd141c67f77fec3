"""Every output is written by one helper that never replaces what is not a regular file.

Run as root, ``-o /dev/null`` once turned ``/dev/null`` into a 27 KB regular file, and a FIFO, a
device node or a symlink at the output path each became a regular file. The special files here
are made inside the test's own temp folder.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from quote_tui._output import OutputError, atomic_write
from quote_tui.cli import main
from quote_tui.workspace.model import Workspace, save_workspace

posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and device nodes")


def _batch(folder: Path) -> Path:
    (folder / "t.txt").write_text("the words of the source\n", encoding="utf-8")
    batch = {
        "sources": [{"id": "s1", "ref": "t.txt"}],
        "citations": [{"id": "c1", "source": "s1", "quote": "the words"}],
    }
    path = folder / "b.json"
    path.write_text(json.dumps(batch), encoding="utf-8")
    return path


@posix_only
def test_a_device_node_stays_a_device_node(tmp_path: Path) -> None:
    null = tmp_path / "null"
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device node needs root")
    assert main(["check", str(_batch(tmp_path)), "-o", str(null)]) == 0
    info = os.lstat(null)
    assert stat.S_ISCHR(info.st_mode) and info.st_rdev == os.makedev(1, 3)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".null")] == []


@posix_only
def test_a_fifo_is_written_in_place_for_its_reader(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []

    def read() -> None:
        with open(fifo, "rb") as handle:
            got.append(handle.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    atomic_write(fifo, "through the pipe\n")
    reader.join(10)
    assert got == [b"through the pipe\n"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_symlink_is_written_through_and_kept(tmp_path: Path) -> None:
    real = tmp_path / "reports" / "r.json"
    real.parent.mkdir()
    real.write_text("old", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "latest.json"
    link.symlink_to(Path("reports") / "r.json")
    assert main(["check", str(_batch(tmp_path)), "-o", str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == str(Path("reports") / "r.json")
    assert json.loads(real.read_text(encoding="utf-8"))["citations"][0]["id"] == "c1"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640


def test_a_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "out.md"
    link.symlink_to(tmp_path / "made.md")
    atomic_write(link, "new\n")
    assert link.is_symlink() and (tmp_path / "made.md").read_text(encoding="utf-8") == "new\n"


def test_a_loop_of_links_and_a_folder_are_refused_with_nothing_written(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    with pytest.raises(OutputError):
        atomic_write(tmp_path / "a", "x")
    assert main(["check", str(_batch(tmp_path)), "-o", str(tmp_path)]) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b", "b.json", "t.txt"]


def test_a_replaced_file_keeps_its_owner(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("giving a file to another owner needs root")
    out = tmp_path / "r.json"
    out.write_text("old", encoding="utf-8")
    os.chown(out, 1234, 5678)
    atomic_write(out, "new")
    info = out.stat()
    assert (info.st_uid, info.st_gid) == (1234, 5678)
    assert out.read_text(encoding="utf-8") == "new"


def test_the_workspace_save_writes_through_its_symlink(tmp_path: Path) -> None:
    real = tmp_path / "synced" / "w.json"
    real.parent.mkdir()
    real.write_text("{}", encoding="utf-8")
    link = tmp_path / "workspace.json"
    link.symlink_to(real)
    save_workspace(Workspace(name="w"), link)
    assert link.is_symlink()
    assert json.loads(real.read_text(encoding="utf-8"))["name"] == "w"


@posix_only
@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc/self/fd")
def test_dash_o_dev_stdout_prints_the_report(tmp_path: Path) -> None:
    # /dev/stdout is a link to the process's own descriptor 1; the test makes the same link in
    # its own folder, so it names no system path as an output
    batch = _batch(tmp_path)
    stdout = tmp_path / "stdout"
    stdout.symlink_to("/proc/self/fd/1")
    done = subprocess.run(
        [sys.executable, "-m", "quote_tui", "check", str(batch), "-o", str(stdout)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["citations"][0]["id"] == "c1"
