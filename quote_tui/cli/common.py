"""What every command does alike: print an error, write its output, show progress."""

from __future__ import annotations

import os
import sys
import time
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


def check_output(output: Path | None) -> None:
    """Refuse, before any work, an ``-o`` that cannot be written: a missing folder was found
    only once every source was read and checked, as a traceback, the report lost.

    Raises:
        QuoteTuiError: ``bad_option``, naming the folder to create or the folder given.
    """
    if output is None or str(output) == "-":
        return
    if output.is_dir():
        raise usage(f"-o {output} is a folder; name a file in it, such as {output / 'report.json'}")
    folder = output.parent
    if not folder.is_dir():
        raise usage(
            f"-o {output}: the folder {folder} does not exist; create it first "
            f"(mkdir -p {folder}) or name a file in a folder that exists"
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


def progress_text(p: api.Progress, eta: str) -> str:
    """The progress line's words: the counts, the rate, the time left and, while a scan is read,
    its OCR page."""
    line = (
        f" sources {p.sources_done}/{p.sources_total}"
        f"  citations {p.citations_done}/{p.citations_total}"
        f"  {p.rate:,.0f}/s  {eta} left"
    )
    if p.ocr is not None:
        # the id is the batch's: shown, never obeyed, at the terminal
        line += f"  {terminal_safe(p.ocr.source)}: OCR page {p.ocr.page} of {p.ocr.pages}"
    return line


class ProgressLine:
    """A one-line progress display on stderr: plain ANSI, redrawn at most 10 times a second, so
    a fast run does not spend its time drawing. ``scans_only`` draws nothing until a scan is read
    by OCR (a run whose report is written at its end is quick, but for its scans)."""

    def __init__(self, *, scans_only: bool = False) -> None:
        self.scans_only = scans_only
        self.drawn = False
        self._last = 0.0

    def __call__(self, p: api.Progress) -> None:
        if self.scans_only and not self.drawn and p.ocr is None:
            return
        now = time.monotonic()
        finished = p.citations_done >= p.citations_total and p.sources_done >= p.sources_total
        if now - self._last < 0.1 and not finished:
            return
        self._last = now
        left = p.remaining
        eta = "--:--" if left is None else f"{int(left) // 60:02d}:{int(left) % 60:02d}"
        sys.stderr.write(f"\r\x1b[K{progress_text(p, eta)}")
        sys.stderr.flush()
        self.drawn = True

    def end(self) -> None:
        """Leave the line drawn, if any, for what is written next."""
        if self.drawn:
            sys.stderr.write("\n")


def progress_line(*, scans_only: bool = False) -> ProgressLine | None:
    """A ``ProgressLine`` on a terminal; None elsewhere."""
    return ProgressLine(scans_only=scans_only) if sys.stderr.isatty() else None
