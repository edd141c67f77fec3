"""The Retraction Watch database as Crossref publishes it: a CSV read offline.

The columns used are ``Record ID``, ``Title``, ``RetractionDate``, ``RetractionDOI``,
``RetractionPubMedID``, ``OriginalPaperDOI``, ``OriginalPaperPubMedID``, ``RetractionNature``
and ``Reason``; the others are ignored. Records are indexed by the original paper's DOI (lower
case, so DOIs compare case-insensitively) and PubMed id. ``RetractionNature`` gives the notice's
kind: ``Retraction``, ``Correction`` and ``Expression of concern`` (a ``Reinstatement`` is kept
as such and changes no status).
"""

from __future__ import annotations

import csv
import dataclasses
import hashlib
import io
import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.sources.net.works import WorkUpdate

__all__ = ["RetractionIndex", "load_retractions", "read_retractions"]

_NEEDED = ("OriginalPaperDOI", "RetractionNature")
_DOI = re.compile(r"10\.\d{4,9}/\S+")
_KINDS = ("retraction", "correction", "expression of concern", "reinstatement")
"""The notices kept (the ``RetractionNature`` values); the report writes them with ``_``."""


def _doi(value: str | None) -> str | None:
    m = _DOI.search(value or "")
    return m.group(0).rstrip(".,;").lower() if m else None


def _pmid(value: str | None) -> str | None:
    value = (value or "").strip()
    return value if value.isdigit() and value.strip("0") else None


def _date(value: str | None) -> str | None:
    """``RetractionDate`` as ISO: the CSV writes ``M/D/YYYY 0:00``."""
    value = (value or "").strip()
    m = re.match(r"(\d{1,2})/(\d{1,2})/(\d{4})", value)
    if m:
        return f"{m.group(3)}-{int(m.group(1)):02d}-{int(m.group(2)):02d}"
    return value.split(" ", 1)[0] or None


@dataclass(frozen=True, slots=True)
class RetractionIndex:
    """Retraction Watch notices by the original paper's DOI and PubMed id.

    Attributes:
        records: the notices kept (a known kind, about a paper with a DOI or PubMed id).
        rows: every data row of the file, kept or not.
        newest: the latest ``RetractionDate`` of any row (ISO), the file's "as of" date: a
            stale copy misses every retraction after it.
        sha256: the hex SHA-256 of the file's bytes, so a report says which data it held;
            None for text given directly.
        modified: the file's modification time (ISO, UTC); None for text given directly.
    """

    by_doi: dict[str, tuple[WorkUpdate, ...]] = field(default_factory=dict)
    by_pmid: dict[str, tuple[WorkUpdate, ...]] = field(default_factory=dict)
    records: int = 0
    rows: int = 0
    newest: str | None = None
    sha256: str | None = None
    modified: str | None = None

    def provenance(self, name: str) -> dict[str, object]:
        """What the report says of the file: ``{file, records, rows, newest?, sha256?,
        modified?}``."""
        out: dict[str, object] = {"file": name, "records": self.records, "rows": self.rows}
        for key in ("newest", "sha256", "modified"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out

    def notices(self, *, doi: str | None, pmid: str | None) -> tuple[WorkUpdate, ...]:
        """The notices about the paper with this DOI or PubMed id (each notice once)."""
        found: dict[tuple[str, str | None, str | None], WorkUpdate] = {}
        by_doi = self.by_doi.get((doi or "").lower(), ())
        for update in (*by_doi, *self.by_pmid.get(pmid or "", ())):
            found.setdefault((update.kind, update.doi, update.pmid), update)
        return tuple(found.values())


def read_retractions(text: str, *, name: str = "the retractions file") -> RetractionIndex:
    """Index a Retraction Watch CSV's text.

    Raises:
        BatchInputError: ``bad_batch`` when the columns Crossref publishes are missing.
    """
    return _index(io.StringIO(text, newline=""), name)


def _index(stream: IO[str], name: str) -> RetractionIndex:
    reader = csv.DictReader(stream)
    columns = set(reader.fieldnames or ())
    missing = [c for c in _NEEDED if c not in columns]
    if missing:
        raise BatchInputError(
            f"{name} is not a Retraction Watch CSV: it has no {', '.join(missing)} column.",
            code=ErrorCode.BAD_BATCH,
            recovery=Recovery.FIX_INPUT,
            details={"missing": missing},
        )
    by_doi: dict[str, list[WorkUpdate]] = defaultdict(list)
    by_pmid: dict[str, list[WorkUpdate]] = defaultdict(list)
    count = rows = 0
    newest: str | None = None
    for row in reader:
        rows += 1
        when = _date(row.get("RetractionDate"))
        if when is not None and re.fullmatch(r"\d{4}-\d{2}-\d{2}", when):
            newest = max(newest or when, when)
        nature = (row.get("RetractionNature") or "").strip().lower()
        kind = nature.replace(" ", "_") if nature in _KINDS else None
        original_doi = _doi(row.get("OriginalPaperDOI"))
        original_pmid = _pmid(row.get("OriginalPaperPubMedID"))
        if kind is None or (original_doi is None and original_pmid is None):
            continue
        reason = " ".join((row.get("Reason") or "").replace(";", " ").split()) or None
        record = (row.get("Record ID") or "").strip()
        update = WorkUpdate(
            kind=kind,
            source="retraction_watch",
            doi=_doi(row.get("RetractionDOI")),
            pmid=_pmid(row.get("RetractionPubMedID")),
            date=when,
            label=(f"Record {record}: " if record else "") + (reason or nature),
        )
        count += 1
        if original_doi:
            by_doi[original_doi].append(update)
        if original_pmid:
            by_pmid[original_pmid].append(update)
    return RetractionIndex(
        {k: tuple(v) for k, v in by_doi.items()},
        {k: tuple(v) for k, v in by_pmid.items()},
        count,
        rows,
        newest,
    )


class _Hashing(io.RawIOBase):
    """A binary file that hashes what is read through it: the file is read once, streamed."""

    def __init__(self, raw: IO[bytes]) -> None:
        self._raw = raw
        self.digest = hashlib.sha256()

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        data = self._raw.read(len(buffer))
        self.digest.update(data)
        buffer[: len(data)] = data
        return len(data)


def load_retractions(path: Path) -> RetractionIndex:
    """Read and index a Retraction Watch CSV file, streamed (the whole database is tens of
    megabytes): UTF-8, or Windows-1252 when it is not.

    Raises:
        BatchInputError: the file cannot be read or is not a Retraction Watch CSV.
    """
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            with path.open("rb") as raw:
                hashing = _Hashing(raw)
                stream = io.TextIOWrapper(
                    io.BufferedReader(hashing),
                    encoding=encoding,
                    errors="strict" if encoding != "cp1252" else "replace",
                    newline="",
                )
                index = _index(stream, path.name)
                while hashing.readinto(bytearray(65536)):
                    pass  # the hash covers the whole file, whatever the reader left unread
                modified = datetime.fromtimestamp(path.stat().st_mtime, UTC)
            return dataclasses.replace(
                index,
                sha256=hashing.digest.hexdigest(),
                modified=modified.isoformat(timespec="seconds").replace("+00:00", "Z"),
            )
        except UnicodeDecodeError:
            continue
        except (OSError, csv.Error) as exc:
            if isinstance(exc, OSError):
                why = f"cannot be read: {exc.strerror or exc}"
            else:
                why = f"is not a readable CSV ({exc})"
            raise BatchInputError(
                f"The retractions file {path} {why}.",
                code=ErrorCode.BAD_BATCH,
                recovery=Recovery.FIX_INPUT,
            ) from exc
    raise AssertionError("unreachable")  # pragma: no cover - cp1252 with "replace" never fails
