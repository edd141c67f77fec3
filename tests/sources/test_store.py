"""The snapshot store: round trips, listing, pruning, two writers, and a writer killed mid-write."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from quote_tui.engine.text import PreparedText
from quote_tui.sources.records import Redirect, RefKind, Representation, Retrieval
from quote_tui.sources.refs import parse_ref
from quote_tui.sources.store.snapshots import (
    SnapshotStore,
    ref_key,
    retrieval_from_json,
    retrieval_to_json,
)

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def _retrieval(ref: str, sha: str, when: str = "2024-05-01T10:00:00Z") -> Retrieval:
    return Retrieval(
        ref=ref,
        kind=RefKind.URL,
        representation=Representation.PDF_TEXT_LAYER,
        content_sha256=sha,
        title="A title",
        retrieved_at=when,
        final_url=ref,
        redirects=(Redirect("http://a.example/", 301),),
        http_status=200,
        metadata=(("citation_author", "A"), ("citation_author", "B")),
    )


def test_retrieval_json_round_trip_keeps_repeated_metadata() -> None:
    r = _retrieval("https://x.example/", "ab" * 32)
    assert retrieval_from_json(retrieval_to_json(r)) == r


def test_ref_keys() -> None:
    assert ref_key(parse_ref("https://x.example/a?b=1#c")) == "https://x.example/a?b=1"
    assert ref_key(parse_ref("doi:10.1000/XYZ")) == "doi:10.1000/xyz"
    assert ref_key(parse_ref("pmid:0042")) == "pmid:42"


def test_save_get_latest_list_and_prune(tmp_path: Path) -> None:
    store = SnapshotStore(tmp_path / "deep" / "s.sqlite3")
    prepared = PreparedText(
        "page one\npage two",
        page_starts=(0, 9),
        page_labels=("i", "ii"),
        line_boxes=((0, 8, 1, 1.0, 2.0, 3.0, 4.0), (9, 17, 2, 1.0, 2.0, 3.0, 4.0)),
        truncated=True,
    )
    first = store.save("u1", b"%PDF-raw", _retrieval("u1", "a" * 64), prepared, max_chars=100)
    same = store.save(
        "u1",
        b"%PDF-raw",
        _retrieval("u1", "a" * 64, "2024-05-02T10:00:00Z"),
        prepared,
        max_chars=100,
    )
    assert same == first  # unchanged content keeps its row; only the time moves
    newer = store.save(
        "u1",
        b"other",
        _retrieval("u1", "b" * 64, "2024-06-01T10:00:00Z"),
        PreparedText("new"),
        max_chars=100,
    )
    store.save(
        "u2",
        b"x",
        _retrieval("u2", "c" * 64, "2023-01-01T00:00:00Z"),
        PreparedText("x"),
        max_chars=100,
    )
    snap = store.get(first)
    assert snap is not None
    assert snap.raw == b"%PDF-raw"
    rebuilt = snap.prepared()
    assert rebuilt.text == prepared.text and rebuilt.sha256 == prepared.sha256
    assert rebuilt.page_starts == (0, 9) and rebuilt.page_labels == ("i", "ii")
    assert rebuilt.line_boxes == prepared.line_boxes and rebuilt.truncated
    assert snap.info.retrieved_at == "2024-05-02T10:00:00Z"
    latest = store.latest("u1")
    assert latest is not None and latest.info.id == newer
    assert [i.ref for i in store.list_snapshots()] == ["u1", "u1", "u2"]
    assert len(store.list_snapshots(ref="u2")) == 1
    assert store.list_snapshots()[0].to_dict()["checked_text_sha256"] == PreparedText("new").sha256
    now = datetime(2024, 7, 1, tzinfo=UTC)
    assert store.prune(older_than=timedelta(days=365), now=now) == 1  # u2
    assert store.prune(older_than=datetime(2024, 5, 15, tzinfo=UTC), ref="u1") == 1
    assert [i.id for i in store.list_snapshots()] == [newer]
    assert store.prune(ref="u1") == 1
    assert store.list_snapshots() == []
    assert store.get(first) is None and store.latest("u1") is None
    with pytest.raises(ValueError):
        store.prune()


_WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from quote_tui.engine.text import PreparedText
    from quote_tui.sources.records import RefKind, Representation, Retrieval
    from quote_tui.sources.store.snapshots import SnapshotStore

    store = SnapshotStore(Path(sys.argv[1]))
    name, count = sys.argv[2], int(sys.argv[3])
    blob = b"z" * 200_000
    print("ready", flush=True)
    for i in range(count):
        sha = f"{name}{i:08d}".ljust(64, "0")
        r = Retrieval(ref=name, kind=RefKind.URL, representation=Representation.PLAIN_TEXT,
                      content_sha256=sha, retrieved_at=f"2024-01-01T00:00:{i % 60:02d}Z")
        store.save(name, blob + str(i).encode(), r, PreparedText(f"text {i} " * 500),
                   max_chars=10**6)
    print("done", flush=True)
    """
)


def _writer(db: Path, name: str, count: int) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
    return subprocess.Popen(
        [sys.executable, "-c", _WRITER, str(db), name, str(count)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_two_processes_writing_at_once_do_not_corrupt_the_store(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    writers = [_writer(db, name, 40) for name in ("alpha", "beta")]
    for w in writers:
        out, _ = w.communicate(timeout=60)
        assert w.returncode == 0 and "done" in out
    store = SnapshotStore(db)
    assert store.integrity_ok()
    assert len(store.list_snapshots(ref="alpha")) == 40
    assert len(store.list_snapshots(ref="beta")) == 40


def test_a_writer_killed_mid_write_leaves_a_readable_store(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    writer = _writer(db, "gamma", 100_000)
    assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
    deadline = time.monotonic() + 20
    store = SnapshotStore(db)
    while time.monotonic() < deadline and len(store.list_snapshots()) < 5:
        time.sleep(0.05)
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=10)
    assert writer.returncode == -signal.SIGKILL
    assert store.integrity_ok()
    listed = store.list_snapshots()
    assert len(listed) >= 5
    for info in listed[:3]:
        snap = store.get(info.id)
        assert snap is not None and snap.text.startswith("text ")
    # and it still takes writes
    store.save("after", b"x", _retrieval("after", "d" * 64), PreparedText("x"), max_chars=10)
    assert store.latest("after") is not None


def test_snapshots_cli_list_show_prune(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from quote_tui.cli import main

    db = tmp_path / "s.sqlite3"
    store = SnapshotStore(db)
    key = "doi:10.1000/xyz"
    store.save(key, b"raw", _retrieval(key, "e" * 64), PreparedText("the text"), max_chars=10)

    def run(action: str, *args: str) -> tuple[int, object]:
        code = main(["snapshots", action, *args, "--store", str(db)])
        out = capsys.readouterr().out
        return code, json.loads(out) if out else None

    code, listed = run("list")
    assert code == 0 and [i["ref"] for i in listed] == [key]  # type: ignore[union-attr]
    code, shown = run("show", "DOI:10.1000/XYZ")
    assert code == 0 and shown["text"] == "the text"  # type: ignore[index]
    assert run("show", "doi:10.1/none")[0] == 1
    assert run("prune")[0] == 2
    code, pruned = run("prune", "https://doi.org/10.1000/xyz")
    assert code == 0 and pruned == {"removed": 1}
