"""The pipeline's waits: settled on the spot in a run without an event loop, in asyncio's loop
once a step says it needs one, with the same outcomes either way."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from quote_tui import _waits, api
from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec


def _has_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def test_local_work_runs_without_a_loop_in_a_daemon_thread() -> None:
    async def work() -> tuple[bool, bool, int]:
        answer = await _waits.in_thread(lambda: threading.current_thread().daemon, 5.0)
        later = _waits.begin(lambda: 40 + 2)
        return _has_loop(), answer, await later

    assert _waits.run(work) == (False, True, 42)


def test_a_run_starts_once_and_a_step_needing_a_loop_stops_one_planned_without() -> None:
    starts: list[bool] = []

    async def work() -> bool:
        starts.append(_has_loop())
        _waits.need_loop()
        return _has_loop()

    with pytest.raises(_waits.LoopNeeded):
        _waits.run(work)
    assert starts == [False]  # never started again
    assert _waits.run(work, on_the_spot=False) is True
    assert starts == [False, True]


def test_what_runs_without_a_loop_is_planned_from_the_batch(tmp_path: Path) -> None:
    local = SourceSpec("s", ref=str(tmp_path / "t.txt"))
    page = SourceSpec("p", ref=str(tmp_path / "page.html"))
    quote = CitationSpec("c", "s", "words")
    assert api.runs_without_loop(Batch((local,), (quote,)))
    assert api.runs_without_loop(Batch((SourceSpec("t", text="words"),), (quote,)))
    assert api.runs_without_loop(None) and api.runs_without_loop(str(tmp_path / "t.txt"))
    assert not api.runs_without_loop(Batch((local, page), (quote,)))  # several sources
    assert not api.runs_without_loop("https://example.org/a")
    assert not api.runs_without_loop("doi:10.1000/x")
    assert api.runs_without_loop(Batch((page,), (quote,)))  # rendering is off by default
    rendered = api.Settings(remote=api.network_settings(render="auto"))
    assert not api.runs_without_loop(Batch((page,), (quote,)), settings=rendered)
    own = SourceSpec("p", ref=page.ref, extra={"render": "always"})
    assert not api.runs_without_loop(Batch((own,), (quote,)))
    cluster = api.ClusterOptions(scheduler=None, workers=1)
    assert not api.runs_without_loop(Batch((local,), (quote,)), cluster=cluster)


def test_past_its_wait_the_work_is_abandoned_on_the_spot_and_in_the_loop() -> None:
    release = threading.Event()
    abandoned: list[str] = []

    async def work(where: str) -> None:
        await _waits.in_thread(lambda: release.wait(5.0), 0.05, lambda: abandoned.append(where))

    with pytest.raises(TimeoutError):
        _waits.run(lambda: work("spot"))
    with pytest.raises(TimeoutError):
        asyncio.run(work("loop"))
    release.set()
    assert abandoned == ["spot", "loop"]


def test_a_quotation_checked_without_a_loop_is_reported_as_in_one(tmp_path: Path) -> None:
    text = tmp_path / "t.txt"
    text.write_text("It is a truth universally acknowledged, that a single man.\n")
    batch = Batch(
        (SourceSpec("s", ref=str(text)),),
        (
            CitationSpec("exact", "s", "a truth universally acknowledged"),
            CitationSpec("normalized", "s", "a truth\nuniversally  acknowledged"),
            CitationSpec("near", "s", "a truth universaly acknowledged, that a single men"),
            CitationSpec("absent", "s", "nothing of the kind is written in this file"),
        ),
        base_dir=tmp_path,
    )
    gone = Batch(
        (SourceSpec("u", ref=str(tmp_path / "none.txt")),),
        (CitationSpec("unavailable", "u", "a truth"),),
        base_dir=tmp_path,
    )
    statuses = []
    for one in (batch, gone):
        assert api.runs_without_loop(one)
        spot = api.run(lambda one=one: api.check_batch(one, settings=Settings()), without_loop=True)
        loop = asyncio.run(api.check_batch(one, settings=Settings()))
        for report in (spot, loop):
            report.pop("created")
        assert spot == loop
        statuses += [c["status"] for c in spot["citations"]]
    assert statuses == ["exact", "normalized", "near", "not_found", "unavailable"]


def test_a_wait_the_work_grew_goes_on_until_it_too_has_passed() -> None:
    # a scan's OCR grows its read's budget once it knows its pages: the loader's wait asks
    # ``more`` when its own has passed, on the spot and in the loop alike
    asked: list[str] = []

    async def work(where: str, grown: list[float]) -> str:
        def more() -> float:
            asked.append(where)
            return grown.pop() if grown else 0.0

        return await _waits.in_thread(
            lambda: (threading.Event().wait(0.3), where)[1], 0.05, more=more
        )

    assert _waits.run(lambda: work("spot", [1.0])) == "spot"
    assert asyncio.run(work("loop", [1.0])) == "loop"
    assert asked == ["spot", "loop"]
    with pytest.raises(TimeoutError):  # nothing more given: past the wait, as before
        _waits.run(lambda: work("spot", []))
    with pytest.raises(TimeoutError):
        asyncio.run(work("loop", [0.05]))
