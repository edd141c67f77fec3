"""``quote-tui gate``, and the claims gate's findings for ``check --gate``."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from quote_tui import api
from quote_tui._untrusted import loads
from quote_tui.cli.args import settings_from
from quote_tui.cli.common import emit, warn


def gate_findings(args: argparse.Namespace, scan_result: Any) -> tuple[Any, ...]:
    """The gate's findings for ``check``: the number rule on a claims file always (it is a
    failure), every prose check with ``--gate``."""
    path: Path = args.input
    if scan_result is None:
        if args.gate:
            warn("a batch file has no prose; --gate checks nothing")
        return ()
    if path.suffix.lower() == ".json":
        from quote_tui.gate.claims import claim_findings, load_claims

        try:
            claims = load_claims(path)
        except api.QuoteTuiError as exc:
            if exc.code == "bad_option":  # a claims file whose config is wrong
                raise
            return ()  # an agent's list: quotations only, no prose
        return claim_findings(claims, prose=args.gate)[0]
    if not args.gate:
        return ()
    from quote_tui.gate.manuscript import manuscript_findings
    from quote_tui.gate.prose import GateConfig

    raw: dict[str, Any] = {}
    if args.gate_config is not None:
        raw = _read_gate_config(args.gate_config)
    raw["allow"] = [*raw.get("allow", []), *args.allow]
    if args.copy_run is not None:
        raw["copy_run"] = args.copy_run
    config = GateConfig.from_mapping(raw)
    return manuscript_findings(path, scan_result.citations, config, min_words=args.min_words)


def _read_gate_config(path: Path) -> dict[str, Any]:
    try:
        raw = loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise api.BatchInputError(
            f"--gate-config {path} is not a readable JSON file: {exc}.",
            code="bad_option",
            recovery="fix_input",
        ) from exc
    # A whole claims file may be named: its "config" is the part that applies.
    if isinstance(raw, dict) and isinstance(raw.get("sections"), list):
        raw = raw.get("config") or {}
    if not isinstance(raw, dict) or not isinstance(raw.get("allow", []), list):
        raise api.BatchInputError(
            f'--gate-config {path} must be an object of config keys, with "allow" a list.',
            code="bad_option",
            recovery="fix_input",
        )
    return raw


def finding_line(f: Any) -> str:
    mark = "FAIL" if f.severity == "failure" else "warn"
    return f"  {mark} [{f.place.item}] {f.place} {f.code}: {f.message}"


def sarif_text(findings: Any, report: dict[str, Any] | None, input_path: Path) -> str:
    from quote_tui.gate.sarif import artifact_uri, to_sarif

    def uri_for(file: str) -> str:
        # Locations name a manuscript's files by their names; they lie beside the input.
        path = Path(file)
        if not path.is_absolute() and path.name == path.as_posix() and file != str(input_path):
            path = input_path.parent / path
        return artifact_uri(str(path))

    log = to_sarif(findings=findings, report=report, uri_for=uri_for, fallback_file=str(input_path))
    return json.dumps(log, ensure_ascii=False, indent=2) + "\n"


def cmd_gate(args: argparse.Namespace) -> int:
    import asyncio

    from quote_tui.gate.claims import gate_claims

    result = asyncio.run(
        gate_claims(args.claims, sources_dir=args.sources, settings=settings_from(args))
    )
    if args.format == "sarif":
        text = sarif_text(result.findings, None, args.claims)
    elif args.format == "json":
        text = json.dumps(result.to_dict(), ensure_ascii=False, indent=2) + "\n"
    else:
        lines = [
            f"{api.counted(result.items, 'item')} · {api.counted(result.words, 'word')} · "
            f"{api.counted(len(result.failures), 'failure')} · "
            f"{api.counted(len(result.warnings), 'warning')}"
        ]
        lines += [finding_line(f) for f in (*result.failures, *result.warnings)]
        text = "\n".join(lines) + "\n"
    emit(text, args.output)
    return result.exit_code(args.strict)
