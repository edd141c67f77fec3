"""``quote-tui gate``, and the claims gate's findings for ``check --gate``."""

from __future__ import annotations

import argparse
import json
from typing import Any

from quote_tui import api
from quote_tui.cli.args import settings_from
from quote_tui.cli.common import emit, warn


def gate_findings(args: argparse.Namespace, scan_result: Any) -> tuple[Any, ...]:
    """The gate's findings for ``check``: the number rule on a claims file always (it is a
    failure), every prose check with ``--gate``."""
    if scan_result is None:
        if args.gate:
            warn("a batch file has no prose; --gate checks nothing")
        return ()
    config = None
    if args.gate and args.input.suffix.lower() != ".json":
        config = api.gate_config(args.gate_config, allow=args.allow, copy_run=args.copy_run)
    beside = args.input.parent / api.REVIEW_FILE
    reviews = getattr(args, "review", None) or (beside if beside.is_file() else None)
    return api.gate_findings(
        args.input,
        scan_result,
        prose=args.gate,
        config=config,
        min_words=args.min_words,
        reviews=reviews,
    )


def cmd_gate(args: argparse.Namespace) -> int:
    import asyncio

    beside = args.claims.parent / api.REVIEW_FILE
    reviews = args.review or (beside if beside.is_file() else None)
    result = asyncio.run(
        api.gate_claims(
            args.claims, sources_dir=args.sources, settings=settings_from(args), reviews=reviews
        )
    )
    if args.format == "sarif":
        text = api.gate_sarif(result.findings, None, args.claims)
    elif args.format == "json":
        text = json.dumps(result.to_dict(), ensure_ascii=False, indent=2) + "\n"
    else:
        lines = [
            f"{api.counted(result.items, 'item')} · {api.counted(result.words, 'word')} · "
            f"{api.counted(len(result.failures), 'failure')} · "
            f"{api.counted(len(result.warnings), 'warning')}"
            + (f" · {len(result.reviewed)} reviewed" if result.reviewed else "")
        ]
        lines += [
            api.finding_line(f) for f in (*result.failures, *result.warnings, *result.reviewed)
        ]
        text = "\n".join(lines) + "\n"
    emit(text, args.output)
    return result.exit_code(args.strict)
