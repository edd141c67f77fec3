"""Registry answers kept in the snapshot store: Crossref and PubMed metadata, for later runs.

A reference check asks Crossref and PubMed for metadata, not for a text to search, so their
answers are kept in their own table of the same SQLite file as the snapshots: the key (such as
``crossref:works/10.1000/xyz`` or ``pubmed:123``), the HTTP status (a 404 is an answer too: the
identifier is not registered), the body and when it was retrieved. A later run reads the newest
answer unless asked to refresh, and ``--offline`` reads nothing else. The file, its WAL mode and
its write transactions are the snapshot store's (``snapshots.SnapshotStore``).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from quote_tui.sources.store.snapshots import StoreFile, _now, _transaction, run_schema

__all__ = ["AnswerStore", "StoredAnswer"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL,
    status INTEGER NOT NULL,
    url TEXT NOT NULL,
    retrieved_at TEXT NOT NULL,
    body BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS answers_by_key ON answers (key, retrieved_at, id)
"""


@dataclass(frozen=True, slots=True)
class StoredAnswer:
    """One registry answer: its HTTP status, body, URL and retrieval time."""

    key: str
    status: int
    url: str
    retrieved_at: str
    body: bytes


class AnswerStore(StoreFile):
    """Registry answers in the snapshot store's file (see ``StoreFile`` for connections).

    Args:
        path: the snapshot database; None for the user data directory.
    """

    def _create(self, conn: sqlite3.Connection) -> None:
        run_schema(conn, _SCHEMA)

    def save(
        self, key: str, *, status: int, url: str, body: bytes, retrieved_at: str | None = None
    ) -> None:
        """Keep one answer; an unchanged answer only has its retrieval time updated."""
        when = retrieved_at or _now()
        with self._connect() as conn, _transaction(conn):
            row = conn.execute(
                "SELECT id, status, body FROM answers WHERE key = ?"
                " ORDER BY retrieved_at DESC, id DESC LIMIT 1",
                (key,),
            ).fetchone()
            if row is not None and row[1] == status and bytes(row[2]) == body:
                conn.execute("UPDATE answers SET retrieved_at = ? WHERE id = ?", (when, row[0]))
                return
            conn.execute(
                "INSERT INTO answers (key, status, url, retrieved_at, body) VALUES (?, ?, ?, ?, ?)",
                (key, status, url, when, body),
            )

    def latest(self, key: str) -> StoredAnswer | None:
        """The newest answer kept under ``key``, or None."""
        with self._connect() as conn:
            row = conn.execute(
                "SELECT key, status, url, retrieved_at, body FROM answers WHERE key = ?"
                " ORDER BY retrieved_at DESC, id DESC LIMIT 1",
                (key,),
            ).fetchone()
        if row is None:
            return None
        return StoredAnswer(row[0], int(row[1]), row[2], row[3], bytes(row[4]))

    def prune(self, older_than: timedelta, *, now: datetime | None = None) -> int:
        """Delete the answers retrieved more than ``older_than`` ago; returns how many."""
        cut = ((now or datetime.now(UTC)) - older_than).astimezone(UTC)
        with self._connect() as conn, _transaction(conn):
            cursor = conn.execute(
                "DELETE FROM answers WHERE retrieved_at <= ?",
                (cut.strftime("%Y-%m-%dT%H:%M:%SZ"),),
            )
            return cursor.rowcount
