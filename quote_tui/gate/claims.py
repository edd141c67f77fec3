"""The claims gate on a cite-gate claims file, read unchanged.

``{"config": {...}, "sections": [{"title", "items": [{"id", "text", "claims": [{"src",
"quote"}]}]}]}`` with the sources as ``<src>.txt`` files (``sources/`` beside the claims file
unless another folder is named). Every quotation is checked through the same pipeline as every
other front end (``quote_tui.api.gate_claims`` runs it on ``claims_batch``); the prose checks of
``quote_tui.gate.prose`` then run on each item. Findings are placed at the line and column of the
words concerned inside the claims file.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from quote_tui._untrusted import loads
from quote_tui.batch.outcomes import PASSING
from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.gate.findings import RULES, Code, Finding, Place, Severity
from quote_tui.gate.prose import GateConfig, ProseIssue, check_prose, number_issues, quote_length
from quote_tui.manuscripts.imports import import_cite_gate

__all__ = ["ClaimsFile", "GateResult", "claim_findings", "claims_batch", "load_claims"]

_SAFE_SRC = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


def _bad(message: str) -> BatchInputError:
    return BatchInputError(message, code=ErrorCode.BAD_MANUSCRIPT, recovery=Recovery.FIX_INPUT)


@dataclass(frozen=True, slots=True)
class ClaimsFile:
    """A claims file as read: its parsed object, its text (for locations) and its config."""

    path: Path
    name: str
    data: dict[str, Any]
    raw: str
    config: GateConfig


def load_claims(path: Path, *, name: str | None = None) -> ClaimsFile:
    """Read and check the shape of a cite-gate claims file.

    Args:
        path: the claims file.
        name: how findings name the file (default: the path as given).

    Raises:
        BatchInputError: ``bad_manuscript`` for unreadable JSON or another shape,
            ``bad_option`` for a config value of the wrong kind.
    """
    if not path.is_file():
        raise BatchInputError(
            f"No claims file at {path}.", code=ErrorCode.FILE_NOT_FOUND, recovery=Recovery.FIX_INPUT
        )
    try:
        raw = path.read_text(encoding="utf-8-sig")
        data = loads(raw)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _bad(f"{path} is not a readable JSON claims file: {exc}.") from exc
    if not isinstance(data, dict) or not isinstance(data.get("sections"), list):
        raise _bad(f'{path} is not a cite-gate claims file: it needs a "sections" list.')
    for section in data["sections"]:
        if not isinstance(section, dict) or not isinstance(section.get("items") or [], list):
            raise _bad(f'{path}: each section must be an object with an "items" list.')
        for item in section.get("items") or []:
            if not isinstance(item, dict) or not isinstance(item.get("claims") or [], list):
                raise _bad(f'{path}: each item must be an object with a "claims" list.')
            if not all(isinstance(c, dict) for c in item.get("claims") or []):
                raise _bad(f"{path}: each claim must be an object with src and quote.")
            if not isinstance(item.get("text", ""), str):
                raise _bad(f'{path}: an item\'s "text" must be a string.')
    config = GateConfig.from_mapping(data.get("config"))
    return ClaimsFile(path, name or str(path), data, raw, config)


class _JsonText:
    """Lines and columns of string values inside the claims file's JSON text."""

    def __init__(self, raw: str) -> None:
        self.raw = raw
        self.line_starts = [0, *(i + 1 for i, ch in enumerate(raw) if ch == "\n")]

    def find(self, value: str, after: int) -> tuple[int, bool] | None:
        """Offset of the value's first character after ``after``, and whether the file writes
        non-ASCII characters as escapes there."""
        for ascii_only in (False, True):
            at = self.raw.find(json.dumps(value, ensure_ascii=ascii_only), after)
            if at >= 0:
                return at + 1, ascii_only
        return None

    def line_column(self, offset: int) -> tuple[int, int]:
        lo, hi = 0, len(self.line_starts)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.line_starts[mid] <= offset:
                lo = mid
            else:
                hi = mid
        return lo + 1, offset - self.line_starts[lo] + 1


@dataclass(frozen=True, slots=True)
class GateResult:
    """The gate's answer on one claims file or manuscript."""

    file: str
    items: int
    words: int
    findings: tuple[Finding, ...]
    report: dict[str, Any] | None = None

    @property
    def failures(self) -> tuple[Finding, ...]:
        """The failures no one has reviewed: these fail the gate."""
        return tuple(
            f for f in self.findings if f.severity is Severity.FAILURE and f.review is None
        )

    @property
    def warnings(self) -> tuple[Finding, ...]:
        """The warnings no one has reviewed: these fail the gate under ``--strict``."""
        return tuple(
            f for f in self.findings if f.severity is Severity.WARNING and f.review is None
        )

    @property
    def reviewed(self) -> tuple[Finding, ...]:
        """The findings a researcher reviewed: shown, never failing."""
        return tuple(f for f in self.findings if f.review is not None)

    def exit_code(self, strict: bool) -> int:
        """1 on failures, and on warnings too under ``strict``; else 0."""
        return int(bool(self.failures or (strict and self.warnings)))

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "items": self.items,
            "words": self.words,
            "failures": len(self.failures),
            "warnings": len(self.warnings),
            "reviewed": len(self.reviewed),
            "findings": [f.to_dict() for f in self.findings],
            "report": self.report,
        }


def _finding(code: Code, place: Place, words: tuple[str, ...], message: str) -> Finding:
    return Finding(code, RULES[code].severity, place, words, message)


def _quote_finding(
    claim: dict[str, Any], citation: dict[str, Any] | None, config: GateConfig, place: Place
) -> Finding | None:
    src = str(claim.get("src", ""))
    quote = str(claim.get("quote", ""))
    if not _SAFE_SRC.match(src):
        return _finding(
            Code.BAD_SOURCE_ID,
            place,
            (src,),
            f"invalid source id {src!r} (letters, digits, '.', '_', '-' only)",
        )
    if citation is not None and citation["status"] == "unavailable":
        error = citation.get("error") or {}
        if error.get("code") == "file_not_found":
            return _finding(Code.NO_SOURCE_FILE, place, (src,), f"no source file for {src!r}")
        return _finding(
            Code.SOURCE_UNAVAILABLE,
            place,
            (src,),
            f"source {src!r} could not be read: {error.get('message', 'unavailable')}",
        )
    if quote_length(quote) < config.min_quote_chars:
        return _finding(
            Code.QUOTE_TOO_SHORT,
            place,
            (quote,),
            f"quotation too short ({quote_length(quote)} < {config.min_quote_chars} "
            f"characters): {quote!r}",
        )
    if citation is not None and citation["status"] not in PASSING:
        status = citation["status"]
        closest = ""
        if status == "near" and citation.get("matches"):
            best = citation["matches"][0]
            closest = f"; the source reads {best['text'][:120]!r} ({best['similarity']:.0%} alike)"
        return _finding(
            Code.QUOTE_NOT_IN_SOURCE,
            place,
            (quote,),
            f"quotation not in {src!r} ({status}{closest}): {quote[:70]!r}",
        )
    return None


def claim_findings(
    claims: ClaimsFile, report: dict[str, Any] | None = None, *, prose: bool = True
) -> tuple[tuple[Finding, ...], int, int]:
    """Findings for every item of a claims file.

    Args:
        claims: the claims file.
        report: the service's report on its quotations, citations in claims order (as
            ``import_cite_gate`` makes them); None skips the quotation checks.
        prose: False runs the number rule only (what ``check`` applies to a claims file).

    Returns:
        The findings, the number of items and the number of words of prose.
    """
    text = _JsonText(claims.raw)
    citations = list(report["citations"]) if report is not None else []
    findings: list[Finding] = []
    items = words = cursor = n_claim = 0
    for section in claims.data["sections"]:
        for item in section.get("items") or []:
            items += 1
            tag = str(item.get("id", items))
            prose_text = item.get("text", "")
            words += len(prose_text.split())
            found = text.find(prose_text, cursor) if prose_text else None
            if found is None:
                found = text.find(tag, cursor)
            item_at = found[0] if found else cursor

            def place(offset: int, *, tag: str = tag) -> Place:
                line, column = text.line_column(offset)
                return Place(claims.name, line, column, tag)

            end = item_at
            claims_list = item.get("claims") or []
            if not claims_list:
                findings.append(_finding(Code.NO_CLAIMS, place(item_at), (), "no claims"))
                continue
            quotes: list[str] = []
            for claim in claims_list:
                quote = str(claim.get("quote", ""))
                at = text.find(quote, cursor) if quote else None
                qplace = place(at[0]) if at else place(item_at)
                if at:
                    end = max(end, at[0] + len(quote))
                citation = None
                if report is not None and n_claim < len(citations):
                    citation = citations[n_claim]
                n_claim += 1
                if _SAFE_SRC.match(str(claim.get("src", ""))):
                    quotes.append(quote)
                if report is not None:
                    problem = _quote_finding(claim, citation, claims.config, qplace)
                    if problem is not None:
                        findings.append(problem)
            issues: tuple[ProseIssue, ...]
            if prose:
                issues = check_prose(prose_text, quotes, claims.config)
            else:
                issues = number_issues(prose_text, quotes)
            for issue in issues:
                offset = item_at
                if found is not None and issue.start is not None and prose_text:
                    escaped = json.dumps(prose_text[: issue.start], ensure_ascii=found[1])
                    offset = found[0] + len(escaped) - 2
                findings.append(
                    Finding(issue.code, issue.severity, place(offset), issue.words, issue.message)
                )
            if found is not None:
                end = max(end, found[0] + len(prose_text))
            cursor = max(cursor, end)
    return tuple(findings), items, words


def claims_batch(claims: ClaimsFile, *, sources_dir: Path | None = None) -> dict[str, Any]:
    """The batch (as a batch file's object) of a claims file's quotations, in claims order:
    each against ``<src>.txt`` in ``sources_dir`` (default: ``sources/`` beside the file)."""
    folder = sources_dir if sources_dir is not None else claims.path.resolve().parent / "sources"
    scan = import_cite_gate(claims.data, file=claims.name, raw=claims.raw, sources_dir=folder)
    return scan.to_batch_dict()
