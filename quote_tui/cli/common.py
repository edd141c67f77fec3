"""What every command does alike: print an error, write its output, show progress."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from quote_tui import api
from quote_tui._untrusted import terminal_safe
from quote_tui.api import what_to_do


def fail(exc: api.QuoteTuiError) -> int:
    """Print an error with its code and recovery hint to stderr; returns the usage exit code."""
    todo = what_to_do(exc.to_dict())
    hint = f" ({todo})" if todo else ""
    print(terminal_safe(f"quote-tui: {exc.code}: {exc.message}{hint}"), file=sys.stderr)
    return api.EXIT_USAGE


def usage(message: str) -> api.QuoteTuiError:
    """A usage error: options that contradict each other or would be silently ignored."""
    return api.BatchInputError(
        message, code=api.ErrorCode.BAD_OPTION, recovery=api.Recovery.FIX_INPUT
    )


def warn(message: str) -> None:
    print(terminal_safe(f"quote-tui: warning: {message}"), file=sys.stderr)


def emit(text: str, output: Path | None) -> None:
    """Write a command's result to stdout, or atomically to ``output``."""
    if output is None:
        sys.stdout.write(text)
    else:
        api.write_text(output, text)
        print(f"wrote {output}", file=sys.stderr)


def colour() -> bool:
    """ANSI colour on stdout: a terminal that is not ``dumb``, and no ``NO_COLOR`` set."""
    return bool(
        sys.stdout.isatty()
        and not os.environ.get("NO_COLOR")
        and os.environ.get("TERM", "") != "dumb"
    )


def progress_line() -> Callable[[api.Progress], None] | None:
    """A one-line progress display on a terminal (None elsewhere): plain ANSI, redrawn at most
    10 times a second, so a fast run does not spend its time drawing."""
    if not sys.stderr.isatty():
        return None
    last = 0.0

    def show(p: api.Progress) -> None:
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
