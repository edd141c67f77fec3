"""The ``quote-tui`` command: a thin front end over ``quote_tui.batch.service``.

Results go to stdout (or a file), messages and errors to stderr, so piped JSON stays clean.
Exit codes: 0 report written; 1 with ``--strict`` when any citation is not exact/normalized
(or an ellipsis or bracket in it leaves out a negation or a number), and when the claims gate
finds a failure (or, with ``--strict``, a warning); 2 usage or input errors; 3 when ``quote``'s
one source could not be read.
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
    from quote_tui.sources.net.settings import RemoteSettings

EXIT_OK, EXIT_STRICT, EXIT_USAGE, EXIT_UNREADABLE = 0, 1, 2, 3
_PASSING = {"exact", "normalized"}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse's own exit code is already 2; keep its text
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"quote-tui: error: {message}\n")


def _matching_args(parser: argparse.ArgumentParser) -> None:
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


def _network_args(parser: argparse.ArgumentParser) -> None:
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
        choices=("json", "markdown", "html", "jsonl", "sarif"),
        default=None,
        help="report format (default: from the -o suffix, else jsonl for a JSONL batch, "
        "else json); jsonl writes each citation as it completes; sarif lists the citations "
        "that are not exact or normalized, and the gate's findings, for code hosts",
    )
    check.add_argument(
        "--strict",
        action="store_true",
        help="exit 1 when any citation is not exact or normalized, or an ellipsis or bracket in "
        "it leaves out a negation or a number",
    )
    _manuscript_args(check)
    _gate_args(check)
    _matching_args(check)
    _stream_args(check)

    gate = sub.add_parser(
        "gate", help="the claims gate on a cite-gate claims file: quotations and the prose"
    )
    gate.add_argument("claims", type=Path, help="claims JSON file (cite-gate's format)")
    gate.add_argument(
        "--sources", type=Path, metavar="DIR", help="folder of <src>.txt files (default: sources/)"
    )
    gate.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    gate.add_argument(
        "--format",
        choices=("text", "json", "sarif"),
        default="text",
        help="output: text for people, json, or sarif for code hosts (default text)",
    )
    gate.add_argument("-o", "--output", type=Path, help="output file (default: stdout)")
    _matching_args(gate)

    quote = sub.add_parser(
        "quote",
        help="check one quotation against one source",
        description="Check one quotation against one source. At a terminal, prints a short "
        "summary; with --json, -o or a pipe, the JSON report. Exit codes: 0 checked; 1 with "
        "--strict when the quotation is not exact or normalized; 2 usage errors; 3 the source "
        "could not be read.",
    )
    quote.add_argument("quote", help="the quotation; '-' reads it from stdin")
    quote.add_argument("ref", help="a path, URL, doi:..., pmid:...")
    quote.add_argument("-o", "--output", type=Path, help="write the JSON report to this file")
    quote.add_argument(
        "--json", action="store_true", help="print the JSON report even at a terminal"
    )
    quote.add_argument(
        "--strict",
        action="store_true",
        help="exit 1 when the quotation is not exact or normalized",
    )
    _matching_args(quote)

    text = sub.add_parser("text", help="print the checked text of a source (what is searched)")
    text.add_argument("ref", help="a path, URL, doi:..., pmid:...")
    text.add_argument("--pages", action="store_true", help="mark where each page starts")
    _matching_args(text)

    scan = sub.add_parser("scan", help="turn a manuscript into a batch file")
    scan.add_argument("input", type=Path, help="a manuscript (.md .tex .docx .txt)")
    scan.add_argument("-o", "--output", type=Path, help="batch file (default: stdout)")
    _manuscript_args(scan)

    snaps = sub.add_parser("snapshots", help="list, show or prune stored snapshots")
    snaps.add_argument("action", choices=("list", "show", "prune"), help="what to do")
    snaps.add_argument("ref", nargs="?", help="the snapshot to show (for show)")
    snaps.add_argument("--store", type=Path, help="snapshot store file (default: user data)")
    snaps.add_argument(
        "--older-than", type=float, metavar="DAYS", help="prune snapshots older than this"
    )

    from quote_tui.server.options import add_mcp_http_args, add_serve_args

    mcp = sub.add_parser("mcp", help="serve the Model Context Protocol over stdio (or --http)")
    mcp.add_argument("--root", type=Path, help="folder whose files agents may read")
    add_mcp_http_args(mcp)
    _budget_args(mcp)
    _network_args(mcp)

    serve = sub.add_parser("serve", help="serve the HTTP API (POST /v1/check, /v1/read)")
    add_serve_args(serve)
    _matching_args(serve)

    sub.add_parser("demo", help="open the app on the bundled demo (offline)")
    open_ = sub.add_parser("open", help="open the app on a workspace, batch, report or manuscript")
    open_.add_argument("file", type=Path, help="a workspace, batch, report or manuscript")
    return parser


def _stream_args(parser: argparse.ArgumentParser) -> None:
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


def _manuscript_args(parser: argparse.ArgumentParser) -> None:
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


def _gate_args(parser: argparse.ArgumentParser) -> None:
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


def _settings(args: argparse.Namespace) -> Settings:
    options = MatchOptions(
        max_matches=args.max_matches, near_threshold=args.near_threshold, context=args.context
    )
    return Settings(
        options=options,
        max_source_chars=args.max_source_chars,
        remote=_remote_settings(args),
        concurrency=max(1, getattr(args, "jobs", 4)),
        citation_timeout=args.citation_timeout,
        read_timeout=args.read_timeout,
    )


def _remote_settings(args: argparse.Namespace) -> RemoteSettings:
    """Network settings from the flags; the environment is read here, never deeper down."""
    from quote_tui.sources.net.settings import RemoteSettings

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
    fallback = "jsonl" if _is_jsonl_input(args) else "json"
    return {
        ".md": "markdown",
        ".markdown": "markdown",
        ".html": "html",
        ".htm": "html",
        ".sarif": "sarif",
        ".json": "json",
        ".jsonl": "jsonl",
    }.get(suffix, fallback)


def _is_jsonl_input(args: argparse.Namespace) -> bool:
    path: Path = args.input
    return (
        getattr(args, "sources", None) is not None
        or path.is_dir()
        or path.suffix.lower() == ".jsonl"
    )


async def _run(batch: Batch, settings: Settings) -> dict[str, Any]:
    from quote_tui.batch.report import build_report
    from quote_tui.batch.service import Service

    async with Service(settings) as service:
        report = await service.check_batch(batch)
    return build_report(report)


def _exit_for(report: dict[str, Any], strict: bool) -> int:
    """1 under ``--strict`` when a citation is not faithful, or an ellipsis or bracket in it
    leaves out a negation or a number (found, but critical)."""
    if strict and any(
        c["status"] not in _PASSING or any(m.get("critical") for m in c["matches"])
        for c in report["citations"]
    ):
        return EXIT_STRICT
    return EXIT_OK


def _is_import(path: Path) -> bool:
    """A JSON file that is another tool's (a cite-gate claims file, an agent's list), not a
    batch."""
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return False  # load_batch says what is wrong with it
    return isinstance(data, list) or (
        isinstance(data, dict) and isinstance(data.get("sections"), list)
    )


def _load_input(args: argparse.Namespace) -> Batch:
    return _scan_input(args)[0]


def _scan_input(args: argparse.Namespace) -> tuple[Batch, Any]:
    """The batch to check and, for a manuscript or an imported file, the scan it came from."""
    from quote_tui.batch.batchfile import load_batch, parse_batch

    path: Path = args.input
    if path.suffix.lower() == ".json" and not _is_import(path):
        return load_batch(path), None
    if _is_jsonl_input(args):
        from quote_tui.batch.stream import JsonlBatch, load_jsonl_batch

        return load_jsonl_batch(JsonlBatch.at(path, sources=args.sources)), None
    from quote_tui.manuscripts.scan import scan

    result = scan(
        path, bib=tuple(args.bib), pdfs=args.pdfs, zotero=args.zotero, min_words=args.min_words
    )
    for warning in getattr(result, "warnings", ()):
        print(f"quote-tui: warning: {warning}", file=sys.stderr)
    return parse_batch(result.to_batch_dict(), base_dir=path.resolve().parent), result


def _gate_findings(args: argparse.Namespace, scan_result: Any) -> tuple[Any, ...]:
    """The gate's findings for ``check``: the number rule on a claims file always (it is a
    failure), every prose check with ``--gate``."""
    path: Path = args.input
    if scan_result is None:
        if args.gate:
            print(
                "quote-tui: warning: a batch file has no prose; --gate checks nothing",
                file=sys.stderr,
            )
        return ()
    if path.suffix.lower() == ".json":
        from quote_tui.gate.claims import claim_findings, load_claims

        try:
            claims = load_claims(path)
        except QuoteTuiError as exc:
            if exc.code == "bad_option":  # a claims file whose config is wrong
                raise
            return ()  # an agent's list: quotations only, no prose
        return claim_findings(claims, prose=args.gate)[0]
    if not args.gate:
        return ()
    from quote_tui.gate.manuscript import manuscript_findings
    from quote_tui.gate.prose import GateConfig

    raw: dict[str, Any] = {}
    if args.gate_config is not None:
        raw = _read_gate_config(args.gate_config)
    raw["allow"] = [*raw.get("allow", []), *args.allow]
    if args.copy_run is not None:
        raw["copy_run"] = args.copy_run
    config = GateConfig.from_mapping(raw)
    return manuscript_findings(path, scan_result.citations, config, min_words=args.min_words)


def _read_gate_config(path: Path) -> dict[str, Any]:
    from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery

    try:
        raw = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BatchInputError(
            f"--gate-config {path} is not a readable JSON file: {exc}.",
            code=ErrorCode.BAD_OPTION,
            recovery=Recovery.FIX_INPUT,
        ) from exc
    # A whole claims file may be named: its "config" is the part that applies.
    if isinstance(raw, dict) and isinstance(raw.get("sections"), list):
        raw = raw.get("config") or {}
    if not isinstance(raw, dict) or not isinstance(raw.get("allow", []), list):
        raise BatchInputError(
            f'--gate-config {path} must be an object of config keys, with "allow" a list.',
            code=ErrorCode.BAD_OPTION,
            recovery=Recovery.FIX_INPUT,
        )
    return raw


def _finding_line(f: Any) -> str:
    mark = "FAIL" if f.severity == "failure" else "warn"
    return f"  {mark} [{f.place.item}] {f.place} {f.code}: {f.message}"


def _print_findings(findings: Any) -> None:
    for f in findings:
        print(_finding_line(f), file=sys.stderr)


def _sarif_text(findings: Any, report: dict[str, Any] | None, input_path: Path) -> str:
    from quote_tui.gate.sarif import artifact_uri, to_sarif

    def uri_for(file: str) -> str:
        # Locations name a manuscript's files by their names; they lie beside the input.
        path = Path(file)
        if not path.is_absolute() and path.name == path.as_posix() and file != str(input_path):
            path = input_path.parent / path
        return artifact_uri(str(path))

    log = to_sarif(findings=findings, report=report, uri_for=uri_for, fallback_file=str(input_path))
    return json.dumps(log, ensure_ascii=False, indent=2) + "\n"


def _cmd_check(args: argparse.Namespace) -> int:
    if args.resume is not None:
        if args.output is not None and args.output.resolve() != args.resume.resolve():
            raise _usage("--resume continues the report it names; leave out -o or give the same")
        if args.format not in (None, "jsonl"):
            raise _usage("--resume continues a JSONL report (--format jsonl)")
        args.output, args.format = args.resume, "jsonl"
    _check_cluster_args(args)
    fmt = _format_for(args)
    if fmt == "jsonl" or args.cluster:
        if args.gate or fmt == "sarif":
            raise _usage("--gate and --format sarif need the whole report; leave out --cluster")
        return _check_streaming(args, fmt)
    batch, scan_result = _scan_input(args)
    findings = _gate_findings(args, scan_result)
    report = asyncio.run(_run(batch, _settings(args)))
    if args.gate or findings:
        # the findings travel with the report, not only in a SARIF log or on stderr
        report["gate"] = {
            "failures": sum(f.severity == "failure" for f in findings),
            "warnings": sum(f.severity != "failure" for f in findings),
            "findings": [f.to_dict() for f in findings],
        }
    if fmt == "sarif":
        _emit(_sarif_text(findings, report, args.input), args.output)
    else:
        _emit(_render(report, fmt), args.output)
    _print_findings(findings)
    code = _exit_for(report, args.strict)
    failures = any(f.severity == "failure" for f in findings)
    return max(code, int(failures or (args.strict and bool(findings))))


def _cmd_gate(args: argparse.Namespace) -> int:
    from quote_tui.gate.claims import gate_claims

    result = asyncio.run(
        gate_claims(args.claims, sources_dir=args.sources, settings=_settings(args))
    )
    if args.format == "sarif":
        text = _sarif_text(result.findings, None, args.claims)
    elif args.format == "json":
        text = json.dumps(result.to_dict(), ensure_ascii=False, indent=2) + "\n"
    else:
        lines = [
            f"{result.items} items · {result.words:,} words · {len(result.failures)} failures · "
            f"{len(result.warnings)} warnings"
        ]
        lines += [_finding_line(f) for f in (*result.failures, *result.warnings)]
        text = "\n".join(lines) + "\n"
    _emit(text, args.output)
    return result.exit_code(args.strict)


def _check_cluster_args(args: argparse.Namespace) -> None:
    """Cluster options without the cluster would be silently ignored: say so instead."""
    if args.cluster is None and (args.workers is not None or args.scheduler is not None):
        raise _usage("--workers and --scheduler go with --cluster dask")
    if args.workers is not None and args.scheduler is not None:
        raise _usage("--workers sizes a LocalCluster; an existing --scheduler has its own workers")
    if args.workers is not None and args.workers < 1:
        raise _usage("--workers must be at least 1")


def _usage(message: str) -> QuoteTuiError:
    from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery

    return BatchInputError(message, code=ErrorCode.BAD_OPTION, recovery=Recovery.FIX_INPUT)


def _check_streaming(args: argparse.Namespace, fmt: str) -> int:
    """Source by source; JSONL lines as citations complete (other formats are built after)."""
    import tempfile

    from quote_tui.batch.stream import (
        JsonlBatch,
        assemble_report,
        read_report_lines,
        run_stream,
    )

    settings = _settings(args)
    batch: Any
    if _is_jsonl_input(args):
        batch = JsonlBatch.at(args.input, sources=args.sources)
    else:
        batch = _load_input(args)
    cluster = None
    if args.cluster == "dask":
        from quote_tui.batch.cluster import ClusterOptions, require_dask

        require_dask()  # before anything is read or written
        cluster = ClusterOptions(scheduler=args.scheduler, workers=args.workers or 2)

    async def go(output: Path | None) -> Any:
        progress = _progress_line() if sys.stderr.isatty() else None
        try:
            if cluster is None:
                return await run_stream(
                    batch, settings, output, resume=args.resume is not None, progress=progress
                )
            from quote_tui.batch.cluster import dask_runner

            async with dask_runner(settings, cluster) as (runner, in_flight):
                return await run_stream(
                    batch,
                    settings,
                    output,
                    resume=args.resume is not None,
                    runner=runner,
                    in_flight=in_flight,
                    progress=progress,
                )
        finally:
            if progress is not None:
                sys.stderr.write("\n")

    if fmt == "jsonl":
        result = asyncio.run(go(args.output))
        if args.output is not None:
            print(f"wrote {args.output}", file=sys.stderr)
        return EXIT_STRICT if args.strict and result.failing else EXIT_OK
    # a whole-report format: stream to a scratch file, then put the lines in batch order
    from quote_tui.batch.stream import load_jsonl_batch

    with tempfile.TemporaryDirectory(prefix="quote_tui-") as scratch:
        lines = Path(scratch) / "report.jsonl"
        asyncio.run(go(lines))
        whole = load_jsonl_batch(batch) if isinstance(batch, JsonlBatch) else batch
        report = assemble_report(read_report_lines(lines), whole)
    _emit(_render(report, fmt), args.output)
    return _exit_for(report, args.strict)


def _progress_line() -> Any:
    """A one-line progress display for a terminal: plain ANSI, redrawn at most 10 times a
    second, so a fast run does not spend its time drawing."""
    import time

    last = 0.0

    def show(p: Any) -> None:
        nonlocal last
        now = time.monotonic()
        finished = p.citations_done >= p.citations_total and p.sources_done >= p.sources_total
        if now - last < 0.1 and not finished:
            return
        last = now
        left = p.remaining
        eta = "--:--" if left is None else f"{int(left) // 60:02d}:{int(left) % 60:02d}"
        sys.stderr.write(
            f"\r\x1b[K sources {p.sources_done}/{p.sources_total}"
            f"  citations {p.citations_done}/{p.citations_total}"
            f"  {p.rate:,.0f}/s  {eta} left"
        )
        sys.stderr.flush()

    return show


def _cmd_quote(args: argparse.Namespace) -> int:
    quote = sys.stdin.read() if args.quote == "-" else args.quote
    batch = Batch(
        (SourceSpec("s1", ref=args.ref),),
        (CitationSpec("c1", "s1", quote),),
        base_dir=Path.cwd(),
    )
    report = asyncio.run(_run(batch, _settings(args)))
    if args.json or args.output is not None or not sys.stdout.isatty():
        _emit(_render(report, "json"), args.output)
    else:
        from quote_tui.reports.terminal import render_terminal

        sys.stdout.write(render_terminal(report, colour=_colour()))
    if report["citations"][0]["status"] == "unavailable":
        return EXIT_UNREADABLE
    return _exit_for(report, args.strict)


def _colour() -> bool:
    """ANSI colour on stdout: a terminal that is not ``dumb``, and no ``NO_COLOR`` set."""
    return bool(
        sys.stdout.isatty()
        and not os.environ.get("NO_COLOR")
        and os.environ.get("TERM", "") != "dumb"
    )


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
    """``snapshots list|show|prune``: JSON on stdout; 1 when nothing matched, 2 for misuse."""
    from datetime import timedelta

    from quote_tui.sources.store.snapshots import SnapshotStore, lookup_key

    store = SnapshotStore(args.store)
    ref: str | None = args.ref
    key = lookup_key(ref) if ref is not None else None
    if args.action == "list":
        items = [i.to_dict() for i in store.list_snapshots(ref=key)]
        sys.stdout.write(json.dumps(items, ensure_ascii=False, indent=2) + "\n")
        return EXIT_OK
    if args.action == "show":
        if ref is None:
            print("quote-tui: snapshots show needs a ref or a snapshot id", file=sys.stderr)
            return EXIT_USAGE
        snap = store.find(ref)
        if snap is None:
            print(f"quote-tui: no snapshot of {ref}", file=sys.stderr)
            return 1
        sys.stdout.write(json.dumps(snap.to_dict(), ensure_ascii=False, indent=2) + "\n")
        return EXIT_OK
    if args.action == "prune":
        if args.older_than is None and key is None:
            print("quote-tui: snapshots prune needs --older-than DAYS or a ref", file=sys.stderr)
            return EXIT_USAGE
        age = timedelta(days=args.older_than) if args.older_than is not None else None
        sys.stdout.write(json.dumps({"removed": store.prune(older_than=age, ref=key)}) + "\n")
        return EXIT_OK
    print(f"quote-tui: unknown snapshots action {args.action!r}", file=sys.stderr)
    return EXIT_USAGE


def _cmd_mcp(args: argparse.Namespace) -> int:
    if args.http:
        from quote_tui.server.mcp_http import serve_mcp

        return serve_mcp(
            host=args.host,
            port=args.port,
            root=args.root,
            remote=_remote_settings(args),
            api_key=_api_key(args),
            insecure_no_auth=args.insecure_no_auth,
            max_body_bytes=args.max_body_bytes,
        )
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


def _api_key(args: argparse.Namespace) -> str | None:
    return args.api_key if args.api_key is not None else os.environ.get("QUOTE_TUI_API_KEY")


def _cmd_serve(args: argparse.Namespace) -> int:
    from quote_tui.mcp_server import confine
    from quote_tui.server.config import ServerConfig
    from quote_tui.server.options import limits_from_args
    from quote_tui.server.run import serve

    config = ServerConfig(
        host=args.host,
        port=args.port,
        api_key=_api_key(args),
        insecure_no_auth=args.insecure_no_auth,
        settings=confine(_settings(args), args.root),
        limits=limits_from_args(args),
    )
    return serve(config)


def _cmd_app(args: argparse.Namespace) -> int:
    from quote_tui.app import run_app

    if args.command == "demo":
        return int(run_app(demo=True) or 0)
    return int(run_app(getattr(args, "file", None)) or 0)


_COMMANDS = {
    "check": _cmd_check,
    "gate": _cmd_gate,
    "quote": _cmd_quote,
    "text": _cmd_text,
    "scan": _cmd_scan,
    "snapshots": _cmd_snapshots,
    "mcp": _cmd_mcp,
    "serve": _cmd_serve,
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
