"""The checks every front end runs: a text, a quotation, a batch, a streamed batch, a read."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from quote_tui import _waits
from quote_tui.batch import pipeline
from quote_tui.batch.outcomes import Progress
from quote_tui.batch.report import source_entry
from quote_tui.batch.runner import Runner
from quote_tui.batch.service import Service, check_text_sync
from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec
from quote_tui.engine.records import CheckResult, MatchOptions
from quote_tui.engine.text import PreparedText

if TYPE_CHECKING:
    from quote_tui.batch.cluster import ClusterOptions
    from quote_tui.batch.jsonl import JsonlBatch

__all__ = [
    "QuoteCheck",
    "StreamResult",
    "check_batch",
    "check_quote",
    "check_text",
    "read_source",
    "run",
    "runs_without_loop",
    "stream_batch",
]

_T = TypeVar("_T")

StreamResult = pipeline.StreamResult


def run(start: Callable[[], Coroutine[Any, Any, _T]], *, without_loop: bool = False) -> _T:
    """Run one of these coroutines to its end from synchronous code (a command line), as
    ``asyncio.run`` does: ``run(lambda: check_quote(quote, ref))``.

    With ``without_loop`` (what ``runs_without_loop`` says of the batch or ref), the run goes
    without an event loop, which a one-line check would spend a fifth of its time starting.
    Either way it starts once.
    """
    return _waits.run(start, on_the_spot=without_loop)


def runs_without_loop(
    batch: Batch | str | None,
    *,
    settings: Settings | None = None,
    cluster: ClusterOptions | None = None,
) -> bool:
    """Whether a check of this batch (or of one ref: None for a supplied text) can run without
    an event loop (``run(..., without_loop=True)``): one source at most, read locally (not from
    the network, nor rendered in a browser), and no cluster.
    """
    from quote_tui.sources.load import reads_in_loop

    if cluster is not None:
        return False
    if isinstance(batch, Batch):
        if len(batch.sources) > 1:
            return False
        sources = [(s.ref, s.extra.get("render")) for s in batch.sources]
    else:
        sources = [(batch, None)]
    remote = settings.remote if settings is not None else None
    default = remote.render if remote is not None else "never"
    return not any(reads_in_loop(ref, str(own or default)) for ref, own in sources)


def check_text(
    text: str | PreparedText,
    quote: str,
    *,
    page_starts: Sequence[int] = (),
    truncated: bool = False,
    **options: Any,
) -> CheckResult:
    """Check ``quote`` against ``text`` (blocking, pure: no I/O).

    Args:
        text: the checked text, or a PreparedText to reuse its indexes across calls.
        quote: the quotation as the author typed it.
        page_starts: offsets where pages begin (first 0), to get page numbers in matches.
        truncated: the text is known to be partial (absence becomes ``inconclusive``).
        **options: any ``MatchOptions`` field, e.g. ``max_matches=10``.

    Returns:
        The engine's ``CheckResult``; ``.to_dict()`` gives its JSON.

    Raises:
        QuoteError: the quotation is empty, too long or holds control characters.
    """
    prepared = (
        text
        if isinstance(text, PreparedText)
        else PreparedText(text, page_starts=page_starts, truncated=truncated)
    )
    return check_text_sync(prepared, quote, MatchOptions(**options))


@dataclass(frozen=True, slots=True)
class QuoteCheck:
    """The outcome of ``check_quote``: the report for one citation (and its source)."""

    report: dict[str, Any]

    @property
    def status(self) -> str:
        return str(self.report["citations"][0]["status"])

    @property
    def citation(self) -> dict[str, Any]:
        return dict(self.report["citations"][0])

    @property
    def source(self) -> dict[str, Any]:
        return dict(self.report["sources"][0])

    def to_dict(self) -> dict[str, Any]:
        return self.report


async def check_quote(
    quote: str,
    ref: str | None = None,
    *,
    text: str | None = None,
    truncated: bool = False,
    settings: Settings | None = None,
    base_dir: str | Path | None = None,
) -> QuoteCheck:
    """Check one quotation against the source named by ``ref`` (path, URL, ``doi:``, ``pmid:``)
    or against a supplied ``text``.

    Errors of the source or the quotation are reported in the result, never raised.
    """
    batch = Batch(
        (SourceSpec("s1", ref=ref, text=text, truncated=truncated),),
        (CitationSpec("c1", "s1", quote),),
        base_dir=Path(base_dir) if base_dir is not None else Path.cwd(),
    )
    return QuoteCheck(await check_batch(batch, settings=settings))


async def check_batch(
    batch: Batch,
    *,
    settings: Settings | None = None,
    progress: Callable[[Progress], None] | None = None,
    cluster: ClusterOptions | None = None,
) -> dict[str, Any]:
    """Check a batch and return its report (schema ``quote_tui.report`` v1), in batch order.

    Problems with single entries are reported in those entries; the rest of the batch runs.

    Raises:
        QuoteTuiError: ``missing_extra`` for ``cluster`` without Dask installed.
    """
    settings = settings or Settings()
    async with _cluster(settings, cluster) as (runner, in_flight):
        return await pipeline.check_batch(
            batch, settings, progress=progress, runner=runner, in_flight=in_flight
        )


async def stream_batch(
    batch: JsonlBatch | Batch,
    output: Path | None,
    *,
    settings: Settings | None = None,
    resume: bool = False,
    progress: Callable[[Progress], None] | None = None,
    cluster: ClusterOptions | None = None,
) -> StreamResult:
    """Check a batch source by source, writing a JSONL report (``output``, or stdout) line by
    line as citations complete; ``resume`` continues the report ``output`` holds."""
    settings = settings or Settings()
    async with _cluster(settings, cluster) as (runner, in_flight):
        return await pipeline.stream_batch(
            batch,
            settings,
            output,
            resume=resume,
            runner=runner,
            in_flight=in_flight,
            progress=progress,
        )


@contextlib.asynccontextmanager
async def _cluster(
    settings: Settings, options: ClusterOptions | None
) -> AsyncIterator[tuple[Runner | None, int | None]]:
    if options is None:
        yield None, None
        return
    _waits.need_loop()  # the cluster's client runs in asyncio's loop
    from quote_tui.batch.cluster import dask_runner  # with asyncio, only for a cluster

    # dask_runner says ``missing_extra`` before anything is read or written
    async with dask_runner(settings, options) as (runner, in_flight):
        yield runner, in_flight


async def read_source(
    ref: str | None = None,
    *,
    text: str | None = None,
    title: str | None = None,
    truncated: bool = False,
    settings: Settings | None = None,
    base_dir: Path | None = None,
) -> dict[str, Any]:
    """Read a source and say what would be checked: the one serializer of a read.

    Returns:
        ``{"source": <the report's source entry>, "text": <the checked text, None when
        unreadable>, "page_starts": [...], "page_labels": [...], "asides": [[page, start, end],
        ...]}`` (where a PDF page's asides, set after the whole body, stand). An unreadable
        source has its
        ``error`` (code, message, recovery) in ``source``; nothing is raised for it.
    """
    spec = SourceSpec("source", ref=ref, text=text, title=title, truncated=truncated)
    async with Service(settings) as service:
        outcome = await service.load_source(spec, base_dir=base_dir)
    prepared = outcome.loaded.prepared if outcome.loaded is not None else None
    return {
        "source": source_entry(outcome),
        "text": prepared.text if prepared is not None else None,
        "page_starts": list(prepared.page_starts) if prepared is not None else [],
        "page_labels": list(prepared.page_labels) if prepared is not None else [],
        "asides": _asides(prepared),
    }


def _asides(prepared: PreparedText | None) -> list[list[int]]:
    if prepared is None or not prepared.line_boxes:
        return []
    from quote_tui.sources.readers.pdf_layout import page_asides

    return [list(r) for r in page_asides(prepared.page_starts, prepared.line_boxes)]
