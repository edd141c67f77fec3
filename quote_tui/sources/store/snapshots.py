"""The snapshot store: every network retrieval, kept so a later check reads the same text.

Sources drift (pages change, papers get corrected), so each retrieval is saved in a local SQLite
file: the raw bytes, the checked text with its page starts, labels and line boxes (enough to
rebuild the ``PreparedText``), and the retrieval record. A later check of the same ref uses the
newest snapshot unless asked to refresh, and ``--offline`` uses nothing else.

Rows are keyed by the ref and the hashes of the raw bytes and the checked text: fetching the same
unchanged page again only updates its retrieval time. The database runs in WAL mode and every
write is one ``BEGIN IMMEDIATE`` transaction, so two processes writing at once queue rather than
corrupt it, and a process killed mid-write leaves the last committed state readable. Local files
are never stored: they are already on disk.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

from quote_tui.engine.errors import ErrorCode, Recovery, SourceError
from quote_tui.engine.text import PreparedText
from quote_tui.sources.records import OpenCopy, Redirect, RefKind, Representation, Retrieval
from quote_tui.sources.refs import ParsedRef, parse_ref

__all__ = [
    "Snapshot",
    "SnapshotInfo",
    "SnapshotStore",
    "default_store_path",
    "lookup_key",
    "ref_key",
    "retrieval_from_json",
    "retrieval_to_json",
]

_SCHEMA_VERSION = "1"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS snapshots (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ref TEXT NOT NULL,
    content_sha256 TEXT NOT NULL,
    text_sha256 TEXT NOT NULL,
    max_chars INTEGER NOT NULL,
    retrieved_at TEXT NOT NULL,
    raw BLOB NOT NULL,
    text TEXT NOT NULL,
    layout TEXT NOT NULL,
    retrieval TEXT NOT NULL,
    UNIQUE (ref, content_sha256, text_sha256, max_chars)
);
CREATE INDEX IF NOT EXISTS snapshots_by_ref ON snapshots (ref, retrieved_at, id);
"""
_INFO_COLUMNS = (
    "id, ref, content_sha256, text_sha256, max_chars, retrieved_at, length(raw), retrieval"
)
_BUSY_TIMEOUT_S = 30.0


def default_store_path() -> Path:
    """Where snapshots live unless a path is given: the user data directory."""
    return Path(user_data_dir("quote_tui", appauthor=False)) / "snapshots.sqlite3"


def ref_key(parsed: ParsedRef) -> str:
    """The store's key for a ref: ``doi:10.x/y``, ``pmid:123`` or the URL without its fragment."""
    if parsed.kind is RefKind.URL:
        return parsed.value.split("#", 1)[0]
    return f"{parsed.kind}:{parsed.value}"


def lookup_key(ref: str) -> str:
    """The store's key for a ref as a person types it (``doi:...``, a URL), for lookups.

    A snapshot id (digits) and a ref that does not parse are returned as they are, so a lookup
    of either simply finds nothing rather than failing.
    """
    if ref.isdigit():
        return ref
    try:
        return ref_key(parse_ref(ref))
    except SourceError:
        return ref


def retrieval_to_json(retrieval: Retrieval) -> str:
    """Serialize a Retrieval losslessly (metadata keeps repeated keys, such as authors)."""
    out: dict[str, Any] = {}
    for f in fields(retrieval):
        value = getattr(retrieval, f.name)
        if f.name == "redirects":
            value = [r.to_dict() for r in value]
        elif f.name == "metadata":
            value = [list(pair) for pair in value]
        elif f.name == "copy" and value is not None:
            value = value.to_dict()
        out[f.name] = value
    return json.dumps(out, ensure_ascii=False, sort_keys=True)


def retrieval_from_json(text: str) -> Retrieval:
    """The inverse of ``retrieval_to_json``."""
    data = json.loads(text)
    known = {f.name for f in fields(Retrieval)}
    data = {k: v for k, v in data.items() if k in known}
    data["kind"] = RefKind(data["kind"])
    data["representation"] = Representation(data["representation"])
    data["redirects"] = tuple(
        Redirect(r["url"], int(r["status"])) for r in data.get("redirects", ())
    )
    data["metadata"] = tuple((str(k), str(v)) for k, v in data.get("metadata", ()))
    data["copy"] = OpenCopy.from_dict(data.get("copy"))
    for name in ("unmapped_pages", "unmapped_chars"):
        items = data.get(name)
        data[name] = tuple(
            p for p in (items if isinstance(items, list) else ()) if isinstance(p, int)
        )
    return Retrieval(**data)


@dataclass(frozen=True, slots=True)
class SnapshotInfo:
    """One stored snapshot, without its bytes (what ``snapshots list`` prints)."""

    id: int
    ref: str
    content_sha256: str
    text_sha256: str
    max_chars: int
    retrieved_at: str
    size: int
    retrieval: Retrieval

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "ref": self.ref,
            "retrieved_at": self.retrieved_at,
            "content_sha256": self.content_sha256,
            "checked_text_sha256": self.text_sha256,
            "size": self.size,
            "representation": str(self.retrieval.representation),
            "final_url": self.retrieval.final_url,
            "title": self.retrieval.title,
        }


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A stored snapshot with its raw bytes and checked text."""

    info: SnapshotInfo
    raw: bytes
    text: str
    page_starts: tuple[int, ...]
    page_labels: tuple[str | None, ...]
    line_boxes: tuple[tuple[int, int, int, float, float, float, float], ...]
    truncated: bool
    outside: str | None = None  # an HTML page's whole visible text, beside its main text

    def to_dict(self) -> dict[str, Any]:
        """The snapshot's summary, full retrieval record and checked text (``snapshots show``)."""
        return {
            **self.info.to_dict(),
            "retrieval": self.info.retrieval.to_dict(),
            "truncated": self.truncated,
            "text": self.text,
        }

    def prepared(self) -> PreparedText:
        """The checked text with its indexes, as when it was first read."""
        return PreparedText(
            self.text,
            page_starts=self.page_starts,
            page_labels=self.page_labels,
            line_boxes=self.line_boxes,
            truncated=self.truncated,
        )


def _info(row: tuple[Any, ...]) -> SnapshotInfo:
    return SnapshotInfo(
        id=row[0],
        ref=row[1],
        content_sha256=row[2],
        text_sha256=row[3],
        max_chars=row[4],
        retrieved_at=row[5],
        size=row[6],
        retrieval=retrieval_from_json(row[7]),
    )


def _enable_wal(conn: sqlite3.Connection) -> None:
    """Switch the file to WAL mode (it stays so), retrying while another connection holds it.

    Changing the journal mode needs an exclusive lock, and SQLite answers "database is locked" at
    once instead of waiting on the busy timeout when several connections open a new file together.
    """
    for attempt in range(100):
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == 99:
                raise
            time.sleep(0.05)


class StoreFile:
    """The store's SQLite file. Each call opens its own connection, so one object may be used
    from worker threads and several processes may share the file; the first connection turns
    on WAL and creates the tables (``_create``) inside one transaction.

    Args:
        path: the database file; created (with its folder) on first use.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_store_path()
        self._ready = False

    def _create(self, conn: sqlite3.Connection) -> None:
        """Create this store's tables, inside the first connection's transaction."""
        raise NotImplementedError

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            if not self._ready:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=_BUSY_TIMEOUT_S, isolation_level=None)
        except (sqlite3.Error, OSError) as exc:
            raise _bad_store(self.path, exc) from None
        try:
            # NORMAL is crash-safe in WAL mode; only a power cut may lose the newest commit.
            conn.execute("PRAGMA synchronous=NORMAL")
            if not self._ready:
                _enable_wal(conn)
                with _transaction(conn):
                    self._create(conn)
                self._ready = True
            yield conn
        except sqlite3.DatabaseError as exc:
            # a file that is not SQLite, a folder, a damaged page, a table of another shape
            raise _bad_store(self.path, exc) from None
        finally:
            conn.close()


def run_schema(conn: sqlite3.Connection, schema: str) -> None:
    """Run a schema's statements one by one: executescript() would commit first, and the
    statements must run inside the caller's transaction."""
    for statement in schema.split(";"):
        if statement.strip():
            conn.execute(statement)


class SnapshotStore(StoreFile):
    """A SQLite file of snapshots (see ``StoreFile`` for connections and sharing).

    Args:
        path: the database file; created (with its folder) on first use.
    """

    def _create(self, conn: sqlite3.Connection) -> None:
        run_schema(conn, _SCHEMA)
        conn.execute(
            "INSERT OR IGNORE INTO meta (key, value) VALUES ('schema', ?)", (_SCHEMA_VERSION,)
        )

    def save(
        self,
        key: str,
        raw: bytes,
        retrieval: Retrieval,
        prepared: PreparedText,
        *,
        max_chars: int,
        outside: str | None = None,
    ) -> int:
        """Store one retrieval; returns the snapshot id (an unchanged one keeps its id).

        Args:
            key: ``ref_key(parsed)``.
            raw: the bytes as received (after content decoding).
            retrieval: the record; ``from_snapshot`` is stored as False.
            prepared: the checked text and its indexes.
            max_chars: the size limit the text was read with.
            outside: the page's whole visible text, when the checked text is its main text.
        """
        layout = json.dumps(
            {
                "page_starts": list(prepared.page_starts),
                "page_labels": list(prepared.page_labels),
                "line_boxes": [list(b) for b in prepared.line_boxes],
                "truncated": prepared.truncated,
                **({"outside": outside} if outside else {}),
            }
        )
        record = retrieval_to_json(_not_from_snapshot(retrieval))
        with self._connect() as conn, _transaction(conn):
            conn.execute(
                "INSERT INTO snapshots (ref, content_sha256, text_sha256, max_chars, retrieved_at,"
                " raw, text, layout, retrieval) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (ref, content_sha256, text_sha256, max_chars) DO UPDATE SET"
                " retrieved_at = excluded.retrieved_at, retrieval = excluded.retrieval",
                (
                    key,
                    retrieval.content_sha256,
                    prepared.sha256,
                    max_chars,
                    retrieval.retrieved_at or _now(),
                    raw,
                    prepared.text,
                    layout,
                    record,
                ),
            )
            row = conn.execute(
                "SELECT id FROM snapshots WHERE ref = ? AND content_sha256 = ? AND text_sha256 = ?"
                " AND max_chars = ?",
                (key, retrieval.content_sha256, prepared.sha256, max_chars),
            ).fetchone()
        return int(row[0])

    def latest(self, key: str) -> Snapshot | None:
        """The newest snapshot of a ref, or None."""
        with self._connect() as conn:
            row = conn.execute(
                "SELECT id FROM snapshots WHERE ref = ?"
                " ORDER BY retrieved_at DESC, id DESC LIMIT 1",
                (key,),
            ).fetchone()
        return self.get(int(row[0])) if row else None

    def get(self, snapshot_id: int) -> Snapshot | None:
        """One snapshot by id, with its bytes and text, or None."""
        with self._connect() as conn:
            row = conn.execute(
                f"SELECT {_INFO_COLUMNS}, raw, text, layout FROM snapshots WHERE id = ?",
                (snapshot_id,),
            ).fetchone()
        if row is None:
            return None
        layout = json.loads(row[10])
        return Snapshot(
            info=_info(row[:8]),
            raw=bytes(row[8]),
            text=row[9],
            page_starts=tuple(layout["page_starts"]),
            page_labels=tuple(layout["page_labels"]),
            line_boxes=tuple(tuple(b) for b in layout["line_boxes"]),  # type: ignore[misc]
            truncated=bool(layout["truncated"]),
            outside=layout.get("outside"),
        )

    def find(self, ref: str) -> Snapshot | None:
        """A snapshot by id (digits), else the newest of a ref as a person types it, or None."""
        return self.get(int(ref)) if ref.isdigit() else self.latest(lookup_key(ref))

    def list_snapshots(self, *, ref: str | None = None) -> list[SnapshotInfo]:
        """Every snapshot (or one ref's), newest first."""
        query = f"SELECT {_INFO_COLUMNS} FROM snapshots"
        args: tuple[Any, ...] = ()
        if ref is not None:
            query += " WHERE ref = ?"
            args = (ref,)
        with self._connect() as conn:
            rows = conn.execute(query + " ORDER BY retrieved_at DESC, id DESC", args).fetchall()
        return [_info(row) for row in rows]

    def prune(
        self,
        *,
        older_than: datetime | timedelta | None = None,
        ref: str | None = None,
        now: datetime | None = None,
    ) -> int:
        """Delete snapshots retrieved before a time, or of one ref, or both (AND).

        Args:
            older_than: a cut-off time, or an age (``timedelta(days=30)``).
            ref: only this ref's snapshots.
            now: the clock for an age (tests).

        Returns:
            How many snapshots were deleted.

        Raises:
            ValueError: when neither ``older_than`` nor ``ref`` is given.
        """
        if older_than is None and ref is None:
            raise ValueError("prune needs older_than, ref or both")
        clauses: list[str] = []
        args: list[Any] = []
        if older_than is not None:
            if isinstance(older_than, timedelta):
                older_than = (now or datetime.now(UTC)) - older_than
            if older_than.tzinfo is None:
                older_than = older_than.replace(tzinfo=UTC)
            clauses.append("retrieved_at <= ?")
            args.append(older_than.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))
        if ref is not None:
            clauses.append("ref = ?")
            args.append(ref)
        with self._connect() as conn, _transaction(conn):
            cursor = conn.execute("DELETE FROM snapshots WHERE " + " AND ".join(clauses), args)
            return cursor.rowcount

    def integrity_ok(self) -> bool:
        """SQLite's own consistency check."""
        with self._connect() as conn:
            return conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def _bad_store(path: Path, exc: BaseException) -> SourceError:
    """A store that cannot be used: not SQLite, a folder, damaged, or locked for too long."""
    if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
        return SourceError(
            f"The snapshot store {path.name} stayed locked by another process ({exc}).",
            code=ErrorCode.BAD_STORE,
            recovery=Recovery.RETRY_LATER,
        )
    return SourceError(
        f"{path.name} cannot be used as a snapshot store ({exc}). Name another file with "
        "--store, or move this one aside and a new store is made on the next fetch.",
        code=ErrorCode.BAD_STORE,
        recovery=Recovery.FIX_INPUT,
        details={"store": path.name},
    )


@contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[None]:
    # IMMEDIATE takes the write lock up front, so two writers queue on the busy timeout
    # instead of failing on a lock upgrade half-way through.
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _not_from_snapshot(retrieval: Retrieval) -> Retrieval:
    if not retrieval.from_snapshot:
        return retrieval
    data = {f.name: getattr(retrieval, f.name) for f in fields(retrieval)}
    data["from_snapshot"] = False
    return Retrieval(**data)


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
