"""The snapshot store, as the ``snapshots`` command and other front ends see it: plain data."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from quote_tui.sources.store.snapshots import SnapshotStore, lookup_key

__all__ = ["list_snapshots", "prune_snapshots", "show_snapshot"]


def list_snapshots(store: Path | None = None, ref: str | None = None) -> list[dict[str, Any]]:
    """Every stored snapshot (of ``ref`` only, when given), newest last."""
    key = lookup_key(ref) if ref is not None else None
    return [info.to_dict() for info in SnapshotStore(store).list_snapshots(ref=key)]


def show_snapshot(ref: str, store: Path | None = None) -> dict[str, Any] | None:
    """The newest snapshot of a ref (or a snapshot id), or None when there is none."""
    snap = SnapshotStore(store).find(ref)
    return snap.to_dict() if snap is not None else None


def prune_snapshots(
    store: Path | None = None, *, older_than_days: float | None = None, ref: str | None = None
) -> int:
    """Remove the snapshots older than a number of days, or those of one ref; returns how many
    were removed."""
    age = timedelta(days=older_than_days) if older_than_days is not None else None
    key = lookup_key(ref) if ref is not None else None
    return SnapshotStore(store).prune(older_than=age, ref=key)
