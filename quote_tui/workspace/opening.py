"""Opening what the user names: a workspace, or one made from a batch, report or manuscript."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from quote_tui import api
from quote_tui.api import Batch, BatchInputError, CitationSpec, ErrorCode, Recovery, SourceSpec
from quote_tui.workspace.model import (
    Verdict,
    Workspace,
    WorkspaceCorruptError,
    atomic_write,
    copy_version_of,
    found_in,
    is_workspace_file,
    load_workspace,
    result_from_dict,
)


def workspace_from_batch(batch: Batch, *, name: str) -> Workspace:
    """A workspace holding a batch's sources and citations, unchecked.

    Args:
        batch: the parsed batch (or manuscript).
        name: shown in the header.

    Returns:
        The new workspace; relative paths keep resolving against the batch's folder.
    """
    return Workspace(
        name=name, sources=batch.sources, citations=batch.citations, base_dir=batch.base_dir
    )


def with_rescan(ws: Workspace, batch: Batch, *, bibliographies: tuple[str, ...]) -> Workspace:
    """The workspace after its manuscript was scanned again (with another bibliography).

    A citation whose quotation and source reference are unchanged keeps its verdict; the others
    are unchecked, since their source may now be found.

    Args:
        ws: the workspace made from the manuscript.
        batch: the new scan.
        bibliographies: every bibliography the scan used.

    Returns:
        The workspace with the new sources and citations.
    """

    def refs(sources: tuple[SourceSpec, ...]) -> dict[str, object]:
        out: dict[str, object] = {}
        for s in sources:  # the first source of an id counts, as everywhere
            out.setdefault(s.id, (s.ref, s.text, s.extra.get("unavailable")))
        return out

    old_refs, new_refs = refs(ws.sources), refs(batch.sources)
    old_citations: dict[str, CitationSpec] = {}
    for c in ws.citations:
        old_citations.setdefault(c.id, c)
    kept: dict[str, Verdict] = {}
    for c in batch.citations:
        old = old_citations.get(c.id)
        verdict = ws.verdicts.get(c.id)
        if (
            old is not None
            and verdict is not None
            and old.quote == c.quote
            and old_refs.get(old.source or "") == new_refs.get(c.source or "")
        ):
            kept[c.id] = verdict
    return replace(
        ws,
        sources=batch.sources,
        citations=batch.citations,
        verdicts=kept,
        snapshots={},
        bibliographies=bibliographies,
    )


def workspace_from_report(
    data: Mapping[str, Any], *, name: str, base_dir: Path | None
) -> Workspace:
    """A workspace holding a report's sources, citations and verdicts.

    Pasted sources keep only their title (a report does not carry the text), so their citations
    show the stored verdict but cannot be re-checked until the text is pasted again.

    Args:
        data: a ``quote_tui.report`` object.
        name: shown in the header.
        base_dir: where the report's relative paths resolve.

    Returns:
        The workspace.
    """
    sources = []
    snapshots = {}
    for s in data.get("sources", []):
        ref = s.get("ref")
        sources.append(
            SourceSpec(id=str(s["id"]), ref=None if ref == "text" else ref, title=s.get("title"))
        )
        if s.get("content_sha256"):
            snapshots[str(s["id"])] = str(s["content_sha256"])
    shas = {s.get("id"): s.get("checked_text_sha256") or "" for s in data.get("sources", [])}
    citations = []
    verdicts = {}
    statuses = {str(x) for x in api.Status}
    for c in data.get("citations", []):
        spec = CitationSpec(
            id=str(c["id"]), source=c.get("source"), quote=c.get("quote"), locator=c.get("locator")
        )
        citations.append(spec)
        result = None
        if c.get("status") in statuses and isinstance(c.get("quote"), str):
            result = result_from_dict(
                {**c, "checked_text_sha256": shas.get(c.get("source"), "")}
                | {"options": (data.get("settings") or {}).get("matching") or {}}
            )
        verdicts[spec.id] = Verdict(
            status=str(c.get("status")),
            result=result,
            error=c.get("error"),
            page_check=c.get("page_check"),
            found_in=found_in(c.get("found_in")),
            outside_main_text=bool(c.get("outside_main_text", False)),
            copy_version=copy_version_of(c.get("copy_version")),
            reason=c.get("reason") if isinstance(c.get("reason"), str) else None,
            note=c.get("note") if isinstance(c.get("note"), str) else None,
        )
    return Workspace(
        name=name,
        sources=tuple(sources),
        citations=tuple(citations),
        verdicts=verdicts,
        snapshots=snapshots,
        base_dir=base_dir,
    )


@dataclass(frozen=True, slots=True)
class ManuscriptRead:
    """A manuscript read into a batch, with the other files it was read from (a LaTeX
    manuscript's ``\\input`` and ``\\include`` files), whose edits are changes too."""

    batch: Batch
    files: tuple[Path, ...] = ()


@dataclass(frozen=True, slots=True)
class Opened:
    """What ``open_target`` found: the workspace, where it autosaves, and a note for the user."""

    workspace: Workspace
    path: Path
    notice: str | None = None
    reload: Workspace | None = None
    """When the file changed since the workspace was made from it: the workspace the file gives
    now, for the user to choose over their edits (``workspace``)."""


def last_workspace_path(data_dir: Path) -> Path:
    """The workspace ``quote-tui`` opens without arguments (the last one used)."""
    pointer = data_dir / "last-workspace"
    try:
        last = Path(pointer.read_text(encoding="utf-8").strip())
    except OSError:
        last = None
    if last is not None and last.is_file():
        return last
    return data_dir / "workspace.json"


def remember_last(data_dir: Path, path: Path) -> None:
    """Record ``path`` as the workspace to reopen next time."""
    data_dir.mkdir(parents=True, exist_ok=True)
    atomic_write(data_dir / "last-workspace", str(path.resolve()) + "\n")


def open_target(
    path: Path | None,
    *,
    data_dir: Path,
    read_manuscript: Callable[[Path], Batch | ManuscriptRead] | None = None,
    fingerprint: str = "",
    read_again: bool = False,
) -> Opened:
    """Open a workspace, batch file, report or manuscript (or the last workspace).

    A workspace file is edited in place. Anything else becomes a new workspace saved under
    ``data_dir/workspaces/<name>.json``, so the original file is never written to.

    Args:
        path: what the user named; None for the last workspace.
        data_dir: the per-user data folder.
        read_manuscript: turns a manuscript into a batch, with the files it read (the
            manuscripts layer sits above this one, so the front end passes it in).
        fingerprint: what else the reading depends on (the bibliographies named on the command
            line), so a workspace made with other ones is not taken for this one.
        read_again: read the file even when it has not changed, and give what it says now as
            ``reload`` (a file the manuscript newly includes is only seen by reading it).

    Returns:
        The workspace, its autosave path, and a notice (e.g. a corrupt file kept aside).

    Raises:
        BatchInputError: the file is neither a workspace, a batch, a report nor a manuscript.
    """
    if path is None:
        target = last_workspace_path(data_dir)
    elif path.suffix.lower() == ".json" and (not path.exists() or is_workspace_file(path)):
        target = path
    else:
        return _import(path, data_dir, read_manuscript, fingerprint, read_again)
    try:
        return Opened(load_workspace(target), target)
    except WorkspaceCorruptError as exc:
        return Opened(Workspace(name=target.stem), target, exc.message)


def _import(
    path: Path,
    data_dir: Path,
    read_manuscript: Callable[[Path], Batch | ManuscriptRead] | None,
    fingerprint: str = "",
    read_again: bool = False,
) -> Opened:
    """A workspace of its own for a batch, report or manuscript: made from the file the first
    time, then the one with the user's edits, as long as the file has not changed since."""
    real = path.resolve()
    # one workspace per file: two files of one name in two folders never share one
    key = hashlib.sha256(str(real).encode("utf-8", "surrogatepass")).hexdigest()[:12]
    target = data_dir / "workspaces" / f"{path.stem}-{key}.json"
    kept = _kept(target, str(real))
    if kept is not None and not read_again:
        # the files it was read from last time: an edit in any of them is a change
        was = tuple(Path(f) for f in kept.origin_files)
        if kept.origin_sha256 == _content_sha(real, was, fingerprint):
            return Opened(kept, target)
    made, files = _made_from(path, read_manuscript)
    fresh = replace(
        made.workspace,
        origin=str(real),
        origin_sha256=_content_sha(real, files, fingerprint),
        origin_files=tuple(str(f) for f in files),
    )
    if kept is None:
        return Opened(fresh, target, made.notice)
    notice = f"{path.name} has changed since you last opened it; your edits are kept."
    return Opened(kept, target, notice, reload=fresh)


def _content_sha(main: Path, files: tuple[Path, ...], fingerprint: str) -> str | None:
    """The hash of the file, the other files it was read from and what else the reading
    depends on; None when the file cannot be read (the reader then says why)."""
    digest = hashlib.sha256()
    try:
        digest.update(main.read_bytes())
    except OSError:
        return None
    for file in files:
        digest.update(b"\0" + str(file).encode("utf-8", "surrogatepass") + b"\0")
        try:
            # a regular file only: a hand-edited workspace naming a FIFO must not hang opening
            digest.update(file.read_bytes() if file.is_file() else b"\1")
        except OSError:
            digest.update(b"\1")  # gone since: a change, as an edit is
    # with no other files this is the hash earlier workspaces kept, so they open unchanged
    digest.update(fingerprint.encode("utf-8", "replace"))
    return digest.hexdigest()


def _kept(target: Path, origin: str) -> Workspace | None:
    """The workspace made earlier from the file at ``origin``, if there is a sound one."""
    if not target.is_file():
        return None
    try:
        kept = load_workspace(target)
    except WorkspaceCorruptError:
        return None  # set aside by load_workspace; the file is read afresh
    return kept if kept.origin == origin else None


def _made_from(
    path: Path, read_manuscript: Callable[[Path], Batch | ManuscriptRead] | None
) -> Opened:
    """A new workspace from a batch, report or manuscript (``Opened.path`` is the file)."""
    from quote_tui.api import load_batch

    name = path.stem
    target = path
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(path.read_text(encoding="utf-8-sig"))
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
            raise BatchInputError(
                f"{path} could not be read as JSON: {exc}",
                code=ErrorCode.BAD_BATCH,
                recovery=Recovery.FIX_INPUT,
            ) from exc
        if isinstance(data, dict) and data.get("schema") == "quote_tui.report":
            ws = workspace_from_report(data, name=name, base_dir=path.parent.resolve())
            return Opened(ws, target, f"Opened the report {path.name} with its verdicts."), ()
        batch = load_batch(path)
        return Opened(workspace_from_batch(batch, name=name), target), ()
    if read_manuscript is None:
        raise BatchInputError(
            f"{path.name} is not JSON; open a workspace, a batch file or a report.",
            code=ErrorCode.BAD_BATCH,
            recovery=Recovery.FIX_INPUT,
        )
    read = read_manuscript(path)
    if isinstance(read, Batch):
        read = ManuscriptRead(read)
    ws = workspace_from_batch(read.batch, name=name)
    return Opened(replace(ws, manuscript=str(path.resolve())), target), read.files
