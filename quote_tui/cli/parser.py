"""The ``quote-tui`` command line: every command and its options."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from quote_tui._version import __version__
from quote_tui.cli.args import (
    JSON_SWITCH,
    Parser,
    add_switches,
    budget_args,
    gate_args,
    manuscript_args,
    matching_args,
    network_args,
    source_args,
    stream_args,
)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command.

    Args:
        command: the command about to run: only its parser is built, since building them
            all costs a one-line command a good part of its time (its usage still names every
            command). None builds every command's parser and options.
    """
    parser = Parser(
        prog="quote-tui",
        description="Check that quotations really stand in their cited sources, and where. "
        "With no command, opens the app on the last workspace.",
    )
    parser.add_argument("--version", action="version", version=f"quote_tui {__version__}")
    # one command alone: its usage still names them all, as argparse would of every command
    names = "{" + ",".join(_COMMANDS) + "}" if command is not None else None
    sub = parser.add_subparsers(dest="command", parser_class=Parser, metavar=names)
    for name, (help_, description, options) in _COMMANDS.items():
        if command is None or command == name:
            extra: dict[str, Any] = {"description": description} if description else {}
            options(sub.add_parser(name, help=help_, **extra))
    return parser


def _check(check: argparse.ArgumentParser) -> None:
    check.add_argument(
        "input",
        type=Path,
        help="BATCH.json, a manuscript (.md .tex .docx .txt), or a model's ANSWER.json",
    )
    check.add_argument(
        "--document",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help="a document the model's answer cites (repeatable, in document_index order): each "
        "cited text is checked in its document, and the place it claims too",
    )
    check.add_argument("-o", "--output", type=Path, help="report file (default: stdout)")
    check.add_argument(
        "--annotate",
        type=Path,
        metavar="DIR",
        help="also write a copy of each checked PDF into DIR, every match highlighted in its "
        "verdict's colour with a note naming the citation",
    )
    check.add_argument(
        "--format",
        choices=("json", "markdown", "html", "jsonl", "sarif"),
        default=None,
        help="report format (default: from the -o suffix, else jsonl for a JSONL batch, "
        "else json); jsonl writes each citation as it completes; sarif lists the citations "
        "that are not exact or normalized, and the gate's findings, for code hosts",
    )
    strict = (
        "exit 1 when any citation is not exact or normalized, or an ellipsis or bracket in it "
        "leaves out a negation or a number"
    )
    add_switches(check, (JSON_SWITCH, ("--strict", strict)))
    manuscript_args(check)
    check.add_argument(
        "--refs",
        action="store_true",
        help="also check the manuscript's references (and --bib's) against Crossref and PubMed",
    )
    from quote_tui.cli.refs import retraction_args

    retraction_args(check)
    gate_args(check)
    matching_args(check)
    stream_args(check)


def _gate(gate: argparse.ArgumentParser) -> None:
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
    gate.add_argument(
        "--review",
        type=Path,
        metavar="FILE",
        help="the review file (default: .quote-tui-review.json beside the claims file, when there "
        "is one): reviewed findings are shown with their notes and do not fail the gate",
    )
    source_args(gate)


def _quote(quote: argparse.ArgumentParser) -> None:
    quote.add_argument("quote", help="the quotation; '-' reads it from stdin")
    quote.add_argument("ref", help="a path, URL, doi:..., arxiv:..., pmid:... or pmcid:...")
    quote.add_argument("-o", "--output", type=Path, help="write the JSON report to this file")
    add_switches(
        quote, (JSON_SWITCH, ("--strict", "exit 1 when the quotation is not exact or normalized"))
    )
    matching_args(quote)


def _text(text: argparse.ArgumentParser) -> None:
    text.add_argument("ref", help="a path, URL, doi:..., arxiv:..., pmid:... or pmcid:...")
    text.add_argument("--pages", action="store_true", help="mark where each page starts")
    source_args(text, checks=False)


def _scan(scan: argparse.ArgumentParser) -> None:
    scan.add_argument("input", type=Path, help="a manuscript (.md .tex .docx .txt)")
    scan.add_argument("-o", "--output", type=Path, help="batch file (default: stdout)")
    manuscript_args(scan)


def _snapshots(snaps: argparse.ArgumentParser) -> None:
    snaps.add_argument("action", choices=("list", "show", "prune"), help="what to do")
    snaps.add_argument("ref", nargs="?", help="the snapshot to show (for show)")
    snaps.add_argument("--store", type=Path, help="snapshot store file (default: user data)")
    snaps.add_argument(
        "--older-than", type=float, metavar="DAYS", help="prune snapshots older than this"
    )


def _refs(refs: argparse.ArgumentParser) -> None:
    from quote_tui.cli.refs import refs_options

    refs_options(refs)


def _review(review: argparse.ArgumentParser) -> None:
    from quote_tui.cli.refs import review_options

    review_options(review)


def _mcp(mcp: argparse.ArgumentParser) -> None:
    from quote_tui.cli.server_args import add_mcp_http_args

    mcp.add_argument("--root", type=Path, help="folder whose files agents may read")
    add_mcp_http_args(mcp)
    budget_args(mcp)
    network_args(mcp)


def _serve(serve: argparse.ArgumentParser) -> None:
    from quote_tui.cli.server_args import add_serve_args

    add_serve_args(serve)
    matching_args(serve)


def _demo(demo: argparse.ArgumentParser) -> None:
    """``demo`` takes only the browser's options."""
    from quote_tui.cli.server_args import add_web_args

    add_web_args(demo)
    # what --web runs for each browser tab: a demo of its own, so two tabs never share one file
    demo.add_argument(
        "--own-copy",
        action="store_true",
        help="open a demo of its own in a new temporary folder, leaving your demo as it is "
        "(what --web gives each browser tab)",
    )


def _open(open_: argparse.ArgumentParser) -> None:
    open_.add_argument("file", type=Path, help="a workspace, batch, report or manuscript")
    open_.add_argument(
        "--new", action="store_true", help="start a new workspace in FILE when it does not exist"
    )
    manuscript_args(open_, time_limit=False)
    from quote_tui.cli.server_args import add_web_args

    add_web_args(open_)


_COMMANDS: dict[str, tuple[str, str | None, Callable[[argparse.ArgumentParser], None]]] = {
    "check": ("check a batch file or a manuscript; write a report", None, _check),
    "gate": ("the claims gate on a cite-gate claims file: quotations and the prose", None, _gate),
    "quote": (
        "check one quotation against one source",
        "Check one quotation against one source. At a terminal, prints a short summary; with "
        "--json, -o or a pipe, the JSON report. Exit codes: 0 checked; 1 with --strict when the "
        "quotation is not exact or normalized; 2 usage errors; 3 the source could not be read.",
        _quote,
    ),
    "text": (
        "print the checked text of a source (what is searched)",
        "Print the text a check searches, after reading and cleaning the source: what a "
        "quotation must stand in. --pages marks where each page starts, with its printed "
        "number. Exit codes: 0 printed; 2 usage errors; 3 the source could not be read.",
        _text,
    ),
    "scan": ("turn a manuscript into a batch file", None, _scan),
    "refs": (
        "check a bibliography's references against Crossref, PubMed and retractions",
        "Check each reference of a .bib file, a CSL-JSON file, or a manuscript and "
        "its bibliography: verified, metadata_mismatch (naming the fields that differ), "
        "retracted, corrected, expression_of_concern, unverifiable or not_found. Exit codes: "
        "0 checked; 1 with --strict when any reference is retracted, mismatched or not found; "
        "2 usage or input errors.",
        _refs,
    ),
    "review": (
        "note that a reference finding was looked at (kept in a review file)",
        "Record a researcher's note on one finding of a references report, keyed by a "
        "fingerprint of the finding: refs and check --refs then show it as reviewed and "
        "--strict passes it, until the finding changes.",
        _review,
    ),
    "snapshots": ("list, show or prune stored snapshots", None, _snapshots),
    "mcp": ("serve the Model Context Protocol over stdio (or --http)", None, _mcp),
    "serve": ("serve the HTTP API (POST /v1/check, /v1/read)", None, _serve),
    "demo": ("open the app on the bundled demo (offline)", None, _demo),
    "open": ("open the app on a workspace, batch, report or manuscript", None, _open),
}
"""Each command's help line, its description (when it has more to say), and its options."""
