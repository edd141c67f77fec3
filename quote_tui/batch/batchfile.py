"""Batch files: JSON with ``sources`` and ``citations`` (see docs/report.md for the format)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from quote_tui._untrusted import loads, scrub
from quote_tui.batch.specs import Batch, CitationSpec, SourceSpec
from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery

_SOURCE_KEYS = {"id", "ref", "text", "title", "truncated"}
_CITATION_KEYS = {"id", "source", "quote", "locator"}


def _fail(message: str, code: ErrorCode = ErrorCode.BAD_BATCH) -> BatchInputError:
    return BatchInputError(message, code=code, recovery=Recovery.FIX_INPUT)


def load_batch(path: str | Path) -> Batch:
    """Read a batch file; relative paths in it resolve against the file's folder.

    Raises:
        BatchInputError: the file is missing, not JSON, or not shaped like a batch. Problems of
            single entries (an unknown source, an empty quote, a bad ref) are not raised here:
            they become errors of those entries in the report.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise _fail(f"batch file not found: {path}", ErrorCode.FILE_NOT_FOUND) from None
    except IsADirectoryError:
        raise _fail(f"batch file is a folder: {path}", ErrorCode.IS_DIRECTORY) from None
    except OSError as exc:
        raise _fail(f"cannot read batch file {path}: {exc.strerror}", ErrorCode.UNREADABLE) from exc
    try:
        data = loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise _fail(f"{path} is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise _fail(
            f"{path} is not valid JSON: line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    return parse_batch(data, base_dir=path.resolve().parent)


def parse_batch(data: Any, *, base_dir: Path | None = None) -> Batch:
    """Turn a decoded batch object into a ``Batch``; see ``load_batch``."""
    if not isinstance(data, dict):
        raise _fail("a batch must be a JSON object with 'sources' and 'citations' lists")
    sources_raw = data.get("sources", [])
    citations_raw = data.get("citations")
    if not isinstance(sources_raw, list):
        raise _fail("'sources' must be a list")
    if not isinstance(citations_raw, list):
        raise _fail("a batch needs a 'citations' list")
    sources = tuple(_source(i, item) for i, item in enumerate(sources_raw))
    citations = tuple(_citation(i, item) for i, item in enumerate(citations_raw))
    return Batch(sources, citations, base_dir)


def source_spec(item: Any, *, index: int = 0) -> SourceSpec:
    """One batch source object as a ``SourceSpec`` (``index`` names it in messages)."""
    return _source(index, item)


def citation_spec(item: Any, *, index: int = 0) -> CitationSpec:
    """One batch citation object as a ``CitationSpec`` (``index`` names it in messages)."""
    return _citation(index, item)


def _scrubbed(kind: str, index: int, item: Any, keep: str) -> dict[str, Any]:
    """The entry with lone surrogates replaced everywhere but in ``keep`` (its quotation or
    text), which the service refuses in this entry's own error."""
    if not isinstance(item, dict):
        raise _fail(f"{kind} #{index + 1} must be a JSON object")
    clean: dict[str, Any] = scrub({k: v for k, v in item.items() if k != keep})
    if keep in item:
        clean[keep] = item[keep]
    return clean


def _id(kind: str, index: int, item: Any) -> str:
    if not isinstance(item, dict):
        raise _fail(f"{kind} #{index + 1} must be a JSON object")
    ident = item.get("id")
    if not isinstance(ident, str) or not ident.strip():
        raise _fail(f"{kind} #{index + 1} needs a non-empty string 'id'", ErrorCode.MISSING_FIELD)
    return ident


def _source(index: int, item: Any) -> SourceSpec:
    item = _scrubbed("source", index, item, "text")
    ident = _id("source", index, item)
    ref, text, title = item.get("ref"), item.get("text"), item.get("title")
    for name, value in (("ref", ref), ("text", text), ("title", title)):
        if value is not None and not isinstance(value, str):
            raise _fail(f"source {ident!r}: '{name}' must be a string")
    return SourceSpec(
        id=ident,
        ref=ref,
        text=text,
        title=title,
        truncated=bool(item.get("truncated", False)),
        extra={k: v for k, v in item.items() if k not in _SOURCE_KEYS},
    )


def _citation(index: int, item: Any) -> CitationSpec:
    item = _scrubbed("citation", index, item, "quote")
    ident = _id("citation", index, item)
    source = item.get("source")
    if source is not None and not isinstance(source, str):
        raise _fail(f"citation {ident!r}: 'source' must be a source id (a string) or null")
    locator = item.get("locator")
    if isinstance(locator, str | int):
        locator = _parse_locator(str(locator))
    elif locator is not None and not isinstance(locator, dict):
        raise _fail(f"citation {ident!r}: 'locator' must be a string or an object")
    return CitationSpec(
        id=ident,
        source=source,
        quote=item.get("quote"),
        locator=locator,
        extra={k: v for k, v in item.items() if k not in _CITATION_KEYS},
    )


def _parse_locator(value: str) -> dict[str, Any]:
    """'4', 'p. 4', 'pp. 33-35' -> {'label': 'page', 'value': ..., 'pages': [...]}."""
    import re

    text = value.strip()
    m = re.fullmatch(r"(?:pp?\.?\s*|pages?\s+)?(\d+)(?:\s*[-\u2013\u2014]+\s*(\d+))?", text, re.I)
    if not m:
        return {"label": "other", "value": text, "pages": []}
    first = int(m.group(1))
    last = int(m.group(2)) if m.group(2) else first
    if last < first or last - first > 50:
        last = first
    return {"label": "page", "value": text, "pages": list(range(first, last + 1))}
