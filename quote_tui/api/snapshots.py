"""The snapshot store, as the ``snapshots`` command and other front ends see it: plain data.

The store (and sqlite3) is imported when one of these is called: a check of local files never
opens it.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from quote_tui.sources.store.snapshots import SnapshotStore

__all__ = ["list_snapshots", "prune_snapshots", "show_snapshot"]


def list_snapshots(store: Path | None = None, ref: str | None = None) -> list[dict[str, Any]]:
    """Every stored snapshot (of ``ref`` only, when given), newest last."""
    key = _key(ref)
    return [info.to_dict() for info in _store(store).list_snapshots(ref=key)]


def show_snapshot(ref: str, store: Path | None = None) -> dict[str, Any] | None:
    """The newest snapshot of a ref (or a snapshot id), or None when there is none."""
    snap = _store(store).find(ref)
    return snap.to_dict() if snap is not None else None


def prune_snapshots(
    store: Path | None = None, *, older_than_days: float | None = None, ref: str | None = None
) -> int:
    """Remove the snapshots older than a number of days, or those of one ref; returns how many
    were removed. An age also removes the Crossref and PubMed answers kept for reference
    checks."""
    age = timedelta(days=older_than_days) if older_than_days is not None else None
    removed = _store(store).prune(older_than=age, ref=_key(ref))
    if age is not None and ref is None:
        # the registries' answers kept for reference checks age out with the snapshots
        from quote_tui.sources.store.answers import AnswerStore

        removed += AnswerStore(store).prune(age)
    return removed


def _store(path: Path | None) -> SnapshotStore:
    from quote_tui.sources.store.snapshots import SnapshotStore

    return SnapshotStore(path)


def _key(ref: str | None) -> str | None:
    from quote_tui.sources.store.snapshots import lookup_key

    return lookup_key(ref) if ref is not None else None
