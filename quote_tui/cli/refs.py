"""``quote-tui refs``: each reference of a bibliography or manuscript checked against Crossref,
PubMed and a Retraction Watch CSV; and ``check --refs``, the same beside a quotation report."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from quote_tui import api
from quote_tui.cli.args import add_switches, settings_from
from quote_tui.cli.common import emit, usage, warn

__all__ = [
    "check_refs",
    "cmd_refs",
    "cmd_review",
    "refs_options",
    "retraction_args",
    "review_options",
]


def refs_options(refs: argparse.ArgumentParser) -> None:
    """The ``refs`` command's options (its help line and description are in ``cli.parser``)."""
    from quote_tui.cli.args import source_args

    refs.add_argument(
        "input", type=Path, help="a bibliography (.bib, .json, .ris, .xml) or a manuscript"
    )
    refs.add_argument(
        "--bib",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help="a manuscript's bibliography: BibTeX, CSL-JSON, Zotero JSON, RIS or EndNote XML",
    )
    retraction_args(refs)
    refs.add_argument("-o", "--output", type=Path, help="report file (default: stdout)")
    refs.add_argument(
        "--format",
        choices=api.REFERENCE_FORMATS,
        default=None,
        help="json, markdown or html (default: from the -o suffix, else json; at a terminal, "
        "a short summary)",
    )
    strict = "exit 1 when any reference is retracted, metadata_mismatch or not_found"
    worse = (
        "exit 1 when --baseline's report is followed by a change for the worse "
        "(newly retracted, corrected, concern, mismatched): a weekly watch"
    )
    add_switches(refs, (("--strict", strict), ("--fail-on-change", worse)))
    source_args(refs)


def retraction_args(parser: argparse.ArgumentParser) -> None:
    from quote_tui.cli.args import _in_range, add_options

    parser.add_argument(
        "--baseline",
        type=Path,
        metavar="REPORT",
        help="an earlier references report (JSON): say first what changed since it "
        "(newly retracted, corrected, mismatched, fixed)",
    )
    parser.add_argument(
        "--registries",
        metavar="NAMES",
        help=f"the registries asked, comma-separated, of {', '.join(api.REGISTRIES)}, or all "
        f"(default: {','.join(api.DEFAULT_REGISTRIES)}; europepmc adds a retraction source; "
        "openalex, dblp, semanticscholar and openreview search for works without a DOI)",
    )
    parser.add_argument(
        "--date",
        metavar="YYYY-MM-DD",
        help="the manuscript's date (default: its own: Markdown date:, LaTeX \\date, Word's "
        "core properties): say whether each retracted work is cited before or after its "
        "retraction",
    )
    parser.add_argument(
        "--review",
        type=Path,
        metavar="FILE",
        help=f"the review file (default: {api.REVIEW_FILE} beside the manuscript or "
        "bibliography, when there is one): reviewed findings are marked and do not fail --strict",
    )
    parser.add_argument(
        "--retractions",
        type=Path,
        metavar="FILE",
        help="the Retraction Watch CSV (as Crossref publishes it), read offline",
    )
    add_options(
        parser,
        (
            ("--max-references", _in_range(int, 1), api.MAX_REFERENCES, "N"),
            ("--max-lookups", _in_range(int, 1), api.MAX_LOOKUPS, "N"),
        ),
    )


def _reviews(args: argparse.Namespace) -> Path | None:
    """The review file given, else the one beside the checked file when it exists."""
    given = getattr(args, "review", None)
    if given is not None:
        return Path(given)
    beside = Path(args.input).parent / api.REVIEW_FILE
    return beside if beside.is_file() else None


def _caps(args: argparse.Namespace) -> dict[str, Any]:
    given = getattr(args, "date", None)
    own = None if given else api.manuscript_date_source(Path(args.input))
    return {
        "reviews": _reviews(args),
        "registries": api.registry_names(getattr(args, "registries", None)),
        "max_references": getattr(args, "max_references", api.MAX_REFERENCES),
        "max_lookups": getattr(args, "max_lookups", api.MAX_LOOKUPS),
        "baseline": getattr(args, "baseline", None),
        "date": given or (own[0] if own else None),
        "date_from": "--date" if given else (own[1] if own else None),
    }


def cmd_refs(args: argparse.Namespace) -> int:
    """Check the references and write the report; returns the exit code."""
    fmt = args.format or api.format_for(args.output, "json")
    if fmt not in api.REFERENCE_FORMATS:
        raise usage(f"refs writes {', '.join(api.REFERENCE_FORMATS)}; not {fmt}")
    if args.fail_on_change and args.baseline is None:
        raise usage("--fail-on-change needs --baseline REPORT")
    if args.format is None and args.output is None and sys.stdout.isatty():
        fmt = "terminal"  # people at a terminal read the summary; --format json for the report
    import asyncio  # the registries are read in asyncio's loop

    entries = api.read_references(args.input, bib=tuple(args.bib))
    report = asyncio.run(
        api.check_references(
            entries,
            settings=settings_from(args),
            retractions=args.retractions,
            source=str(args.input),
            **_caps(args),
        )
    )
    emit(api.render_references(report, fmt), args.output)
    if fmt != "terminal":  # the terminal view says these in its own lines
        for line in api.unreached_lines(report):
            warn(line)
        for warning in report.get("warnings", ()):
            warn(api.warning_line(warning))
    failing = api.failing_references(report)
    if args.fail_on_change and api.changed_for_worse(report):
        return api.EXIT_STRICT
    return api.EXIT_STRICT if args.strict and failing else api.EXIT_OK


def check_refs(
    args: argparse.Namespace, manuscript: bool, settings: api.Settings
) -> dict[str, Any] | None:
    """``check --refs``: the manuscript's references (and ``--bib``'s), checked; None without
    ``--refs``."""
    if not getattr(args, "refs", False):
        return None
    if not manuscript and not args.bib:
        raise usage("--refs checks a manuscript's references, or those of --bib")
    entries = (
        api.read_references(args.input, bib=tuple(args.bib))
        if manuscript
        else api.read_references(args.bib[0], bib=tuple(args.bib[1:]))
    )
    import asyncio

    report = asyncio.run(
        api.check_references(
            entries,
            settings=settings,
            retractions=args.retractions,
            source=str(args.input),
            **_caps(args),
        )
    )
    for line in api.unreached_lines(report):
        warn(line)  # once, whatever the format: the terminal view shows no references
    return report


def review_options(review: argparse.ArgumentParser) -> None:
    """The ``review`` command's options."""
    review.add_argument("report", type=Path, help="a references report (refs or check --refs JSON)")
    review.add_argument("key", help="the reference's key in that report")
    review.add_argument("--note", required=True, help="why the finding stands as it is")
    review.add_argument(
        "--review",
        type=Path,
        metavar="FILE",
        help=f"the review file (default: {api.REVIEW_FILE} beside the checked manuscript)",
    )


def cmd_review(args: argparse.Namespace) -> int:
    """Record a note on one finding of a references report."""
    file = api.review_finding(args.report, args.key, args.note, args.review)
    warn(f"reviewed {args.key} in {file}: shown as reviewed until the finding changes")
    return api.EXIT_OK
