from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from quote_tui.batch.batchfile import load_batch
from quote_tui.batch.report import build_report
from quote_tui.batch.service import Service
from quote_tui.batch.specs import Settings, SourceSpec
from quote_tui.batch.stream import (
    JsonlBatch,
    SourceWork,
    WorkDone,
    assemble_report,
    load_jsonl_batch,
    read_report_lines,
    read_resume,
    run_stream,
)
from quote_tui.cli import main
from quote_tui.engine.errors import BatchInputError, QuoteTuiError

TEXT = (
    "The committee found that the results were not significant at the 5% level.\n"
    "Further work is needed before any conclusion can be drawn.\n"
)

CORPUS_SOURCES = (
    "pdf/dmca-summary-1998.pdf",
    "pdf/ferrario-review-2021.pdf",
    "pdf/sainte-adele-pv-fr.pdf",
    "pdf/password-example.pdf",
    "pdf/empty-file.pdf",
    "text/bierce-devils-dictionary-pg972.txt",
    "text/entre-nous-pg44157-latin1.txt",
    "text/opensource-guide-how-to-contribute.md",
)


def _small_batch(folder: Path) -> dict[str, Any]:
    (folder / "paper.txt").write_text(TEXT, encoding="utf-8")
    return {
        "sources": [
            {"id": "file", "ref": "paper.txt"},
            {"id": "pasted", "text": TEXT, "title": "Pasted"},
            {"id": "missing", "ref": "nowhere.txt"},
            {"id": "pasted", "text": "a second source with a used id"},
        ],
        "citations": [
            {"id": "exact", "source": "file", "quote": "the results were not significant"},
            {"id": "norm", "source": "pasted", "quote": "Further  work is\nneeded"},
            {"id": "near", "source": "file", "quote": "the results were significant at the 5%"},
            {"id": "absent", "source": "file", "quote": "a different sentence about penguins"},
            {"id": "unavail", "source": "missing", "quote": "anything at all here"},
            {"id": "unknown", "source": "ghost", "quote": "some quoted words"},
            {"id": "empty", "source": "file", "quote": "   "},
            {"id": "unref", "source": None, "quote": "a quotation with no reference"},
            {"id": "exact", "source": "file", "quote": "duplicate id", "note": "kept"},
        ],
    }


def _write_jsonl(path: Path, items: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(i, ensure_ascii=False) + "\n" for i in items), "utf-8")
    return path


def _typed(batch: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": "source", **s} for s in batch["sources"]] + [
        {"type": "citation", **c} for c in batch["citations"]
    ]


def _untimed(report: dict[str, Any]) -> dict[str, Any]:
    """A report without what differs between two runs on the same input: when it was made,
    when each source was read, and whether it came from the snapshot store."""
    out = json.loads(json.dumps(report))
    out.pop("created", None)
    for source in out["sources"]:
        for key in ("retrieved_at", "from_snapshot"):
            (source.get("retrieval") or {}).pop(key, None)
    return out


async def _plain(batch_path: Path, settings: Settings | None = None) -> dict[str, Any]:
    async with Service(settings or Settings()) as service:
        return build_report(await service.check_batch(load_batch(batch_path)))


def _lines(path: Path) -> list[dict[str, Any]]:
    return list(read_report_lines(path))


# -- input ---------------------------------------------------------------------------------------


def test_jsonl_batches_in_all_three_forms_read_as_the_json_batch(tmp_path: Path) -> None:
    data = _small_batch(tmp_path)
    (tmp_path / "batch.json").write_text(json.dumps(data), "utf-8")
    expected = load_batch(tmp_path / "batch.json")

    typed = _write_jsonl(tmp_path / "batch.jsonl", _typed(data))
    _write_jsonl(tmp_path / "sources.jsonl", data["sources"])
    _write_jsonl(tmp_path / "citations.jsonl", data["citations"])
    forms = (
        JsonlBatch.at(typed),
        JsonlBatch.at(tmp_path),
        JsonlBatch.at(tmp_path / "citations.jsonl", sources=tmp_path / "sources.jsonl"),
    )
    for form in forms:
        got = load_jsonl_batch(form)
        assert got == expected
        # extras are echoed in the report, so the line's own 'type' must not become one
        assert [c.extra for c in got.citations] == [c.extra for c in expected.citations]


def test_a_malformed_line_names_its_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "batch.jsonl"
    path.write_text(
        '{"type": "source", "id": "s", "text": "words here"}\n\n{"type": "citation", "id": 3}\n',
        "utf-8",
    )
    with pytest.raises(BatchInputError) as caught:
        load_jsonl_batch(JsonlBatch.at(path))
    assert caught.value.code == "missing_field"
    assert f"{path}, line 3" in caught.value.message

    path.write_text('{"type": "quote", "id": "x"}\n', "utf-8")
    with pytest.raises(BatchInputError, match="line 1: 'type' must be"):
        load_jsonl_batch(JsonlBatch.at(path))


# -- output --------------------------------------------------------------------------------------


async def test_jsonl_report_says_what_the_json_report_says(tmp_path: Path) -> None:
    data = _small_batch(tmp_path)
    (tmp_path / "batch.json").write_text(json.dumps(data), "utf-8")
    typed = _write_jsonl(tmp_path / "batch.jsonl", _typed(data))
    out = tmp_path / "report.jsonl"

    result = await run_stream(JsonlBatch.at(typed), Settings(), out)

    lines = _lines(out)
    assert lines[0]["type"] == "header" and lines[0]["format"] == "jsonl"
    assert lines[-1]["type"] == "summary"
    assert [line["type"] for line in lines[1:-1]].count("citation") == 9
    plain = await _plain(tmp_path / "batch.json")
    assert lines[-1]["summary"] == plain["summary"] == result.summary
    assembled = assemble_report(iter(lines), load_batch(tmp_path / "batch.json"))
    assert _untimed(assembled) == _untimed(plain)


async def test_resume_keeps_finished_lines_drops_a_torn_one_and_checks_the_rest(
    tmp_path: Path,
) -> None:
    data = _small_batch(tmp_path)
    (tmp_path / "batch.json").write_text(json.dumps(data), "utf-8")
    batch = JsonlBatch.at(_write_jsonl(tmp_path / "batch.jsonl", _typed(data)))
    out = tmp_path / "report.jsonl"
    await run_stream(batch, Settings(), out)
    full = _lines(out)
    # an interrupted run: the header, the lines up to the 'file' source's and half a line
    cut = next(i for i, line in enumerate(full) if line.get("id") == "file") + 2
    kept = [json.dumps({**line}, ensure_ascii=False) + "\n" for line in full[:cut]]
    out.write_text("".join(kept) + '{"type": "citation", "id": "ne', "utf-8")
    state = read_resume(out)
    assert "file" in state.sources and len(state.checked) == sum(
        1 for line in full[:cut] if line["type"] == "citation" and not _dup(line)
    )

    await run_stream(batch, Settings(), out, resume=True)

    lines = _lines(out)
    ids = [line["id"] for line in lines if line["type"] == "citation"]
    assert sorted(ids) == sorted(c["id"] for c in data["citations"])
    sources = [line["id"] for line in lines if line["type"] == "source"]
    assert sorted(sources) == sorted(s["id"] for s in data["sources"])
    assembled = assemble_report(iter(lines), load_batch(tmp_path / "batch.json"))
    assert _untimed(assembled) == _untimed(await _plain(tmp_path / "batch.json"))
    assert lines[-1]["summary"] == assembled["summary"]

    # resuming a finished report only rewrites its summary
    await run_stream(batch, Settings(), out, resume=True)
    assert _lines(out) == lines


def _dup(line: dict[str, Any]) -> bool:
    return bool(line.get("error")) and line["error"]["code"] == "duplicate_id"


async def test_resume_refuses_a_report_of_other_settings_or_another_file(tmp_path: Path) -> None:
    data = _small_batch(tmp_path)
    batch = JsonlBatch.at(_write_jsonl(tmp_path / "batch.jsonl", _typed(data)))
    out = tmp_path / "report.jsonl"
    await run_stream(batch, Settings(max_source_chars=1000), out)
    with pytest.raises(QuoteTuiError) as caught:
        await run_stream(batch, Settings(), out, resume=True)
    assert caught.value.code == "bad_report" and caught.value.recovery == "fix_input"

    other = tmp_path / "notes.jsonl"
    other.write_text('{"hello": 1}\n{"type": "citation"}\n', "utf-8")
    with pytest.raises(QuoteTuiError, match="not a quote_tui JSONL report"):
        await run_stream(batch, Settings(), other, resume=True)


async def test_sources_in_flight_are_bounded_overall_and_per_host(tmp_path: Path) -> None:
    sources = [{"id": f"w{i}", "ref": f"https://one.example/{i}"} for i in range(6)]
    sources += [{"id": f"t{i}", "text": f"text number {i} here"} for i in range(6)]
    citations = [{"id": f"c{s['id']}", "source": s["id"], "quote": "number"} for s in sources]
    batch = JsonlBatch.at(
        _write_jsonl(tmp_path / "b.jsonl", _typed({"sources": sources, "citations": citations}))
    )
    running: list[str] = []
    peak = {"all": 0, "host": 0}

    async def runner(work: SourceWork) -> WorkDone:
        assert work.source is not None
        running.append(work.source.id)
        peak["all"] = max(peak["all"], len(running))
        peak["host"] = max(peak["host"], sum(r.startswith("w") for r in running))
        await asyncio.sleep(0.01)
        running.remove(work.source.id)
        return WorkDone(None, ())

    await run_stream(batch, Settings(), tmp_path / "r.jsonl", runner=runner, in_flight=4)
    assert peak == {"all": 4, "host": 2}


# -- the command: kill, resume, progress, cluster ----------------------------------------------


@pytest.fixture(scope="module")
def corpus_batch(corpus_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A batch over real PDFs and texts (``batch.json`` and ``batch.jsonl``) and its report
    from the plain single-process path (``plain.json``), made once for the tests below."""
    folder = tmp_path_factory.mktemp("corpus_batch")
    data = _corpus_batch(corpus_dir)
    (folder / "batch.json").write_text(json.dumps(data), "utf-8")
    _write_jsonl(folder / "batch.jsonl", _typed(data))
    plain = asyncio.run(_plain(folder / "batch.json"))
    (folder / "plain.json").write_text(json.dumps(plain), "utf-8")
    return folder


def _corpus_batch(corpus_dir: Path) -> dict[str, Any]:
    """Real PDFs and texts, with quotations taken from their checked text: exact ones, altered
    ones (near), absent ones, cited pages, and the batch's own mistakes."""

    async def texts() -> dict[str, str]:
        out: dict[str, str] = {}
        async with Service(Settings()) as service:
            for rel in CORPUS_SOURCES:
                got = await service.load_source(SourceSpec(rel, ref=str(corpus_dir / rel)))
                if got.loaded is not None:
                    out[rel] = got.loaded.prepared.text
        return out

    sources = [{"id": rel, "ref": str(corpus_dir / rel)} for rel in CORPUS_SOURCES]
    sources.append({"id": "pasted", "text": TEXT})
    citations: list[dict[str, Any]] = []
    for rel, text in asyncio.run(texts()).items():
        words = text.split()
        for k in range(8):
            at = (k * 7919) % max(1, len(words) - 12)
            quote = " ".join(words[at : at + 9])
            if k % 4 == 1:
                quote = quote.replace(words[at + 4], "penguin", 1)
            if k % 4 == 2:
                quote = "no such words appear anywhere in this particular source"
            citations.append({"id": f"{rel}#{k}", "source": rel, "quote": quote, "locator": "p. 2"})
    citations += [
        {"id": "unreadable", "source": "pdf/password-example.pdf", "quote": "some words here"},
        {"id": "pasted", "source": "pasted", "quote": "not significant at the 5% level"},
        {"id": "ghost", "source": "ghost", "quote": "some quoted words"},
        {"id": "pasted", "source": "pasted", "quote": "a duplicate id"},
    ]
    return {"sources": sources, "citations": citations}


def _cli(*args: str | Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "quote_tui.cli", *map(str, args)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


@pytest.mark.corpus
def test_a_killed_run_resumes_with_no_citation_lost_or_repeated(
    corpus_batch: Path, tmp_path: Path
) -> None:
    batch = corpus_batch / "batch.jsonl"
    data = json.loads((corpus_batch / "batch.json").read_text("utf-8"))
    out = tmp_path / "report.jsonl"

    # one source at a time, so the run lasts long enough to be cut in the middle
    proc = _cli("check", batch, "--format", "jsonl", "-o", out, "--jobs", "1")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if out.exists() and out.read_bytes().count(b'"type": "citation"') >= 10:
            break
        time.sleep(0.002)
    assert proc.poll() is None, "the run ended before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    assert proc.wait() == -signal.SIGKILL
    before = out.read_bytes()
    assert b'"type": "summary"' not in before
    done_before = len(read_resume(out).checked)
    assert 0 < done_before < len({c["id"] for c in data["citations"]})

    resumed = _cli("check", batch, "--resume", out)
    assert resumed.wait(timeout=120) == 0, resumed.stderr.read() if resumed.stderr else b""

    lines = _lines(out)
    assert out.read_bytes().startswith(before.rsplit(b"\n", 1)[0])  # the old lines are kept
    ids = [line["id"] for line in lines if line["type"] == "citation"]
    assert sorted(ids) == sorted(c["id"] for c in data["citations"])  # none lost, none twice
    assembled = assemble_report(iter(lines), load_batch(corpus_batch / "batch.json"))
    plain = json.loads((corpus_batch / "plain.json").read_text("utf-8"))
    assert _untimed(assembled) == _untimed(plain)
    statuses = {c["status"] for c in plain["citations"]}
    assert {"exact", "near", "not_found", "unavailable", "error"} <= statuses


def test_check_jsonl_from_the_command_line(tmp_path: Path) -> None:
    data = _small_batch(tmp_path)
    _write_jsonl(tmp_path / "sources.jsonl", data["sources"])
    _write_jsonl(tmp_path / "citations.jsonl", data["citations"])
    out = tmp_path / "r.jsonl"
    assert main(["check", str(tmp_path), "-o", str(out)]) == 0  # JSONL in, JSONL out
    assert _lines(out)[-1]["summary"]["citations"] == 9
    assert main(["check", str(tmp_path), "-o", str(out), "--strict"]) == 1
    # nothing left to check, but the report's earlier lines still fail --strict
    assert main(["check", str(tmp_path), "--resume", str(out), "--strict"]) == 1
    assert _lines(out)[-1]["summary"]["citations"] == 9
    assert main(["check", str(tmp_path), "-o", str(tmp_path / "r.json")]) == 0
    whole = json.loads((tmp_path / "r.json").read_text("utf-8"))
    assert [c["id"] for c in whole["citations"]] == [c["id"] for c in data["citations"]]
    assert main(["check", str(tmp_path), "--resume", str(out), "--format", "json"]) == 2


def test_progress_goes_to_a_terminal_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _small_batch(tmp_path)
    (tmp_path / "b.json").write_text(json.dumps(data), "utf-8")
    args = ("check", tmp_path / "b.json", "--format", "jsonl", "-o", tmp_path / "r.jsonl")
    assert main([str(a) for a in args]) == 0
    assert "\x1b[K" not in capsys.readouterr().err  # stderr is not a terminal here

    import pty

    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "quote_tui.cli", *map(str, args)],
        stdout=subprocess.DEVNULL,
        stderr=follower,
    )
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closes when the command exits
            break
        if not chunk:
            break
        shown += chunk
    assert proc.wait(timeout=60) == 0
    os.close(leader)
    assert b"\x1b[K" in shown
    assert b"citations 9/9" in shown and b"sources 3/3" in shown


def test_cluster_without_dask_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _small_batch(tmp_path)
    (tmp_path / "b.json").write_text(json.dumps(data), "utf-8")
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    out = tmp_path / "r.jsonl"
    assert main(["check", str(tmp_path / "b.json"), "--cluster", "dask", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "missing_extra" in err and "pip install 'quote-tui[cluster]'" in err
    assert not out.exists()


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (["--workers", "3"], "go with --cluster dask"),
        (["--scheduler", "tcp://127.0.0.1:1"], "go with --cluster dask"),
        (["--cluster", "dask", "--workers", "0"], "at least 1"),
        (["--cluster", "dask", "--workers", "2", "--scheduler", "tcp://x:1"], "its own workers"),
    ],
)
def test_cluster_options_are_never_silently_ignored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str], says: str
) -> None:
    (tmp_path / "b.json").write_text(json.dumps(_small_batch(tmp_path)), "utf-8")
    out = tmp_path / "r.json"
    assert main(["check", str(tmp_path / "b.json"), "-o", str(out), *options]) == 2
    assert says in capsys.readouterr().err
    assert not out.exists()


PAGE = b"""<!doctype html><html><head><title>Stored page</title></head><body><article>
<h1>Stored page</h1><p>The committee found that the results were not significant at the 5%
level, and that further work is needed before any conclusion can be drawn about the effect.</p>
<p>A second paragraph says something else entirely about the methods that were used.</p>
</article></body></html>"""
PAGE_URL = "https://stored.example/page"


def _stored_snapshot(store_path: Path) -> None:
    """A network source already in the snapshot store, as an earlier run left it."""
    from quote_tui.sources.readers.local import read_bytes
    from quote_tui.sources.records import RefKind
    from quote_tui.sources.store.snapshots import SnapshotStore

    loaded = read_bytes(
        PAGE,
        name="/page",
        content_type="text/html",
        ref=PAGE_URL,
        kind=RefKind.URL,
        location=PAGE_URL,
        url=PAGE_URL,
    )
    SnapshotStore(store_path).save(
        PAGE_URL, PAGE, loaded.retrieval, loaded.prepared, max_chars=5_000_000
    )


def _offline_settings(store_path: Path) -> Settings:
    from quote_tui.sources.net.settings import RemoteSettings

    return Settings(remote=RemoteSettings(offline=True, store_path=store_path))


@pytest.mark.corpus
def test_local_cluster_report_equals_the_single_process_report(
    corpus_batch: Path, tmp_path: Path
) -> None:
    pytest.importorskip("distributed", reason="the test extra installs Dask")
    from quote_tui.batch.cluster import ClusterOptions, dask_runner

    # the corpus batch plus a network source that only the client's snapshot store holds
    data = json.loads((corpus_batch / "batch.json").read_text("utf-8"))
    data["sources"].append({"id": "web", "ref": PAGE_URL})
    data["citations"] += [
        {"id": "web-exact", "source": "web", "quote": "further work is needed before any"},
        {"id": "web-near", "source": "web", "quote": "the results were significant at the 5%"},
    ]
    (tmp_path / "batch.json").write_text(json.dumps(data), "utf-8")
    batch = JsonlBatch.at(_write_jsonl(tmp_path / "batch.jsonl", _typed(data)))
    _stored_snapshot(tmp_path / "client.sqlite3")
    settings = _offline_settings(tmp_path / "client.sqlite3")
    out = tmp_path / "cluster.jsonl"

    async def go() -> None:
        # threads, not processes, to keep the test quick; the work still crosses Dask's
        # serialization (see the pickling test below)
        options = ClusterOptions(workers=2, processes=False)
        async with dask_runner(settings, options) as (runner, in_flight):
            await run_stream(batch, settings, out, runner=runner, in_flight=in_flight)

    asyncio.run(go())
    assembled = assemble_report(read_report_lines(out), load_batch(tmp_path / "batch.json"))
    plain = asyncio.run(_plain(tmp_path / "batch.json", settings))
    assert _untimed(assembled) == _untimed(plain)
    assert len(plain["citations"]) > 40
    web = {c["id"]: c["status"] for c in plain["citations"] if c["source"] == "web"}
    assert web == {"web-exact": "exact", "web-near": "near"}


def test_a_worker_reads_a_network_source_from_the_snapshot_it_is_sent(tmp_path: Path) -> None:
    import pickle

    from quote_tui.batch.batchfile import citation_spec
    from quote_tui.batch.stream import check_source_sync
    from quote_tui.sources.store.snapshots import SnapshotStore

    _stored_snapshot(tmp_path / "client.sqlite3")
    snapshot = SnapshotStore(tmp_path / "client.sqlite3").latest(PAGE_URL)
    work = SourceWork(
        SourceSpec("web", ref=PAGE_URL),
        (
            citation_spec(
                {"id": "c", "source": "web", "quote": "A second paragraph says something"}
            ),
        ),
        snapshot=snapshot,
    )
    # what a worker process receives: the work pickled, and no store of its own
    sent = pickle.loads(pickle.dumps(work))
    done = check_source_sync(sent, _offline_settings(tmp_path / "worker-has-none.sqlite3"))
    assert done.source is not None and done.source["status"] == "readable"
    assert done.source["retrieval"]["from_snapshot"] is True
    assert [c["status"] for c in done.citations] == ["exact"]
    assert not (tmp_path / "worker-has-none.sqlite3").exists()


def test_a_source_that_kills_its_workers_costs_only_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    distributed = pytest.importorskip("distributed", reason="the test extra installs Dask")
    from types import SimpleNamespace

    import quote_tui.batch.cluster as cluster
    from quote_tui.batch.cluster import ClusterOptions, dask_runner

    real = cluster.check_source_sync

    def dies_on_pasted(work, settings):  # type: ignore[no-untyped-def]
        # what the client sees once Dask has retried a task whose every worker died
        if work.source is not None and work.source.id == "pasted":
            gone = SimpleNamespace(address="tcp://192.0.2.9:1")
            raise distributed.KilledWorker("check-pasted", gone, 3)
        return real(work, settings)

    monkeypatch.setattr(cluster, "check_source_sync", dies_on_pasted)
    batch = JsonlBatch.at(_write_jsonl(tmp_path / "b.jsonl", _typed(_small_batch(tmp_path))))
    out = tmp_path / "r.jsonl"

    async def go() -> None:
        options = ClusterOptions(workers=1, processes=False)
        async with dask_runner(Settings(), options) as (runner, in_flight):
            await run_stream(batch, Settings(), out, runner=runner, in_flight=in_flight)

    asyncio.run(go())
    lines = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    sources = {s["id"]: s for s in lines if s["type"] == "source"}
    assert sources["pasted"]["status"] == "unavailable"
    assert sources["pasted"]["error"]["code"] == "worker_lost"
    assert sources["file"]["status"] == "readable"
    citations = {c["id"]: c["status"] for c in lines if c["type"] == "citation"}
    assert citations["norm"] == "unavailable" and citations["near"] == "near"
    assert lines[-1]["type"] == "summary"
