"""The service API: every front end (CLI, MCP server, app) checks quotations through here.

One place reads sources, runs the engine off the event loop, and turns failures into per-entry
errors, so the CLI, the agent server and the app can never disagree about a verdict or word an
error differently. Local files are read in worker processes (``sources.isolated``), so a reader
that crashes in native code or hangs costs only its source; matching runs in daemon threads
under a time budget per citation, so nothing a batch holds keeps the report from being written.
Network sources share one guarded session per run, and the PDF and HTML it fetches are parsed in
the same worker processes as local files.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import dataclasses
import functools
import os
import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from quote_tui.batch.outcomes import CitationOutcome, SourceOutcome
from quote_tui.batch.page_check import page_check
from quote_tui.batch.specs import CitationSpec, Settings, SourceSpec
from quote_tui.engine.budget import BudgetExceeded, armed
from quote_tui.engine.check import check as engine_check
from quote_tui.engine.check import warm
from quote_tui.engine.errors import (
    BatchInputError,
    ErrorCode,
    QuoteTuiError,
    Recovery,
    SourceError,
)
from quote_tui.engine.records import CheckResult, MatchOptions, Status
from quote_tui.engine.text import PreparedText
from quote_tui.sources.local import BodyReader, read_path, supplied_text
from quote_tui.sources.records import LoadedSource, RefKind
from quote_tui.sources.refs import parse_ref

__all__ = ["Service", "check_text_sync"]

_T = TypeVar("_T")


def check_text_sync(
    prepared: PreparedText, quote: str, options: MatchOptions | None = None
) -> CheckResult:
    """Run the pure engine (blocking). The app's live finder calls this through a thread."""
    return engine_check(prepared, quote, options=options or MatchOptions())


class Service:
    """Reads sources and checks citations for one run.

    Use as an async context manager so the network session (if any source needs one) is closed::

        async with Service(Settings()) as service:
            report = await service.check_batch(batch)
    """

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        self._remote: Any = None
        self._remote_lock = asyncio.Lock()
        self._reads = threading.BoundedSemaphore(max(1, self.settings.concurrency))
        self._checks: asyncio.Semaphore | None = None

    async def __aenter__(self) -> Service:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the network session, if one was opened.

        The reader processes outlive the service: they are shared by every service in the
        process (``sources.isolated.shared_pool``) and stop when it exits.
        """
        if self._remote is not None:
            remote, self._remote = self._remote, None
            await remote.__aexit__(None, None, None)

    # -- sources ---------------------------------------------------------------------------

    async def load_source(self, spec: SourceSpec, *, base_dir: Path | None = None) -> SourceOutcome:
        """Read one source. Never raises for a bad source: the outcome carries the error."""
        try:
            loaded = await self._load(spec, base_dir)
        except TimeoutError:
            return SourceOutcome(spec, error=_read_timeout(spec, self.settings.read_timeout))
        except QuoteTuiError as exc:
            return SourceOutcome(spec, error=exc)
        except Exception as exc:  # a reader bug must not sink the whole batch
            return SourceOutcome(spec, error=_internal(exc))
        return SourceOutcome(spec, loaded=_with_printed_pages(loaded, spec))

    async def _load(self, spec: SourceSpec, base_dir: Path | None) -> LoadedSource:
        max_chars = self.settings.max_source_chars
        if spec.text is not None:
            if spec.ref is not None:
                raise BatchInputError(
                    f"source {spec.id!r} has both 'ref' and 'text'; give one",
                    code=ErrorCode.BAD_BATCH,
                    recovery=Recovery.FIX_INPUT,
                )
            text = spec.text
            truncated = spec.truncated
            if len(text) > max_chars:
                text, truncated = text[:max_chars], True
            return supplied_text(text, title=spec.title, truncated=truncated, ref=f"text:{spec.id}")
        unavailable = spec.extra.get("unavailable")
        if isinstance(unavailable, dict) and not spec.ref:
            # a manuscript scan found the work but no way to its text: say so in its words
            raise SourceError(
                str(unavailable.get("message") or f"no text for source {spec.id!r}"),
                code=str(unavailable.get("code") or ErrorCode.NO_TEXT),
                recovery=str(unavailable.get("recovery") or Recovery.REVIEW_SOURCE),
            )
        if not spec.ref:
            raise BatchInputError(
                f"source {spec.id!r} needs a 'ref' or a 'text'",
                code=ErrorCode.MISSING_FIELD,
                recovery=Recovery.FIX_INPUT,
            )
        parsed = parse_ref(spec.ref)
        if parsed.kind is RefKind.PATH:
            path = self._local_path(parsed.value, base_dir)
            return await self._read_local(path, max_chars, spec.ref)
        session = await self._remote_session()
        loaded = await session.load(parsed, max_chars=max_chars)
        await asyncio.to_thread(warm, loaded.prepared)
        return loaded

    def _local_path(self, value: str, base_dir: Path | None) -> Path:
        path = Path(value).expanduser()
        if not path.is_absolute() and base_dir is not None:
            path = base_dir / path
        if not self.settings.allow_local:
            raise SourceError(
                "local files are not readable here; pass the text itself instead",
                code=ErrorCode.OUTSIDE_ROOT,
                recovery=Recovery.USE_SUPPLIED_TEXT,
            )
        root = self.settings.root
        if root is not None:
            # resolve() follows symlinks, so neither '..' nor a link can lead outside the root
            real, real_root = path.resolve(), root.resolve()
            if not real.is_relative_to(real_root):
                raise SourceError(
                    f"{value!r} lies outside the allowed folder",
                    code=ErrorCode.OUTSIDE_ROOT,
                    recovery=Recovery.USE_SUPPLIED_TEXT,
                )
            return real
        return path

    async def _read_local(self, path: Path, max_chars: int, ref: str) -> LoadedSource:
        """Read a local file (PDF, HTML and XML in a child process, unless isolation is off)
        and index it.

        The child is killed at the read budget; the wait here stops a little later still, so
        even indexing a huge text, or a read in this process, cannot hold the batch.
        """
        budget = self.settings.read_timeout
        if self.settings.isolate_readers and await asyncio.to_thread(_isolated, path):
            from quote_tui.sources.isolated import shared_pool

            pool = shared_pool()

            def read() -> LoadedSource:
                with self._reads:
                    loaded = pool.read(path, max_chars=max_chars, ref=ref, timeout=budget)
                warm(loaded.prepared)
                return loaded

        else:

            def read() -> LoadedSource:
                return _read_and_warm(path, max_chars, ref)

        wait = None if budget is None else budget + _margin(budget)
        return await asyncio.wait_for(_in_daemon_thread(read), wait)

    def _body_reader(self) -> BodyReader | None:
        """What parses fetched PDF and HTML: a reader child, as for local files, under the same
        read budget; None (this process) when isolation is off or cannot fork here."""
        from quote_tui.sources.isolated import isolation_available, shared_pool

        if not (self.settings.isolate_readers and isolation_available()):
            return None
        reader: BodyReader = functools.partial(
            shared_pool().read_body, timeout=self.settings.read_timeout
        )
        return reader

    async def _remote_session(self) -> Any:
        async with self._remote_lock:
            if self._remote is None:
                try:
                    from quote_tui.sources.remote import RemoteSession, RemoteSettings
                except ImportError as exc:
                    raise SourceError(
                        "network sources are not available in this installation",
                        code=ErrorCode.NOT_SUPPORTED_YET,
                        recovery=Recovery.USE_SUPPLIED_TEXT,
                    ) from exc
                session = RemoteSession(
                    self.settings.remote or RemoteSettings(), body_reader=self._body_reader()
                )
                await session.__aenter__()
                self._remote = session
            return self._remote

    # -- citations -------------------------------------------------------------------------

    async def check_citation(
        self, spec: CitationSpec, source: SourceOutcome | None
    ) -> CitationOutcome:
        """Check one citation against its (already read) source."""
        if spec.source is None:
            return CitationOutcome(spec, "unreferenced")
        if source is None:
            return CitationOutcome(
                spec,
                "error",
                error=BatchInputError(
                    f"citation {spec.id!r} names source {spec.source!r}, which the batch lacks",
                    code=ErrorCode.UNKNOWN_SOURCE,
                    recovery=Recovery.FIX_INPUT,
                ),
            )
        if not isinstance(spec.quote, str):
            # a link check: the source's retrieval record says all there is to say
            if spec.quote is None and source.loaded is not None:
                return CitationOutcome(spec, "link_ok")
            if spec.quote is None:
                return CitationOutcome(spec, str(Status.UNAVAILABLE), error=source.error)
            return CitationOutcome(
                spec,
                "error",
                error=BatchInputError(
                    f"citation {spec.id!r}: 'quote' must be a string",
                    code=ErrorCode.BAD_BATCH,
                    recovery=Recovery.FIX_INPUT,
                ),
            )
        if source.loaded is None:
            return CitationOutcome(spec, str(Status.UNAVAILABLE), error=source.error)
        prepared = source.loaded.prepared
        try:
            result = await self.run_check(prepared, spec.quote)
        except BudgetExceeded as exc:
            return CitationOutcome(spec, str(Status.INCONCLUSIVE), error=exc)
        except QuoteTuiError as exc:
            return CitationOutcome(spec, "error", error=exc)
        except Exception as exc:
            return CitationOutcome(spec, "error", error=_internal(exc))
        return CitationOutcome(
            spec, str(result.status), result=result, page_check=page_check(spec, result, prepared)
        )

    async def run_check(
        self, prepared: PreparedText, quote: str, *, options: MatchOptions | None = None
    ) -> CheckResult:
        """The engine under the citation budget, in a daemon thread.

        The engine stops itself at its next checkpoint once the budget is spent, or once the
        caller stops waiting (a cancelled check, a newer keystroke in the app's finder); should
        it not reach one, the wait ends a margin later anyway and the thread is left to finish
        on its own (a daemon thread never holds the process open).

        Raises:
            BudgetExceeded: past ``Settings.citation_timeout``.
            QuoteError: the quotation is empty, too long or holds control characters.
        """
        if self._checks is None:
            # a check is CPU-bound: more at once than this only shares the same cores
            self._checks = asyncio.Semaphore(max(2, self.settings.concurrency))
        budget = self.settings.citation_timeout
        options = options or self.settings.options
        deadline = None if budget is None else time.monotonic() + budget
        abandoned = threading.Event()

        def expired() -> bool:
            return abandoned.is_set() or (deadline is not None and time.monotonic() > deadline)

        def run() -> CheckResult:
            with armed(expired):
                return engine_check(prepared, quote, options=options)

        async with self._checks:
            try:
                wait = None if budget is None else budget + _margin(budget)
                return await asyncio.wait_for(_in_daemon_thread(run), wait)
            except TimeoutError:
                abandoned.set()
                raise _time_budget(budget or 0.0) from None
            except BudgetExceeded:
                if budget is None:
                    raise
                raise _time_budget(budget) from None
            except asyncio.CancelledError:
                abandoned.set()
                raise


def _margin(budget: float) -> float:
    """How long past a budget the service still waits for a cooperative stop."""
    return min(5.0, 0.5 + budget / 4)


def _time_budget(budget: float) -> BudgetExceeded:
    exc = BudgetExceeded(
        f"The check took longer than its {budget:g} s budget (--citation-timeout); "
        "the verdict is unknown."
    )
    exc.details = {"seconds": budget}
    return exc


def _read_timeout(spec: SourceSpec, budget: float | None) -> SourceError:
    return SourceError(
        f"Reading {spec.ref or spec.id} took longer than its {budget:g} s budget (--read-timeout).",
        code=ErrorCode.TIMEOUT,
        recovery=Recovery.RAISE_TIME_BUDGET,
        details={"seconds": budget},
    )


class _DaemonThreads:
    """Daemon threads that run blocking work, reused from call to call.

    Daemon, unlike ``asyncio.to_thread``'s executor: a thread that never returns (a check past
    its budget in native code) holds neither the event loop's shutdown nor the interpreter's
    exit. Reused, unlike a thread per call: starting a thread waits until it runs, and with
    checks holding the GIL the event loop spent a fifth of a batch's time waiting there. A
    thread kept by abandoned work is simply not idle, so the next call starts another.
    """

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._idle = 0
        self._lock = threading.Lock()
        # a forked child inherits the counts but none of the threads
        os.register_at_fork(after_in_child=self._forget)

    def submit(self, job: Callable[[], None]) -> None:
        with self._lock:
            start = self._idle == 0
            if not start:
                self._idle -= 1
        if start:
            threading.Thread(target=self._serve, daemon=True, name="quote_tui-work").start()
        self._jobs.put(job)

    def _serve(self) -> None:
        while True:
            self._jobs.get()()
            with self._lock:
                self._idle += 1

    def _forget(self) -> None:
        self._jobs = queue.SimpleQueue()
        self._idle = 0
        self._lock = threading.Lock()


_THREADS = _DaemonThreads()


async def _in_daemon_thread(fn: Callable[..., _T], *args: Any, **kwargs: Any) -> _T:
    """Run blocking work in a daemon thread (see ``_DaemonThreads``), with the caller's context.

    A caller that stops waiting can still finish its own work: the thread is never joined.
    """
    loop = asyncio.get_running_loop()
    future: asyncio.Future[_T] = loop.create_future()
    context = contextvars.copy_context()

    def settle(result: Any, error: BaseException | None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)

    def target() -> None:
        try:
            result, error = context.run(fn, *args, **kwargs), None
        except BaseException as exc:  # handed to the waiting coroutine, which decides
            result, error = None, exc
        # a closed loop raises RuntimeError: nobody waits for this result any more
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(settle, result, error)

    _THREADS.submit(target)
    return await future


def _isolated(path: Path) -> bool:
    """Whether a local file goes to a reader process: a native format, where one can fork."""
    from quote_tui.sources.isolated import isolation_available, native

    return isolation_available() and native(path)


def _read_and_warm(path: Path, max_chars: int, ref: str) -> LoadedSource:
    """Read a local file and build its matching indexes, both in the calling worker thread."""
    loaded = read_path(path, max_chars=max_chars, ref=ref)
    warm(loaded.prepared)
    return loaded


def _internal(exc: BaseException) -> QuoteTuiError:
    return QuoteTuiError(
        f"unexpected {type(exc).__name__}: {exc}",
        code=ErrorCode.INTERNAL_ERROR,
        recovery=Recovery.REVIEW_SOURCE,
    )


def _with_printed_pages(loaded: LoadedSource, spec: SourceSpec) -> LoadedSource:
    """Attach printed page numbers to a paged source (labels, running heads, bib range)."""
    prepared = loaded.prepared
    if not prepared.paged:
        return loaded
    try:
        from quote_tui.sources.printed_pages import derive_printed_pages
    except ImportError:
        return loaded
    starts = (*prepared.page_starts, len(prepared.text))
    page_texts = [prepared.text[a:b] for a, b in zip(starts, starts[1:], strict=False)]
    bib_pages = spec.extra.get("bib_pages")
    derived = derive_printed_pages(
        page_texts,
        pdf_labels=prepared.page_labels,
        bib_pages=bib_pages if isinstance(bib_pages, str) else None,
    )
    if derived.method is None:
        return loaded
    prepared.page_labels = tuple(derived.labels)
    retrieval = dataclasses.replace(loaded.retrieval, page_number_source=derived.method)
    return LoadedSource(retrieval, prepared)
