"""The reference check's vocabulary: its statuses and the record of one checked reference."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from quote_tui.references.compare import FieldDifference
from quote_tui.sources.net.works import RegisteredWork, WorkUpdate

__all__ = ["FAILING_STATUSES", "Disagreement", "ReferenceCheck", "ReferenceStatus", "Unreached"]


class ReferenceStatus(StrEnum):
    """One status per reference. There is deliberately no "fabricated": a reference that does
    not match is a miscitation until shown otherwise, and a close match is always named."""

    VERIFIED = "verified"
    METADATA_MISMATCH = "metadata_mismatch"
    RETRACTED = "retracted"
    CORRECTED = "corrected"
    EXPRESSION_OF_CONCERN = "expression_of_concern"
    UNVERIFIABLE = "unverifiable"
    NOT_FOUND = "not_found"


FAILING_STATUSES = frozenset(
    {
        ReferenceStatus.RETRACTED,
        ReferenceStatus.METADATA_MISMATCH,
        ReferenceStatus.NOT_FOUND,
    }
)
"""What ``--strict`` fails on."""


@dataclass(frozen=True, slots=True)
class Unreached:
    """A registry a reference could not be checked against: it could not be reached (a DNS,
    connection or TLS failure) or the network is off and it has no stored answer.

    Attributes:
        service: ``crossref`` or ``pubmed``.
        code: the error's code (``dns_error``, ``connect_error``, ``tls_error``, ``offline``).
        message: the error's message, said once for the whole run in the report.
    """

    service: str
    code: str
    message: str


@dataclass(frozen=True, slots=True)
class Disagreement:
    """Retraction sources that disagree about one work.

    Attributes:
        retracted: the sources that retract, withdraw or flag it (``crossref``, ``openalex``...).
        silent: the sources that answered for the same work and say nothing of it.
        sentence: the two sides in a sentence, as the report shows them.
    """

    retracted: tuple[str, ...]
    silent: tuple[str, ...]
    sentence: str

    def to_dict(self) -> dict[str, Any]:
        return {"retracted": list(self.retracted), "not_retracted": list(self.silent)}


@dataclass(frozen=True, slots=True)
class ReferenceCheck:
    """One reference's check.

    Attributes:
        key: the citation key (or the reference list's number).
        status: see ``ReferenceStatus``.
        cited: what the reference says (title, authors, year, journal, pages, doi, pmid).
        registered: the registry's record the reference was compared with, if any.
        differences: the fields that differ, with the registered values.
        notices: retractions, corrections and expressions of concern, from every source.
        close_match: the closest registered work when the reference itself was not found (or
            its identifier names another work): a miscitation's likely target.
        reason: why the status is what it is, in one sentence, for every status but verified.
        checked_with: the sources asked: crossref, pubmed, retraction_watch, doi (a shortDOI).
        from_store: the registry answers came from the store, not the network.
        unreached: the registries this reference could not be checked against.
        disagreement: the retraction sources that disagree about the work, when they do.
    """

    key: str
    status: ReferenceStatus
    cited: dict[str, Any]
    registered: RegisteredWork | None = None
    differences: tuple[FieldDifference, ...] = ()
    notices: tuple[WorkUpdate, ...] = ()
    close_match: RegisteredWork | None = None
    reason: str | None = None
    checked_with: tuple[str, ...] = ()
    from_store: bool = False
    unreached: tuple[Unreached, ...] = ()
    disagreement: Disagreement | None = None

    def to_dict(self) -> dict[str, Any]:
        """The reference's entry in ``{"references": [...]}``."""
        out: dict[str, Any] = {"key": self.key, "status": str(self.status), "cited": self.cited}
        if self.reason:
            out["reason"] = self.reason
        if self.differences:
            out["differences"] = [d.to_dict() for d in self.differences]
        if self.registered is not None:
            out["registered"] = self.registered.to_dict()
        if self.notices:
            out["notices"] = [n.to_dict() for n in self.notices]
        if self.close_match is not None:
            out["close_match"] = self.close_match.to_dict()
        out["checked_with"] = list(self.checked_with)
        out["from_store"] = self.from_store
        if self.unreached:
            out["unreached"] = [u.service for u in self.unreached]
        if self.disagreement is not None:
            out["sources_disagree"] = self.disagreement.to_dict()
        return out
