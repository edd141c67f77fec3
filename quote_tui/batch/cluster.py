"""The same per-source work on Dask distributed: a LocalCluster, or an existing scheduler.

Each source's work (``runner.check_source_sync``: the service reading the source and checking its
citations) runs on a worker, which sends back only the report lines, never the text. The snapshot
store stays with the client: a network source already stored travels to the worker as its
snapshot; one not yet stored is fetched here first, so per-host limits and robots.txt are kept
in one place, then sent the same way. Local paths are read by the workers, so a remote cluster
needs the files at the same paths (a shared folder).

Dask is optional (``pip install 'quote-tui[cluster]'``); without it the run stops with a
``missing_extra`` error before anything is read.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any

from quote_tui.batch.outcomes import SourceOutcome
from quote_tui.batch.plan import SourceWork, WorkDone
from quote_tui.batch.runner import Runner, check_source, check_source_sync, deliver
from quote_tui.batch.service import Service
from quote_tui.batch.sinks import Sink
from quote_tui.batch.specs import Settings
from quote_tui.engine.errors import ErrorCode, QuoteTuiError, Recovery, SourceError
from quote_tui.sources.refs import network_ref

__all__ = ["ClusterOptions", "dask_runner", "require_dask"]

MISSING_EXTRA = "missing_extra"
INSTALL_EXTRA = "install_extra"


@dataclass(frozen=True, slots=True)
class ClusterOptions:
    """Where the work runs.

    Attributes:
        scheduler: an existing scheduler's address (``tcp://host:8786``); None starts a
            LocalCluster on this machine.
        workers: the LocalCluster's worker processes (one thread each: the engine holds the GIL).
        processes: False runs the LocalCluster's workers as threads of this process.
    """

    scheduler: str | None = None
    workers: int = 2
    processes: bool = True


def require_dask() -> ModuleType:
    """``distributed``, or a ``missing_extra`` error naming the extra that installs it."""
    try:
        import distributed
    except ImportError as exc:
        raise QuoteTuiError(
            "--cluster dask needs Dask distributed, which is not installed; "
            "install it with: pip install 'quote-tui[cluster]'",
            code=MISSING_EXTRA,
            recovery=INSTALL_EXTRA,
            details={"extra": "cluster", "missing": exc.name or "distributed"},
        ) from exc
    return distributed


def _network(work: SourceWork) -> str | None:
    """The store key of a network source, or None for local files and supplied text."""
    spec = work.source
    # a bad ref is the worker's to report, like any other source error
    parsed = network_ref(spec.ref) if spec is not None and spec.text is None else None
    if parsed is None:
        return None
    from quote_tui.sources.store.snapshots import ref_key

    return ref_key(parsed)


@contextlib.asynccontextmanager
async def dask_runner(
    settings: Settings, options: ClusterOptions | None = None
) -> AsyncIterator[tuple[Runner, int]]:
    """A runner that sends each source's work to Dask, and how many sources to keep in flight.

    Raises:
        QuoteTuiError: ``missing_extra`` without Dask.
    """
    distributed = require_dask()
    options = options or ClusterOptions()
    async with contextlib.AsyncExitStack() as stack:
        if options.scheduler is not None:
            target: Any = options.scheduler
        else:
            target = await stack.enter_async_context(
                distributed.LocalCluster(
                    n_workers=options.workers,
                    threads_per_worker=1,
                    processes=options.processes,
                    dashboard_address=None,
                    asynchronous=True,
                )
            )
        client = await stack.enter_async_context(distributed.Client(target, asynchronous=True))
        threads = sum((await client.nthreads()).values()) or options.workers
        here = await stack.enter_async_context(Service(settings))
        store: Any = None

        async def run(work: SourceWork, sink: Sink) -> None:
            deliver(await _one(work), sink)

        async def _one(work: SourceWork) -> WorkDone:
            nonlocal store
            key = _network(work)
            if key is not None:
                from quote_tui.sources.store.snapshots import SnapshotStore

                store = store or SnapshotStore(
                    settings.remote.store_path if settings.remote else None
                )
                refresh = settings.remote is not None and settings.remote.refresh
                snapshot = None if refresh else await asyncio.to_thread(store.latest, key)
                if snapshot is None:
                    outcome = await here.load_source(work.source, base_dir=work.base_dir)
                    if outcome.loaded is not None:
                        snapshot = await asyncio.to_thread(store.latest, key)
                    if snapshot is None:  # unreadable (or offline): nothing to send
                        return await check_source(here, work, loaded=outcome)
                work = replace(work, snapshot=snapshot)
            future = client.submit(check_source_sync, work, settings, pure=False)
            try:
                return await future
            except distributed.KilledWorker as exc:
                if work.source is None:
                    raise
                # Dask ran the source again on other workers, and each died: one source that
                # takes its worker down (memory, a native crash) costs itself, not the run
                lost = SourceOutcome(work.source, error=_worker_lost(work, exc))
                return await check_source(here, work, loaded=lost)

        # Several sources queued per worker thread, so a worker never waits on the client for
        # its next one (measured: 6 per thread ran about a quarter faster than 2). A queued source
        # is only its specs; its text is read when the worker starts on it.
        yield run, max(2, threads * 6)


def _worker_lost(work: SourceWork, exc: BaseException) -> SourceError:
    spec = work.source
    name = (spec.ref or spec.id) if spec is not None else "a source"
    return SourceError(
        f"Every Dask worker that checked {name} died (out of memory, or a crash); the rest of "
        "the batch was checked. Check this source alone, without --cluster, to see its error.",
        code=ErrorCode.WORKER_LOST,
        recovery=Recovery.RETRY_LATER,
        details={"dask": str(exc)[:300]},
    )
