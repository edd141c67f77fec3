"""Reference checks through the front door: read a bibliography, check it, render the report.

    entries = read_references(Path("paper.bib"))
    report = await check_references(entries, settings=settings, retractions=Path("rw.csv"))
    print(render_references(report, "markdown"))

Each reference is checked against Crossref (by DOI, or by a bibliographic query), PubMed (by
PMID) and, when given, an offline Retraction Watch CSV; see ``quote_tui.references`` and
docs/references.md for the statuses and how they are decided. The references package (and with
it httpx, lxml and sqlite3) is imported only when a reference is read or checked, so a check of
a local text file stays light.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from quote_tui.batch.specs import Settings
from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery

if TYPE_CHECKING:
    from quote_tui.manuscripts.model import BibEntry
    from quote_tui.references.retractions import RetractionIndex

__all__ = [
    "REFERENCE_FORMATS",
    "check_references",
    "failing_references",
    "load_retractions",
    "parse_references",
    "read_references",
    "references_schema",
    "render_references",
]

REFERENCE_FORMATS = ("json", "markdown", "html")
"""What ``render_references`` writes."""

Entries = Sequence[tuple[str, "BibEntry"]]


def read_references(path: Path, *, bib: Sequence[Path] = ()) -> Entries:
    """The references of a ``.bib`` or CSL-JSON file, or of a manuscript and its ``bib`` files.

    Raises:
        BatchInputError: a file that cannot be read or parsed.
    """
    from quote_tui.references.entries import read_references as read

    return read(path, bib=bib)


def parse_references(*, bibtex: str | None = None, csl: Any = None) -> Entries:
    """References given as data (the MCP tool, the HTTP API): BibTeX text or CSL-JSON items.

    Raises:
        BatchInputError: ``missing_field`` when neither is given, ``bad_batch`` when the data
            cannot be read.
    """
    from quote_tui.manuscripts.bibliography import entry_from_csl
    from quote_tui.manuscripts.bibrecords import BibWarning
    from quote_tui.manuscripts.bibtex import read_bibtex
    from quote_tui.references.entries import keyed_entries

    if bibtex is None and csl is None:
        raise BatchInputError(
            "Give the references as BibTeX text (bibtex) or CSL-JSON items (csl).",
            code=ErrorCode.MISSING_FIELD,
            recovery=Recovery.FIX_INPUT,
        )
    entries: list[BibEntry] = []
    warnings: tuple[BibWarning, ...] = ()
    try:
        if bibtex is not None and not isinstance(bibtex, str):
            raise ValueError("bibtex is the text of a .bib file")
        if bibtex:
            read = read_bibtex(bibtex)
            entries.extend(read.entries)
            warnings = read.warnings
        if csl is not None:
            if not isinstance(csl, list) or not all(isinstance(i, dict) for i in csl):
                raise ValueError("csl is a list of CSL-JSON items")
            entries.extend(entry_from_csl(item) for item in csl)
    except (ValueError, RecursionError) as exc:
        raise BatchInputError(
            f"The references cannot be read: {exc}.",
            code=ErrorCode.BAD_BATCH,
            recovery=Recovery.FIX_INPUT,
        ) from exc
    return keyed_entries(entries, warnings)


def load_retractions(path: Path) -> RetractionIndex:
    """Read a Retraction Watch CSV (the columns Crossref publishes it with).

    Raises:
        BatchInputError: the file cannot be read or lacks the columns.
    """
    from quote_tui.references.retractions import load_retractions as load

    return load(path)


async def check_references(
    entries: Entries,
    *,
    settings: Settings | None = None,
    retractions: Path | RetractionIndex | None = None,
    source: str | None = None,
) -> dict[str, Any]:
    """Check each reference; returns the references report (``references.schema.json``).

    Args:
        entries: from ``read_references`` or ``parse_references``.
        settings: the run settings; their network settings (offline, refresh, store, the
            contact address) are used.
        retractions: a Retraction Watch CSV file (or an index from ``load_retractions``).
        source: the checked file's name, recorded in the report.
    """
    from quote_tui.references.check import check_references as check
    from quote_tui.references.report import references_report

    index = load_retractions(retractions) if isinstance(retractions, Path) else retractions
    remote = settings.remote if settings is not None else None
    concurrency = settings.concurrency if settings is not None else 4
    checks = await check(entries, settings=remote, retractions=index, concurrency=concurrency)
    info = None
    if index is not None:
        name = retractions.name if isinstance(retractions, Path) else "retractions"
        info = {"file": name, "records": index.records}
    warnings = [w.to_dict() for w in getattr(entries, "warnings", ())]
    return references_report(checks, source=source, retractions=info, warnings=warnings)


def references_schema() -> str:
    """The references report's JSON Schema, as shipped with the package."""
    from importlib import resources

    files = resources.files("quote_tui.references")
    return files.joinpath("references.schema.json").read_text("utf-8")


def render_references(report: dict[str, Any], fmt: str = "json") -> str:
    """The references report as ``json``, ``markdown``, ``html`` or ``terminal`` (the summary
    and every reference that is not verified, for people at a terminal).

    Raises:
        BatchInputError: ``bad_option`` for another format.
    """
    from quote_tui.reports.references import render_references as render

    if fmt not in (*REFERENCE_FORMATS, "terminal"):
        raise BatchInputError(
            f"References are written as {', '.join(REFERENCE_FORMATS)}, not {fmt!r}.",
            code=ErrorCode.BAD_OPTION,
            recovery=Recovery.FIX_INPUT,
        )
    return render(report, fmt)


def failing_references(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The references ``--strict`` fails on: retracted, metadata_mismatch, not_found."""
    from quote_tui.references.report import failing_references as failing

    return failing(report)
