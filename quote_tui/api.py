"""The library's front door: check a quotation against a text, or a source named by a ref."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from quote_tui.batch.report import build_report
from quote_tui.batch.service import Service, check_text_sync
from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec
from quote_tui.engine.records import CheckResult, MatchOptions
from quote_tui.engine.text import PreparedText


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
    """The outcome of ``check``: the report for one citation (and its source)."""

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


async def check(
    quote: str,
    ref: str,
    *,
    settings: Settings | None = None,
    base_dir: str | Path | None = None,
) -> QuoteCheck:
    """Read the source named by ``ref`` (path, URL, ``doi:``, ``pmid:``) and check ``quote``.

    Errors of the source or the quotation are reported in the result, never raised.
    """
    batch = Batch(
        (SourceSpec("s1", ref=ref),),
        (CitationSpec("c1", "s1", quote),),
        base_dir=Path(base_dir) if base_dir is not None else Path.cwd(),
    )
    async with Service(settings) as service:
        report = await service.check_batch(batch)
    return QuoteCheck(build_report(report))
