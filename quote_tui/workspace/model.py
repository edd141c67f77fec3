"""The workspace value, and its file: read, written atomically, set aside when corrupt."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from quote_tui import api
from quote_tui.api import (
    Batch,
    BatchInputError,
    CitationSpec,
    ErrorCode,
    Outcome,
    Recovery,
    SourceSpec,
    outcome_of_check,
    tally,
)

FORMAT = "quote_tui.workspace"
VERSION = 1


class WorkspaceCorruptError(BatchInputError):
    """The workspace file could not be read; it was kept aside under ``details['kept_as']``."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The last check of one citation.

    Attributes:
        status: the report's status word (exact, normalized, near, not_found, inconclusive,
            unavailable, error, unreferenced).
        result: the engine's answer, when the source was readable.
        error: the report's ``{code, message, recovery}`` object, when something failed.
        page_check: the service's comparison of the cited page with where the quote stands.
        found_in: for ``not_found``, the other sources where the words stand (the report's
            ``found_in`` items).
        outside_main_text: found on the page but outside its main text (a caption, an aside):
            the result's offsets are in the page's whole visible text, not the text shown.
        claimed: a model answer's claimed place, settled (the report's ``claimed``).
        copy_version: the version of the open copy its source was read from, when that copy
            may word things otherwise than the published one (the report's ``copy_version``).
        reason: why an ``inconclusive`` verdict is so (the report's ``reason``).
        note: the verdict's note in words (the report's ``note``: the glyphs a PDF's text
            layer could not read, where the quotation differs only there).
    """

    status: str
    result: api.CheckResult | None = None
    error: dict[str, Any] | None = None
    page_check: dict[str, Any] | None = None
    found_in: tuple[dict[str, Any], ...] = ()
    outside_main_text: bool = False
    claimed: dict[str, Any] | None = None
    copy_version: str | None = None
    reason: str | None = None
    note: str | None = None

    def outcome(self, reference: str | None = None) -> Outcome:
        """The verdict with what a reader must not miss (the one derivation every front end
        shows), given the cited work's reference status when the references were checked."""
        return outcome_of_check(
            self.status,
            self.result,
            page_check=self.page_check,
            claimed=self.claimed,
            outside_main_text=self.outside_main_text,
            found_in=len(self.found_in),
            reference=reference,
            copy_version=self.copy_version,
            reason=self.reason,
            note=self.note,
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "status": self.status,
            "result": self.result.to_dict() if self.result is not None else None,
            "error": self.error,
        }
        if self.page_check is not None:
            out["page_check"] = self.page_check
        if self.found_in:
            out["found_in"] = list(self.found_in)
        if self.outside_main_text:
            out["outside_main_text"] = True
        if self.claimed is not None:
            out["claimed"] = self.claimed
        if self.copy_version is not None:
            out["copy_version"] = self.copy_version
        if self.reason is not None:
            out["reason"] = self.reason
        if self.note is not None:
            out["note"] = self.note
        return out


@dataclass(frozen=True, slots=True)
class Workspace:
    """Everything the app edits, as one immutable value.

    Attributes:
        name: shown in the header.
        sources: in the order they were added.
        citations: in manuscript (or insertion) order.
        verdicts: last verdict per citation id; absent means unchecked.
        snapshots: per source id, the sha256 of the content last read (the snapshot key).
        base_dir: where relative source paths resolve (the workspace's folder when None).
        manuscript: the manuscript the citations came from, if any.
        origin: the file (resolved path) this workspace was made from, if not made by hand.
        origin_sha256: the content hash of that file, and of ``origin_files``, when the
            workspace was made from it.
        origin_files: the other files the origin was read from (a LaTeX manuscript's
            ``\\input`` and ``\\include`` files), resolved, so an edit in one is a change too.
        bibliographies: the bibliography files the user added to the manuscript's scan.
    """

    name: str = "untitled"
    sources: tuple[SourceSpec, ...] = ()
    citations: tuple[CitationSpec, ...] = ()
    verdicts: Mapping[str, Verdict] = field(default_factory=dict)
    snapshots: Mapping[str, str] = field(default_factory=dict)
    base_dir: Path | None = None
    manuscript: str | None = None
    origin: str | None = None
    origin_sha256: str | None = None
    origin_files: tuple[str, ...] = ()
    bibliographies: tuple[str, ...] = ()

    def source(self, source_id: str | None) -> SourceSpec | None:
        """The source with this id, or None."""
        return next((s for s in self.sources if s.id == source_id), None)

    def citation(self, citation_id: str | None) -> CitationSpec | None:
        """The citation with this id, or None."""
        return next((c for c in self.citations if c.id == citation_id), None)

    def new_id(self, prefix: str, *, sources: bool = False) -> str:
        """An id ``prefix``, ``prefix-2``, ... not used by a citation (or a source)."""
        taken = {s.id for s in self.sources} if sources else {c.id for c in self.citations}
        if prefix not in taken:
            return prefix
        n = 2
        while f"{prefix}-{n}" in taken:
            n += 1
        return f"{prefix}-{n}"

    def with_citation(self, citation: CitationSpec) -> Workspace:
        """Add a citation, or replace the one with its id (its old verdict is dropped)."""
        verdicts = {k: v for k, v in self.verdicts.items() if k != citation.id}
        if self.citation(citation.id) is None:
            return replace(self, citations=(*self.citations, citation), verdicts=verdicts)
        cits = tuple(citation if c.id == citation.id else c for c in self.citations)
        return replace(self, citations=cits, verdicts=verdicts)

    def without_citation(self, citation_id: str) -> Workspace:
        """Drop a citation and its verdict."""
        return replace(
            self,
            citations=tuple(c for c in self.citations if c.id != citation_id),
            verdicts={k: v for k, v in self.verdicts.items() if k != citation_id},
        )

    def with_source(self, source: SourceSpec) -> Workspace:
        """Add a source, or replace the one with its id."""
        if self.source(source.id) is None:
            return replace(self, sources=(*self.sources, source))
        return replace(
            self, sources=tuple(source if s.id == source.id else s for s in self.sources)
        )

    def with_verdict(self, citation_id: str, verdict: Verdict | None) -> Workspace:
        """Record (or clear, with None) a citation's verdict."""
        verdicts = dict(self.verdicts)
        if verdict is None:
            verdicts.pop(citation_id, None)
        else:
            verdicts[citation_id] = verdict
        return replace(self, verdicts=verdicts)

    def with_snapshot(self, source_id: str, sha256: str) -> Workspace:
        """Remember the content key a source was read with."""
        return replace(self, snapshots={**self.snapshots, source_id: sha256})

    def batch(self, base_dir: Path | None = None) -> Batch:
        """The workspace as a batch for the service (and its report)."""
        return Batch(self.sources, self.citations, base_dir=self.base_dir or base_dir)

    def counts(self, references: Mapping[str, str] | None = None) -> dict[str, int]:
        """How many citations fall under each outcome heading (``critical`` for a critical
        difference in any tier, ``unchecked`` for those without a verdict) and carry each
        notice (``page_differs``, ``claim_disagrees``, ...).

        Args:
            references: reference statuses by source id, once the references were checked.
        """
        refs = references or {}
        outcomes = [
            v.outcome(refs.get(c.source or ""))
            for c in self.citations
            if (v := self.verdicts.get(c.id)) is not None
        ]
        out = {k: n for k, n in tally(outcomes).items() if n and k != "citations"}
        unchecked = len(self.citations) - len(outcomes)
        if unchecked:
            out["unchecked"] = unchecked
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name,
            "base_dir": str(self.base_dir) if self.base_dir is not None else None,
            "manuscript": self.manuscript,
            "origin": self.origin,
            "origin_sha256": self.origin_sha256,
            "origin_files": list(self.origin_files),
            "bibliographies": list(self.bibliographies),
            "sources": [_source_dict(s, self.snapshots.get(s.id)) for s in self.sources],
            "citations": [_citation_dict(c) for c in self.citations],
            "verdicts": {k: v.to_dict() for k, v in self.verdicts.items()},
        }


def _source_dict(s: SourceSpec, snapshot: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {"id": s.id}
    for key in ("ref", "text", "title"):
        if getattr(s, key) is not None:
            out[key] = getattr(s, key)
    if s.truncated:
        out["truncated"] = True
    if s.extra.get("render"):
        out["render"] = s.extra["render"]
    if s.extra.get("confined_to"):
        # a path named inside a bibliography stays confined when the workspace is reopened
        out["confined_to"] = s.extra["confined_to"]
    unavailable = _unavailable(s.extra.get("unavailable"))
    if unavailable:
        # why a scan found no way to the text (no file, a bot wall…): said again when reopened
        out["unavailable"] = unavailable
    if snapshot:
        out["snapshot"] = snapshot
    return out


def _citation_dict(c: CitationSpec) -> dict[str, Any]:
    out: dict[str, Any] = {"id": c.id, "source": c.source, "quote": c.quote}
    if c.locator:
        out["locator"] = c.locator
    if c.extra:
        out["extra"] = c.extra
    return out


def _match_from_dict(d: Mapping[str, Any]) -> api.Match:
    return api.Match(
        kind=api.Status(d["kind"]),
        start=int(d["start"]),
        end=int(d["end"]),
        utf16_start=int(d.get("utf16_start", d["start"])),
        utf16_end=int(d.get("utf16_end", d["end"])),
        utf8_start=int(d.get("utf8_start", d["start"])),
        utf8_end=int(d.get("utf8_end", d["end"])),
        line_start=int(d["line_start"]),
        line_end=int(d.get("line_end", d["line_start"])),
        page_start=d.get("page_start"),
        page_end=d.get("page_end"),
        text=d.get("text", ""),
        before=d.get("before", ""),
        after=d.get("after", ""),
        similarity=float(d.get("similarity", 1.0)),
        rules=tuple(api.Rule(r) for r in d.get("rules", ())),
        differences=tuple(
            api.Difference(
                x["quote"],
                x["source"],
                api.DiffKind(x["kind"]),
                bool(x.get("critical")),
                _position(x.get("quote_start")),
                _position(x.get("quote_end")),
                _position(x.get("source_start")),
                _position(x.get("source_end")),
            )
            for x in d.get("differences", ())
        ),
        fragments=tuple(
            api.Fragment(
                f["quote"],
                int(f["start"]),
                int(f["end"]),
                f.get("omitted", ""),
                tuple(f.get("omitted_flags", ())),
            )
            for f in d.get("fragments", ())
        ),
        boxes=tuple(api.Box(int(b["page"]), *map(float, b["bbox"])) for b in d.get("boxes", ())),
        marks=tuple((int(m[0]), int(m[1])) for m in d.get("marks", ())),
    )


def result_from_dict(d: Mapping[str, Any]) -> api.CheckResult:
    """Read back ``CheckResult.to_dict()`` (as stored in workspaces and reports).

    Args:
        d: the JSON object.

    Returns:
        The engine record.

    Raises:
        KeyError, ValueError, TypeError: when the object is not a stored result.
    """
    known = set(api.MatchOptions.__slots__)
    options = api.MatchOptions(**{k: v for k, v in (d.get("options") or {}).items() if k in known})
    return api.CheckResult(
        status=api.Status(d["status"]),
        quote=d.get("quote", ""),
        matches=tuple(_match_from_dict(m) for m in d.get("matches", ())),
        match_count=int(d.get("match_count", len(d.get("matches", ())))),
        matches_truncated=bool(d.get("matches_truncated", False)),
        match_count_lower_bound=bool(d.get("match_count_lower_bound", False)),
        best_similarity=float(d.get("best_similarity", 0.0)),
        checked_text_sha256=d.get("checked_text_sha256", ""),
        options=options,
    )


def _verdict_from_dict(d: Mapping[str, Any]) -> Verdict:
    result = d.get("result")
    return Verdict(
        status=str(d["status"]),
        result=result_from_dict(result) if result else None,
        error=d.get("error"),
        page_check=d.get("page_check"),
        found_in=found_in(d.get("found_in")),
        outside_main_text=bool(d.get("outside_main_text", False)),
        claimed=d.get("claimed") if isinstance(d.get("claimed"), dict) else None,
        copy_version=copy_version_of(d.get("copy_version")),
        reason=_text_or_none(d.get("reason")),
        note=_text_or_none(d.get("note")),
    )


def _text_or_none(value: Any) -> str | None:
    """A stored string; anything else (an older or edited file) is None."""
    return value if isinstance(value, str) and value else None


def copy_version_of(value: Any) -> str | None:
    """The report's ``copy_version``; anything else (an older or edited file) is None."""
    return value if value in ("acceptedVersion", "submittedVersion") else None


def _unavailable(value: Any) -> dict[str, str]:
    """A scan's reason a source has no text (``message``, ``code``, ``recovery``), its strings
    only: a hand-edited workspace must not put anything else in an error."""
    if not isinstance(value, dict):
        return {}
    return {k: v for k in ("message", "code", "recovery") if isinstance(v := value.get(k), str)}


def found_in(value: Any) -> tuple[dict[str, Any], ...]:
    return tuple(v for v in value if isinstance(v, dict)) if isinstance(value, list) else ()


def parse_workspace(data: Any) -> Workspace:
    """The workspace a file's JSON holds.

    Raises:
        ValueError, KeyError, TypeError: ``data`` is no workspace.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a quote_tui workspace")
    sources = []
    snapshots = {}
    for s in data.get("sources", []):
        sources.append(
            SourceSpec(
                id=str(s["id"]),
                ref=s.get("ref"),
                text=s.get("text"),
                title=s.get("title"),
                truncated=bool(s.get("truncated", False)),
                extra={k: s[k] for k in ("render", "confined_to") if s.get(k)}
                | ({"unavailable": why} if (why := _unavailable(s.get("unavailable"))) else {}),
            )
        )
        if s.get("snapshot"):
            snapshots[str(s["id"])] = str(s["snapshot"])
    citations = tuple(
        CitationSpec(
            id=str(c["id"]),
            source=c.get("source"),
            quote=c.get("quote"),
            locator=c.get("locator"),
            extra=dict(c.get("extra") or {}),
        )
        for c in data.get("citations", [])
    )
    verdicts = {str(k): _verdict_from_dict(v) for k, v in (data.get("verdicts") or {}).items()}
    base = data.get("base_dir")
    return Workspace(
        name=str(data.get("name") or "untitled"),
        sources=tuple(sources),
        citations=citations,
        verdicts=verdicts,
        snapshots=snapshots,
        base_dir=Path(base) if base else None,
        manuscript=data.get("manuscript"),
        origin=data.get("origin"),
        origin_sha256=data.get("origin_sha256"),
        origin_files=tuple(f for f in data.get("origin_files") or () if isinstance(f, str)),
        bibliographies=tuple(
            str(b) for b in data.get("bibliographies") or () if isinstance(b, str)
        ),
    )


def is_workspace_file(path: Path) -> bool:
    """True when ``path`` holds (or claims to hold) a workspace, judged by its first bytes."""
    try:
        with path.open("rb") as fh:
            head = fh.read(4096)
    except OSError:
        return False
    return FORMAT.encode() in head


def load_workspace(path: Path, *, now: datetime | None = None) -> Workspace:
    """Read a workspace file.

    Args:
        path: the workspace file.
        now: the time used to name a corrupt file kept aside (defaults to the clock).

    Returns:
        The workspace; an empty one named after the file when the file does not exist.

    Raises:
        WorkspaceCorruptError: the file is unreadable; it was renamed ``*.corrupt-TIMESTAMP``.
    """
    if not path.exists():
        return Workspace(name=path.stem if path.stem != "workspace" else "untitled")
    try:
        return parse_workspace(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, RecursionError) as exc:
        stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
        kept = path.with_name(f"{path.name}.corrupt-{stamp}")
        os.replace(path, kept)
        raise WorkspaceCorruptError(
            f"The workspace {path.name} could not be read ({exc}); it was kept as {kept.name}.",
            code=ErrorCode.BAD_BATCH,
            recovery=Recovery.FIX_INPUT,
            details={"kept_as": str(kept)},
        ) from exc


def atomic_write(path: Path, text: str) -> None:
    """The one output writer (``quote_tui._output``), making the workspace's folder first."""
    from quote_tui.api import write_text

    path.parent.mkdir(parents=True, exist_ok=True)
    write_text(path, text)


def save_workspace(workspace: Workspace, path: Path) -> None:
    """Write the workspace atomically (a crash leaves the old file or the new one, never half).

    Args:
        workspace: what to save.
        path: the workspace file.
    """
    atomic_write(path, json.dumps(workspace.to_dict(), ensure_ascii=False, indent=1) + "\n")


def _position(value: object) -> int | None:
    """A stored difference offset, or None when absent or malformed (older workspace files)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None
