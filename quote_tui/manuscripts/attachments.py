"""Where a cited work's text lies on this machine.

First that exists: the bibliography entry's attached file (BibTeX ``file`` fields as Zotero and
Better BibTeX write them), a PDF in a folder the user names whose metadata or first page carries
the entry's DOI or title, or the attachment in a Zotero data directory. ``zotero.sqlite`` is read
from a copy, because Zotero keeps the live file locked while it runs.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import unicodedata
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.manuscripts.model import BibEntry

if TYPE_CHECKING:
    import sqlite3

__all__ = [
    "PdfFolder",
    "ZoteroLibrary",
    "attached_file",
    "split_file_field",
    "zotero_keys_from_uris",
]

_ZOTERO_URI = re.compile(r"zotero\.org/(?:users|groups)/[^/]+/items/([A-Z0-9]{8})\b")
_READABLE = (".pdf", ".html", ".htm", ".txt", ".md", ".xml", ".xhtml")


def _split_unescaped(text: str, sep: str) -> list[str]:
    parts, buf, i = [], [], 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            buf.append(text[i : i + 2])
            i += 2
            continue
        if ch == sep:
            parts.append("".join(buf))
            buf = []
        else:
            buf.append(ch)
        i += 1
    parts.append("".join(buf))
    return parts


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def split_file_field(value: str) -> tuple[str, ...]:
    """Paths in a BibTeX ``file`` field.

    Zotero writes ``title:path:mime`` items joined by ``;`` with ``\\:``, ``\\;`` and ``\\\\``
    escaped; Better BibTeX writes bare paths joined by ``;``. A Windows drive letter
    (``C:\\...``) in a bare path is not a separator.

    Args:
        value: the field's value.

    Returns:
        The paths, in field order, unescaped.
    """
    out = []
    for item in _split_unescaped(value.strip(), ";"):
        item = item.strip()
        if not item:
            continue
        parts = _split_unescaped(item, ":")
        # Zotero's title:path:mime is escaped (old exports left a drive colon unescaped);
        # Better BibTeX's bare path is written without escapes.
        path = _unescape(":".join(parts[1:-1])).strip() if len(parts) >= 3 else item
        if path:
            out.append(path)
    return tuple(out)


def zotero_keys_from_uris(uris: tuple[str, ...]) -> tuple[str, ...]:
    """Item keys from ``http://zotero.org/users/N/items/KEY`` URIs."""
    return tuple(m.group(1) for u in uris if (m := _ZOTERO_URI.search(u)))


def attached_file(entry: BibEntry, within: Sequence[Path] | None = None) -> Path | None:
    """The first attached file of ``entry`` that exists and has a readable type.

    Args:
        entry: the bibliography entry.
        within: resolved folders the files may lie in (None: anywhere). A path outside them is
            never looked at, not even stat-ed: a bibliography someone else wrote must not learn
            what exists elsewhere on this machine. Such a path is still returned, unlooked-at,
            when the entry has nothing else to lead to its text (no DOI, PMID or URL), so that
            reading it says it is outside the allowed folders and how to allow it.
    """
    candidates = sorted(entry.files, key=lambda p: 0 if p.lower().endswith(".pdf") else 1)
    outside: Path | None = None
    for raw in candidates:
        # never expanduser(): "~" in a bibliography someone else wrote is not this user's home
        path = Path(raw)
        if not path.is_absolute() and entry.base_dir:
            path = Path(entry.base_dir) / path
        if path.suffix.lower() not in _READABLE:
            continue
        if within is not None and not _inside(path, within):
            outside = outside or path
            continue
        if path.is_file():
            return path.resolve()
    if outside is not None and not (entry.doi or entry.pmid or entry.url):
        return Path(os.path.normpath(outside))
    return None


def _inside(path: Path, folders: Sequence[Path]) -> bool:
    """Whether ``path`` lies in one of ``folders``, first by its words alone (so a path
    elsewhere is never stat-ed) and then once links are followed (so a link in an allowed
    folder that leads out of it does not count)."""
    if not path.is_absolute():
        return False
    plain = Path(os.path.normpath(path))
    if not any(plain.is_relative_to(folder) for folder in folders):
        return False
    try:
        real = path.resolve()
    except OSError:
        return False
    return any(real.is_relative_to(folder) for folder in folders)


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    return re.sub(r"[^a-z0-9]+", " ", text).strip()


@dataclass(slots=True)
class PdfFolder:
    """PDFs in a folder, indexed by their metadata and first page on first use.

    The index lives as long as this object: one scan.
    """

    root: Path
    _index: list[tuple[Path, str, str]] | None = field(default=None)

    def _build(self) -> list[tuple[Path, str, str]]:
        import pymupdf

        out = []
        for path in sorted(self.root.rglob("*.pdf")):
            try:
                with pymupdf.open(path) as doc:
                    meta = doc.metadata or {}
                    first = doc[0].get_text() if doc.page_count else ""
                    second = doc[1].get_text() if doc.page_count > 1 else ""
            except (RuntimeError, ValueError, OSError):
                continue  # a broken PDF simply matches nothing
            meta_text = " ".join(str(v) for v in meta.values() if v)
            out.append((path.resolve(), _fold(meta_text), (first + "\n" + second).lower()))
        return out

    def find(self, entry: BibEntry) -> Path | None:
        """The PDF whose metadata or first pages carry the entry's DOI or title, or its key."""
        if self._index is None:
            self._index = self._build()
        doi = entry.doi.lower() if entry.doi else None
        title = _fold(entry.title) if entry.title else ""
        for path, meta, first in self._index:
            if doi and (doi in first or doi in meta.replace(" ", "")):
                return path
        for path, meta, first in self._index:
            if len(title) >= 12 and (title in meta or title in _fold(first)):
                return path
        if entry.key:
            for path, _meta, _first in self._index:
                if path.stem.casefold() == entry.key.casefold():
                    return path
        return None


@dataclass(frozen=True, slots=True)
class ZoteroLibrary:
    """Attachments of a Zotero data directory, by parent item key and by DOI."""

    by_key: dict[str, tuple[Path, ...]]
    by_doi: dict[str, tuple[Path, ...]]

    @classmethod
    def open(cls, data_dir: Path) -> ZoteroLibrary:
        """Read ``zotero.sqlite`` (from a temporary copy) under ``data_dir``.

        Raises:
            BatchInputError: ``bad_manuscript`` when there is no readable zotero.sqlite.
        """
        import sqlite3  # only with --zotero: checking a plain batch loads no database module

        db = data_dir / "zotero.sqlite"
        if not db.is_file():
            raise _not_zotero(f"{data_dir} is not a Zotero data directory (no zotero.sqlite).")
        with tempfile.TemporaryDirectory() as tmp:
            copy = Path(tmp) / "zotero.sqlite"
            shutil.copyfile(db, copy)
            try:
                with closing(sqlite3.connect(f"file:{copy}?mode=ro", uri=True)) as con:
                    rows = con.execute(
                        "SELECT parent.key, att.key, ia.path, ia.contentType "
                        "FROM itemAttachments ia JOIN items att ON att.itemID = ia.itemID "
                        "JOIN items parent ON parent.itemID = ia.parentItemID "
                        "WHERE ia.path IS NOT NULL"
                    ).fetchall()
                    dois = _doi_rows(con)
            except sqlite3.DatabaseError as exc:
                raise _not_zotero(f"{db} cannot be read as a Zotero database: {exc}.") from exc
        by_key: dict[str, list[Path]] = {}
        for parent_key, att_key, raw, ctype in rows:
            path = _attachment_path(data_dir, att_key, raw)
            if path is None:
                continue
            pdf_first = 0 if (ctype or "").endswith("pdf") else 1
            by_key.setdefault(parent_key, []).append((pdf_first, path))  # type: ignore[arg-type]
        keys = {k: tuple(p for _, p in sorted(v)) for k, v in by_key.items()}  # type: ignore[misc]
        doi_map = {doi: keys[k] for k, doi in dois if k in keys}
        return cls(by_key=keys, by_doi=doi_map)

    def find(self, entry: BibEntry) -> Path | None:
        """The first existing attachment of the entry's Zotero item (by key, then DOI)."""
        paths: tuple[Path, ...] = ()
        for key in entry.zotero_keys:
            paths += self.by_key.get(key, ())
        if entry.doi:
            paths += self.by_doi.get(entry.doi.lower(), ())
        return next((p for p in paths if p.is_file()), None)


def _doi_rows(con: sqlite3.Connection) -> list[tuple[str, str]]:
    import sqlite3

    try:
        rows = con.execute(
            "SELECT i.key, v.value FROM itemData d JOIN fields f ON f.fieldID = d.fieldID "
            "JOIN itemDataValues v ON v.valueID = d.valueID JOIN items i ON i.itemID = d.itemID "
            "WHERE f.fieldName = 'DOI'"
        ).fetchall()
    except sqlite3.DatabaseError:
        return []  # a trimmed database without the field tables: keys still work
    return [(k, str(v).strip().lower()) for k, v in rows]


def _attachment_path(data_dir: Path, att_key: str, raw: str) -> Path | None:
    if raw.startswith("storage:"):
        return (data_dir / "storage" / att_key / raw[len("storage:") :]).resolve()
    if raw.startswith("attachments:"):
        return None  # relative to a base directory set in Zotero's preferences, unknown here
    path = Path(raw)
    return path if path.is_absolute() else None


def _not_zotero(message: str) -> BatchInputError:
    return BatchInputError(message, code=ErrorCode.BAD_MANUSCRIPT, recovery=Recovery.FIX_INPUT)
