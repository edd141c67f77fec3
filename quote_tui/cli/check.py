"""``quote-tui check``: a batch, a JSONL batch or a manuscript in; a report out."""

from __future__ import annotations

import argparse
import sys

from quote_tui import api
from quote_tui.cli.args import settings_from
from quote_tui.cli.common import colour, emit, progress_line, usage, warn
from quote_tui.cli.gate import gate_findings
from quote_tui.cli.refs import check_refs


def cmd_check(args: argparse.Namespace) -> int:
    """Check every citation of the input and write the report in the format asked for.

    Returns:
        The exit code: 1 under ``--strict`` when a citation fails, or when the gate finds a
        failure (under ``--strict``, a warning too); else 0.
    """
    _resume_args(args)
    _cluster_args(args)
    jsonl = api.is_jsonl_input(args.input, args.sources)
    out = args.output
    if args.format is None and out is not None and out.suffix and not api.format_for(out, ""):
        # report.xyz used to get JSON without a word: the suffix is the only format asked for
        raise usage(
            f"-o {out.name}: {out.suffix} names no report format; use .json, .jsonl, .md, "
            ".html or .sarif, or say which with --format"
        )
    fmt = args.format or api.format_for(args.output, "jsonl" if jsonl else "json")
    if args.format is None and args.output is None and not args.json and sys.stdout.isatty():
        fmt = "terminal"  # people at a terminal read the summary; --json for the report
    settings = settings_from(args)
    cluster = None
    if args.cluster == "dask":
        cluster = api.ClusterOptions(scheduler=args.scheduler, workers=args.workers or 2)
    if fmt == "jsonl" and args.gate:
        raise usage("--gate needs the whole report; choose another --format")
    if args.document and args.input.suffix.lower() != ".json":
        raise usage("--document names the documents of a model's answer (ANSWER.json)")
    if args.document and fmt == "jsonl":
        raise usage("an answer's claimed places need the whole report; choose another --format")
    if fmt == "jsonl" and args.annotate is not None:
        raise usage("--annotate needs the whole report; choose another --format")
    if fmt in ("jsonl", "sarif") and args.refs:
        raise usage("--refs adds to a json, markdown or html report; choose one of those")
    given = api.open_input(
        args.input,
        sources=args.sources,
        bib=tuple(args.bib),
        pdfs=args.pdfs,
        zotero=args.zotero,
        min_words=args.min_words,
        max_quotes=args.max_quotes,
        max_seconds=getattr(args, "max_scan_seconds", None),
        documents=tuple(args.document),
        max_answer_citations=args.max_answer_citations,
    )
    for warning in given.warnings:
        warn(warning)
    if fmt == "jsonl":
        return _stream(args, given, settings, cluster)
    findings = gate_findings(args, given.scan)
    progress = progress_line(scans_only=cluster is None)
    batch = given.whole()
    try:
        report = api.run(
            lambda: api.check_batch(batch, settings=settings, progress=progress, cluster=cluster),
            without_loop=api.runs_without_loop(batch, settings=settings, cluster=cluster),
        )
    finally:
        if progress is not None:
            progress.end()
    if given.warnings:
        report["warnings"] = list(given.warnings)
    references = check_refs(args, given.scan is not None, settings)
    if references is not None:
        report["references"] = references
    if args.gate or findings:
        # the findings travel with the report, not only in a SARIF log or on stderr
        report["gate"] = api.gate_summary(findings)
    if fmt == "sarif":
        emit(api.gate_sarif(findings, report, args.input), args.output)
    else:
        emit(api.render(report, fmt, colour=colour()), args.output)
    if fmt == "terminal" and len(report.get("citations") or ()) > 1:
        # the summary shows only what needs work: the report a reviewer reads is a file
        print(
            f"Full report: add -o {args.input.stem}-report.html (or .md, .json).", file=sys.stderr
        )
    for f in findings:
        print(api.finding_line(f), file=sys.stderr)
    if args.annotate is not None:
        annotated = api.annotate_pdfs(report, args.annotate)
        for warning in annotated.warnings:
            warn(warning)
    code = api.exit_code(report, strict=args.strict)
    if args.strict and references is not None and api.failing_references(references):
        code = max(code, api.EXIT_STRICT)
    standing = [f for f in findings if f.review is None]  # a reviewed finding never fails
    failures = any(f.severity == "failure" for f in standing)
    return max(code, int(failures or (args.strict and bool(standing))))


def _stream(
    args: argparse.Namespace,
    given: api.Input,
    settings: api.Settings,
    cluster: api.ClusterOptions | None,
) -> int:
    """Source by source, JSONL lines as citations complete; a JSONL batch is never held whole."""
    import asyncio  # the report is written as it goes: no run may start again (``api.run``)

    batch = given.jsonl if given.jsonl is not None else given.whole()
    progress = progress_line()
    try:
        result = asyncio.run(
            api.stream_batch(
                batch,
                args.output,
                settings=settings,
                resume=args.resume is not None,
                progress=progress,
                cluster=cluster,
            )
        )
    finally:
        if progress is not None:
            progress.end()
    if args.output is not None:
        print(f"wrote {args.output}", file=sys.stderr)
    return api.EXIT_STRICT if args.strict and result.failing else api.EXIT_OK


def _resume_args(args: argparse.Namespace) -> None:
    """``--resume REPORT`` continues that JSONL report: it is the output, in JSONL."""
    if args.resume is None:
        return
    if args.output is not None and args.output.resolve() != args.resume.resolve():
        raise usage("--resume continues the report it names; leave out -o or give the same")
    if args.format not in (None, "jsonl"):
        raise usage("--resume continues a JSONL report (--format jsonl)")
    args.output, args.format = args.resume, "jsonl"


def _cluster_args(args: argparse.Namespace) -> None:
    """Cluster options without the cluster would be silently ignored: say so instead."""
    if args.cluster is None and (args.workers is not None or args.scheduler is not None):
        raise usage("--workers and --scheduler go with --cluster dask")
    if args.workers is not None and args.scheduler is not None:
        raise usage("--workers sizes a LocalCluster; an existing --scheduler has its own workers")
    if args.workers is not None and args.workers < 1:
        raise usage("--workers must be at least 1")
