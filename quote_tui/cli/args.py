"""The options the commands share, and the settings they make."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from quote_tui import api
from quote_tui.api import DEFAULT_CITATION_TIMEOUT, DEFAULT_READ_TIMEOUT, MatchOptions


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse's own exit code is already 2; keep its text
        self.print_usage(sys.stderr)
        self.exit(api.EXIT_USAGE, f"quote-tui: error: {message}\n")


def matching_args(parser: argparse.ArgumentParser) -> None:
    defaults = MatchOptions()
    group = parser.add_argument_group("matching")
    group.add_argument(
        "--max-matches",
        type=int,
        default=defaults.max_matches,
        metavar="N",
        help=f"matches reported per citation; all are counted (default {defaults.max_matches})",
    )
    group.add_argument(
        "--near-threshold",
        type=float,
        default=defaults.near_threshold,
        metavar="X",
        help=f"lowest similarity reported as near (default {defaults.near_threshold})",
    )
    group.add_argument(
        "--context",
        type=int,
        default=defaults.context,
        metavar="CHARS",
        help=f"characters of context kept on each side of a match (default {defaults.context})",
    )
    group.add_argument(
        "--max-source-chars",
        type=int,
        default=50_000_000,
        metavar="N",
        help="longer texts are truncated and missing quotations become inconclusive",
    )
    budget_args(group)
    network_args(parser)


def budget_args(group: Any) -> None:
    group.add_argument(
        "--citation-timeout",
        type=_seconds,
        default=DEFAULT_CITATION_TIMEOUT,
        metavar="SECONDS",
        help="a check that takes longer is inconclusive (time_budget); 0 for no limit "
        f"(default {DEFAULT_CITATION_TIMEOUT:g})",
    )
    group.add_argument(
        "--read-timeout",
        type=_seconds,
        default=DEFAULT_READ_TIMEOUT,
        metavar="SECONDS",
        help="a local source, or a fetched PDF or HTML page, that takes longer to read is "
        f"unavailable (timeout); 0 for no limit (default {DEFAULT_READ_TIMEOUT:g})",
    )


def _seconds(value: str) -> float | None:
    """A time budget in seconds; 0 means none."""
    try:
        seconds = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {value!r}") from None
    if seconds < 0 or seconds != seconds:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {value!r}")
    return seconds or None


def network_args(parser: argparse.ArgumentParser) -> None:
    net = parser.add_argument_group("network sources")
    net.add_argument("--offline", action="store_true", help="never fetch; use stored snapshots")
    net.add_argument("--refresh", action="store_true", help="fetch again even with a snapshot")
    net.add_argument(
        "--timeout",
        type=float,
        default=20.0,
        metavar="SECONDS",
        help="one deadline for each whole download (default 20)",
    )
    net.add_argument(
        "--store", type=Path, metavar="PATH", help="snapshot store file (default: user data)"
    )
    net.add_argument("--email", metavar="ADDRESS", help="contact address sent to NCBI E-utilities")


def stream_args(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("large batches")
    group.add_argument(
        "--sources",
        type=Path,
        metavar="SOURCES.jsonl",
        help="the sources of a JSONL batch whose INPUT holds only citations",
    )
    group.add_argument(
        "--resume",
        type=Path,
        metavar="REPORT.jsonl",
        help="continue an interrupted JSONL report: keep its lines, check only what is missing",
    )
    group.add_argument(
        "--jobs",
        type=int,
        default=4,
        metavar="N",
        help="sources read and checked at once (default 4)",
    )
    group.add_argument(
        "--cluster",
        choices=("dask",),
        help="run the work on Dask distributed (pip install 'quote-tui[cluster]')",
    )
    group.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="LocalCluster workers, with --cluster dask (default 2)",
    )
    group.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="with --cluster dask: an existing scheduler (tcp://host:8786), not a LocalCluster",
    )


def manuscript_args(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("manuscripts")
    group.add_argument(
        "--bib",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help="a BibTeX or CSL-JSON bibliography (repeatable)",
    )
    group.add_argument("--pdfs", type=Path, metavar="DIR", help="a folder of the cited PDFs")
    group.add_argument("--zotero", type=Path, metavar="DIR", help="a Zotero data folder")
    group.add_argument(
        "--min-words",
        type=int,
        default=4,
        metavar="N",
        help="shortest quotation taken, in words (default 4)",
    )


def gate_args(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("claims gate")
    group.add_argument(
        "--gate",
        action="store_true",
        help="also check the prose around each quotation: numbers, quantity words and names "
        "the quotations do not hold, and long copied runs",
    )
    group.add_argument(
        "--allow", action="append", default=[], metavar="NAME", help="a name the gate accepts"
    )
    group.add_argument(
        "--copy-run",
        type=int,
        default=None,
        metavar="N",
        help="words in a row shared with the quotations that count as copying (default 11)",
    )
    group.add_argument(
        "--gate-config",
        type=Path,
        metavar="FILE",
        help="a JSON object of cite-gate config keys (allow, copy_run, fold_accents, era)",
    )


def settings_from(args: argparse.Namespace) -> api.Settings:
    """The run settings the flags ask for; the environment (``NCBI_API_KEY``, ``NCBI_EMAIL``) is
    read here, never deeper down. A command without the matching flags keeps their defaults."""
    defaults = MatchOptions()
    options = MatchOptions(
        max_matches=getattr(args, "max_matches", defaults.max_matches),
        near_threshold=getattr(args, "near_threshold", defaults.near_threshold),
        context=getattr(args, "context", defaults.context),
    )
    return api.make_settings(
        options=options,
        max_source_chars=getattr(args, "max_source_chars", 50_000_000),
        concurrency=getattr(args, "jobs", 4),
        citation_timeout=args.citation_timeout,
        read_timeout=args.read_timeout,
        network=api.network_settings(
            timeout=args.timeout,
            offline=args.offline,
            refresh=args.refresh,
            store=args.store,
            email=args.email or os.environ.get("NCBI_EMAIL"),
            ncbi_api_key=os.environ.get("NCBI_API_KEY"),
        ),
    )
