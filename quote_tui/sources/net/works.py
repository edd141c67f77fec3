"""Registered works: what Crossref and PubMed say a paper is, read from their answers.

``work_from_crossref`` reads one item of Crossref's REST API (``/works/{doi}`` or an item of a
``query.bibliographic`` search); ``works_from_pubmed`` reads an E-utilities ``efetch`` answer.
Both give ``RegisteredWork`` records with the fields a reference is compared on (title, authors'
family names, years, journal names, pages) and the notices that update the work: Crossref's
``updated-by``, ``update-to`` and ``relation``, PubMed's publication types and its
comments-and-corrections links. Parsing only: no I/O here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from quote_tui.sources.readers.safe_xml import xml_parser

__all__ = [
    "RegisteredWork",
    "WorkUpdate",
    "notices_updating",
    "work_from_crossref",
    "works_from_pubmed",
]

_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")


@dataclass(frozen=True, slots=True)
class WorkUpdate:
    """A notice about a work: a retraction, a correction, an expression of concern.

    Attributes:
        kind: the service's word, folded to snake case (``retraction``, ``correction``,
            ``expression_of_concern``, ``erratum``, ``retraction_of`` for a work that is itself
            a retraction notice, ...).
        source: ``crossref``, ``pubmed`` or ``retraction_watch``.
        doi: the notice's DOI (or the DOI of the work a notice updates), when known.
        pmid: the notice's PubMed id, when known.
        date: the notice's date (ISO, as precise as known).
        label: the service's own label or reason.
    """

    kind: str
    source: str
    doi: str | None = None
    pmid: str | None = None
    date: str | None = None
    label: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "source": self.source}
        for name in ("doi", "pmid", "date", "label"):
            value = getattr(self, name)
            if value:
                out[name] = value
        return out


@dataclass(frozen=True, slots=True)
class RegisteredWork:
    """A work as a registry records it.

    Attributes:
        source: ``crossref`` or ``pubmed``.
        doi: lower case, when known.
        pmid: when known.
        title: the main title (subtitle appended after a colon when Crossref gives one).
        authors: family names in order (a group's name when there is no person).
        years: the issued year first, then the print and online years when they differ.
        journals: the container's names: full title first, then abbreviations.
        pages: the page range or article number, as registered.
        updates: notices about the work.
    """

    source: str
    doi: str | None = None
    pmid: str | None = None
    title: str | None = None
    authors: tuple[str, ...] = ()
    years: tuple[str, ...] = ()
    journals: tuple[str, ...] = ()
    pages: str | None = None
    updates: tuple[WorkUpdate, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        """The registered values, as the references report shows them."""
        out: dict[str, Any] = {"source": self.source}
        for name in ("doi", "pmid", "title"):
            value = getattr(self, name)
            if value:
                out[name] = value
        if self.authors:
            out["authors"] = list(self.authors)
        if self.years:
            out["year"] = self.years[0]
        if self.journals:
            out["journal"] = self.journals[0]
        if self.pages:
            out["pages"] = self.pages
        return out


def _fold_kind(value: str) -> str:
    return re.sub(r"[^a-z]+", "_", value.lower()).strip("_")


def _date(parts: Any) -> str | None:
    if not isinstance(parts, dict):
        return None
    dp = parts.get("date-parts")
    if isinstance(dp, list) and dp and isinstance(dp[0], list) and dp[0]:
        nums = [n for n in dp[0] if isinstance(n, int)]
        if nums:
            return "-".join(f"{n:02d}" if i else str(n) for i, n in enumerate(nums))
    return None


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value.strip()] if value.strip() else []
    if isinstance(value, list):
        return [v.strip() for v in value if isinstance(v, str) and v.strip()]
    return []


def _relation_kind(name: str) -> str | None:
    """A Crossref relation as a notice kind: ``is-retracted-by`` is ``retraction`` (the work is
    retracted), ``retracts`` is ``retraction_of`` (the work is the notice); likewise for
    corrections, errata and expressions of concern. Other relations are None."""
    for word, kind in (
        ("retract", "retraction"),
        ("concern", "expression_of_concern"),
        ("errat", "correction"),
        ("correct", "correction"),
    ):
        if word in name:
            updated = name.startswith("is_") or name.endswith("_by") or name.startswith("has_")
            return kind if updated else kind + "_of"
    return None


def _crossref_updates(item: dict[str, Any]) -> list[WorkUpdate]:
    out: list[WorkUpdate] = []
    for entry in item.get("updated-by") or ():
        if isinstance(entry, dict) and isinstance(entry.get("type"), str):
            out.append(
                WorkUpdate(
                    kind=_fold_kind(entry["type"]),
                    source="crossref",
                    doi=str(entry["DOI"]).lower() if entry.get("DOI") else None,
                    date=_date(entry.get("updated")),
                    label=str(entry.get("label") or entry.get("source") or "") or None,
                )
            )
    for entry in item.get("update-to") or ():
        # this record is itself the notice: a retraction notice updates the retracted work
        if isinstance(entry, dict) and isinstance(entry.get("type"), str):
            out.append(
                WorkUpdate(
                    kind=_fold_kind(entry["type"]) + "_of",
                    source="crossref",
                    doi=str(entry["DOI"]).lower() if entry.get("DOI") else None,
                    date=_date(entry.get("updated")),
                    label=str(entry.get("label") or "") or None,
                )
            )
    relation = item.get("relation")
    if isinstance(relation, dict):
        for name, targets in relation.items():
            kind = _relation_kind(_fold_kind(str(name)))
            if kind is None:
                continue
            for target in targets if isinstance(targets, list) else ():
                if isinstance(target, dict):
                    ident = target.get("id")
                    doi = str(ident).lower() if target.get("id-type") == "doi" and ident else None
                    out.append(WorkUpdate(kind=kind, source="crossref", doi=doi))
    return out


def notices_updating(items: Iterable[Any], doi: str) -> tuple[WorkUpdate, ...]:
    """The notices among Crossref items (``works?filter=updates:{doi}``) that update ``doi``:
    each notice's ``update-to`` entries naming it, as updates of the work (kind ``retraction``,
    ``correction``, ...), with the notice's own DOI."""
    target = doi.lower()
    out: list[WorkUpdate] = []
    for item in items:
        if not isinstance(item, dict):
            continue
        notice_doi = str(item["DOI"]).lower() if item.get("DOI") else None
        for entry in item.get("update-to") or ():
            if not isinstance(entry, dict) or not isinstance(entry.get("type"), str):
                continue
            if str(entry.get("DOI") or "").lower() != target:
                continue
            out.append(
                WorkUpdate(
                    kind=_fold_kind(entry["type"]),
                    source="crossref",
                    doi=notice_doi,
                    date=_date(entry.get("updated")),
                    label=str(entry.get("label") or "") or None,
                )
            )
    return tuple(out)


def work_from_crossref(item: dict[str, Any]) -> RegisteredWork:
    """A ``RegisteredWork`` from one Crossref work item (the ``message`` of ``/works/{doi}``)."""
    titles = _strings(item.get("title"))
    subtitles = _strings(item.get("subtitle"))
    title = titles[0] if titles else None
    if title and subtitles and subtitles[0].casefold() not in title.casefold():
        title = f"{title}: {subtitles[0]}"
    authors = []
    for person in item.get("author") or ():
        if isinstance(person, dict):
            name = person.get("family") or person.get("name") or ""
            if isinstance(name, str) and name.strip():
                authors.append(name.strip())
    years: list[str] = []
    for key in ("issued", "published-print", "published-online", "published"):
        date = _date(item.get(key))
        if date and date[:4] not in years:
            years.append(date[:4])
    journals = _strings(item.get("container-title")) + _strings(item.get("short-container-title"))
    pages = item.get("page") or item.get("article-number")
    return RegisteredWork(
        source="crossref",
        doi=str(item["DOI"]).lower() if item.get("DOI") else None,
        title=title,
        authors=tuple(authors),
        years=tuple(years),
        journals=tuple(dict.fromkeys(journals)),
        pages=str(pages).strip() if pages else None,
        updates=tuple(_crossref_updates(item)),
    )


def _text(el: etree._Element | None) -> str | None:
    if el is None:
        return None
    text = " ".join("".join(el.itertext()).split())
    return text or None


# PubMed publication types that make the record itself a notice, and links on a work to one
_PUBLICATION_TYPES = {
    "retracted publication": "retraction",
    "retraction of publication": "retraction_of",
    "expression of concern": "expression_of_concern_of",
    "published erratum": "erratum_of",
}
_COMMENTS = {
    "RetractionIn": "retraction",
    "RetractionOf": "retraction_of",
    "ErratumIn": "erratum",
    "ErratumFor": "erratum_of",
    "ExpressionOfConcernIn": "expression_of_concern",
    "ExpressionOfConcernFor": "expression_of_concern_of",
    "CorrectedandRepublishedIn": "correction",
}


def _pubmed_work(article: etree._Element) -> RegisteredWork:
    citation = article.find("MedlineCitation")
    pmid = (citation.findtext("PMID") if citation is not None else None) or ""
    art = citation.find("Article") if citation is not None else None
    title = _text(art.find("ArticleTitle")) if art is not None else None
    authors: list[str] = []
    journals: list[str] = []
    years: list[str] = []
    pages = None
    updates: list[WorkUpdate] = []
    if art is not None:
        for author in art.findall("AuthorList/Author"):
            name = author.findtext("LastName") or author.findtext("CollectiveName")
            if name and name.strip():
                authors.append(name.strip())
        for path in ("Journal/Title", "Journal/ISOAbbreviation"):
            name = _text(art.find(path))
            if name:
                journals.append(name.rstrip("."))
        pub = art.find("Journal/JournalIssue/PubDate")
        if pub is not None:
            year = pub.findtext("Year") or ""
            m = _YEAR.search(year or pub.findtext("MedlineDate") or "")
            if m:
                years.append(m.group(1))
        pages = _text(art.find("Pagination/MedlinePgn"))
        for ptype in art.findall("PublicationTypeList/PublicationType"):
            kind = _PUBLICATION_TYPES.get((_text(ptype) or "").lower())
            if kind:
                updates.append(WorkUpdate(kind=kind, source="pubmed", label=_text(ptype)))
    if citation is not None:
        for link in citation.findall("CommentsCorrectionsList/CommentsCorrections"):
            kind = _COMMENTS.get(link.get("RefType") or "")
            if kind:
                updates.append(
                    WorkUpdate(
                        kind=kind,
                        source="pubmed",
                        pmid=(link.findtext("PMID") or "").strip() or None,
                        label=_text(link.find("RefSource")),
                    )
                )
    doi = None
    for ident in article.findall("PubmedData/ArticleIdList/ArticleId"):
        if ident.get("IdType") == "doi" and (ident.text or "").strip():
            doi = ident.text.strip().lower()
    return RegisteredWork(
        source="pubmed",
        doi=doi,
        pmid=pmid.strip() or None,
        title=title.rstrip(".") if title else None,
        authors=tuple(authors),
        years=tuple(years),
        journals=tuple(dict.fromkeys(journals)),
        pages=pages,
        updates=tuple(updates),
    )


def works_from_pubmed(data: bytes) -> tuple[RegisteredWork, ...]:
    """The records of an ``efetch db=pubmed retmode=xml`` answer (empty when it holds none).

    Raises:
        ValueError: the answer is not XML.
    """
    try:
        root = etree.fromstring(data, parser=xml_parser())
    except etree.XMLSyntaxError as exc:
        raise ValueError(f"PubMed's answer is not XML ({exc})") from exc
    if root is None:
        return ()
    return tuple(_pubmed_work(a) for a in root.iter("PubmedArticle"))
