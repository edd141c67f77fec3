"""The ``quote-tui`` command: small command modules over the front door, ``quote_tui.api``.

Results go to stdout (or a file), messages and errors to stderr, so piped JSON stays clean.
Exit codes: 0 report written; 1 with ``--strict`` when any citation is not exact/normalized
(or an ellipsis or bracket in it leaves out a negation or a number), and when the claims gate
finds a failure (or, with ``--strict``, a warning), and with ``--strict`` when ``refs`` (or
``check --refs``) finds a reference retracted, mismatched or not found; 2 usage or input
errors; 3 when ``quote``'s one source could not be read.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from quote_tui.api import QuoteTuiError
from quote_tui.cli.check import cmd_check
from quote_tui.cli.common import fail
from quote_tui.cli.gate import cmd_gate
from quote_tui.cli.parser import build_parser
from quote_tui.cli.refs import cmd_refs
from quote_tui.cli.serve import cmd_app, cmd_mcp, cmd_serve
from quote_tui.cli.sources import cmd_quote, cmd_scan, cmd_snapshots, cmd_text

__all__ = ["build_parser", "main"]

_COMMANDS: dict[str | None, Callable[[argparse.Namespace], int]] = {
    "check": cmd_check,
    "gate": cmd_gate,
    "quote": cmd_quote,
    "text": cmd_text,
    "scan": cmd_scan,
    "refs": cmd_refs,
    "snapshots": cmd_snapshots,
    "mcp": cmd_mcp,
    "serve": cmd_serve,
    "demo": cmd_app,
    "open": cmd_app,
    None: cmd_app,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``quote-tui`` command; returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        return _COMMANDS[args.command](args)
    except QuoteTuiError as exc:
        return fail(exc)
    except KeyboardInterrupt:
        print("quote-tui: interrupted", file=sys.stderr)
        return 130
