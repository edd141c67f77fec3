"""``quote-tui quote``, ``text``, ``scan`` and ``snapshots``: one source, one manuscript, the
store."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from quote_tui import api
from quote_tui._untrusted import terminal_safe
from quote_tui.cli.args import settings_from
from quote_tui.cli.common import colour, emit, fail, usage, warn


def cmd_quote(args: argparse.Namespace) -> int:
    """One quotation against one source: a short summary at a terminal, else the JSON report.

    Returns:
        3 when the source could not be read; 1 under ``--strict`` when the quotation fails.
    """
    quote = sys.stdin.read() if args.quote == "-" else args.quote
    settings = settings_from(args)
    check = api.run(
        lambda: api.check_quote(quote, args.ref, settings=settings, base_dir=Path.cwd()),
        without_loop=api.runs_without_loop(args.ref, settings=settings),
    )
    report = check.to_dict()
    if args.json or args.output is not None or not sys.stdout.isatty():
        emit(api.render(report, "json"), args.output)
    else:
        sys.stdout.write(api.render(report, "terminal", colour=colour()))
    if check.status == "unavailable":
        return api.EXIT_UNREADABLE
    error = check.citation.get("error")
    if check.status == "error" and error:  # the quotation itself is unusable: a usage error
        return fail(api.QuoteTuiError(**error))
    return api.exit_code(report, strict=args.strict)


def cmd_text(args: argparse.Namespace) -> int:
    """Print the checked text of a source (``--pages``: with a line where each page starts)."""
    settings = settings_from(args)
    read = api.run(
        lambda: api.read_source(args.ref, settings=settings, base_dir=Path.cwd()),
        without_loop=api.runs_without_loop(args.ref, settings=settings),
    )
    error = read["source"]["error"]
    if read["text"] is None:
        fail(api.QuoteTuiError(**error))
        return api.EXIT_UNREADABLE  # as ``quote`` says of a source it could not read
    # the checked text of a fetched page may hold escape sequences (a clipboard write, a new
    # window title): shown one character each, so offsets into it stay true
    text: str = terminal_safe(read["text"])
    starts, labels = read["page_starts"], read["page_labels"]
    if not args.pages or not starts:
        sys.stdout.write(text)
        return api.EXIT_OK
    # a PDF's asides (running heads, footnotes, captions) follow the whole body in the checked
    # text; each is shown under its own page, with its own offset
    asides = {page: (a, b) for page, a, b in read.get("asides", ())}
    body_end = min((a for a, _ in asides.values()), default=len(text))
    ends = (*starts[1:], body_end)
    for page, (a, b) in enumerate(zip(starts, ends, strict=True), start=1):
        label = labels[page - 1] if page - 1 < len(labels) else None
        printed = f" (printed {terminal_safe(label)})" if label else ""
        sys.stdout.write(f"--- page {page}{printed}, offset {a} ---\n{text[a:b]}\n")
        if page in asides:
            c, d = asides[page]
            sys.stdout.write(f"--- page {page} asides, offset {c} ---\n{text[c:d]}\n")
    return api.EXIT_OK


def cmd_scan(args: argparse.Namespace) -> int:
    """Turn a manuscript into a batch file."""
    result = api.scan_manuscript(
        args.input,
        bib=tuple(args.bib),
        pdfs=args.pdfs,
        zotero=args.zotero,
        min_words=args.min_words,
        max_quotes=args.max_quotes,
        max_seconds=getattr(args, "max_scan_seconds", None),
    )
    for warning in getattr(result, "warnings", ()):
        warn(warning)
    emit(json.dumps(result.to_batch_dict(), ensure_ascii=False, indent=2) + "\n", args.output)
    return api.EXIT_OK


def cmd_snapshots(args: argparse.Namespace) -> int:
    """``snapshots list|show|prune``: JSON on stdout; 1 when nothing matched, 2 for misuse."""
    if args.action == "list":
        emit(_json(api.list_snapshots(args.store, args.ref)), None)
        return api.EXIT_OK
    if args.action == "show":
        if args.ref is None:
            raise usage("snapshots show needs a ref or a snapshot id")
        snap = api.show_snapshot(args.ref, args.store)
        if snap is None:
            print(f"quote-tui: no snapshot of {args.ref}", file=sys.stderr)
            return 1
        emit(_json(snap), None)
        return api.EXIT_OK
    if args.older_than is None and args.ref is None:
        raise usage("snapshots prune needs --older-than DAYS or a ref")
    removed = api.prune_snapshots(args.store, older_than_days=args.older_than, ref=args.ref)
    emit(json.dumps({"removed": removed}) + "\n", None)
    return api.EXIT_OK


def _json(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
