"""The claims gate through the front door: its findings on a manuscript or a claims file, the
whole gate on a claims file, and the views of its findings.

    findings = gate_findings(path, given.scan, prose=True, config=gate_config(allow=["NASA"]))
    result = await gate_claims(Path("claims.json"), settings=settings)

The rules, their config and their report live below the door, in ``quote_tui.gate``; this module
only joins them to the pipeline, so a front end names nothing of the gate's insides.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from quote_tui.engine.errors import ErrorCode

if TYPE_CHECKING:
    from quote_tui.batch.specs import Settings
    from quote_tui.gate.claims import GateResult
    from quote_tui.gate.findings import Finding
    from quote_tui.gate.prose import GateConfig

__all__ = ["gate_claims", "gate_findings"]


def gate_findings(
    path: Path,
    scan: Any,
    *,
    prose: bool,
    config: GateConfig | None = None,
    min_words: int = 4,
    reviews: Path | None = None,
) -> tuple[Finding, ...]:
    """The gate's findings on what ``open_input`` opened: on a claims file, the number rule
    always (a number no quotation holds is a failure) and every prose check with ``prose``; on
    a manuscript, every prose check with ``prose``, on the manuscript as the scan read it.

    Args:
        path: the input file.
        scan: the input's scan (``Input.scan``); None for a batch file, which has no prose.
        prose: run every prose check, not only the number rule.
        config: the gate's config (``gate_config``); a claims file brings its own.
        min_words: the scan's shortest quotation, so the same quotations are found.
        reviews: a review file: each finding it names carries its note (see ``gate_claims``).

    Raises:
        BatchInputError: ``bad_option`` for a claims file whose config is wrong; ``bad_batch``
            for a review file that cannot be read.
    """
    from quote_tui.gate.reviews import apply_gate_reviews, read_gate_reviews

    reviewed = read_gate_reviews(reviews)
    found = _gate_findings(path, scan, prose=prose, config=config, min_words=min_words)
    return apply_gate_reviews(found, reviewed)


def _gate_findings(
    path: Path,
    scan: Any,
    *,
    prose: bool,
    config: GateConfig | None,
    min_words: int,
) -> tuple[Finding, ...]:
    """The findings before any review is applied (``gate_findings``)."""
    if scan is None:
        return ()
    if path.suffix.lower() == ".json":
        from quote_tui.engine.errors import QuoteTuiError
        from quote_tui.gate.claims import claim_findings, load_claims

        try:
            claims = load_claims(path)
        except QuoteTuiError as exc:
            if exc.code == ErrorCode.BAD_OPTION:  # a claims file whose config is wrong
                raise
            return ()  # an agent's list: quotations only, no prose
        return claim_findings(claims, prose=prose)[0]
    if not prose:
        return ()
    from quote_tui.gate.manuscript import manuscript_findings
    from quote_tui.gate.prose import GateConfig

    return manuscript_findings(
        path,
        scan.citations,
        config if config is not None else GateConfig(),
        min_words=min_words,
        read=getattr(scan, "read", None),
    )


async def gate_claims(
    path: Path,
    *,
    sources_dir: Path | None = None,
    settings: Settings | None = None,
    name: str | None = None,
    reviews: Path | None = None,
) -> GateResult:
    """Run the whole gate on a cite-gate claims file: its quotations checked through the
    pipeline, then the prose checks on each item.

    Args:
        path: the claims file.
        sources_dir: the folder of ``<src>.txt`` files (default: ``sources/`` beside it).
        settings: the run's settings.
        name: how findings name the file (default: the path as given).
        reviews: a review file (``review_finding`` on a gate report): each finding reviewed
            there is shown with its note and does not fail the gate, until it changes.

    Returns:
        The findings with the report on the quotations.

    Raises:
        BatchInputError: the claims file or the review file cannot be read, or the claims
            file has another shape.
    """
    from quote_tui.api.checks import check_batch
    from quote_tui.batch.batchfile import parse_batch
    from quote_tui.gate.claims import GateResult, claim_findings, claims_batch, load_claims
    from quote_tui.gate.reviews import apply_gate_reviews, read_gate_reviews

    reviewed = read_gate_reviews(reviews)  # a bad review file costs no check
    claims = load_claims(path, name=name)
    data = claims_batch(claims, sources_dir=sources_dir)
    batch = parse_batch(data, base_dir=path.resolve().parent)
    report = await check_batch(batch, settings=settings)
    findings, items, words = claim_findings(claims, report)
    findings = apply_gate_reviews(findings, reviewed)
    return GateResult(claims.name, items, words, findings, report)
