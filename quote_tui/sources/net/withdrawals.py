"""Europe PMC and bioRxiv/medRxiv as retraction sources.

- Europe PMC's search (``search?query=DOI:"..."&format=json&resultType=core``) gives each
  record's publication types (``pubTypeList.pubType``: "Retracted Publication", "Retraction of
  Publication", "Expression of Concern", "Published Erratum") and its links to notices
  (``commentCorrectionList.commentCorrection[]``: ``type`` "Retraction in", "Erratum in",
  "Expression of concern in", with the notice's ``id``). The lite result gives the types as one
  string (``pubType``: "retracted publication; journal article"); both are read.
- bioRxiv's and medRxiv's API (``details/{server}/{doi}/na/json``) lists each version of a
  preprint in ``collection``; the last version says whether it was ``published`` (a journal
  DOI, or "NA") and whether it was withdrawn: its ``type`` is "withdrawn", or its title or
  abstract says the manuscript "has been withdrawn", as the servers word a withdrawal notice.

Parsing is pure; ``Withdrawals`` asks through the run's ``Registries.answer`` (guard, store,
budget), so ``--offline`` replays each answer.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote, urlencode

from quote_tui.sources.net.registry import Lookup, Registries
from quote_tui.sources.net.scholarly import bad_answer, doi_of, years_of
from quote_tui.sources.net.session import IntervalPacer
from quote_tui.sources.net.works import RegisteredWork, WorkUpdate

__all__ = ["PREPRINT_DOI", "Withdrawals", "works_from_biorxiv", "works_from_europepmc"]

PREPRINT_DOI = re.compile(r"^10\.1101/(\d{4}\.\d{2}\.\d{2}\.)?\d{6,}(v\d+)?$", re.IGNORECASE)
"""A bioRxiv or medRxiv DOI (``10.1101/2020.03.01.123456``), not one of Cold Spring Harbor's
journals that share the prefix (``10.1101/gr.123.1``)."""

_PUB_TYPES = {
    "retracted publication": "retraction",
    "expression of concern": "expression_of_concern",
    "retraction of publication": "retraction_of",
    "published erratum": "erratum_of",
}
_LINKS = {
    "retraction in": "retraction",
    "expression of concern in": "expression_of_concern",
    "erratum in": "erratum",
    "correction in": "correction",
    "retraction of": "retraction_of",
}


def _json(body: bytes, url: str) -> Any:
    try:
        return json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise bad_answer(url, "its answer is not JSON") from exc


def _europepmc_updates(item: dict[str, Any]) -> list[WorkUpdate]:
    types = (item.get("pubTypeList") or {}).get("pubType")
    if isinstance(types, str):
        types = [types]
    if not isinstance(types, list):
        types = str(item.get("pubType") or "").split(";")
    typed = [_PUB_TYPES.get(str(t).strip().lower()) for t in types]
    linked: list[WorkUpdate] = []
    links = (item.get("commentCorrectionList") or {}).get("commentCorrection") or ()
    for link in links if isinstance(links, list) else ():
        kind = (
            _LINKS.get(str(link.get("type") or "").strip().lower())
            if isinstance(link, dict)
            else None
        )
        if kind and isinstance(link, dict):
            ident = str(link.get("id") or "") or None
            linked.append(
                WorkUpdate(
                    kind,
                    "europepmc",
                    pmid=ident if link.get("source") == "MED" else None,
                    label=" ".join(str(link.get("reference") or link.get("type")).split()),
                )
            )
    # a notice both typed and linked is one notice: the link, which names it, is kept
    named = {u.kind for u in linked}
    kinds = dict.fromkeys(k for k in typed if k and k not in named)
    return [WorkUpdate(k, "europepmc", label="Europe PMC publication type") for k in kinds] + linked


def works_from_europepmc(body: bytes, url: str) -> tuple[RegisteredWork, ...]:
    """The records of a Europe PMC search answer, with their notices."""
    data = _json(body, url)
    results = ((data or {}).get("resultList") or {}).get("result") if isinstance(data, dict) else ()
    works = []
    for item in results if isinstance(results, list) else ():
        if not isinstance(item, dict):
            continue
        names = str(item.get("authorString") or "").rstrip(".").split(",")
        works.append(
            RegisteredWork(
                source="europepmc",
                doi=doi_of(item.get("doi")),
                pmid=str(item["pmid"]) if item.get("pmid") else None,
                title=" ".join(str(item.get("title") or "").split()).rstrip(".") or None,
                authors=tuple(n.strip().split(" ")[0] for n in names if n.strip()),
                years=years_of(item.get("pubYear")),
                journals=(str(item["journalTitle"]),) if item.get("journalTitle") else (),
                updates=tuple(_europepmc_updates(item)),
            )
        )
    return tuple(works)


def works_from_biorxiv(body: bytes, url: str) -> tuple[RegisteredWork, ...]:
    """The preprint's latest version in a bioRxiv/medRxiv ``details`` answer, with a
    ``withdrawal`` notice when that version withdraws it; none when the server holds no such
    DOI."""
    data = _json(body, url)
    versions = data.get("collection") if isinstance(data, dict) else None
    versions = [v for v in versions or () if isinstance(v, dict)]
    if not versions:
        return ()
    last = max(versions, key=lambda v: int(v["version"]) if str(v.get("version")).isdigit() else 0)
    title = " ".join(str(last.get("title") or "").split())
    abstract = " ".join(str(last.get("abstract") or "").split())[:600].lower()
    withdrawn = (
        str(last.get("type") or "").lower() == "withdrawn"
        or title.upper().startswith("WITHDRAWN")
        or "has been withdrawn" in abstract
    )
    server = str(last.get("server") or "bioRxiv")
    names = str(last.get("authors") or "").split(";")
    published = doi_of(last.get("published"))
    updates = []
    if withdrawn:
        updates.append(
            WorkUpdate(
                "withdrawal",
                "biorxiv",
                doi=doi_of(last.get("doi")),
                date=str(last.get("date") or "") or None,
                label=f"{server}: version {last.get('version')} withdraws the preprint",
            )
        )
    return (
        RegisteredWork(
            source="biorxiv",
            doi=doi_of(last.get("doi")),
            title=title or None,
            authors=tuple(n.strip().split(",")[0] for n in names if n.strip()),
            years=years_of(versions[0].get("date")),
            journals=(server, *((f"published as {published}",) if published else ())),
            updates=tuple(updates),
        ),
    )


class Withdrawals:
    """Europe PMC and bioRxiv/medRxiv look-ups over a run's ``Registries``."""

    def __init__(self, registries: Registries) -> None:
        self._registries = registries
        self._europepmc = IntervalPacer(0.1)
        self._biorxiv = IntervalPacer(0.5)

    def _base(self, name: str) -> str:
        return str(getattr(self._registries.settings, name)).rstrip("/") + "/"

    async def europepmc(self, *, doi: str | None = None, pmid: str | None = None) -> Lookup:
        """Europe PMC's record of a DOI (else a PMID), with its notices."""
        query = f'DOI:"{doi}"' if doi else f"EXT_ID:{pmid} AND SRC:MED"
        params = {"query": query, "format": "json", "resultType": "core", "pageSize": "5"}
        url = self._base("europepmc_api") + "search?" + urlencode(params)
        answer, stored = await self._registries.answer(
            f"europepmc:{query.lower()}", url, url, self._europepmc, "application/json"
        )
        works = works_from_europepmc(answer.body, url) if answer.status != 404 else ()
        if doi:
            works = tuple(w for w in works if w.doi == doi.lower())
        elif pmid:
            works = tuple(w for w in works if w.pmid == pmid)
        return Lookup(works, url, answer.retrieved_at, stored)

    async def preprint(self, doi: str) -> Lookup:
        """bioRxiv's record of a preprint DOI, else medRxiv's; none when neither holds it."""
        lookup = None
        for server in ("biorxiv", "medrxiv"):
            url = self._base("biorxiv_api") + f"details/{server}/{quote(doi, safe='/')}/na/json"
            answer, stored = await self._registries.answer(
                f"{server}:{doi.lower()}", url, url, self._biorxiv, "application/json"
            )
            works = works_from_biorxiv(answer.body, url) if answer.status != 404 else ()
            lookup = Lookup(works, url, answer.retrieved_at, stored)
            if works:
                return lookup
        assert lookup is not None
        return lookup
