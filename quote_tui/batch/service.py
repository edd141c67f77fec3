"""The service API: every front end (CLI, MCP server, app) checks quotations through here.

One place reads sources, runs the engine off the event loop, and turns failures into per-entry
errors, so the CLI, the agent server and the app can never disagree about a verdict or word an
error differently. Sources are read through ``sources.load.Loader``: local files in worker
processes (``sources.readers.isolated``), so a reader that crashes in native code or hangs costs
only its source; matching runs in daemon threads under a time budget per citation, so nothing a
batch holds keeps the report from being written.
Network sources share one guarded session per run, and the PDF and HTML it fetches are parsed in
the same worker processes as local files.
"""

from __future__ import annotations

import contextlib
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from quote_tui import _waits
from quote_tui._threads import margin
from quote_tui._untrusted import has_lone_surrogate, scrub
from quote_tui.batch.outcomes import CitationOutcome, SourceOutcome
from quote_tui.batch.page_check import page_check, with_cited_page
from quote_tui.batch.readable import ocr_verdict, readable_ends, unmapped_verdict
from quote_tui.batch.specs import CitationSpec, Settings, SourceSpec
from quote_tui.batch.unread_glyphs import describe, unread_glyphs
from quote_tui.engine.budget import BudgetExceeded, armed
from quote_tui.engine.check import check as engine_check
from quote_tui.engine.errors import (
    BatchInputError,
    ErrorCode,
    QuoteError,
    QuoteTuiError,
    Recovery,
)
from quote_tui.engine.records import FOUND_STATUSES, CheckResult, Match, MatchOptions, Status
from quote_tui.engine.text import PreparedText
from quote_tui.sources.load import Loader

_OCR_NEAR_THRESHOLD = 0.5
"""Lowest similarity of the nearest passage shown for a quotation OCR text lacks: OCR misreads
letters, so the passage a reader would look at may score below the usual threshold."""

if TYPE_CHECKING:
    import asyncio

    from quote_tui.sources.records import LoadedSource, Retrieval

__all__ = ["Service", "check_text_sync"]


def check_text_sync(
    prepared: PreparedText, quote: str, options: MatchOptions | None = None
) -> CheckResult:
    """Run the pure engine (blocking). The app's live finder calls this through a thread."""
    return engine_check(prepared, quote, options=options or MatchOptions())


class Service:
    """Reads sources and checks citations for one run.

    Use as an async context manager so the network session (if any source needs one) is
    closed. Batches run through ``batch.pipeline``, which calls ``load_source`` once per source
    and ``check_citation`` per citation.
    """

    def __init__(self, settings: Settings | None = None, *, build_indexes: bool = True) -> None:
        self.settings = settings or Settings()
        self._loader = Loader(self.settings.read, build_indexes=build_indexes)
        self._checks: asyncio.Semaphore | None = None
        # the whole visible text of the pages being checked, indexed once per page
        self._outside: dict[int, tuple[str, PreparedText]] = {}

    async def __aenter__(self) -> Service:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the network session, if one was opened.

        The reader processes outlive the service: they are shared by every service in the
        process (``sources.readers.isolated.shared_pool``) and stop when it exits.
        """
        await self._loader.aclose()

    # -- sources ---------------------------------------------------------------------------

    async def load_source(self, spec: SourceSpec, *, base_dir: Path | None = None) -> SourceOutcome:
        """Read one source (``sources.load.Loader.load``). Never raises for a bad source: the
        outcome carries the error."""
        try:
            loaded = await self._loader.load(spec, base_dir=base_dir)
        except QuoteTuiError as exc:
            return SourceOutcome(spec, error=exc)
        except Exception as exc:  # a reader bug must not sink the whole batch
            return SourceOutcome(spec, error=_internal(exc))
        return SourceOutcome(spec, loaded=loaded)

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
        if has_lone_surrogate(spec.quote):
            return CitationOutcome(spec, "error", error=_lone_surrogate(spec.id))
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
        outside = source.loaded.outside
        if result.status not in FOUND_STATUSES and outside:
            found = await self._check_outside(outside, spec.quote)
            if found is not None and (
                found.status in FOUND_STATUSES
                or (result.status is Status.NOT_FOUND and found.status is Status.NEAR)
            ):
                return CitationOutcome(
                    spec, str(found.status), result=found, outside_main_text=True
                )
        result = with_cited_page(spec, result, prepared)
        retrieval = source.loaded.retrieval
        if (retrieval.ocr or retrieval.unmapped_pages) and result.status not in FOUND_STATUSES:
            # a miss in text OCR read, or in a PDF with pages a font left unreadable, is
            # inconclusive unless the readable text settles it (``batch.readable``)
            return await self._unreadable_outcome(spec, result, prepared, retrieval)
        glyphs = unread_glyphs(result.matches[0]) if result.status is Status.NEAR else None
        if glyphs:
            # the only differences are glyphs the font left unmapped: calling the quotation a
            # misquotation would accuse it of what the text layer cannot show
            return _inconclusive(spec, result, prepared, "unmapped_font", describe(glyphs))
        return CitationOutcome(
            spec, str(result.status), result=result, page_check=page_check(spec, result, prepared)
        )

    async def _unreadable_outcome(
        self, spec: CitationSpec, result: CheckResult, prepared: PreparedText, retrieval: Retrieval
    ) -> CitationOutcome:
        """A quotation not found faithfully in OCR text (``ocr``) or in a text layer with
        unreadable regions (``unmapped_font``): ``near`` or ``not_found`` where the readable
        text settles it (``batch.readable``), else ``inconclusive``, since the difference may
        be the OCR's misreading or words a font left unmapped. The nearest passage is shown
        with its differences, looked for below the near threshold where none reached it."""
        quote = spec.quote if isinstance(spec.quote, str) else ""
        shown = result
        looked = True  # the closest passage was looked for (a check past its budget did not)
        if not result.matches and quote:
            looser = replace(self.settings.options, near_threshold=_OCR_NEAR_THRESHOLD)
            try:
                nearest = await self.run_check(prepared, quote, options=looser)
            except QuoteTuiError:
                nearest, looked = result, False
            if nearest.matches:
                shown = replace(nearest, options=result.options, status=result.status)
        if retrieval.ocr:
            layer = prepared.text if retrieval.ocr_layer and looked else None
            closest = shown.matches[0] if shown.matches else None
            reason = "ocr"
            verdict = ocr_verdict(result, layer, closest, prepared.page_starts)
        else:
            reason = "unmapped_font"
            closest = shown.matches[0] if shown.matches else None
            pages, chars = retrieval.unmapped_pages, retrieval.unmapped_chars
            ends = await self._readable_ends(prepared, quote, result, sum(chars))
            verdict = unmapped_verdict(result, quote, pages, chars, closest, ends)
        if verdict.status is Status.INCONCLUSIVE:
            return _inconclusive(spec, shown, prepared, reason, verdict.note)
        # the readable text settles it; the nearest passage below the threshold is not kept
        return CitationOutcome(
            spec,
            str(verdict.status),
            result=result,
            page_check=page_check(spec, result, prepared),
            note=verdict.note,
        )

    async def _readable_ends(
        self, prepared: PreparedText, quote: str, result: CheckResult, held: int
    ) -> tuple[Match, ...]:
        """Where the words a quotation not found must show in readable text stand, were it to
        run on into unreadable regions holding ``held`` characters (``readable_ends``)."""
        ends = readable_ends(quote, held) if result.status is Status.NOT_FOUND else None
        found: list[Match] = []
        for piece in ends or ():
            try:
                checked = await self.run_check(prepared, piece, near=False)
            except QuoteTuiError:
                continue  # past its budget: the verdict falls back on the nearest passage
            found += checked.matches
        return tuple(found)

    def release(self, loaded: LoadedSource) -> None:
        """Let go of a source's indexes once its citations are checked: its checked text's, and
        its page's whole visible text's."""
        loaded.prepared.cache.clear()
        if loaded.outside is not None:
            self._outside.pop(id(loaded.outside), None)

    async def _check_outside(self, outside: str, quote: str) -> CheckResult | None:
        """The quotation in a page's whole visible text, once its main text lacks it.

        Returns None when that check fails (past its budget, say): the main text's verdict
        stands.
        """
        key = id(outside)
        held = self._outside.get(key)
        if held is None or held[0] is not outside:
            if len(self._outside) >= 8:
                self._outside.pop(next(iter(self._outside)))
            held = self._outside[key] = (outside, PreparedText(outside))
        try:
            return await self.run_check(held[1], quote)
        except QuoteTuiError:
            return None

    async def run_check(
        self,
        prepared: PreparedText,
        quote: str,
        *,
        options: MatchOptions | None = None,
        near: bool = True,
    ) -> CheckResult:
        """The engine under the citation budget, in a daemon thread (``near``: see ``check``).

        The engine stops itself at its next checkpoint once the budget is spent, or once the
        caller stops waiting (a cancelled check, a newer keystroke in the app's finder); should
        it not reach one, the wait ends a margin later anyway and the thread is left to finish
        on its own (a daemon thread never holds the process open).

        Raises:
            BudgetExceeded: past ``Settings.citation_timeout``.
            QuoteError: the quotation is empty, too long or holds control characters.
        """
        if self._checks is None and not _waits.on_the_spot():
            import asyncio

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
                return engine_check(prepared, quote, options=options, near=near)

        # on the spot (no event loop) a run checks one quotation at a time: nothing to bound
        async with self._checks or contextlib.nullcontext():
            try:
                wait = None if budget is None else budget + margin(budget)
                return await _waits.in_thread(run, wait, abandon=abandoned.set)
            except TimeoutError:
                raise _time_budget(budget or 0.0) from None
            except BudgetExceeded:
                if budget is None:
                    raise
                raise _time_budget(budget) from None


def _time_budget(budget: float) -> BudgetExceeded:
    exc = BudgetExceeded(
        f"The check took longer than its {budget:g} s budget (--citation-timeout); "
        "the verdict is unknown."
    )
    exc.details = {"seconds": budget}
    return exc


def _lone_surrogate(ident: str) -> QuoteError:
    return QuoteError(
        f"the quotation of citation {scrub(ident)!r} holds a lone surrogate (an escape such as "
        "\\ud800 that stands for no character); fix its encoding",
        code=ErrorCode.DECODE_ERROR,
        recovery=Recovery.FIX_INPUT,
    )


def _internal(exc: BaseException) -> QuoteTuiError:
    return QuoteTuiError(
        f"unexpected {type(exc).__name__}: {exc}",
        code=ErrorCode.INTERNAL_ERROR,
        recovery=Recovery.REVIEW_SOURCE,
    )


def _inconclusive(
    spec: CitationSpec,
    result: CheckResult,
    prepared: PreparedText,
    reason: str,
    note: str | None = None,
) -> CitationOutcome:
    """The outcome of a quotation whose text cannot settle it: ``inconclusive`` for
    ``reason``, its nearest passage and page check kept."""
    result = replace(result, status=Status.INCONCLUSIVE)
    return CitationOutcome(
        spec,
        str(Status.INCONCLUSIVE),
        result=result,
        page_check=page_check(spec, result, prepared),
        reason=reason,
        note=note,
    )
