from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from quote_tui.batch.batchfile import load_batch
from quote_tui.batch.checked import checked_citation
from quote_tui.batch.jsonl import (
    JsonlBatch,
    ResumeState,
    load_jsonl_batch,
    read_report_lines,
    read_resume,
)
from quote_tui.batch.outcomes import CitationOutcome
from quote_tui.batch.pipeline import check_batch, run_plan, stream_batch
from quote_tui.batch.plan import SourceWork, WorkDone, plan
from quote_tui.batch.report import citation_line
from quote_tui.batch.runner import LocalRunner, check_source_sync, deliver
from quote_tui.batch.service import Service
from quote_tui.batch.sinks import MemorySink, Sink, assemble
from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec
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
    """The report of the pipeline's memory sink (what a JSON report is made from)."""
    return await check_batch(load_batch(batch_path), settings)


def _lines(path: Path) -> list[dict[str, Any]]:
    return list(read_report_lines(path))


def _assembled(lines: Iterable[dict[str, Any]], batch: Batch) -> dict[str, Any]:
    """A JSONL report's lines put together as the memory sink puts its entries."""
    head: dict[str, Any] = {}
    sources: list[dict[str, Any]] = []
    citations: list[dict[str, Any]] = []
    for line in lines:
        item = dict(line)
        kind = item.pop("type")
        if kind == "header":
            item.pop("format")
            head = item
        elif kind == "source":
            sources.append(item)
        elif kind == "citation":
            citations.append(item)
    return assemble(head, sources, citations, batch)


def main(args: list[str]) -> int:
    """The command (imported here, so the pipeline's tests run whatever the state of the CLI)."""
    from quote_tui.cli import main as cli_main

    return cli_main(args)


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


# -- the plan ------------------------------------------------------------------------------------


def _plan_batch() -> dict[str, Any]:
    """Ids used twice and three times, citations of a source the batch lacks and of none, a
    source no citation names."""
    return {
        "sources": [
            {"id": "a", "text": "Alpha says the sky is blue.", "shelf": 1},
            {"id": "b", "text": "Beta says the sea is grey."},
            {"id": "a", "text": "A second source a.", "title": "second a"},
            {"id": "c", "text": "Gamma is never cited."},
            {"id": "a", "text": "A third source a.", "title": "third a"},
            {"id": "d", "text": "Delta says the grass is green."},
        ],
        "citations": [
            {"id": "x1", "source": "a", "quote": "the sky is blue", "page": 4},
            {"id": "x2", "source": "b", "quote": "the sea is grey"},
            {"id": "x1", "source": "b", "quote": "a second x1"},
            {"id": "x3", "source": "ghost", "quote": "words of a source the batch lacks"},
            {"id": "x4", "source": None, "quote": "a quotation that names no source"},
            {"id": "x5", "source": "a", "quote": "Alpha says"},
            {"id": "x1", "source": "a", "quote": "a third x1"},
            {"id": "x6", "source": "d", "quote": "the grass is green"},
            {"id": "x7", "source": "ghost", "quote": "more words of the missing source"},
        ],
    }


def _planned(batch: Batch | JsonlBatch, resume: ResumeState | None = None) -> dict[str, Any]:
    """A plan as plain data: its counts, and each unit with everything it carries (the specs'
    extra fields too, which their equality leaves out)."""

    def spec(item: SourceSpec | CitationSpec | None) -> Any:
        return None if item is None else (item, item.extra)

    done = plan(batch, resume)
    work: list[Any] = []
    for item in done.work:
        if isinstance(item, WorkDone):
            lines = tuple(citation_line(record) for record in item.citations)
            work.append(("done", item.source, lines))
        else:
            cited = tuple(spec(c) for c in item.citations)
            source = spec(item.source)
            work.append(("work", source, cited, item.base_dir, item.write_source, item.snapshot))
    return {"sources": done.sources, "citations": done.citations, "work": work}


def _outline(planned: dict[str, Any]) -> list[tuple[Any, ...]]:
    """What each unit is about: a ready line's ids, or a source and its citations' ids."""
    out: list[tuple[Any, ...]] = []
    for unit in planned["work"]:
        if unit[0] == "done":
            source, lines = unit[1], unit[2]
            ident = (source["id"], source["title"]) if source else None
            out.append(("done", ident, tuple((c["id"], c["quote"]) for c in lines)))
        else:
            source = unit[1][0] if unit[1] else None
            out.append((source.id if source else None, tuple(c[0].id for c in unit[2]), unit[4]))
    return out


def test_a_batch_in_memory_and_in_jsonl_give_the_same_plan(tmp_path: Path) -> None:
    data = _plan_batch()
    (tmp_path / "batch.json").write_text(json.dumps(data), "utf-8")
    memory = load_batch(tmp_path / "batch.json")
    _write_jsonl(tmp_path / "sources.jsonl", data["sources"])
    _write_jsonl(tmp_path / "citations.jsonl", data["citations"])
    forms = (
        JsonlBatch.at(_write_jsonl(tmp_path / "typed.jsonl", _typed(data))),
        JsonlBatch.at(tmp_path),
    )

    whole = _planned(memory)
    for form in forms:
        assert _planned(form) == whole
    assert (whole["sources"], whole["citations"]) == (4, 9)
    assert _outline(whole) == [
        # the ready lines first: the later sources a, the later citations x1
        ("done", ("a", "second a"), ()),
        ("done", ("a", "third a"), ()),
        ("done", None, (("x1", "a second x1"),)),
        ("done", None, (("x1", "a third x1"),)),
        # then a unit per source in batch order, the first a's, and c with nothing to check
        ("a", ("x1", "x5"), True),
        ("b", ("x2",), True),
        ("c", (), True),
        ("d", ("x6",), True),
        # last the citations of a source the batch lacks, and of none
        (None, ("x3", "x7"), True),
        (None, ("x4",), True),
    ]
    first = whole["work"][4]
    assert first[1][1] == {"shelf": 1} and first[2][0][1] == {"page": 4}
    assert first[3] == tmp_path.resolve()
    assert whole["work"][2][2][0]["error"]["code"] == "duplicate_id"

    # a report that holds a's line and one of its duplicates, c, d and x6, x3, one duplicate x1
    resume = ResumeState(
        checked=frozenset({"x1", "x3", "x6"}),
        duplicates={"x1": 1},
        sources=frozenset({"a", "c", "d"}),
        duplicate_sources={"a": 1},
    )
    resumed = _planned(memory, resume)
    for form in forms:
        assert _planned(form, resume) == resumed
    assert (resumed["sources"], resumed["citations"]) == (2, 5)
    assert _outline(resumed) == [
        ("done", ("a", "third a"), ()),
        ("done", None, (("x1", "a third x1"),)),
        ("a", ("x5",), False),  # its line is in the report: only the citation left
        ("b", ("x2",), True),
        (None, ("x4",), True),  # x3 is in the report: ghost's group now starts at x7
        (None, ("x7",), True),
    ]


async def test_a_plan_resumed_from_a_real_report_is_the_same_for_both_forms(
    tmp_path: Path,
) -> None:
    data = _plan_batch()
    (tmp_path / "batch.json").write_text(json.dumps(data), "utf-8")
    memory = load_batch(tmp_path / "batch.json")
    jsonl = JsonlBatch.at(_write_jsonl(tmp_path / "typed.jsonl", _typed(data)))
    out = tmp_path / "report.jsonl"
    await stream_batch(jsonl, Settings(), out, in_flight=1)
    lines = out.read_text("utf-8").splitlines(keepends=True)
    assert len(lines) == 1 + 6 + 9 + 1  # header, sources (2 duplicates), citations, summary
    seen: list[tuple[int, int]] = []
    for cut in range(1, len(lines)):
        out.write_text("".join(lines[:cut]), "utf-8")
        state = read_resume(out)
        resumed = _planned(memory, state)
        assert _planned(jsonl, state) == resumed
        seen.append((resumed["sources"], resumed["citations"]))
    assert seen[0] == (4, 9) and seen[-1] == (0, 0)
    assert seen == sorted(seen, reverse=True)  # the more the report holds, the less is left


# -- output --------------------------------------------------------------------------------------


async def test_the_jsonl_sink_and_the_memory_sink_give_the_same_entries(tmp_path: Path) -> None:
    data = _small_batch(tmp_path)
    (tmp_path / "batch.json").write_text(json.dumps(data), "utf-8")
    typed = _write_jsonl(tmp_path / "batch.jsonl", _typed(data))
    batch = load_batch(tmp_path / "batch.json")
    out = tmp_path / "report.jsonl"

    result = await stream_batch(JsonlBatch.at(typed), Settings(), out)

    lines = _lines(out)
    assert lines[0]["type"] == "header" and lines[0]["format"] == "jsonl"
    assert lines[-1]["type"] == "summary"
    body = lines[1:-1]
    assert [line["type"] for line in body].count("citation") == 9
    assert [line["type"] for line in body].count("source") == 4  # the duplicate's error too
    assert lines[-1]["sources"] == result.sources == 4
    assert result.citations_this_run == 9 and result.failing == 7  # all but exact, normalized

    # the same plan and runner into the memory sink: the same lines, whatever their order
    memory = MemorySink()
    async with Service(Settings()) as service:
        await run_plan(plan(batch), memory, LocalRunner(service), Settings())

    def entries(kind: str, items: Iterable[dict[str, Any]]) -> list[str]:
        wrapped: dict[str, Any] = {"sources": [], "citations": []}
        for item in items:
            wrapped[f"{kind}s"].append({k: v for k, v in item.items() if k != "type"})
        return sorted(json.dumps(e, sort_keys=True) for e in _untimed(wrapped)[f"{kind}s"])

    for kind, kept in (("source", memory.sources), ("citation", memory.citations)):
        assert entries(kind, (line for line in body if line["type"] == kind)) == entries(kind, kept)

    # and the whole report: what check_batch returns is what the JSONL lines put together say
    plain = await _plain(tmp_path / "batch.json")
    assert lines[-1]["summary"] == plain["summary"] == result.summary
    assert _untimed(_assembled(lines, batch)) == _untimed(plain)
    assert [c["id"] for c in plain["citations"]] == [c["id"] for c in data["citations"]]
    assert [s["id"] for s in plain["sources"]] == [s["id"] for s in data["sources"]]
    assert plain["sources"][3]["error"]["code"] == "duplicate_id"
    assert plain["citations"][8]["error"]["code"] == "duplicate_id"
    assert plain["citations"][8]["note"] == "kept"

    # a batch in memory streams the same lines as the same batch in JSON Lines
    again = tmp_path / "again.jsonl"
    await stream_batch(batch, Settings(), again)
    assert _untimed(_assembled(_lines(again), batch)) == _untimed(plain)


async def test_resume_keeps_finished_lines_drops_a_torn_one_and_checks_the_rest(
    tmp_path: Path,
) -> None:
    data = _small_batch(tmp_path)
    (tmp_path / "batch.json").write_text(json.dumps(data), "utf-8")
    batch = JsonlBatch.at(_write_jsonl(tmp_path / "batch.jsonl", _typed(data)))
    out = tmp_path / "report.jsonl"
    await stream_batch(batch, Settings(), out)
    full = _lines(out)
    # an interrupted run: the header, the lines up to the 'file' source's and half a line
    cut = next(i for i, line in enumerate(full) if line.get("id") == "file") + 2
    kept = [json.dumps({**line}, ensure_ascii=False) + "\n" for line in full[:cut]]
    out.write_text("".join(kept) + '{"type": "citation", "id": "ne', "utf-8")
    state = read_resume(out)
    assert "file" in state.sources and len(state.checked) == sum(
        1 for line in full[:cut] if line["type"] == "citation" and not _dup(line)
    )

    await stream_batch(batch, Settings(), out, resume=True)

    lines = _lines(out)
    ids = [line["id"] for line in lines if line["type"] == "citation"]
    assert sorted(ids) == sorted(c["id"] for c in data["citations"])
    sources = [line["id"] for line in lines if line["type"] == "source"]
    assert sorted(sources) == sorted(s["id"] for s in data["sources"])
    assembled = _assembled(lines, load_batch(tmp_path / "batch.json"))
    assert _untimed(assembled) == _untimed(await _plain(tmp_path / "batch.json"))
    assert lines[-1]["summary"] == assembled["summary"]

    # resuming a finished report only rewrites its summary
    await stream_batch(batch, Settings(), out, resume=True)
    assert _lines(out) == lines


def _dup(line: dict[str, Any]) -> bool:
    return bool(line.get("error")) and line["error"]["code"] == "duplicate_id"


async def test_resume_refuses_a_report_of_other_settings_or_another_file(tmp_path: Path) -> None:
    data = _small_batch(tmp_path)
    batch = JsonlBatch.at(_write_jsonl(tmp_path / "batch.jsonl", _typed(data)))
    out = tmp_path / "report.jsonl"
    await stream_batch(batch, Settings(max_source_chars=1000), out)
    with pytest.raises(QuoteTuiError) as caught:
        await stream_batch(batch, Settings(), out, resume=True)
    assert caught.value.code == "bad_report" and caught.value.recovery == "fix_input"

    other = tmp_path / "notes.jsonl"
    other.write_text('{"hello": 1}\n{"type": "citation"}\n', "utf-8")
    with pytest.raises(QuoteTuiError, match="not a quote_tui JSONL report"):
        await stream_batch(batch, Settings(), other, resume=True)


async def test_a_ref_that_does_not_parse_costs_only_its_source(tmp_path: Path) -> None:
    """The scheduler asks each source's host; a URL no parser can split (an unclosed IPv6
    bracket) is for its reader to report, not a reason to stop the batch."""
    batch = Batch(
        (SourceSpec("bad", ref="https://[unclosed/page"), SourceSpec("t", text="Plain words.")),
        (CitationSpec("c1", "bad", "some words"), CitationSpec("c2", "t", "Plain words")),
    )
    report = await check_batch(batch)
    assert [c["status"] for c in report["citations"]] == ["unavailable", "exact"]
    assert report["sources"][0]["status"] == "unavailable"
    assert report["sources"][0]["error"]["code"] == "bad_ref"
    result = await stream_batch(batch, Settings(), tmp_path / "r.jsonl")
    assert result.summary["exact"] == 1 and result.summary["unavailable"] == 1


@pytest.mark.parametrize("road", ["stream_batch", "run_plan"])
async def test_sources_in_flight_are_bounded_overall_and_per_host(
    tmp_path: Path, road: str
) -> None:
    sources = [{"id": f"w{i}", "ref": f"https://one.example/{i}"} for i in range(6)]
    sources += [{"id": f"t{i}", "text": f"text number {i} here"} for i in range(6)]
    citations = [{"id": f"c{s['id']}", "source": s["id"], "quote": "number"} for s in sources]
    batch = JsonlBatch.at(
        _write_jsonl(tmp_path / "b.jsonl", _typed({"sources": sources, "citations": citations}))
    )
    running: list[str] = []
    peak = {"all": 0, "host": 0}

    async def runner(work: SourceWork, sink: Sink) -> None:
        assert work.source is not None
        running.append(work.source.id)
        peak["all"] = max(peak["all"], len(running))
        peak["host"] = max(peak["host"], sum(r.startswith("w") for r in running))
        await asyncio.sleep(0.01)
        running.remove(work.source.id)
        source = {"id": work.source.id, "status": "readable", "error": None}
        lines = tuple(checked_citation(CitationOutcome(c, "exact"), None) for c in work.citations)
        deliver(WorkDone(source, lines), sink)

    if road == "stream_batch":
        out = tmp_path / "r.jsonl"
        result = await stream_batch(batch, Settings(), out, runner=runner, in_flight=4)
        assert result.summary["exact"] == 12 and result.sources == 12
        delivered = [line["id"] for line in _lines(out) if line["type"] == "citation"]
    else:
        sink = MemorySink()
        await run_plan(plan(batch), sink, runner, Settings(), in_flight=4)
        assert len(sink.sources) == 12
        delivered = [entry["id"] for entry in sink.citations]
    assert sorted(delivered) == sorted(c["id"] for c in citations)
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
    assembled = _assembled(lines, load_batch(corpus_batch / "batch.json"))
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
            await stream_batch(batch, settings, out, runner=runner, in_flight=in_flight)

    asyncio.run(go())
    assembled = _assembled(read_report_lines(out), load_batch(tmp_path / "batch.json"))
    plain = asyncio.run(_plain(tmp_path / "batch.json", settings))
    assert _untimed(assembled) == _untimed(plain)
    assert len(plain["citations"]) > 40
    web = {c["id"]: c["status"] for c in plain["citations"] if c["source"] == "web"}
    assert web == {"web-exact": "exact", "web-near": "near"}


def test_the_front_door_checks_a_batch_on_dask_as_here(tmp_path: Path) -> None:
    """``api.check_batch(cluster=...)``: the Dask runner into the memory sink gives the report
    the local runner gives, duplicates and a ref that does not parse included."""
    pytest.importorskip("distributed", reason="the test extra installs Dask")
    from quote_tui import api

    data = _small_batch(tmp_path)
    data["sources"].append({"id": "bad", "ref": "https://[unclosed/page"})
    data["citations"].append({"id": "bad", "source": "bad", "quote": "some words"})
    (tmp_path / "b.json").write_text(json.dumps(data), "utf-8")
    batch = load_batch(tmp_path / "b.json")

    async def go() -> tuple[dict[str, Any], dict[str, Any]]:
        options = api.ClusterOptions(workers=1, processes=False)
        return await api.check_batch(batch, cluster=options), await api.check_batch(batch)

    on_dask, here = asyncio.run(go())
    assert _untimed(on_dask) == _untimed(here)
    assert [c["id"] for c in here["citations"]] == [c["id"] for c in data["citations"]]
    assert here["citations"][-1]["status"] == "unavailable"


def test_a_worker_reads_a_network_source_from_the_snapshot_it_is_sent(tmp_path: Path) -> None:
    import pickle

    from quote_tui.batch.batchfile import citation_spec
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
    done = pickle.loads(pickle.dumps(done))  # and what it sends back
    assert done.source is not None and done.source["status"] == "readable"
    assert done.source["retrieval"]["from_snapshot"] is True
    assert [citation_line(c)["status"] for c in done.citations] == ["exact"]
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
            await stream_batch(batch, Settings(), out, runner=runner, in_flight=in_flight)

    asyncio.run(go())
    lines = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    sources = {s["id"]: s for s in lines if s["type"] == "source"}
    assert sources["pasted"]["status"] == "unavailable"
    assert sources["pasted"]["error"]["code"] == "worker_lost"
    assert sources["file"]["status"] == "readable"
    citations = {c["id"]: c["status"] for c in lines if c["type"] == "citation"}
    assert citations["norm"] == "unavailable" and citations["near"] == "near"
    assert lines[-1]["type"] == "summary"
