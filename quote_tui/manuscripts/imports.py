"""Other tools' formats as batches: cite-gate claims files and agents' JSON quotation lists.

cite-gate: ``{"sections": [{"title", "items": [{"id", "text", "claims": [{"src", "quote"}]}]}]}``
with a folder of sources ``<src>.txt`` (``sources/`` beside the claims file by default). Its prose
rules (numbers, names, copying) are the claims gate's (``quote_tui.gate``), where a number in the
prose that no quotation holds is a failure.

Agent lists: ``[{"quote": ..., "url" | "doi" | "pmid" | "source" | "source_text": ...}]``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.manuscripts.model import (
    Citation,
    Location,
    Reference,
    ScannedSource,
    ScanResult,
    Unavailable,
)

__all__ = ["import_agent_list", "import_cite_gate", "import_json"]

_SAFE_SRC = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


def _bad(message: str) -> BatchInputError:
    return BatchInputError(message, code=ErrorCode.BAD_MANUSCRIPT, recovery=Recovery.FIX_INPUT)


def _locate(raw: str, file: str, value: str) -> Location | None:
    needle = json.dumps(value, ensure_ascii=False)[1:-1]
    at = raw.find(needle)
    if at < 0:
        needle = json.dumps(value)[1:-1]
        at = raw.find(needle)
    if at < 0:
        return None
    line = raw.count("\n", 0, at) + 1
    column = at - (raw.rfind("\n", 0, at) + 1) + 1
    return Location(file, line, column, at)


def import_cite_gate(data: dict[str, Any], *, file: str, raw: str, sources_dir: Path) -> ScanResult:
    """A cite-gate claims object as a scan result.

    Args:
        data: the parsed claims file.
        file: its name (for locations).
        raw: its text (to find each quotation's line).
        sources_dir: the folder of ``<src>.txt`` source texts.

    Returns:
        One source per ``src``, one citation per claim, a warning for an item without claims.
    """
    sources: dict[str, ScannedSource] = {}
    citations: list[Citation] = []
    warnings: list[str] = []
    for section in data.get("sections") or []:
        for n, item in enumerate(section.get("items") or [], start=1):
            tag = str(item.get("id", n))
            for claim in item.get("claims") or []:
                src = str(claim.get("src", ""))
                quote = str(claim.get("quote", ""))
                if src not in sources:
                    sid = f"s{len(sources) + 1}"
                    path = sources_dir / f"{src}.txt"
                    if not _SAFE_SRC.match(src):
                        sources[src] = ScannedSource(
                            sid,
                            title=src,
                            unavailable=Unavailable(
                                "bad_ref", f"{src!r} is not a plain source name.", "fix_input"
                            ),
                        )
                    elif path.is_file():
                        sources[src] = ScannedSource(
                            sid, ref=str(path.resolve()), title=src, how="source_text"
                        )
                    else:
                        sources[src] = ScannedSource(
                            sid,
                            title=src,
                            unavailable=Unavailable(
                                "file_not_found",
                                f"There is no source file {path.name} in {sources_dir}.",
                                "fix_input",
                            ),
                        )
                citations.append(
                    Citation(
                        id=f"c{len(citations) + 1}",
                        quote=quote,
                        location=_locate(raw, file, quote),
                        source=sources[src].id,
                        reference=Reference(raw=f"{tag}: {src}", style="cite_gate", key=src),
                    )
                )
            if not item.get("claims"):
                warnings.append(f"item {tag}: no claims")
    return ScanResult(
        manuscript=file,
        sources=tuple(sources.values()),
        citations=tuple(citations),
        warnings=tuple(warnings),
    )


def import_agent_list(data: list[Any], *, file: str, raw: str, base_dir: Path) -> ScanResult:
    """A JSON list of ``{quote, url|doi|pmid|source|source_text}`` objects as a scan result."""
    sources: dict[str, ScannedSource] = {}
    citations: list[Citation] = []
    warnings: list[str] = []
    for n, obj in enumerate(data, start=1):
        if not isinstance(obj, dict) or not isinstance(obj.get("quote"), str):
            warnings.append(f"entry {n}: not an object with a quote; skipped")
            continue
        quote = obj["quote"]
        identity, spec = _agent_source(obj, base_dir, len(sources) + 1)
        location = _locate(raw, file, quote)
        if spec is None:
            citations.append(
                Citation(f"c{len(citations) + 1}", quote, location, status="unreferenced")
            )
            warnings.append(f"entry {n}: no url, doi, pmid, source or source_text")
            continue
        spec = sources.setdefault(identity, spec)
        style = next(k for k in ("url", "doi", "pmid", "source", "source_text") if obj.get(k))
        ref = Reference(raw=str(obj.get(style))[:200], style=style, target=spec.ref)
        citations.append(Citation(f"c{len(citations) + 1}", quote, location, spec.id, ref))
    return ScanResult(
        manuscript=file,
        sources=tuple(sources.values()),
        citations=tuple(citations),
        warnings=tuple(warnings),
    )


def _agent_source(
    obj: dict[str, Any], base_dir: Path, number: int
) -> tuple[str, ScannedSource | None]:
    sid = f"s{number}"
    title = str(obj["title"]) if obj.get("title") else None
    if obj.get("source_text"):
        text = str(obj["source_text"])
        return "text:" + text, ScannedSource(sid, text=text, title=title, how="supplied_text")
    for key, prefix in (("doi", "doi:"), ("pmid", "pmid:")):
        if obj.get(key):
            value = str(obj[key]).strip()
            value = value if value.lower().startswith(prefix) else prefix + value
            return value, ScannedSource(sid, ref=value, title=title, how=key)
    if obj.get("url"):
        url = str(obj["url"]).strip()
        return url, ScannedSource(sid, ref=url, title=title, how="url")
    if obj.get("source"):
        path = Path(str(obj["source"]))
        if not path.is_absolute():
            path = base_dir / path
        return str(path), ScannedSource(sid, ref=str(path.resolve()), title=title, how="path")
    return "", None


def import_json(path: Path) -> ScanResult:
    """A cite-gate claims file or an agent's quotation list, told apart by shape.

    Raises:
        BatchInputError: ``bad_manuscript`` for invalid JSON or another shape.
    """
    try:
        raw = path.read_text(encoding="utf-8-sig")
        data = json.loads(raw)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise _bad(f"{path.name} is not a readable JSON file: {exc}.") from exc
    if isinstance(data, dict) and isinstance(data.get("sections"), list):
        return import_cite_gate(
            data, file=path.name, raw=raw, sources_dir=path.resolve().parent / "sources"
        )
    if isinstance(data, list):
        return import_agent_list(data, file=path.name, raw=raw, base_dir=path.resolve().parent)
    raise _bad(
        f'{path.name} is neither a cite-gate claims file (with "sections") nor a list of '
        "{quote, url|doi|pmid|source|source_text} objects."
    )
