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
import gc
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from pathlib import Path

from quote_tui.api import QuoteTuiError
from quote_tui.cli.common import check_output, fail
from quote_tui.cli.parser import build_parser

__all__ = ["build_parser", "main", "run"]

_COMMANDS: dict[str | None, str] = {
    "check": "check:cmd_check",
    "gate": "gate:cmd_gate",
    "quote": "sources:cmd_quote",
    "text": "sources:cmd_text",
    "scan": "sources:cmd_scan",
    "refs": "refs:cmd_refs",
    "review": "refs:cmd_review",
    "snapshots": "sources:cmd_snapshots",
    "mcp": "serve:cmd_mcp",
    "serve": "serve:cmd_serve",
    "demo": "serve:cmd_app",
    "open": "serve:cmd_app",
    None: "serve:cmd_app",
}
"""Each command's function, as ``module:name`` under ``quote_tui.cli``: only the command that
runs is imported, so ``quote`` loads none of what ``check``, ``gate`` or ``serve`` need."""


def _command(name: str | None) -> Callable[[argparse.Namespace], int]:
    module, _, function = _COMMANDS[name].partition(":")
    found: Callable[[argparse.Namespace], int] = getattr(
        import_module(f"{__name__}.{module}"), function
    )
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``quote-tui`` command; returns the exit code."""
    args = build_parser(_command_in(argv)).parse_args(argv)
    try:
        output = getattr(args, "output", None)
        if isinstance(output, Path):
            check_output(output)
        return _command(args.command)(args)
    except QuoteTuiError as exc:
        return fail(exc)
    except KeyboardInterrupt:
        print("quote-tui: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return _reader_gone()


EXIT_PIPE_CLOSED = 141
"""What a shell reports for a program its reader stopped (128 + SIGPIPE), as git does."""


def _reader_gone() -> int:
    """The reader of stdout stopped (``| head``): no traceback. Output still buffered would
    fail again at exit, so stdout is pointed at the null device first."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # stdout with no descriptor (a test's capture): nothing held
        pass
    return EXIT_PIPE_CLOSED


def run() -> None:
    """The ``quote-tui`` program (the console script, ``python -m quote_tui``): ``main``, then
    exit with its code.

    The cyclic garbage collector is kept out of start-up and exit. Loading modules makes only
    objects that live as long as the process, so passes over them free nothing, and at exit
    the interpreter's last passes walked every one of them: a fifth of a one-line ``quote``.
    ``gc.freeze`` moves them out of the collector's sight; everything is still freed at exit.
    """
    gc.disable()
    try:
        _command(_command_in(None))  # the command's modules load with the collector off
    finally:
        gc.freeze()
        gc.enable()
    code = main()
    gc.freeze()
    sys.exit(code)


def _command_in(argv: Sequence[str] | None) -> str | None:
    """The command named first on the line, when it is one (so its options alone are built)."""
    words = sys.argv[1:] if argv is None else argv
    first = next(iter(words), None)
    return first if first in _COMMANDS else None
