"""What a report becomes: its formats, the file it is written to, and the exit rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from quote_tui._output import OutputError, atomic_write
from quote_tui.batch.outcomes import fails
from quote_tui.batch.report import dumps
from quote_tui.engine.errors import BatchInputError, ErrorCode, QuoteTuiError, Recovery
from quote_tui.sources.refs import network_ref, parse_ref


def what_to_do(error: dict[str, Any]) -> str:
    """What a person can do about an error (its ``to_dict()``), in words; empty if nothing.

    The reports' own table, so the CLI, the reports and the terminal summary say the same."""
    from quote_tui.reports.common import what_to_do as words  # only when an error is shown

    return words(error)


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``1 line``, ``2 lines``, ``1,204 lines``: a count with its noun in the right number.

    Args:
        n: the count.
        noun: the noun for one.
        plural: the noun for several, when it is not ``noun + "s"``.

    Returns:
        The count and the noun.
    """
    return f"{n:,} {noun if n == 1 else (plural or noun + 's')}"


__all__ = [
    "EXIT_OK",
    "EXIT_STRICT",
    "EXIT_UNREADABLE",
    "EXIT_USAGE",
    "FORMATS",
    "exit_code",
    "format_for",
    "counted",
    "refs_from",
    "render",
    "report_schema",
    "what_to_do",
    "write_text",
]

EXIT_OK, EXIT_STRICT, EXIT_USAGE, EXIT_UNREADABLE = 0, 1, 2, 3
"""Exit codes: report written; ``--strict`` found a citation that fails; usage or input error;
the one source of ``quote`` could not be read."""

FORMATS = ("json", "markdown", "html", "terminal")
"""What ``render`` writes."""

_SUFFIXES = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".html": "html",
    ".htm": "html",
    ".sarif": "sarif",
    ".json": "json",
    ".jsonl": "jsonl",
}


def format_for(path: Path | None, default: str = "json") -> str:
    """The report format a file's suffix asks for (``default`` for none or another)."""
    suffix = path.suffix.lower() if path is not None else ""
    return _SUFFIXES.get(suffix, default)


def report_schema() -> str:
    """The report's JSON Schema (``quote_tui.report`` v1), as shipped with the package."""
    from importlib import resources

    return resources.files("quote_tui.batch").joinpath("report.schema.json").read_text("utf-8")


def render(report: dict[str, Any], fmt: str = "json", *, colour: bool = False) -> str:
    """The report as text: ``json``, ``markdown``, ``html`` or ``terminal`` (``colour`` for
    ANSI colours there).

    Raises:
        BatchInputError: ``bad_option`` for another format.
    """
    if fmt == "json":
        return dumps(report)
    if fmt == "markdown":
        from quote_tui.reports.markdown import render_markdown

        return render_markdown(report)
    if fmt == "html":
        from quote_tui.reports.html import render_html

        return render_html(report)
    if fmt == "terminal":
        from quote_tui.reports.terminal import render_terminal

        return render_terminal(report, colour=colour)
    raise BatchInputError(
        f"no report format {fmt!r}; choose one of {', '.join(FORMATS)}",
        code=ErrorCode.BAD_OPTION,
        recovery=Recovery.FIX_INPUT,
    )


def exit_code(report: dict[str, Any], *, strict: bool) -> int:
    """``EXIT_STRICT`` under ``strict`` when a citation is not faithful, or an ellipsis or
    bracket in it leaves out a negation or a number (found, but critical); else ``EXIT_OK``."""
    if strict and any(fails(c) for c in report["citations"]):
        return EXIT_STRICT
    return EXIT_OK


def refs_from(report: dict[str, Any], base_dir: Path, folder: Path) -> dict[str, Any]:
    """The report with its local sources' refs rewritten to resolve from ``folder`` (where the
    report is written) rather than ``base_dir``: relative where the file lies in ``folder``,
    absolute otherwise, so the report reopens from where it was saved."""
    sources = []
    for entry in report.get("sources") or ():
        ref = entry.get("ref")
        if isinstance(ref, str) and ref != "text" and network_ref(ref) is None:
            try:
                path = parse_ref(ref).value
            except QuoteTuiError:
                path = None
            if path is not None:
                target = (base_dir / Path(path).expanduser()).resolve()
                entry = {**entry, "ref": _relative_or_absolute(target, folder.resolve())}
        sources.append(entry)
    return {**report, "sources": sources}


def _relative_or_absolute(target: Path, folder: Path) -> str:
    return str(target.relative_to(folder)) if target.is_relative_to(folder) else str(target)


def write_text(path: str | Path, text: str | bytes) -> Path:
    """Write a report (or any text): a regular file atomically (a reader sees the old file or the
    new one), a symlink through to its target, a device or FIFO in place (``quote_tui._output``).

    Raises:
        BatchInputError: ``bad_option`` when the path is a folder or a loop of links.
    """
    try:
        return atomic_write(path, text)
    except OutputError as exc:
        raise BatchInputError(
            str(exc), code=ErrorCode.BAD_OPTION, recovery=Recovery.FIX_INPUT
        ) from exc


def dumps_json(data: Any) -> str:
    """JSON for people and machines alike: indented, real Unicode characters."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
