"""The status rules: what the registries said about a reference → one status (pure, no I/O).

In order:

1. A notice decides first, whatever else is known: a retraction (Crossref's ``updated-by``,
   ``update-to`` or ``relation``, PubMed's publication types and links, or the Retraction Watch
   CSV) gives ``retracted``; else an expression of concern gives ``expression_of_concern``; else
   a correction or erratum gives ``corrected``. The field differences are kept beside it.
2. A record found by identifier (the DOI at Crossref, else the PMID at PubMed) is compared field
   by field (``compare.differences``): ``verified`` when nothing differs, else
   ``metadata_mismatch`` naming the fields and their registered values. When the identifier's
   record has another title altogether, the bibliographic search's close match is named too.
3. An identifier that resolves to nothing: when the bibliographic search finds the same work,
   ``metadata_mismatch`` (the identifier is one of the differing fields, and the work is named);
   otherwise ``not_found``, with any weaker candidate named as the close match.
4. No identifier: the bibliographic search's same work is compared as in 2; nothing close is
   ``unverifiable`` (there was nothing to resolve), never ``not_found``.
5. A registry that could not answer (offline without a stored answer, down, rate limited) makes
   the reference ``unverifiable``, with the reason.

OpenAlex's ``is_retracted`` (a ``retraction_flag`` notice) is never a status on its own: it is
said in the reason, and a retraction only when another source gives one. Sources that disagree
(one retracts the work, another that answered for it does not) are named, each on its side
(``disagreement``), never merged silently.

There is no "fabricated" status: a real paper cited with a wrong year is a ``metadata_mismatch``.
"""

from __future__ import annotations

from dataclasses import dataclass

from quote_tui.manuscripts.model import BibEntry
from quote_tui.references.compare import (
    SAME_TITLE,
    FieldDifference,
    differences,
    same_family,
    title_score,
)
from quote_tui.references.records import Disagreement, ReferenceCheck, ReferenceStatus
from quote_tui.sources.net.registry_names import registry_name
from quote_tui.sources.net.works import RegisteredWork, WorkUpdate

__all__ = ["Evidence", "best_candidate", "cited_fields", "decide", "notice_status"]

CLOSE_TITLE = 60.0
"""The title similarity from which a candidate is named as a close match."""
_AGREEING_TITLE = 75.0  # with the first author and the year agreeing, still the same work

_RETRACTED = frozenset(
    {"retraction", "retraction_of", "withdrawal", "removal", "partial_retraction"}
)
_CONCERN = frozenset({"expression_of_concern", "expression_of_concern_of"})
_OPENALEX_FLAG = "retraction_flag"  # scholarly.OPENALEX_FLAG: a flag, confirmed elsewhere or not
_CORRECTED = frozenset({"correction", "erratum", "corrigendum", "erratum_of", "correction_of"})


@dataclass(frozen=True, slots=True)
class Evidence:
    """What the registries said about one reference.

    Attributes:
        crossref: Crossref's record of the reference's DOI.
        pubmed: PubMed's record of the reference's PMID.
        arxiv: arXiv's record of the reference's arXiv id (when no DOI record covers it).
        other: another registry's record of the reference's identifier: DataCite's of a DOI
            Crossref does not know, bioRxiv's or medRxiv's of a preprint DOI.
        web: the title of the page a reference with only a URL points at.
        missing: the identifiers that resolved to nothing (``DOI 10.x/y``, ``PMID 123``).
        candidates: the bibliographic search's works, best first (when one was made).
        searched: a bibliographic search was made.
        unavailable: why a registry could not answer, when one could not.
        notices: the Retraction Watch CSV's notices.
        checked_with: the sources asked.
        answered: the retraction sources that answered for this very work (Crossref, PubMed,
            OpenAlex, Europe PMC, arXiv, bioRxiv with a record of it; the Retraction Watch file
            when one was given): those silent while another retracts it disagree.
        from_store: every answer came from the store.
    """

    crossref: RegisteredWork | None = None
    pubmed: RegisteredWork | None = None
    arxiv: RegisteredWork | None = None
    other: RegisteredWork | None = None
    web: RegisteredWork | None = None
    missing: tuple[str, ...] = ()
    candidates: tuple[RegisteredWork, ...] = ()
    searched: bool = False
    unavailable: str | None = None
    notices: tuple[WorkUpdate, ...] = ()
    checked_with: tuple[str, ...] = ()
    answered: tuple[str, ...] = ()
    from_store: bool = False


def cited_fields(entry: BibEntry) -> dict[str, object]:
    """What the reference says, as the report shows it."""
    return entry.to_dict(("title", "year", "journal", "pages", "doi", "pmid"))


def notice_status(notices: tuple[WorkUpdate, ...]) -> ReferenceStatus | None:
    """The status the notices give: retraction, then concern, then correction; else None."""
    kinds = {n.kind for n in notices}
    if kinds & _RETRACTED:
        return ReferenceStatus.RETRACTED
    if kinds & _CONCERN:
        return ReferenceStatus.EXPRESSION_OF_CONCERN
    if kinds & _CORRECTED:
        return ReferenceStatus.CORRECTED
    return None


def _same_work(entry: BibEntry, work: RegisteredWork) -> bool:
    if not entry.title or not work.title:
        return False
    score = title_score(entry.title, work.title)
    if score >= SAME_TITLE:
        return True
    author = bool(entry.authors and work.authors and same_family(entry.authors[0], work.authors[0]))
    year = bool(entry.year and entry.year[:4] in work.years)
    return score >= _AGREEING_TITLE and author and year


def best_candidate(
    entry: BibEntry, candidates: tuple[RegisteredWork, ...]
) -> tuple[RegisteredWork | None, RegisteredWork | None]:
    """The search's same work (or None) and, failing that, its closest work (or None)."""
    if not entry.title:
        return None, None
    same = next((w for w in candidates if _same_work(entry, w)), None)
    if same is not None:
        return same, None
    scored = [(title_score(entry.title, w.title or ""), i, w) for i, w in enumerate(candidates)]
    scored = [s for s in scored if s[0] >= CLOSE_TITLE]
    return None, (max(scored, key=lambda s: (s[0], -s[1]))[2] if scored else None)


def _describe(work: RegisteredWork) -> str:
    ident = f"DOI {work.doi}" if work.doi else f"PMID {work.pmid}" if work.pmid else "no id"
    title = f"“{work.title}”" if work.title else "an untitled work"
    year = f" ({work.years[0]})" if work.years else ""
    return f"{title}{year}, {ident}"


def _mismatch_reason(diffs: tuple[FieldDifference, ...], via: str) -> str:
    names = ", ".join(d.field.replace("_", " ") for d in diffs)
    return f"The registered record ({via}) differs in: {names}."


def decide(key: str, entry: BibEntry, evidence: Evidence) -> ReferenceCheck:
    """The reference's one status, by the rules in the module docstring."""
    registered = (
        evidence.crossref or evidence.pubmed or evidence.arxiv or evidence.other or evidence.web
    )
    notices = list(evidence.notices)
    for work in (evidence.crossref, evidence.pubmed, evidence.arxiv, evidence.other):
        if work is not None:
            notices.extend(work.updates)
    same, close = best_candidate(entry, evidence.candidates)
    searched_enough = evidence.searched or not entry.title
    status: ReferenceStatus
    diffs: tuple[FieldDifference, ...] = ()
    reason: str | None
    if registered is not None:
        diffs = differences(entry, registered) + _identifier_differences(entry, evidence)
        via = registry_name(registered.source)
        if diffs:
            status, reason = ReferenceStatus.METADATA_MISMATCH, _mismatch_reason(diffs, via)
            if same is not None and same.doi != registered.doi:
                close = same
                reason += f" The cited title matches another registered work: {_describe(same)}."
        else:
            status, reason = ReferenceStatus.VERIFIED, None
            if registered is evidence.web:
                reason = "A web reference: the page is reachable and its title matches."
    elif evidence.unavailable and same is None and not (evidence.missing and searched_enough):
        status, reason = ReferenceStatus.UNVERIFIABLE, evidence.unavailable
        if evidence.missing:
            what = " and ".join(evidence.missing)
            reason = (
                f"The {what} resolves to nothing, and no bibliographic search could be made "
                f"to find the work: {evidence.unavailable}"
            )
    elif same is not None:
        registered = same
        notices.extend(same.updates)
        diffs = differences(entry, same)
        lost = list(evidence.missing)
        if lost:
            cited_id = entry.doi or entry.pmid or ""
            field = "doi" if entry.doi else "pmid"
            found_id = (same.doi if field == "doi" else same.pmid) or ""
            diffs = (FieldDifference(field, cited_id, found_id), *diffs)
        if diffs:
            status = ReferenceStatus.METADATA_MISMATCH
            reason = (
                f"The {' and '.join(lost)} resolves to nothing, but a bibliographic "
                f"search finds the work: {_describe(same)}."
                if lost
                else _mismatch_reason(
                    diffs,
                    "found by a bibliographic search at " + registry_name(same.source),
                )
            )
        else:
            status = ReferenceStatus.VERIFIED
            at = registry_name(same.source)
            reason = f"Found by a bibliographic search at {at}: {_describe(same)}."
    elif evidence.missing:
        status = ReferenceStatus.NOT_FOUND
        what = " and ".join(evidence.missing)
        if not evidence.searched:
            reason = f"The {what} resolves to nothing, and there is no title to search for."
        elif close is not None:
            reason = (
                f"The {what} resolves to nothing, and a bibliographic search finds nothing "
                f"close enough to be the same work; the closest is {_describe(close)}."
            )
        else:
            reason = (
                f"The {what} resolves to nothing, and a bibliographic search finds nothing close."
            )
    else:
        status = ReferenceStatus.UNVERIFIABLE
        if evidence.unavailable:
            reason = evidence.unavailable
        elif not entry.title:
            reason = "The reference has no DOI or PMID, and no title to search for."
        elif close is not None:
            reason = (
                "The reference has no DOI or PMID, and a bibliographic search finds nothing "
                f"close enough to be the same work; the closest is {_describe(close)}."
            )
        else:
            reason = (
                "The reference has no DOI or PMID, and a bibliographic search finds nothing close."
            )
    flagged = notice_status(tuple(notices))
    disagreement = _disagreement(notices, evidence.answered)
    lone_flag = flagged != ReferenceStatus.RETRACTED and any(
        n.kind == _OPENALEX_FLAG for n in notices
    )
    if lone_flag:
        # OpenAlex's is_retracted has known false positives: said, never a status on its own
        note = (
            "OpenAlex flags this work as retracted, and no other source confirms it "
            "(its flag has known false positives)."
        )
        reason = f"{note} {reason}" if reason else note
    if flagged is not None:
        kinds = ", ".join(sorted({n.kind.replace("_", " ") for n in notices}))
        sources = ", ".join(sorted({n.source.replace("_", " ") for n in notices}))
        note = f"Notices: {kinds} (from {sources})."
        reason = f"{note} {reason}" if reason else note
        status = flagged
    if disagreement is not None:
        reason = f"{disagreement.sentence} {reason}" if reason else disagreement.sentence
    return ReferenceCheck(
        key=key,
        status=status,
        cited=cited_fields(entry),
        registered=registered,
        differences=diffs,
        notices=_unique(notices),
        close_match=close,
        reason=reason,
        checked_with=evidence.checked_with,
        from_store=evidence.from_store,
        disagreement=disagreement,
    )


def _identifier_differences(entry: BibEntry, evidence: Evidence) -> tuple[FieldDifference, ...]:
    """A DOI and a PMID that do not name the same work: one of them unregistered while the
    other resolves, or the PMID's record carrying another DOI than the one cited."""
    crossref, pubmed = evidence.crossref, evidence.pubmed
    if entry.pmid and pubmed is None and f"PMID {entry.pmid}" in evidence.missing:
        return (FieldDifference("pmid", entry.pmid, "(no PubMed record)"),)
    if (
        entry.doi
        and crossref is None
        and pubmed is not None
        and f"DOI {entry.doi}" in (evidence.missing)
    ):
        return (FieldDifference("doi", entry.doi, pubmed.doi or "(none registered)"),)
    if entry.doi and pubmed is not None and pubmed.doi and pubmed.doi != entry.doi.lower():
        return (FieldDifference("doi", entry.doi, f"{pubmed.doi} (PMID {pubmed.pmid})"),)
    return ()


def _names(sources: list[str]) -> str:
    names = [registry_name(s) for s in sources]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _disagreement(notices: list[WorkUpdate], answered: tuple[str, ...]) -> Disagreement | None:
    """The sources that retract (or flag) the work beside those that answered for it and do
    not: shown, never merged into one voice."""
    retracting = list(
        dict.fromkeys(n.source for n in notices if n.kind in _RETRACTED | {_OPENALEX_FLAG})
    )
    silent = [s for s in dict.fromkeys(answered) if s not in retracting]
    if not retracting or not silent:
        return None
    verb = "says" if len(retracting) == 1 else "say"
    neg = "does" if len(silent) == 1 else "do"
    sentence = (
        f"The sources disagree: {_names(retracting)} {verb} it is retracted or withdrawn; "
        f"{_names(silent)} {neg} not."
    )
    return Disagreement(tuple(retracting), tuple(silent), sentence)


def _unique(notices: list[WorkUpdate]) -> tuple[WorkUpdate, ...]:
    seen: dict[tuple[str, str, str | None, str | None], WorkUpdate] = {}
    for n in notices:
        seen.setdefault((n.kind, n.source, n.doi, n.pmid), n)
    return tuple(seen.values())
