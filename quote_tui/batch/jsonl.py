"""JSON Lines in: batches too large to hold, and the reports of runs to resume.

A JSONL batch is one file of typed lines (``{"type": "source", ...}``, ``{"type": "citation",
...}``), or a sources file and a citations file. ``scan`` walks it entry by entry with each
entry's byte offset, so a plan (``batch.plan``) can file citations under their source without
holding them. ``read_resume`` reads back what an interrupted run's JSONL report already holds
(``docs/report.md``): a torn last line is dropped, everything before it is kept.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from quote_tui._untrusted import loads
from quote_tui.batch.batchfile import citation_spec, source_spec
from quote_tui.batch.outcome import counted_keys
from quote_tui.batch.outcomes import fails, is_duplicate
from quote_tui.batch.resume import ResumeState
from quote_tui.batch.specs import Batch, CitationSpec, SourceSpec
from quote_tui.engine.errors import BatchInputError, ErrorCode, QuoteTuiError, Recovery

__all__ = [
    "FORMAT",
    "JsonlBatch",
    "ResumeState",
    "StreamErrorCode",
    "bad_report",
    "load_jsonl_batch",
    "read_report_lines",
    "read_resume",
    "read_spec",
    "read_specs",
    "scan",
]

FORMAT = "jsonl"


class StreamErrorCode(StrEnum):
    """Codes of the errors this module raises, beyond the engine's table."""

    BAD_REPORT = "bad_report"
    """A ``--resume`` file that is not a JSONL report, or one made with other settings."""


@dataclass(frozen=True, slots=True)
class JsonlBatch:
    """A batch in JSON Lines: one file of typed lines, or a sources file and a citations file.

    Attributes:
        citations: the citations file, or the one file of typed lines
            (``{"type": "source", ...}`` / ``{"type": "citation", ...}``).
        sources: the sources file when the batch comes as two files; None for typed lines.
        base_dir: where relative paths in refs resolve (the folder of the sources).
    """

    citations: Path
    sources: Path | None = None
    base_dir: Path | None = None

    @classmethod
    def at(cls, path: Path, *, sources: Path | None = None) -> JsonlBatch:
        """The batch a path names: a folder holding ``sources.jsonl`` and ``citations.jsonl``,
        a citations file with its ``sources`` file, or one file of typed lines."""
        if path.is_dir():
            sources, path = path / "sources.jsonl", path / "citations.jsonl"
            missing = [p.name for p in (sources, path) if not p.is_file()]
            if missing:
                # Name every file the folder lacks, not only the first one looked for.
                lacks = "neither file" if len(missing) == 2 else f"no {missing[0]}"
                raise _bad_input(
                    f"{path.parent} has {lacks}: a batch folder holds sources.jsonl and "
                    "citations.jsonl",
                    ErrorCode.FILE_NOT_FOUND,
                )
        for item in (path, sources):
            if item is not None and not item.is_file():
                raise _bad_input(f"batch file not found: {item}", ErrorCode.FILE_NOT_FOUND)
        base = (sources or path).resolve().parent
        return cls(path, sources, base)


def _bad_input(message: str, code: ErrorCode = ErrorCode.BAD_BATCH) -> BatchInputError:
    return BatchInputError(message, code=code, recovery=Recovery.FIX_INPUT)


def _lines(path: Path) -> Iterator[tuple[int, int, bytes]]:
    """(line number, byte offset, line) for each non-blank line.

    Lines end at ``\\n`` only: U+2028 and friends are legal inside JSON strings.
    """
    offset = 0
    with path.open("rb") as handle:
        for number, line in enumerate(handle, start=1):
            if line.strip():
                yield number, offset, line
            offset += len(line)


def _decode(path: Path, number: int, line: bytes) -> dict[str, Any]:
    try:
        item = loads(line.decode("utf-8-sig" if number == 1 else "utf-8"))
    except UnicodeDecodeError:
        raise _bad_input(f"{path}, line {number}: not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise _bad_input(f"{path}, line {number}: not valid JSON: {exc.msg}") from None
    if not isinstance(item, dict):
        raise _bad_input(f"{path}, line {number}: each line must be a JSON object")
    return item


def _typed(path: Path, number: int, item: dict[str, Any], expect: str | None) -> str:
    """The kind of an input line; a typed line loses its ``type`` so the report does not echo it."""
    kind = item.pop("type", None)
    if expect is not None and kind in (None, expect):
        return expect
    if kind in ("source", "citation") and expect is None:
        return str(kind)
    wanted = f"'{expect}'" if expect else "'source' or 'citation'"
    raise _bad_input(f"{path}, line {number}: 'type' must be {wanted}, not {kind!r}")


def _spec(path: Path, number: int, item: dict[str, Any], kind: str) -> SourceSpec | CitationSpec:
    try:
        if kind == "source":
            return source_spec(item, index=number - 1)
        return citation_spec(item, index=number - 1)
    except BatchInputError as exc:
        raise _bad_input(f"{path}, line {number}: {exc.message}", ErrorCode(exc.code)) from None


def read_spec(path: Path, offset: int, kind: str) -> Any:
    """An entry read again from where the index found it (it was checked then)."""
    with path.open("rb") as handle:
        handle.seek(offset)
        line = handle.readline()
    item = _decode(path, 1 if offset == 0 else 0, line)
    item.pop("type", None)
    return _spec(path, 0, item, kind)


def read_specs(path: Path, offsets: Iterable[int]) -> tuple[CitationSpec, ...]:
    """The citations read again from where the index found them, in one pass over the file."""
    out: list[CitationSpec] = []
    with path.open("rb") as handle:
        for offset in offsets:
            handle.seek(offset)
            item = _decode(path, 1 if offset == 0 else 0, handle.readline())
            item.pop("type", None)
            spec = _spec(path, 0, item, "citation")
            assert isinstance(spec, CitationSpec)
            out.append(spec)
    return tuple(out)


def load_jsonl_batch(batch: JsonlBatch) -> Batch:
    """Read a whole JSONL batch into memory (for the JSON, Markdown and HTML reports)."""
    sources: list[SourceSpec] = []
    citations: list[CitationSpec] = []
    for path, number, _, spec in scan(batch):
        del path, number
        (sources if isinstance(spec, SourceSpec) else citations).append(spec)
    return Batch(tuple(sources), tuple(citations), batch.base_dir)


def scan(batch: JsonlBatch) -> Iterator[tuple[Path, int, int, SourceSpec | CitationSpec]]:
    """Every entry of a JSONL batch, sources file first, with where it stands."""
    files = [(batch.sources, "source"), (batch.citations, "citation")]
    for path, expect in files if batch.sources is not None else [(batch.citations, None)]:
        assert path is not None
        for number, offset, line in _lines(path):
            item = _decode(path, number, line)
            kind = _typed(path, number, item, expect)
            yield path, number, offset, _spec(path, number, item, kind)


def bad_report(path: Path, message: str) -> QuoteTuiError:
    return QuoteTuiError(
        f"{path}: {message}", code=StreamErrorCode.BAD_REPORT, recovery=Recovery.FIX_INPUT
    )


def read_resume(path: Path) -> ResumeState:
    """Read a JSONL report that an interrupted run left behind.

    A last line cut off mid-write (no newline, or not JSON) is dropped; so is a summary line, as
    the resumed run writes a new one. Everything before is kept.

    Raises:
        QuoteTuiError: ``bad_report`` when the file is not a quote_tui JSONL report.
    """
    if not path.exists() or path.stat().st_size == 0:
        return ResumeState()
    checked: set[str] = set()
    sources: set[str] = set()
    duplicates: Counter[str] = Counter()
    duplicate_sources: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    outcomes: Counter[str] = Counter()
    header: dict[str, Any] | None = None
    good = offset = failing = 0
    with path.open("rb") as handle:
        for number, line in enumerate(handle, start=1):
            start, offset = offset, offset + len(line)
            try:
                item = loads(line) if line.endswith(b"\n") else None
            except ValueError:
                item = None
            if not isinstance(item, dict):
                if handle.read(1):  # only the last line may be torn
                    raise bad_report(path, f"line {number} is not a JSON object")
                break
            kind = item.get("type")
            if number == 1:
                if kind != "header" or item.get("schema") != "quote_tui.report":
                    raise bad_report(path, "it is not a quote_tui JSONL report")
                header = item
            elif kind == "citation":
                ident = str(item.get("id"))
                if is_duplicate(item):
                    duplicates[ident] += 1
                else:
                    checked.add(ident)
                statuses[str(item.get("status"))] += 1
                outcomes.update(counted_keys(item))
                failing += fails(item)
            elif kind == "source":
                ident = str(item.get("id"))
                if is_duplicate(item) and item.get("status") == "unavailable":
                    duplicate_sources[ident] += 1
                else:
                    sources.add(ident)
            elif kind == "summary":
                offset = start  # a finished run: its summary is written again at the end
            good = offset
    return ResumeState(
        frozenset(checked),
        dict(duplicates),
        frozenset(sources),
        dict(duplicate_sources),
        dict(statuses),
        header,
        good,
        failing,
        dict(outcomes),
    )


def read_report_lines(path: Path) -> Iterator[dict[str, Any]]:
    """The lines of a JSONL report, as objects."""
    for number, _, line in _lines(path):
        item = loads(line)
        if not isinstance(item, dict):
            raise bad_report(path, f"line {number} is not a JSON object")
        yield item
