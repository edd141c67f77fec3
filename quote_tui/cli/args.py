"""The options the commands share, and the settings they make."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from quote_tui import api
from quote_tui.api import (
    DEFAULT_CITATION_TIMEOUT,
    DEFAULT_MAX_FILE_BYTES,
    DEFAULT_READ_TIMEOUT,
    MatchOptions,
)


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, its width found as ``shutil.get_terminal_size`` finds it.

    argparse makes a formatter for every option added, and its own finds the width through
    shutil, which loads bz2 and lzma: a few per cent of a one-line ``quote``, for a width that
    only help and usage messages use.
    """

    def __init__(
        self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: Any = None
    ) -> None:
        if width is None:
            width = _columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


def _columns() -> int:
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> Any:  # argparse's own exit code is already 2; keep its text
        self.print_usage(sys.stderr)
        self.exit(api.EXIT_USAGE, f"quote-tui: error: {message}\n")


_HELP = {
    "--max-matches": "matches reported per citation; all are counted",
    "--near-threshold": "lowest similarity reported as near",
    "--context": "characters of context kept on each side of a match",
    "--max-source-chars": "longer texts are truncated and missing quotations become inconclusive",
    "--citation-timeout": "a check that takes longer is inconclusive (time_budget); 0 for no limit",
    "--read-timeout": "a local source, or a fetched PDF or HTML page, that takes longer to read "
    "is unavailable (timeout); 0 for no limit",
    "--max-file-bytes": "a larger local file is unavailable (too_large) before it is read; "
    "only regular files are read (a FIFO, device or socket is not_a_file)",
    "--timeout": "one deadline for each whole download",
    "--jobs": "sources read and checked at once",
    "--sources": "the sources of a JSONL batch whose INPUT holds only citations",
    "--resume": "continue an interrupted JSONL report: keep its lines, check only what is missing",
    "--workers": "LocalCluster workers, with --cluster dask (default 2)",
    "--scheduler": "with --cluster dask: an existing scheduler (tcp://host:8786), not a "
    "LocalCluster",
    "--gate-config": "a JSON object of cite-gate config keys (allow, copy_run, fold_accents, era)",
    "--min-words": "shortest quotation taken on its own, in words; a shorter phrase needs its "
    "source cited or named beside it",
    "--max-references": "most references checked in one run; the rest are left out, with a warning",
    "--max-lookups": "most registry look-ups (Crossref, PubMed) made over the network in one "
    "run; past it a reference is unverifiable (lookup_cap)",
    "--max-answer-citations": "most citations taken from one model answer; the rest are left "
    "out, with a warning",
    "--max-quotes": "most quotations taken from one manuscript; the rest are left out, with a "
    "warning in the report",
    "--max-scan-seconds": "longest time spent finding a manuscript's quotations; past it the "
    "rest are not looked at, with a warning in the report (default: 60, plus 15 per 100,000 "
    "characters of the manuscript)",
    "--copy-run": "words in a row shared with the quotations that count as copying (default 11)",
    "--max-body-bytes": "larger request bodies get 413",
    "--max-sources": "most sources in one request",
    "--max-citations": "most citations in one request",
    "--max-concurrent": "checks running at once",
    "--max-waiting": "requests waiting for a slot before 503 busy",
    "--deadline": "whole-request deadline, then 504",
    "--header-timeout": "a connection that has not sent its request headers by then gets 408 "
    "and is closed",
    "--body-timeout": "a request body not in by then, after its headers, gets 408 and is "
    "closed; under --deadline",
    "--max-connections": "open connections at once (lowered to fit the file-descriptor "
    "limit); past it new ones are closed",
    "--max-connections-per-client": "open connections of one client address, below "
    "--max-connections (default: a quarter of it); past it that client's new ones are closed",
}
"""The help of each valued option; ``add_options`` adds its default."""


def add_options(group: Any, options: tuple[tuple[str, Any, Any, str], ...]) -> None:
    """Add valued options, given as (flag, type, default, placeholder); the help of each is in
    ``_HELP``, ending with its default (a None default is not shown)."""
    for flag, kind, default, metavar in options:
        shown = ""
        if isinstance(default, float):
            shown = f" (default {default:g})"
        elif isinstance(default, int):
            shown = f" (default {default})"
        text = _HELP[flag] + shown
        group.add_argument(flag, type=kind, default=default, metavar=metavar, help=text)


def add_switches(group: Any, switches: tuple[tuple[str, str], ...]) -> None:
    """Add on/off flags, given as (flag, help)."""
    for flag, text in switches:
        group.add_argument(flag, action="store_true", help=text)


MOST_ITEMS = 10_000
"""The default of ``--max-quotes`` and ``--max-answer-citations``."""

JSON_SWITCH = ("--json", "print the JSON report even at a terminal")


def _in_range(kind: Any, low: float, high: float | None = None) -> Any:
    """An option type that refuses numbers outside ``[low, high]``, naming the range."""
    number_word = "a whole number" if kind is int else "a number"
    allowed = f"from {low:g} to {high:g}" if high is not None else f"of at least {low:g}"

    def parse(value: str) -> Any:
        try:
            number = kind(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {value!r}") from None
        if number != number or number < low or (high is not None and number > high):
            message = f"{value} is out of range: give {number_word} {allowed}"
            raise argparse.ArgumentTypeError(message)
        return number

    parse.__name__ = kind.__name__  # argparse names the type in its messages
    return parse


def matching_args(parser: argparse.ArgumentParser) -> None:
    """How quotations are matched and reported, and how sources are read."""
    d = MatchOptions()
    matching = parser.add_argument_group("matching")
    add_options(
        matching,
        (
            ("--max-matches", _in_range(int, 1), d.max_matches, "N"),
            ("--near-threshold", _in_range(float, 0, 1), d.near_threshold, "X"),
            ("--context", _in_range(int, 0), d.context, "CHARS"),
        ),
    )
    source_args(parser, matching)


def source_args(parser: argparse.ArgumentParser, group: Any = None, *, checks: bool = True) -> None:
    """How sources are read: the text's size cap, the time budgets, the network. ``checks``
    False leaves out what only a check uses (``quote-tui text`` checks nothing)."""
    group = group if group is not None else parser.add_argument_group("reading")
    add_options(group, (("--max-source-chars", _in_range(int, 1), None, "N"),))
    parser.set_defaults(max_source_chars=50_000_000)
    budget_args(group, checks=checks)
    if not checks:
        parser.set_defaults(citation_timeout=DEFAULT_CITATION_TIMEOUT)
    network_args(parser)


def budget_args(group: Any, *, checks: bool = True) -> None:
    options = (
        ("--citation-timeout", _seconds, DEFAULT_CITATION_TIMEOUT, "SECONDS"),
        ("--read-timeout", _seconds, DEFAULT_READ_TIMEOUT, "SECONDS"),
        ("--max-file-bytes", _in_range(int, 1), DEFAULT_MAX_FILE_BYTES, "N"),
    )
    add_options(group, options if checks else options[1:])


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
    add_options(net, (("--timeout", _in_range(float, 0.1), 20.0, "SECONDS"),))
    net.add_argument(
        "--store", type=Path, metavar="PATH", help="snapshot store file (default: user data)"
    )
    net.add_argument(
        "--email", metavar="ADDRESS", help="contact address sent to NCBI E-utilities and Crossref"
    )
    net.add_argument(
        "--render",
        choices=api.RENDER_MODES,
        default="never",
        help="render HTML pages in headless Chromium first: never (default), auto (when the "
        "static text is thin or the page needs script) or always",
    )
    net.add_argument(
        "--no-open-copies",
        dest="open_copies",
        action="store_false",
        help="read a doi: or arxiv: source only through its publisher's page, not the open "
        "copies (repository, PubMed Central, arXiv) OpenAlex and Europe PMC list for it",
    )


def stream_args(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("large batches")
    add_options(
        group,
        (
            ("--sources", Path, None, "SOURCES.jsonl"),
            ("--resume", Path, None, "REPORT.jsonl"),
            ("--jobs", _in_range(int, 1), 4, "N"),
        ),
    )
    group.add_argument(
        "--cluster",
        choices=("dask",),
        help="run the work on Dask distributed (pip install 'quote-tui[cluster]')",
    )
    add_options(group, (("--workers", int, None, "N"), ("--scheduler", str, None, "ADDRESS")))


def manuscript_args(parser: argparse.ArgumentParser, *, time_limit: bool = True) -> None:
    """The options of reading a manuscript; ``time_limit`` adds ``--max-scan-seconds`` (the
    commands that scan it themselves: check, scan)."""
    group = parser.add_argument_group("manuscripts")
    group.add_argument(
        "--bib",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help="a bibliography: BibTeX, CSL-JSON, Zotero JSON, RIS or EndNote XML (repeatable)",
    )
    group.add_argument("--pdfs", type=Path, metavar="DIR", help="a folder of the cited PDFs")
    group.add_argument("--zotero", type=Path, metavar="DIR", help="a Zotero data folder")
    group.add_argument(
        "--allow-path",
        type=Path,
        action="append",
        default=[],
        metavar="DIR",
        help="a folder that files named inside a bibliography or an agent's list may be read "
        "from, besides the manuscript's, --pdfs and --zotero (repeatable)",
    )
    add_options(
        group,
        (
            ("--min-words", _in_range(int, 1), 4, "N"),
            ("--max-quotes", _in_range(int, 1), MOST_ITEMS, "N"),
            ("--max-answer-citations", _in_range(int, 1), MOST_ITEMS, "N"),
        ),
    )
    if time_limit:
        add_options(group, (("--max-scan-seconds", _in_range(float, 0.1), None, "S"),))


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
    add_options(
        group, (("--copy-run", _in_range(int, 2), None, "N"), ("--gate-config", Path, None, "FILE"))
    )


def settings_from(args: argparse.Namespace) -> api.Settings:
    """The run settings the flags ask for; the environment (``NCBI_API_KEY``, ``S2_API_KEY``,
    ``NCBI_EMAIL``, the registries' ``QUOTE_TUI_*_URL``) is read here, never deeper down. A
    command without the matching flags keeps their defaults."""
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
        max_file_bytes=getattr(args, "max_file_bytes", DEFAULT_MAX_FILE_BYTES),
        allowed=tuple(getattr(args, "allow_path", ())),
        network=api.network_settings(
            timeout=args.timeout,
            offline=args.offline,
            refresh=args.refresh,
            store=args.store,
            email=args.email or os.environ.get("NCBI_EMAIL"),
            ncbi_api_key=os.environ.get("NCBI_API_KEY"),
            s2_api_key=os.environ.get("S2_API_KEY"),
            render=getattr(args, "render", "never"),
            registries={name: os.environ.get(var, "") for name, var in api.REGISTRY_ENV.items()},
            open_copies=getattr(args, "open_copies", True),
        ),
    )
