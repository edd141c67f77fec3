"""One typed record per checked citation, from the runner through the last stages to the sink."""

from __future__ import annotations

import dataclasses
import json
import pickle
from pathlib import Path
from typing import Any

import pytest

from quote_tui.batch.batchfile import load_batch
from quote_tui.batch.checked import CheckedCitation, outcome_of_record
from quote_tui.batch.outcome import outcome_of
from quote_tui.batch.pipeline import run_plan
from quote_tui.batch.plan import plan
from quote_tui.batch.report import citation_line
from quote_tui.batch.runner import LocalRunner
from quote_tui.batch.service import Service
from quote_tui.batch.sinks import MemorySink, assemble
from quote_tui.batch.specs import Settings

_A = (
    "The committee said that the vaccine was not effective in older patients, and that further "
    "trials were needed before any approval."
)
_B = "In the second report, the authors wrote that further trials were needed before approval."


def _batch() -> dict[str, Any]:
    return {
        "sources": [
            {"id": "a", "text": _A},
            {"id": "b", "text": _B},
            {"id": "a", "text": "the same id again"},
        ],
        "citations": [
            # not in b, but in a: found elsewhere
            {"id": "c1", "source": "b", "quote": "the vaccine was not effective in older patients"},
            # claims: one that holds, one that does not, one a page of an unpaged text, one bad
            {
                "id": "c2",
                "source": "a",
                "quote": "the vaccine was not",
                "claimed": {"start": 24, "end": 43},
            },
            {
                "id": "c3",
                "source": "a",
                "quote": "further trials",
                "claimed": {"start": 0, "end": 10},
            },
            {"id": "c4", "source": "b", "quote": "the authors wrote", "claimed": {"pages": [1, 1]}},
            {"id": "c5", "source": "a", "quote": "the vaccine was effective", "claimed": "p. 3"},
            # a batch's own fields of the same names stay where the batch put them
            {"id": "c6", "source": "a", "quote": "not in any text", "found_in": [{"x": 1}]},
            {"id": "c1", "source": "a", "quote": "an id used twice"},
            {"id": "c7", "source": "zz", "quote": "a source the batch lacks"},
        ],
    }


class _Recording:
    """A sink that keeps what reaches it, and hands it on to a memory sink."""

    reorders = True

    def __init__(self) -> None:
        self.memory = MemorySink()
        self.records: list[Any] = []

    def source(self, entry: dict[str, Any]) -> None:
        self.memory.source(entry)

    def citation(self, record: CheckedCitation) -> None:
        self.records.append(record)
        self.memory.citation(record)

    def flush(self) -> None:
        pass


async def _run(tmp_path: Path) -> tuple[_Recording, Any]:
    path = tmp_path / "batch.json"
    path.write_text(json.dumps(_batch()), "utf-8")
    batch = load_batch(path)
    sink = _Recording()
    settings = Settings()
    async with Service(settings) as service:
        await run_plan(plan(batch), sink, LocalRunner(service), settings)
    return sink, batch


async def test_the_sink_gets_one_frozen_record_per_citation_with_every_stage_on_it(
    tmp_path: Path,
) -> None:
    sink, batch = await _run(tmp_path)
    assert all(isinstance(r, CheckedCitation) for r in sink.records)
    assert len(sink.records) == len(batch.citations)
    records = {r.spec.id: r for r in sink.records if r.status != "error"}
    with pytest.raises(dataclasses.FrozenInstanceError):
        records["c1"].found_in = ()  # type: ignore[misc]
    assert [item["source"] for item in records["c1"].found_in] == ["a"]
    assert records["c2"].claimed == {"start": 24, "end": 43, "agrees": True}
    assert records["c3"].claimed is not None and records["c3"].claimed["agrees"] is False
    assert records["c4"].claimed == {"pages": [1, 1], "agrees": None, "reason": "unpaged"}
    assert records["c5"].claimed is None  # a claim that is not a place is left as it was
    assert all(r.outcome is not None for r in sink.records)

    lines = {line["id"]: line for line in sink.memory.citations if line["status"] != "error"}
    assert lines["c1"]["found_in"][0]["source"] == "a"
    assert lines["c2"]["claimed"]["agrees"] is True
    assert lines["c5"]["claimed"] == "p. 3"
    assert lines["c6"]["found_in"] == [{"x": 1}]
    assert list(lines["c1"])[-2:] == ["found_in", "outcome"]
    # the batch's own claim is not changed by settling it
    assert next(c for c in batch.citations if c.id == "c2").extra["claimed"] == {
        "start": 24,
        "end": 43,
    }
    report = assemble({}, sink.memory.sources, sink.memory.citations, batch)
    assert report["outcomes"]["citations"] == len(batch.citations)


async def test_a_records_outcome_is_the_outcome_of_its_line(tmp_path: Path) -> None:
    sink, _ = await _run(tmp_path)
    for record in sink.records:
        line = citation_line(record)
        line.pop("outcome")
        assert outcome_of_record(record) == outcome_of(line), record.spec.id
        assert record.outcome == outcome_of(line)


async def test_a_record_crosses_a_process_boundary_whole(tmp_path: Path) -> None:
    sink, _ = await _run(tmp_path)
    for record in sink.records:  # an id used twice and an unknown source carry their errors
        back = pickle.loads(pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL))
        assert citation_line(back) == citation_line(record)
    errors = [r for r in sink.records if r.checked.error is not None]
    assert {type(r.checked.error).__name__ for r in errors} >= {"BatchInputError"}
