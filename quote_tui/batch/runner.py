"""Where one source's work runs: here, through a ``Service``, or elsewhere (``batch.cluster``).

A runner takes a ``SourceWork`` and hands its checked citations (``batch.checked``) to the sink:
the local runner one by one as each citation is checked, a cluster runner when the worker sends
the source's records back. Either way the per-source work is ``check_source``: the source read
once, its citations checked against it in batch order, each claimed place settled. One thread
per source runs its citations in turn, so the checks of one source never contend for the
interpreter's lock; a large source's citations are split across forked copies of the process,
one per core (``batch.split``), each running its share in turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from quote_tui import _waits
from quote_tui.batch.checked import CheckedCitation, checked_citation
from quote_tui.batch.claims import settle_claim
from quote_tui.batch.outcomes import CitationOutcome, SourceOutcome
from quote_tui.batch.plan import SourceWork, WorkDone
from quote_tui.batch.report import source_entry
from quote_tui.batch.service import Service
from quote_tui.batch.sinks import Sink
from quote_tui.batch.specs import CitationSpec, Settings
from quote_tui.batch.split import check_split, split_parts

__all__ = ["LocalRunner", "Runner", "check_source", "check_source_sync", "deliver"]

Observer = Callable[[SourceOutcome | CitationOutcome], None]
"""Sees each outcome as it is made (an app that keeps the texts it read and the results)."""


class Runner(Protocol):
    """Runs one source's work somewhere and hands its checked citations to the sink."""

    async def __call__(self, work: SourceWork, sink: Sink) -> None: ...


def deliver(done: WorkDone, sink: Sink) -> None:
    """Hand a finished unit's source entry and checked citations to the sink."""
    if done.source is not None:
        sink.source(done.source)
    for record in done.citations:
        sink.citation(record)


async def check_source(
    service: Service,
    work: SourceWork,
    sink: Sink | None = None,
    *,
    loaded: SourceOutcome | None = None,
    observe: Observer | None = None,
    keep_indexes: bool = False,
    fork: bool = True,
) -> WorkDone:
    """Read one source once and check all its citations against it, in batch order.

    Args:
        service: reads the source and checks each citation.
        work: the source and its citations.
        sink: takes each checked citation as soon as it is made.
        loaded: the source already read (a cluster client reads a failing network source
            itself).
        observe: sees each outcome, text and results included.
        keep_indexes: keep the text's matching indexes (several times its size) after the last
            citation, for a caller that goes on searching it.
        fork: split a large source's citations across forked copies of this process
            (``batch.split``); a cluster worker, already one process of many, does not.

    Returns:
        The source's entry and the checked citations.
    """
    outcome = loaded
    if outcome is None and work.source is not None:
        outcome = await service.load_source(work.source, base_dir=work.base_dir)
    read = source_entry(outcome) if outcome is not None else None
    source = read if work.write_source else None
    prepared = outcome.loaded.prepared if outcome is not None and outcome.loaded else None
    if outcome is not None and observe is not None:
        observe(outcome)
    if source is not None and sink is not None:
        sink.source(source)
    # an observer sees outcomes, which only this process has; anything else may be split
    parts = split_parts(work.citations, outcome) if fork and observe is None else 1

    async def check_in_turn(specs: Sequence[CitationSpec]) -> list[CheckedCitation]:
        records = []
        for spec in specs:
            checked = await service.check_citation(spec, outcome)
            record = await settle_claim(service, checked_citation(checked, outcome), read, prepared)
            if observe is not None:
                observe(checked)
            if sink is not None and parts == 1:
                sink.citation(record)
            records.append(record)
        return records

    if parts > 1 and outcome is not None:
        entries = await check_split(work.citations, outcome, service.settings, parts, check_in_turn)
        # a copy checks; its claims are settled here, where the source's entry is in hand
        entries = [
            r if r.claimed is not None else await settle_claim(service, r, read, prepared)
            for r in entries
        ]
        if sink is not None:
            for record in entries:
                sink.citation(record)
    else:
        entries = await check_in_turn(work.citations)
    if outcome is not None and outcome.loaded is not None and not keep_indexes:
        service.release(outcome.loaded)
    return WorkDone(source, tuple(entries))


class LocalRunner:
    """Runs each source's work in this process, through one ``Service``."""

    def __init__(
        self, service: Service, *, observe: Observer | None = None, keep_indexes: bool = False
    ) -> None:
        self.service = service
        self._observe = observe
        self._keep = keep_indexes

    async def __call__(self, work: SourceWork, sink: Sink) -> None:
        await check_source(self.service, work, sink, observe=self._observe, keep_indexes=self._keep)


def check_source_sync(work: SourceWork, settings: Settings) -> WorkDone:
    """``check_source`` in a fresh event loop and service: what a cluster worker runs.

    A network source arrives with its snapshot (the store stays with the client); it is put in
    a store of its own for this call and read offline, through the service as anywhere else.
    """
    import shutil
    import tempfile  # a cluster worker's, not loaded by a run here

    folder = None
    if work.snapshot is not None:
        from quote_tui.sources.net.settings import RemoteSettings
        from quote_tui.sources.store.snapshots import SnapshotStore

        folder = tempfile.mkdtemp(prefix="quote_tui-worker-")
        store_path = Path(folder) / "snapshots.sqlite"
        snap = work.snapshot
        SnapshotStore(store_path).save(
            snap.info.ref,
            snap.raw,
            snap.info.retrieval,
            snap.prepared(),
            max_chars=snap.info.max_chars,
            outside=snap.outside,
        )
        remote = settings.remote or RemoteSettings()
        settings = replace(
            settings, remote=replace(remote, store_path=store_path, offline=True, refresh=False)
        )
        work = replace(work, snapshot=None)

    async def run() -> WorkDone:
        async with Service(settings) as service:
            return await check_source(service, work, fork=False)

    from quote_tui.sources.load import reads_in_loop

    # planned before it starts: a network source (its snapshot) is read in asyncio's loop
    source, remote = work.source, settings.remote
    default = remote.render if remote is not None else "never"
    in_loop = source is not None and reads_in_loop(
        source.ref, str(source.extra.get("render") or default)
    )
    try:
        return _waits.run(run, on_the_spot=not in_loop)
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
