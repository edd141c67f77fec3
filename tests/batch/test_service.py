from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.batch.outcomes import CitationOutcome, Progress, SourceOutcome
from quote_tui.batch.pipeline import check_batch
from quote_tui.batch.runner import LocalRunner
from quote_tui.batch.service import Service
from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec

TEXT = (
    "The committee found that the results were not significant at the 5% level.\n"
    "Further work is needed before any conclusion can be drawn.\n"
)


def _batch(tmp_path: Path) -> Batch:
    (tmp_path / "paper.txt").write_text(TEXT, encoding="utf-8")
    return Batch(
        sources=(
            SourceSpec("file", ref="paper.txt"),
            SourceSpec("pasted", text=TEXT, title="Pasted"),
            SourceSpec("missing", ref="nowhere.txt"),
        ),
        citations=(
            CitationSpec("exact", "file", "the results were not significant"),
            CitationSpec("norm", "pasted", "Further  work is\nneeded"),
            CitationSpec("near", "file", "the results were significant at the 5% level"),
            CitationSpec("absent", "file", "an entirely different sentence about penguins"),
            CitationSpec("unavail", "missing", "anything at all here"),
            CitationSpec("unknown", "ghost", "some quoted words"),
            CitationSpec("empty", "file", "   "),
            CitationSpec("unref", None, "a quotation with no reference"),
            CitationSpec("exact", "file", "duplicate id"),
        ),
        base_dir=tmp_path,
    )


async def test_check_batch_gives_each_entry_its_own_verdict(tmp_path: Path) -> None:
    seen: list[Progress] = []
    report = await check_batch(_batch(tmp_path), Settings(), progress=seen.append)
    statuses = [c["status"] for c in report["citations"]]
    assert statuses == [
        "exact",
        "normalized",
        "near",
        "not_found",
        "unavailable",
        "error",
        "error",
        "unreferenced",
        "error",
    ]
    errors = [(c["error"] or {}).get("code") for c in report["citations"]]
    assert errors[4] == "file_not_found"
    assert errors[5] == "unknown_source"
    assert errors[6] == "empty_quote"
    assert errors[8] == "duplicate_id"
    # the one duplicate is not checked: the entry checked is the first with that id
    assert report["citations"][0]["quote"] == "the results were not significant"
    assert report["citations"][8]["quote"] == "duplicate id"
    done = [p.citations_done for p in seen]
    assert done == sorted(done) and sorted(set(done)) == list(range(1, 10))
    assert {p.citations_total for p in seen} == {9}
    assert seen[-1].citations_done == 9
    assert {p.sources_total for p in seen} == {3}
    assert seen[-1].sources_done == 3


async def test_each_source_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import quote_tui.sources.load as load_module

    calls: list[str] = []
    real = load_module.read_path

    def counting(path, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(str(path))
        return real(path, **kwargs)

    monkeypatch.setattr(load_module, "read_path", counting)
    (tmp_path / "a.txt").write_text(TEXT, encoding="utf-8")
    batch = Batch(
        (SourceSpec("a", ref="a.txt"),),
        tuple(CitationSpec(f"c{i}", "a", "Further work is needed") for i in range(20)),
        base_dir=tmp_path,
    )
    report = await check_batch(batch)
    assert len(calls) == 1
    assert {c["status"] for c in report["citations"]} == {"exact"}


async def test_report_shape(tmp_path: Path) -> None:
    report = await check_batch(_batch(tmp_path))
    assert report["schema"] == "quote_tui.report"
    assert report["schema_version"] == 1
    assert report["summary"]["citations"] == 9
    assert report["summary"]["exact"] == 1
    assert report["summary"]["error"] == 3
    src = {s["id"]: s for s in report["sources"]}
    assert src["file"]["status"] == "readable"
    assert src["file"]["representation"] == "plain_text"
    assert src["pasted"]["status"] == "supplied_text"
    assert src["missing"]["status"] == "unavailable"
    assert src["missing"]["error"]["code"] == "file_not_found"
    cit = report["citations"][0]
    match = cit["matches"][0]
    assert TEXT[match["start"] : match["end"]] == "the results were not significant"
    assert match["line_start"] == 1 and match["page_start"] is None
    near = report["citations"][2]
    assert near["matches"][0]["differences"]
    assert any(d["critical"] for d in near["matches"][0]["differences"])


async def test_truncated_supplied_text_is_inconclusive() -> None:
    batch = Batch(
        (SourceSpec("s", text="Only the first half of the article.", truncated=True),),
        (CitationSpec("c", "s", "words from the missing second half of it"),),
    )
    report = await check_batch(batch)
    assert report["citations"][0]["status"] == "inconclusive"


async def test_root_confines_local_paths(tmp_path: Path) -> None:
    inside = tmp_path / "inside"
    inside.mkdir()
    (inside / "ok.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "secret.txt").write_text(TEXT, encoding="utf-8")
    (inside / "link.txt").symlink_to(tmp_path / "secret.txt")
    settings = Settings(root=inside)
    async with Service(settings) as service:
        ok = await service.load_source(SourceSpec("a", ref="ok.txt"), base_dir=inside)
        up = await service.load_source(SourceSpec("b", ref="../secret.txt"), base_dir=inside)
        link = await service.load_source(SourceSpec("c", ref="link.txt"), base_dir=inside)
    assert ok.loaded is not None
    assert up.error is not None and up.error.code == "outside_root"
    assert link.error is not None and link.error.code == "outside_root"


async def test_source_a_scan_could_not_reach_keeps_its_reason() -> None:
    reason = {
        "code": "no_source",
        "message": "Lo 2020 has no file, DOI or URL",
        "recovery": "review_source",
    }
    batch = Batch(
        (SourceSpec("s", extra={"unavailable": reason}),),
        (CitationSpec("c", "s", "a quotation from that work"),),
    )
    report = await check_batch(batch)
    assert report["citations"][0]["status"] == "unavailable"
    assert report["citations"][0]["error"] == reason


async def test_reading_stays_a_few_sources_ahead_of_the_checks() -> None:
    """A large batch never holds every text and index at once: sources are read only a few
    ahead of the checks, and a source's indexes go once its last citation is checked."""
    import asyncio

    class SlowChecks(Service):
        def __init__(self, settings: Settings) -> None:
            super().__init__(settings)
            self.read: set[str] = set()
            self.checked: dict[str, int] = {}
            self.most_ahead = 0

        async def load_source(self, spec, *, base_dir=None):  # type: ignore[no-untyped-def]
            outcome = await super().load_source(spec, base_dir=base_dir)
            self.read.add(spec.id)
            open_sources = [s for s in self.read if self.checked.get(s, 0) < 2]
            self.most_ahead = max(self.most_ahead, len(open_sources))
            return outcome

        async def check_citation(self, spec, source):  # type: ignore[no-untyped-def]
            await asyncio.sleep(0.002)  # checking is slower than reading
            outcome = await super().check_citation(spec, source)
            self.checked[spec.source] = self.checked.get(spec.source, 0) + 1
            return outcome

    sources = tuple(
        SourceSpec(f"s{i}", text=f"Source {i} says the sky is blue.") for i in range(60)
    )
    citations = tuple(
        CitationSpec(f"c{i}-{k}", f"s{i}", quote)
        for i in range(60)
        for k, quote in enumerate(("the sky is blue", "Source says the sky is blue"))
    )
    batch = Batch(sources, citations)
    settings = Settings(concurrency=2)
    service = SlowChecks(settings)
    read: list[SourceOutcome] = []

    def keep_sources(outcome: SourceOutcome | CitationOutcome) -> None:
        if isinstance(outcome, SourceOutcome):
            read.append(outcome)

    async with service:
        runner = LocalRunner(service, observe=keep_sources)
        report = await check_batch(batch, settings, runner=runner)
    assert {c["status"] for c in report["citations"]} == {"exact", "near"}
    # a source's work holds its slot until its last citation is checked
    assert 1 <= service.most_ahead <= settings.concurrency
    assert len(read) == 60
    assert all(s.loaded is not None and not s.loaded.prepared.cache for s in read)
    read.clear()
    report = await check_batch(batch, settings, observe=keep_sources, keep_indexes=True)
    assert len(read) == 60
    assert all(s.loaded is not None and s.loaded.prepared.cache for s in read)


async def test_a_batch_holds_off_full_collections_and_restores_the_setting() -> None:
    """A large batch keeps every result until its report; full collector passes over them cost a
    third of its time. The setting is the process's, so it must come back after the batch."""
    import asyncio
    import gc

    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []

    class Watching(Service):
        async def check_citation(self, spec, source):  # type: ignore[no-untyped-def]
            seen.append(gc.get_threshold())
            await asyncio.sleep(0)
            return await super().check_citation(spec, source)

    batch = Batch(
        (SourceSpec("s", text="The sky is blue today."),),
        tuple(CitationSpec(f"c{i}", "s", "the sky is blue") for i in range(3)),
    )
    async with Watching(Settings()) as service:
        runner = LocalRunner(service)
        # two batches at once share the setting; it returns only when both are done
        await asyncio.gather(check_batch(batch, runner=runner), check_batch(batch, runner=runner))
    assert seen and all(t[2] >= 1000 for t in seen)
    assert gc.get_threshold() == before
