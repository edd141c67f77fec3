"""The ``quote-tui`` command: a thin front end over ``quote_tui.batch.service``.

Results go to stdout (or a file), messages and errors to stderr, so piped JSON stays clean.
Exit codes: 0 report written; 1 with ``--strict`` when any citation is not exact/normalized
(or an ellipsis in it hides a negation or a number);
2 usage or input errors.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from quote_tui._version import __version__
from quote_tui.batch.specs import (
    DEFAULT_CITATION_TIMEOUT,
    DEFAULT_READ_TIMEOUT,
    Batch,
    CitationSpec,
    Settings,
    SourceSpec,
)
from quote_tui.engine.errors import QuoteTuiError
from quote_tui.engine.records import MatchOptions

if TYPE_CHECKING:
    from quote_tui.sources.remote import RemoteSettings

EXIT_OK, EXIT_STRICT, EXIT_USAGE = 0, 1, 2
_PASSING = {"exact", "normalized"}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse's own exit code is already 2; keep its text
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"quote-tui: error: {message}\n")


def _matching_args(parser: argparse.ArgumentParser) -> None:
    defaults = MatchOptions()
    group = parser.add_argument_group("matching")
    group.add_argument("--max-matches", type=int, default=defaults.max_matches, metavar="N")
    group.add_argument(
        "--near-threshold",
        type=float,
        default=defaults.near_threshold,
        metavar="X",
        help=f"lowest similarity reported as near (default {defaults.near_threshold})",
    )
    group.add_argument("--context", type=int, default=defaults.context, metavar="CHARS")
    group.add_argument(
        "--max-source-chars",
        type=int,
        default=5_000_000,
        metavar="N",
        help="longer texts are truncated and missing quotations become inconclusive",
    )
    _budget_args(group)
    _network_args(parser)


def _budget_args(group: Any) -> None:
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
        help="a local source that takes longer to read is unavailable (timeout); 0 for no "
        f"limit (default {DEFAULT_READ_TIMEOUT:g})",
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


def _network_args(parser: argparse.ArgumentParser) -> None:
    net = parser.add_argument_group("network sources")
    net.add_argument("--offline", action="store_true", help="never fetch; use stored snapshots")
    net.add_argument("--refresh", action="store_true", help="fetch again even with a snapshot")
    net.add_argument("--timeout", type=float, default=20.0, metavar="SECONDS")
    net.add_argument("--store", type=Path, metavar="PATH", help="snapshot store file")
    net.add_argument("--email", metavar="ADDRESS", help="contact address sent to NCBI E-utilities")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="quote-tui",
        description="Check that quotations really stand in their cited sources, and where. "
        "With no command, opens the app on the last workspace.",
    )
    parser.add_argument("--version", action="version", version=f"quote_tui {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    check = sub.add_parser("check", help="check a batch file or a manuscript; write a report")
    check.add_argument("input", type=Path, help="BATCH.json, or a manuscript (.md .tex .docx .txt)")
    check.add_argument("-o", "--output", type=Path, help="report file (default: stdout)")
    check.add_argument(
        "--format",
        choices=("json", "markdown", "html"),
        default=None,
        help="report format (default: from the -o suffix, else json)",
    )
    check.add_argument(
        "--strict",
        action="store_true",
        help="exit 1 when any citation is not exact or normalized, or an ellipsis in it hides "
        "a negation or a number",
    )
    _manuscript_args(check)
    _matching_args(check)

    quote = sub.add_parser("quote", help="check one quotation against one source")
    quote.add_argument("quote", help="the quotation; '-' reads it from stdin")
    quote.add_argument("ref", help="a path, URL, doi:..., pmid:...")
    quote.add_argument("-o", "--output", type=Path)
    quote.add_argument("--strict", action="store_true")
    _matching_args(quote)

    text = sub.add_parser("text", help="print the checked text of a source (what is searched)")
    text.add_argument("ref")
    text.add_argument("--pages", action="store_true", help="mark where each page starts")
    _matching_args(text)

    scan = sub.add_parser("scan", help="turn a manuscript into a batch file")
    scan.add_argument("input", type=Path)
    scan.add_argument("-o", "--output", type=Path)
    _manuscript_args(scan)

    snaps = sub.add_parser("snapshots", help="list, show or prune stored snapshots")
    snaps.add_argument("action", choices=("list", "show", "prune"))
    snaps.add_argument("ref", nargs="?")
    snaps.add_argument("--store", type=Path)
    snaps.add_argument("--older-than", type=float, metavar="DAYS")

    mcp = sub.add_parser("mcp", help="serve the Model Context Protocol over stdio")
    mcp.add_argument("--root", type=Path, help="folder whose files agents may read")
    _budget_args(mcp)
    _network_args(mcp)

    sub.add_parser("demo", help="open the app on the bundled demo (offline)")
    open_ = sub.add_parser("open", help="open the app on a workspace, batch, report or manuscript")
    open_.add_argument("file", type=Path)
    return parser


def _manuscript_args(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("manuscripts")
    group.add_argument("--bib", type=Path, action="append", default=[], metavar="FILE")
    group.add_argument("--pdfs", type=Path, metavar="DIR")
    group.add_argument("--zotero", type=Path, metavar="DIR")
    group.add_argument("--min-words", type=int, default=4)


def _settings(args: argparse.Namespace) -> Settings:
    options = MatchOptions(
        max_matches=args.max_matches, near_threshold=args.near_threshold, context=args.context
    )
    return Settings(
        options=options,
        max_source_chars=args.max_source_chars,
        remote=_remote_settings(args),
        citation_timeout=args.citation_timeout,
        read_timeout=args.read_timeout,
    )


def _remote_settings(args: argparse.Namespace) -> RemoteSettings:
    """Network settings from the flags; the environment is read here, never deeper down."""
    from quote_tui.sources.remote import RemoteSettings  # loads httpx only when needed

    return RemoteSettings(
        timeout=args.timeout,
        offline=args.offline,
        refresh=args.refresh,
        store_path=args.store,
        ncbi_api_key=os.environ.get("NCBI_API_KEY") or None,
        ncbi_email=args.email or os.environ.get("NCBI_EMAIL") or None,
    )


def _fail(exc: QuoteTuiError) -> int:
    hint = f" (recovery: {exc.recovery})" if exc.recovery else ""
    print(f"quote-tui: {exc.code}: {exc.message}{hint}", file=sys.stderr)
    return EXIT_USAGE


def _emit(text: str, output: Path | None) -> None:
    from quote_tui.batch.report import atomic_write

    if output is None:
        sys.stdout.write(text)
    else:
        atomic_write(output, text)
        print(f"wrote {output}", file=sys.stderr)


def _render(report: dict[str, Any], fmt: str) -> str:
    from quote_tui.batch.report import dumps

    if fmt == "markdown":
        from quote_tui.reports.markdown import render_markdown

        return render_markdown(report)
    if fmt == "html":
        from quote_tui.reports.html import render_html

        return render_html(report)
    return dumps(report)


def _format_for(args: argparse.Namespace) -> str:
    if args.format:
        return args.format
    suffix = args.output.suffix.lower() if args.output else ""
    return {".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html"}.get(
        suffix, "json"
    )


async def _run(batch: Batch, settings: Settings) -> dict[str, Any]:
    from quote_tui.batch.report import build_report
    from quote_tui.batch.service import Service

    async with Service(settings) as service:
        report = await service.check_batch(batch)
    return build_report(report)


def _exit_for(report: dict[str, Any], strict: bool) -> int:
    """1 under ``--strict`` when a citation is not faithful, or an ellipsis in it hides a
    negation or a number (found, but critical)."""
    if strict and any(
        c["status"] not in _PASSING or any(m.get("critical") for m in c["matches"])
        for c in report["citations"]
    ):
        return EXIT_STRICT
    return EXIT_OK


def _load_input(args: argparse.Namespace) -> Batch:
    from quote_tui.batch.batchfile import load_batch, parse_batch

    path: Path = args.input
    if path.suffix.lower() == ".json":
        return load_batch(path)
    from quote_tui.manuscripts.scan import scan

    result = scan(
        path, bib=tuple(args.bib), pdfs=args.pdfs, zotero=args.zotero, min_words=args.min_words
    )
    for warning in getattr(result, "warnings", ()):
        print(f"quote-tui: warning: {warning}", file=sys.stderr)
    return parse_batch(result.to_batch_dict(), base_dir=path.resolve().parent)


def _cmd_check(args: argparse.Namespace) -> int:
    batch = _load_input(args)
    report = asyncio.run(_run(batch, _settings(args)))
    _emit(_render(report, _format_for(args)), args.output)
    return _exit_for(report, args.strict)


def _cmd_quote(args: argparse.Namespace) -> int:
    quote = sys.stdin.read() if args.quote == "-" else args.quote
    batch = Batch(
        (SourceSpec("s1", ref=args.ref),),
        (CitationSpec("c1", "s1", quote),),
        base_dir=Path.cwd(),
    )
    report = asyncio.run(_run(batch, _settings(args)))
    _emit(_render(report, "json"), args.output)
    return _exit_for(report, args.strict)


def _cmd_text(args: argparse.Namespace) -> int:
    from quote_tui.batch.service import Service

    async def load() -> Any:
        async with Service(_settings(args)) as service:
            return await service.load_source(SourceSpec("s1", ref=args.ref), base_dir=Path.cwd())

    outcome = asyncio.run(load())
    if outcome.loaded is None:
        assert outcome.error is not None
        return _fail(outcome.error)
    prepared = outcome.loaded.prepared
    if not args.pages or not prepared.paged:
        sys.stdout.write(prepared.text)
        return EXIT_OK
    starts = (*prepared.page_starts, len(prepared.text))
    for page, (a, b) in enumerate(zip(starts, starts[1:], strict=False), start=1):
        label = prepared.page_label(page)
        printed = f" (printed {label})" if label else ""
        sys.stdout.write(f"--- page {page}{printed}, offset {a} ---\n{prepared.text[a:b]}\n")
    return EXIT_OK


def _cmd_scan(args: argparse.Namespace) -> int:
    from quote_tui.manuscripts.scan import scan

    result = scan(
        args.input,
        bib=tuple(args.bib),
        pdfs=args.pdfs,
        zotero=args.zotero,
        min_words=args.min_words,
    )
    for warning in getattr(result, "warnings", ()):
        print(f"quote-tui: warning: {warning}", file=sys.stderr)
    _emit(json.dumps(result.to_batch_dict(), ensure_ascii=False, indent=2) + "\n", args.output)
    return EXIT_OK


def _cmd_snapshots(args: argparse.Namespace) -> int:
    from quote_tui.sources import store as store_module

    return int(
        store_module.cli(
            args.action, ref=args.ref, store_path=args.store, older_than_days=args.older_than
        )
    )


def _cmd_mcp(args: argparse.Namespace) -> int:
    from quote_tui.mcp_server import run

    return int(
        run(
            root=args.root,
            remote=_remote_settings(args),
            citation_timeout=args.citation_timeout,
            read_timeout=args.read_timeout,
        )
        or 0
    )


def _cmd_app(args: argparse.Namespace) -> int:
    from quote_tui.app import run_app

    if args.command == "demo":
        return int(run_app(demo=True) or 0)
    return int(run_app(getattr(args, "file", None)) or 0)


_COMMANDS = {
    "check": _cmd_check,
    "quote": _cmd_quote,
    "text": _cmd_text,
    "scan": _cmd_scan,
    "snapshots": _cmd_snapshots,
    "mcp": _cmd_mcp,
    "demo": _cmd_app,
    "open": _cmd_app,
    None: _cmd_app,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``quote-tui`` command; returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        return _COMMANDS[args.command](args)
    except QuoteTuiError as exc:
        return _fail(exc)
    except KeyboardInterrupt:
        print("quote-tui: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
