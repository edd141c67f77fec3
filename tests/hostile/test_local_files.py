"""Local reads are bounded as network reads are: only regular files, a size cap, a deadline.

A FIFO once wedged every later read (its ``open`` blocked the loop's few executor threads), and
``/dev/zero`` or a huge sparse file was read on past its budget into gigabytes of memory.
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from quote_tui.batch.specs import SourceSpec
from quote_tui.engine.errors import SourceError
from quote_tui.sources.load import Loader, ReadSettings
from quote_tui.sources.readers.files import read_file_bytes, regular_file_head
from quote_tui.sources.readers.local import read_path

posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")


@posix_only
def test_a_fifo_is_not_a_file_and_reading_it_never_blocks(tmp_path: Path) -> None:
    fifo = tmp_path / "f.txt"
    os.mkfifo(fifo)
    start = time.monotonic()
    with pytest.raises(SourceError) as caught:
        read_path(fifo)
    assert caught.value.code == "not_a_file"
    assert "FIFO" in caught.value.message and caught.value.recovery == "fix_input"
    assert regular_file_head(fifo) is None
    assert time.monotonic() - start < 2


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_is_not_a_file() -> None:
    with pytest.raises(SourceError) as caught:
        read_path("/dev/zero")
    assert caught.value.code == "not_a_file"
    assert "character device" in caught.value.message


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="needs Unix sockets")
def test_a_socket_is_not_a_file(tmp_path: Path) -> None:
    path = tmp_path / "s.txt"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        with pytest.raises(SourceError) as caught:
            read_path(path)
    assert caught.value.code == "not_a_file"


def test_a_file_over_the_size_cap_is_refused_before_it_is_read(tmp_path: Path) -> None:
    sparse = tmp_path / "huge.txt"
    with open(sparse, "wb") as f:
        f.truncate(6 * 1024**3)  # sparse: no disk used, and never read
    start = time.monotonic()
    with pytest.raises(SourceError) as caught:
        read_path(sparse, max_bytes=1024)
    assert caught.value.code == "too_large"
    assert caught.value.details == {"bytes": 6 * 1024**3, "max_bytes": 1024}
    assert "--max-file-bytes" in caught.value.message
    assert time.monotonic() - start < 1
    small = tmp_path / "small.txt"
    small.write_bytes(b"x" * 1024)
    assert read_file_bytes(small, max_bytes=1024) == b"x" * 1024
    with pytest.raises(SourceError):
        read_file_bytes(small, max_bytes=1023)


def test_a_read_stops_at_its_deadline(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"words " * 1_000_000)
    with pytest.raises(SourceError) as caught:
        read_file_bytes(path, deadline=time.monotonic() - 1)
    assert caught.value.code == "timeout"
    assert read_file_bytes(path, deadline=time.monotonic() + 60) == path.read_bytes()


@posix_only
async def test_fifos_do_not_starve_later_reads(tmp_path: Path) -> None:
    """Ten FIFO reads, more than the loop's executor has threads, then a real file."""
    for i in range(10):
        os.mkfifo(tmp_path / f"f{i}.txt")
    (tmp_path / "a.txt").write_text("A local text that is read.", encoding="utf-8")
    settings = ReadSettings(read_timeout=5, isolate_readers=True)
    start = time.monotonic()
    async with Loader(settings) as loader:
        for i in range(10):
            with pytest.raises(SourceError) as caught:
                await loader.load(SourceSpec(f"f{i}", ref=f"f{i}.txt"), base_dir=tmp_path)
            assert caught.value.code == "not_a_file"
        loaded = await asyncio.wait_for(
            loader.load(SourceSpec("a", ref="a.txt"), base_dir=tmp_path), 5
        )
    assert loaded.text.startswith("A local text")
    assert time.monotonic() - start < 5


async def test_the_loader_applies_the_size_cap(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_bytes(b"<html><body><p>" + b"word " * 400 + b"</p></body></html>")
    (tmp_path / "a.txt").write_bytes(b"word " * 400)
    async with Loader(ReadSettings(max_file_bytes=100)) as loader:
        for name in ("a.html", "a.txt"):  # in a reader child and in this process
            with pytest.raises(SourceError) as caught:
                await loader.load(SourceSpec("a", ref=name), base_dir=tmp_path)
            assert caught.value.code == "too_large"


@posix_only
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_the_cli_writes_its_report_beside_a_fifo_and_dev_zero(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "f.txt")
    (tmp_path / "a.txt").write_text("The quick brown fox jumps over the lazy dog.")
    batch = {
        "sources": [
            {"id": "f", "ref": "f.txt"},
            {"id": "z", "ref": "/dev/zero"},
            {"id": "a", "ref": "a.txt"},
            {"id": "t", "text": "A supplied text beside them."},
        ],
        "citations": [
            {"id": "c1", "source": "f", "quote": "quick brown fox"},
            {"id": "c2", "source": "z", "quote": "quick brown fox"},
            {"id": "c3", "source": "a", "quote": "quick brown fox"},
            {"id": "c4", "source": "t", "quote": "a supplied text"},
        ],
    }
    (tmp_path / "b.json").write_text(json.dumps(batch))
    code = (
        "import resource, sys\n"
        "from quote_tui.cli import main\n"
        "try:\n"
        "    main(sys.argv[1:])\n"
        "finally:\n"
        "    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
    )
    start = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-c", code, "check", "b.json", "--read-timeout", "10", "-o", "r.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert time.monotonic() - start < 10, proc.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    codes = {s["id"]: (s["status"], (s.get("error") or {}).get("code")) for s in report["sources"]}
    assert codes["f"] == codes["z"] == ("unavailable", "not_a_file")
    assert codes["a"][1] is None and codes["t"][1] is None
    peak_kib = int(proc.stderr.strip().splitlines()[-1])
    assert peak_kib < 1024 * 1024 or resource.getpagesize() == 0
