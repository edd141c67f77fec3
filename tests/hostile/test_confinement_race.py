"""A folder swapped for a symlink between the root check and the open never leads out of ``--root``.

The check resolved the path and the read opened it again by name, following links: with a
thread swapping a checked folder for a link, 555 of 5,000 ``/v1/read`` requests once returned a
file from outside the root. Now the open follows no link beneath the root.
"""

from __future__ import annotations

import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from quote_tui.sources.readers import beneath
from quote_tui.sources.readers.beneath import EscapeError, open_beneath

REQUESTS = 5_000
SECONDS = 15.0
"""The test stops at whichever comes first; on a busy shared machine a request takes ~10 ms, so
scripts/probe.py makes the full 5,000 with no time limit."""
SECRET = "the password is swordfish"


def swap_until(
    stop: threading.Event, root: Path, outside: Path, done: list[int] | None = None
) -> int:
    """Swap ``root/sub`` between a real folder and a link to ``outside`` until told to stop;
    ``done`` (when given) holds the swaps so far, for a caller that waits for enough of them."""
    sub, held = root / "sub", root / ".held"
    swaps = 0
    done = [0] if done is None else done
    while not stop.is_set():
        os.rename(sub, held)
        os.symlink(outside, sub)
        time.sleep(0.0005)
        os.unlink(sub)
        os.rename(held, sub)
        swaps += 1
        done[0] = swaps
        time.sleep(0.0005)
    return swaps


def make_folders(tmp_path: Path) -> tuple[Path, Path]:
    root, outside = tmp_path / "root", tmp_path / "outside"
    (root / "sub").mkdir(parents=True)
    outside.mkdir()
    (root / "sub" / "f.txt").write_text("inside the root\n", encoding="utf-8")
    (outside / "f.txt").write_text(SECRET + "\n", encoding="utf-8")
    return root, outside


def test_raced_reads_over_http_return_nothing_from_outside(start_server, tmp_path: Path) -> None:
    root, outside = make_folders(tmp_path)
    server = start_server(root=root, max_waiting=1024, max_concurrent=8)
    stop = threading.Event()
    swapper = ThreadPoolExecutor(1).submit(swap_until, stop, root, outside)
    codes: dict[str, int] = {}
    leaked = 0
    started = time.monotonic()

    def read_many(count: int) -> list[dict]:
        with httpx.Client(timeout=30) as client:
            got = []
            # SECONDS of reads, or on a loaded machine longer until each reader has its quarter
            # of the 500 the check below asks for (90 s at most)
            while len(got) < count and (
                (elapsed := time.monotonic() - started) < SECONDS or len(got) < 125
            ):
                if elapsed > 90:
                    break
                got.append(client.post(server.url("/v1/read"), json={"ref": "sub/f.txt"}).json())
            return got

    try:
        with ThreadPoolExecutor(4) as pool:
            answers = [a for part in pool.map(read_many, [REQUESTS // 4] * 4) for a in part]
    finally:
        stop.set()
    swaps = swapper.result(10)
    for answer in answers:
        if answer.get("text") and SECRET in answer["text"]:
            leaked += 1
        error = (answer.get("source") or {}).get("error")
        key = error["code"] if error else "read"
        codes[key] = codes.get(key, 0) + 1
    assert len(answers) >= 500 and swaps > 100, (len(answers), swaps, codes)
    assert "internal_error" not in codes, codes
    assert leaked == 0, codes
    assert codes.get("read", 0) > 0, codes  # the race was real: some reads got through inside


@pytest.mark.parametrize("way", ["openat2", "walk"])
def test_a_link_anywhere_on_the_way_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, way: str
) -> None:
    if way == "walk":
        # a kernel without openat2 (or a sandbox refusing it): one O_NOFOLLOW open per component
        monkeypatch.setattr(beneath, "_openat2", lambda: None)
    elif beneath._openat2() is None:
        pytest.skip("this kernel has no openat2")
    root, outside = make_folders(tmp_path)
    (root / "sub" / "inner").symlink_to(outside)
    (root / "via").symlink_to(outside)
    fd = open_beneath(root, Path("sub/f.txt"), os.O_RDONLY)
    os.close(fd)
    for relative in ("via/f.txt", "sub/inner/f.txt", "../outside/f.txt", "/etc/hostname"):
        with pytest.raises(EscapeError):
            os.close(open_beneath(root, Path(relative), os.O_RDONLY))


@pytest.mark.parametrize("way", ["openat2", "walk"])
def test_raced_opens_never_escape(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, way: str
) -> None:
    """The loader's two steps (resolve and compare, then open beneath) under a swapping thread,
    without the server: each way of opening, for 3 s and at least 100 swaps (a loaded machine
    gives the swapping thread fewer turns in 3 s; 60 s at most)."""
    if way == "walk":
        monkeypatch.setattr(beneath, "_openat2", lambda: None)
    elif beneath._openat2() is None:
        pytest.skip("this kernel has no openat2")
    root, outside = make_folders(tmp_path)
    real_root = root.resolve()
    stop = threading.Event()
    swaps = [0]
    swapper = ThreadPoolExecutor(1).submit(swap_until, stop, root, outside, swaps)
    opened = leaked = 0
    start = time.monotonic()
    try:
        while (time.monotonic() < start + 3 or swaps[0] <= 100) and time.monotonic() < start + 60:
            try:
                real = (root / "sub" / "f.txt").resolve()
                if not real.is_relative_to(real_root):
                    continue  # the check itself saw the link
                fd = open_beneath(real_root, real.relative_to(real_root), os.O_RDONLY)
            except OSError:
                continue  # swapped between the check and the open: refused, never followed
            with os.fdopen(fd, "rb") as handle:
                leaked += SECRET.encode() in handle.read()
            opened += 1
    finally:
        stop.set()
    assert swapper.result(10) > 100
    assert opened > 0 and leaked == 0, (opened, leaked)
