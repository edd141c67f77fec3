"""A researcher's reviews of reference findings: a note that a finding was looked at.

Every re-run, CI job and export would otherwise repeat a finding its author has already judged
(a retracted paper cited as an example of retraction, a year the registry has wrong). A review
file (``.quote-tui-review.json`` beside the manuscript, or ``--review FILE``) holds one note per
finding, keyed by the finding's fingerprint: a hash of the reference's key, its status, the
cited DOI and PMID, the notices (kind and DOI) and the fields that differ. A reviewed finding
is still shown, marked reviewed with its note, and no longer fails ``--strict``; when the
finding changes (a new notice, another DOI in the entry, another differing field) the
fingerprint no longer matches and the finding is back, the old review named as stale.

The file is JSON, ``{"schema", "reviews": [{fingerprint, key, status, note, reviewed_at,
doi?}]}``; it is written whole to a temporary file and renamed over the old one, and a file that
cannot be read is refused rather than written over, so no note is lost.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.references.jsonfile import read_json_file

__all__ = [
    "MAX_NOTE_CHARS",
    "REVIEW_FILE",
    "REVIEW_SCHEMA",
    "Review",
    "add_review",
    "apply_reviews",
    "fingerprint",
    "read_reviews",
    "reviews_from",
]

REVIEW_FILE = ".quote-tui-review.json"
"""The review file's name beside a manuscript or bibliography."""
REVIEW_SCHEMA = "https://quote-tui.github.io/schemas/review-v1.json"
MAX_NOTE_CHARS = 2000
"""The longest note kept: a review says why, it is not the paper."""
_MAX_FILE_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Review:
    """One finding a researcher has looked at.

    Attributes:
        fingerprint: ``fingerprint`` of the finding as it was reviewed.
        key: the reference's key then (to name a review that no longer applies).
        status: the finding's status then.
        note: what the researcher said of it.
        reviewed_at: when (ISO, UTC).
        doi: the cited DOI then, when there was one.
    """

    fingerprint: str
    key: str
    status: str
    note: str
    reviewed_at: str
    doi: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out = {
            "fingerprint": self.fingerprint,
            "key": self.key,
            "status": self.status,
            "note": self.note,
            "reviewed_at": self.reviewed_at,
        }
        return out | ({"doi": self.doi} if self.doi else {})


def fingerprint(ref: Mapping[str, Any]) -> str:
    """The hex SHA-256 of what makes a finding this finding: key, status, cited DOI and PMID,
    notices and differing fields. Reasons and registry wording are left out, so a reworded
    message is the same finding."""
    cited = ref.get("cited") if isinstance(ref.get("cited"), Mapping) else {}
    facts = {
        "key": ref.get("key"),
        "status": ref.get("status"),
        "doi": str(cited.get("doi") or "").lower() or None,
        "pmid": cited.get("pmid") or None,
        "notices": sorted(
            f"{n.get('kind')}|{str(n.get('doi') or '').lower()}" for n in ref.get("notices") or ()
        ),
        "differences": sorted(
            f"{d.get('field')}|{d.get('cited')}|{d.get('registered')}"
            for d in ref.get("differences") or ()
        ),
    }
    canonical = json.dumps(facts, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _refused(path: Path, why: str) -> BatchInputError:
    return BatchInputError(
        f"The review file {path} {why}; it was left as it is.",
        code=ErrorCode.BAD_BATCH,
        recovery=Recovery.FIX_INPUT,
        details={"path": str(path)},
    )


def read_reviews(path: Path) -> tuple[Review, ...]:
    """The reviews in ``path``; none when it does not exist.

    Raises:
        BatchInputError: ``bad_batch`` when it exists but cannot be read as a review file.
    """
    try:
        doc = read_json_file(path, _MAX_FILE_BYTES, lambda why: _refused(path, why))
    except FileNotFoundError:
        return ()
    return reviews_from(doc, path)


def reviews_from(doc: Any, path: Path = Path("given")) -> tuple[Review, ...]:
    """The reviews of a review file's content given as data (the MCP tool, the HTTP API).

    Raises:
        BatchInputError: ``bad_batch`` when it is not a review file's content.
    """
    items = doc.get("reviews") if isinstance(doc, dict) else None
    if not isinstance(items, list):
        raise _refused(path, 'is not a review file (no "reviews" list)')
    reviews = []
    for n, item in enumerate(items, 1):
        try:
            reviews.append(
                Review(
                    fingerprint=str(item["fingerprint"]),
                    key=str(item["key"]),
                    status=str(item["status"]),
                    note=str(item.get("note") or ""),
                    reviewed_at=str(item.get("reviewed_at") or ""),
                    doi=str(item["doi"]) if item.get("doi") else None,
                )
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise _refused(path, f"has a review (number {n}) without {exc}") from exc
    return tuple(reviews)


def add_review(
    path: Path, ref: Mapping[str, Any], note: str, *, finding_print: str | None = None
) -> Review:
    """Record ``note`` on ``ref``'s finding in the review file at ``path`` (made when missing);
    a note on the same finding replaces the old one. Written whole, then renamed into place.
    ``finding_print`` is the fingerprint of a finding that is not a reference's (the gate's).

    Raises:
        BatchInputError: ``bad_option`` for an empty or overlong note; ``bad_batch`` when the
            existing file cannot be read (it is not written over).
    """
    note = " ".join(note.split())
    if not note or len(note) > MAX_NOTE_CHARS:
        raise BatchInputError(
            f"A review needs a note of 1 to {MAX_NOTE_CHARS:,} characters saying why.",
            code=ErrorCode.BAD_OPTION,
            recovery=Recovery.FIX_INPUT,
        )
    existing = read_reviews(path)
    cited = ref.get("cited") if isinstance(ref.get("cited"), Mapping) else {}
    review = Review(
        fingerprint=finding_print or fingerprint(ref),
        key=str(ref.get("key")),
        status=str(ref.get("status")),
        note=note,
        reviewed_at=datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z"),
        doi=str(cited.get("doi")) if cited.get("doi") else None,
    )
    kept = [r for r in existing if r.fingerprint != review.fingerprint] + [review]
    doc = {"schema": REVIEW_SCHEMA, "reviews": [r.to_dict() for r in kept]}
    text = json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=".review-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise _refused(path, f"cannot be written: {exc.strerror or exc}") from exc
    return review


def apply_reviews(
    report: dict[str, Any], reviews: Sequence[Review], *, file: str
) -> dict[str, Any]:
    """Mark each reference whose finding was reviewed (``review: {note, reviewed_at}``) and
    name the reviews that no longer match their reference's finding; the report's ``reviews``
    says ``{file, applied, stale}``. Nothing is removed: a reviewed finding is still listed."""
    by_print = {r.fingerprint: r for r in reviews}
    by_key: dict[str, Review] = {r.key: r for r in reviews}
    applied = 0
    stale: list[str] = []
    for ref in report.get("references", ()):
        review = by_print.get(fingerprint(ref))
        if review is not None:
            ref["review"] = {"note": review.note, "reviewed_at": review.reviewed_at}
            applied += 1
        elif ref.get("key") in by_key and ref.get("status") != "verified":
            stale.append(str(ref["key"]))  # reviewed once; the finding has changed since
            ref["review_stale"] = {"note": by_key[str(ref["key"])].note}
    report["reviews"] = {"file": file, "applied": applied, "stale": stale}
    return report
