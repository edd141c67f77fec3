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

from quote_tui._untrusted import scrub
from quote_tui.batch.specs import Settings
from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery

if TYPE_CHECKING:
    from quote_tui.manuscripts.model import BibEntry
    from quote_tui.references.retractions import RetractionIndex

__all__ = [
    "DEFAULT_REGISTRIES",
    "MAX_LOOKUPS",
    "MAX_REFERENCES",
    "REFERENCE_FORMATS",
    "REGISTRIES",
    "REVIEW_FILE",
    "changed_for_worse",
    "check_references",
    "failing_references",
    "load_retractions",
    "manuscript_date",
    "manuscript_date_source",
    "parse_references",
    "read_references",
    "references_schema",
    "registry_names",
    "render_references",
    "review_finding",
]

REVIEW_FILE = ".quote-tui-review.json"
"""The review file's name beside a manuscript or bibliography (``references.review``)."""

REFERENCE_FORMATS = ("json", "markdown", "html")
"""What ``render_references`` writes."""

MAX_REFERENCES = 5_000
"""References checked in one run (``--max-references``); past it the report's ``warnings`` say
how many were given. 100,000 entries once took 86 s and 838 MB offline."""

MAX_LOOKUPS = 20_000
"""Registry look-ups over the network in one run (``--max-lookups``): a DOI, its notices and a
search are at most four a reference."""

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
    max_references: int = MAX_REFERENCES,
    max_lookups: int = MAX_LOOKUPS,
    baseline: Path | dict[str, Any] | None = None,
    reviews: Path | dict[str, Any] | None = None,
    registries: Sequence[str] | None = None,
    date: str | None = None,
    date_from: str | None = None,
) -> dict[str, Any]:
    """Check each reference; returns the references report (``references.schema.json``).

    Args:
        entries: from ``read_references`` or ``parse_references``.
        settings: the run settings; their network settings (offline, refresh, store, the
            contact address) are used.
        retractions: a Retraction Watch CSV file (or an index from ``load_retractions``).
        source: the checked file's name, recorded in the report.
        max_references: the most references checked; the rest are left out with a warning.
        max_lookups: the most registry look-ups made over the network; past it a reference is
            ``unverifiable`` (``lookup_cap``). The report's ``lookups`` counts them.
        baseline: an earlier references report (or ``check --refs`` JSON report), as a file or
            as its parsed JSON (the MCP tool, the HTTP API): the report's
            ``changes`` then lists each reference newly retracted, corrected, mismatched or
            fixed since it. Read before anything is asked, so a bad file costs no look-up.
        reviews: a review file (``review_finding``), or its parsed JSON: each finding reviewed
            there is marked
            ``review`` and no longer fails ``--strict``; a missing file holds no reviews.
        registries: the registries asked (``REGISTRIES``); None for ``DEFAULT_REGISTRIES``.
        date: the manuscript's date (``YYYY-MM-DD``, or ``YYYY-MM``): each retracted reference
            then says whether it is cited before or after its retraction notice
            (``retraction_timing``; ``manuscript_date`` reads a manuscript's own).
        date_from: where ``date`` was read (``manuscript_date_source``), for the report's
            ``manuscript_date_from``; None for a date given outright.

    Raises:
        BatchInputError: the retractions file, the baseline or the date cannot be used.
    """
    from quote_tui._untrusted import scrub_record
    from quote_tui.references.changes import baseline_references, changes_since, read_baseline
    from quote_tui.references.check import check_references as check
    from quote_tui.references.report import references_report
    from quote_tui.references.review import apply_reviews, read_reviews, reviews_from
    from quote_tui.references.timing import add_retraction_timing, parse_date
    from quote_tui.sources.net.registry import LookupBudget

    written = parse_date(date, "date") if date is not None else None
    earlier = (
        read_baseline(baseline)
        if isinstance(baseline, Path)
        else baseline_references(baseline, "given")
        if baseline is not None
        else None
    )
    reviewed = (
        read_reviews(reviews)
        if isinstance(reviews, Path)
        else reviews_from(reviews)
        if reviews is not None
        else None
    )
    given = len(entries)
    warnings: list[dict[str, Any]] = [w.to_dict() for w in getattr(entries, "warnings", ())]
    # a lone surrogate (an escaped \ud800 in CSL-JSON) can be neither asked nor written: it
    # becomes U+FFFD here, the one way in, so the report is made and the server answers 200
    entries = [(scrub(key), scrub_record(entry)) for key, entry in entries[:max_references]]
    index = load_retractions(retractions) if isinstance(retractions, Path) else retractions
    remote = settings.remote if settings is not None else None
    concurrency = settings.concurrency if settings is not None else 4
    budget = LookupBudget(max_lookups)
    checks = await check(
        entries,
        settings=remote,
        retractions=index,
        concurrency=concurrency,
        budget=budget,
        registries=registry_names(registries),
    )
    info = None
    if index is not None:
        name = retractions.name if isinstance(retractions, Path) else "retractions"
        info = index.provenance(name)
    if given > max_references:
        warnings.append(
            {
                "code": "reference_cap",
                "message": f"{given:,} references were given; the first {max_references:,} "
                "were checked (--max-references)",
            }
        )
    if budget.refused:
        warnings.append(
            {
                "code": "lookup_cap",
                "message": f"the run's {max_lookups:,} registry look-ups were made; "
                f"{budget.refused:,} more were not (--max-lookups), and their references are "
                "unverifiable",
            }
        )
    report = references_report(checks, source=source, retractions=info, warnings=warnings)
    report["lookups"] = {"made": budget.made, "refused": budget.refused, "max": max_lookups}
    if written is not None:
        report["manuscript_date"] = written
        report["manuscript_date_from"] = date_from or "given"
        add_retraction_timing(report, written)
    if earlier is not None:
        name = baseline.name if isinstance(baseline, Path) else "(given)"
        report["baseline"] = {"file": name, "references": len(earlier)}
        report["changes"] = [c.to_dict() for c in changes_since(earlier, report["references"])]
    if reviewed is not None:
        apply_reviews(
            report, reviewed, file=reviews.name if isinstance(reviews, Path) else "(given)"
        )
    return report


def manuscript_date(path: Path) -> str | None:
    """The date a manuscript gives itself: Markdown's ``date:`` (or its own bibliography
    entry's), LaTeX's ``\\date{}``, a Word file's core properties; None when it gives none
    (``references.timing``)."""
    from quote_tui.references.timing import manuscript_date as written

    return written(path)


def manuscript_date_source(path: Path) -> tuple[str, str] | None:
    """``manuscript_date`` and where it was read (``Word core property created``...)."""
    from quote_tui.references.timing import manuscript_date_source as written

    return written(path)


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


REGISTRIES = (
    "crossref",
    "datacite",
    "pubmed",
    "europepmc",
    "arxiv",
    "biorxiv",
    "openalex",
    "dblp",
    "semanticscholar",
    "openreview",
    "web",
)
"""Every registry ``--registries`` may name (``references.check.REGISTRIES``)."""
DEFAULT_REGISTRIES = ("crossref", "datacite", "pubmed", "arxiv", "biorxiv", "web")
"""Asked without ``--registries`` (``references.check.DEFAULT_REGISTRIES``)."""


def registry_names(names: Sequence[str] | str | None) -> tuple[str, ...]:
    """``--registries`` as names: a list or a comma-separated string (``all`` for every one);
    None gives the default (Crossref, DataCite for a DOI Crossref does not know, PubMed, arXiv
    for arXiv ids, bioRxiv/medRxiv for their DOIs, the web for a URL alone).

    Raises:
        BatchInputError: ``bad_option`` naming a registry that does not exist.
    """
    if names is None:
        return DEFAULT_REGISTRIES
    if isinstance(names, str):
        names = [n for n in names.replace(" ", ",").split(",") if n]
    chosen = tuple(dict.fromkeys(n.strip().lower() for n in names))
    if chosen == ("all",):
        return REGISTRIES
    unknown = [n for n in chosen if n not in REGISTRIES]
    if unknown or not chosen:
        raise BatchInputError(
            f"--registries takes names of {', '.join(REGISTRIES)} (or all), not {unknown or names}",
            code=ErrorCode.BAD_OPTION,
            recovery=Recovery.FIX_INPUT,
        )
    return chosen


def review_finding(report: Path, key: str, note: str, file: Path | None = None) -> Path:
    """Record ``note`` on the finding of reference ``key`` in an earlier references report (a
    ``refs`` JSON report, or ``check --refs`` JSON), or on the gate finding whose fingerprint
    is (or begins with) ``key`` in a gate report (``gate --format json``); returns the review
    file written.

    Args:
        report: the report that holds the finding.
        key: the reference's key.
        note: why the finding stands as it is (kept whole, at most 2,000 characters).
        file: the review file; by default ``REVIEW_FILE`` beside the report's checked file when
            it still exists, else beside the report.

    Raises:
        BatchInputError: ``bad_batch`` for a report or review file that cannot be read (the
            review file is then left as it is); ``bad_option`` for a key the report does not
            hold or an empty note.
    """
    from quote_tui.gate.reviews import gate_finding_of, read_report, review_gate_finding
    from quote_tui.references.changes import read_baseline
    from quote_tui.references.review import add_review

    doc = read_report(report)
    try:
        finding = gate_finding_of(doc, key)
    except BatchInputError:
        if "references" not in doc:
            raise
        finding = None  # a check report with references too: the key may be a reference's
    if finding is not None:  # a gate report: the key is a finding's fingerprint
        claims = Path(str(doc.get("file") or ""))
        folder = claims.parent if doc.get("file") and claims.is_file() else report.parent
        file = file or folder / REVIEW_FILE
        review_gate_finding(file, finding, note)
        return file
    refs = read_baseline(report)
    found = [r for r in refs if r.get("key") == key]
    if not found:
        raise BatchInputError(
            f"The report {report} has no reference {key!r}.",
            code=ErrorCode.BAD_OPTION,
            recovery=Recovery.FIX_INPUT,
            details={"keys": [str(r.get("key")) for r in refs[:20]]},
        )
    if file is None:
        source = _source_of(report)
        folder = source.parent if source is not None and source.exists() else report.parent
        file = folder / REVIEW_FILE
    add_review(file, found[0], note)
    return file


def _source_of(report: Path) -> Path | None:
    import json

    try:
        doc = json.loads(report.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError):
        return None
    if isinstance(doc, dict) and isinstance(doc.get("references"), dict):
        doc = doc["references"]
    source = doc.get("source") if isinstance(doc, dict) else None
    return Path(source) if isinstance(source, str) and source else None


def changed_for_worse(report: dict[str, Any]) -> bool:
    """Whether the report's ``changes`` (since ``baseline``) hold any change but a fix: what
    ``--fail-on-change`` fails on."""
    return any(c.get("change") != "fixed" for c in report.get("changes", ()))


def failing_references(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The references ``--strict`` fails on: retracted, metadata_mismatch, not_found, unless a
    researcher reviewed that very finding (``review``)."""
    from quote_tui.references.report import failing_references as failing

    return failing(report)
