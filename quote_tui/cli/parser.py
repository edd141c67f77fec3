"""The ``quote-tui`` command line: every command and its options."""

from __future__ import annotations

import argparse
from pathlib import Path

from quote_tui._version import __version__
from quote_tui.cli.args import (
    Parser,
    budget_args,
    gate_args,
    manuscript_args,
    matching_args,
    network_args,
    source_args,
    stream_args,
)


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command."""
    parser = Parser(
        prog="quote-tui",
        description="Check that quotations really stand in their cited sources, and where. "
        "With no command, opens the app on the last workspace.",
    )
    parser.add_argument("--version", action="version", version=f"quote_tui {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=Parser)

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
        "--json", action="store_true", help="print the JSON report even at a terminal"
    )
    check.add_argument(
        "--strict",
        action="store_true",
        help="exit 1 when any citation is not exact or normalized, or an ellipsis or bracket in "
        "it leaves out a negation or a number",
    )
    manuscript_args(check)
    gate_args(check)
    matching_args(check)
    stream_args(check)

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
    source_args(gate)

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
    matching_args(quote)

    text = sub.add_parser("text", help="print the checked text of a source (what is searched)")
    text.add_argument("ref", help="a path, URL, doi:..., pmid:...")
    text.add_argument("--pages", action="store_true", help="mark where each page starts")
    source_args(text)

    scan = sub.add_parser("scan", help="turn a manuscript into a batch file")
    scan.add_argument("input", type=Path, help="a manuscript (.md .tex .docx .txt)")
    scan.add_argument("-o", "--output", type=Path, help="batch file (default: stdout)")
    manuscript_args(scan)

    snaps = sub.add_parser("snapshots", help="list, show or prune stored snapshots")
    snaps.add_argument("action", choices=("list", "show", "prune"), help="what to do")
    snaps.add_argument("ref", nargs="?", help="the snapshot to show (for show)")
    snaps.add_argument("--store", type=Path, help="snapshot store file (default: user data)")
    snaps.add_argument(
        "--older-than", type=float, metavar="DAYS", help="prune snapshots older than this"
    )

    from quote_tui.cli.server_args import add_mcp_http_args, add_serve_args

    mcp = sub.add_parser("mcp", help="serve the Model Context Protocol over stdio (or --http)")
    mcp.add_argument("--root", type=Path, help="folder whose files agents may read")
    add_mcp_http_args(mcp)
    budget_args(mcp)
    network_args(mcp)

    serve = sub.add_parser("serve", help="serve the HTTP API (POST /v1/check, /v1/read)")
    add_serve_args(serve)
    matching_args(serve)

    sub.add_parser("demo", help="open the app on the bundled demo (offline)")
    open_ = sub.add_parser("open", help="open the app on a workspace, batch, report or manuscript")
    open_.add_argument("file", type=Path, help="a workspace, batch, report or manuscript")
    open_.add_argument(
        "--new", action="store_true", help="start a new workspace in FILE when it does not exist"
    )
    manuscript_args(open_)
    return parser
