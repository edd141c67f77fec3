"""One workspace file, several windows: each save merges what another window saved meanwhile.

``quote-tui open FILE --web`` serves each browser tab its own app process on one workspace file,
and two terminals may open one manuscript: each autosaves after every change, so a plain write
would silently drop what the other saved. ``WorkspaceFile`` remembers the file as this window
last read or wrote it (the base); when the file has changed since, the save is a three-way
merge of the base, this window's workspace and the file:

- per source and per citation, the side that changed it wins; this window's save is the later
  change, so where both changed the same one, this window's stands and the file as the other
  window left it is written beside (``NAME.other-window-TIMESTAMP.json``, a workspace to open);
- a verdict is a check, not a decision: it follows its citation, and where only the other
  window checked a citation this window did not change, its verdict is taken;
- a file that is no workspace any more is set aside the same way, never overwritten.

A lock file beside the workspace (``.NAME.lock``, there only while a save runs) keeps two saves
from interleaving, where the system offers ``flock``.

Copies set aside would pile up for ever (every save in a back-and-forth wrote one): a copy the
same as the newest one is not written again, and ``prune_copies`` removes those beyond the
newest ``KEEP_COPIES``, but only ones the caller says the user was shown.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from quote_tui.workspace.model import Workspace, atomic_write, parse_workspace

__all__ = [
    "KEEP_COPIES",
    "Saved",
    "WorkspaceFile",
    "carry_over",
    "merge_workspaces",
    "other_window_copies",
    "prune_copies",
]

KEEP_COPIES = 5
"""Copies of a workspace as another window left it that ``prune_copies`` keeps: the newest."""

_Stamp = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Saved:
    """What a save wrote.

    Attributes:
        workspace: the workspace now in the file: this window's, with what the other window
            changed merged in (the very value saved when nothing came from elsewhere).
        from_other: the sources and citations (ids) whose change came from the other window.
        both_changed: the ones both windows changed; this window's change was kept.
        kept_aside: where the file as the other window left it was written, when something
            could not be merged; None otherwise.
    """

    workspace: Workspace
    from_other: tuple[str, ...] = ()
    both_changed: tuple[str, ...] = ()
    kept_aside: Path | None = None


@dataclass(frozen=True, slots=True)
class _Merged:
    data: dict[str, Any]
    from_other: tuple[str, ...]
    both_changed: tuple[str, ...]


class WorkspaceFile:
    """The workspace file one window saves to, and what it held when this window last saw it."""

    def __init__(self, path: Path, opened: Workspace | None = None) -> None:
        """``opened``: the workspace this window starts from. When no file holds it yet (a
        manuscript or batch opened for the first time), it is the base: two windows that opened
        one manuscript started from the same workspace."""
        self.path = path
        self._stamp = _stamp_of(path)
        self._base = _read(path) if self._stamp is not None else None
        if self._base is None and opened is not None:
            self._base = _plain(opened.to_dict())

    def save(self, workspace: Workspace, *, now: datetime | None = None) -> Saved:
        """Write ``workspace``, merged with what another window saved since this one last did.

        Raises:
            OSError: the file could not be written (the caller says so; nothing is lost that
                was in the file).
        """
        with _locked(self.path):
            mine = _plain(workspace.to_dict())
            stamp = _stamp_of(self.path)
            if stamp == self._stamp or stamp is None:
                return self._write(mine, Saved(workspace))
            theirs = _read(self.path)
            if theirs is None:  # no workspace any more: kept, never overwritten
                aside = _beside(self.path, now)
                os.replace(self.path, aside)
                return self._write(mine, Saved(workspace, kept_aside=aside))
            merged = merge_workspaces(self._base or _EMPTY, mine, theirs)
            aside = None
            if merged.both_changed:
                aside = _same_copy(self.path, _text(theirs))
                if aside is None:
                    aside = _beside(self.path, now)
                    atomic_write(aside, _text(theirs))
            result = workspace if merged.data == mine else parse_workspace(merged.data)
            saved = Saved(result, merged.from_other, merged.both_changed, aside)
            return self._write(merged.data, saved)

    def _write(self, data: dict[str, Any], saved: Saved) -> Saved:
        atomic_write(self.path, _text(data))
        self._base = data
        self._stamp = _stamp_of(self.path)
        return saved


_EMPTY: dict[str, Any] = {"sources": [], "citations": [], "verdicts": {}}


def carry_over(before: Workspace, after: Workspace, earlier: Workspace) -> Workspace:
    """``earlier`` (a state undo goes back to) with what a merge brought from another window
    (``before`` as saved, ``after`` as merged), so an undo never drops the other's edits."""
    mine = _plain(earlier.to_dict())
    merged = merge_workspaces(_plain(before.to_dict()), mine, _plain(after.to_dict()))
    return earlier if merged.data == mine else parse_workspace(merged.data)


def merge_workspaces(base: dict[str, Any], mine: dict[str, Any], theirs: dict[str, Any]) -> _Merged:
    """The three-way merge of workspace files' contents (``Workspace.to_dict`` shapes): see
    the module's account. Ids are strings, as the file holds them."""
    taken: list[str] = []
    clashed: list[str] = []
    out = dict(mine)
    for key, value in mine.items():
        if key in ("sources", "citations", "verdicts"):
            continue
        if value == base.get(key) and key in theirs:
            out[key] = theirs[key]  # a field only the other window changed (a rename)
    sources = _merge_ids(
        _by_id(base, "sources"), _by_id(mine, "sources"), _by_id(theirs, "sources")
    )
    out["sources"] = _in_order(sources.kept, mine["sources"], theirs["sources"])
    taken += sources.taken
    clashed += sources.clashed
    verdicts: dict[str, Any] = {}
    specs = [_by_id(d, "citations") for d in (base, mine, theirs)]
    cited = _merge_ids(*specs)
    for cid in cited.kept:
        side = theirs if cid in cited.taken else mine
        verdict = side.get("verdicts", {}).get(cid)
        if side is mine and cid not in cited.clashed:
            # the citation is as this window has it: a check only the other window made counts
            was, other = base.get("verdicts", {}).get(cid), theirs.get("verdicts", {}).get(cid)
            if verdict == was and specs[2].get(cid) == specs[1].get(cid):
                verdict = other
        if verdict is not None:
            verdicts[cid] = verdict
    out["citations"] = _in_order(cited.kept, mine["citations"], theirs["citations"])
    out["verdicts"] = verdicts
    return _Merged(out, (*taken, *cited.taken), (*clashed, *cited.clashed))


@dataclass(frozen=True, slots=True)
class _Ids:
    kept: dict[str, Any]
    taken: tuple[str, ...]
    clashed: tuple[str, ...]


def _merge_ids(base: dict[str, Any], mine: dict[str, Any], theirs: dict[str, Any]) -> _Ids:
    """Per id, the entry of the side that changed it (absent: removed); both: this window's."""
    kept: dict[str, Any] = {}
    taken: list[str] = []
    clashed: list[str] = []
    for key in dict.fromkeys([*mine, *theirs, *base]):
        was, m, t = base.get(key), mine.get(key), theirs.get(key)
        if m == t or t == was:
            entry = m
        elif m == was:
            entry = t
            taken.append(key)
        else:
            entry = m
            clashed.append(key)
        if entry is not None:
            kept[key] = entry
    return _Ids(kept, tuple(taken), tuple(clashed))


def _in_order(kept: dict[str, Any], mine: list[Any], theirs: list[Any]) -> list[Any]:
    """The kept entries in this window's order, those only the other has after them."""
    order = [str(e["id"]) for e in mine] + [str(e["id"]) for e in theirs]
    return [kept[i] for i in dict.fromkeys(order) if i in kept]


def _by_id(data: dict[str, Any], key: str) -> dict[str, Any]:
    return {str(e["id"]): e for e in data.get(key) or () if isinstance(e, dict) and "id" in e}


def _plain(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as the file gives it back (tuples as lists), so equal means unchanged."""
    loaded: dict[str, Any] = json.loads(json.dumps(data, ensure_ascii=False))
    return loaded


def _text(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def _read(path: Path) -> dict[str, Any] | None:
    """The file's workspace as plain data; None when it holds none."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        parse_workspace(data)
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def _stamp_of(path: Path) -> _Stamp | None:
    """What changes when anyone writes the file (a replace makes a new inode, a write a new
    time); None when there is no file."""
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_ino, info.st_mtime_ns, info.st_ctime_ns, info.st_size)


def other_window_copies(path: Path) -> list[Path]:
    """The copies of the workspace at ``path`` as other windows left it, newest first.

    Args:
        path: the workspace file.

    Returns:
        The ``NAME.other-window-TIMESTAMP.json`` files beside it.
    """
    pattern = f"{glob.escape(path.stem)}.other-window-*{glob.escape(path.suffix)}"
    found = []
    for copy in path.parent.glob(pattern):
        with contextlib.suppress(OSError):  # removed meanwhile
            found.append((copy.stat().st_mtime_ns, copy.name, copy))
    return [copy for *_, copy in sorted(found, reverse=True)]


def prune_copies(
    path: Path, shown: Collection[Path], *, keep: int = KEEP_COPIES
) -> tuple[Path, ...]:
    """Remove the copies beside ``path`` older than the newest ``keep``, of those in ``shown``.

    A copy holds what another window made: one the user was never told of (its window closed
    before saying so) is never removed, however old.

    Args:
        path: the workspace file.
        shown: the copies whose place the user was shown.
        keep: how many of the newest copies stay, shown or not.

    Returns:
        The copies removed.
    """
    told = {p.resolve() for p in shown}
    removed = []
    for copy in other_window_copies(path)[keep:]:
        if copy.resolve() in told:
            with contextlib.suppress(FileNotFoundError):  # another window removed it
                copy.unlink()
                removed.append(copy)
    return tuple(removed)


def _same_copy(path: Path, text: str) -> Path | None:
    """The newest copy beside ``path`` when it holds ``text`` already: the same clash saved
    again writes no second copy."""
    copies = other_window_copies(path)
    if not copies:
        return None
    try:
        same = copies[0].read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        return None
    return copies[0] if same else None


def _beside(path: Path, now: datetime | None) -> Path:
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.stem}.other-window-{stamp}{path.suffix}")
    n = 2
    while aside.exists():
        aside = path.with_name(f"{path.stem}.other-window-{stamp}-{n}{path.suffix}")
        n += 1
    return aside


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold the workspace's lock file while reading and writing it, where ``flock`` exists.

    The lock file is removed when the save is done: left behind, a hidden ``.NAME.lock`` stood
    beside every workspace a user opened by name (and went into their folders' version
    control). A save that waited on a lock file another save then removed locks a fresh one,
    so two saves never hold two different files at once.
    """
    try:
        import fcntl
    except ImportError:  # Windows: saves are rare enough that a clash needs two at one instant
        yield
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = path.with_name(f".{path.name}.lock")
    while True:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            held, named = os.fstat(fd), os.stat(lock)
            if (held.st_dev, held.st_ino) == (named.st_dev, named.st_ino):
                break
        except FileNotFoundError:  # removed by the save this one waited for
            pass
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
    try:
        yield
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(lock)  # before letting go, so a waiting save sees it gone and retries
        os.close(fd)  # closing lets go of the lock
