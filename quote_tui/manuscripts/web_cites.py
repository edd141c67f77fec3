"""References written as addresses: a URL, a DOI (bare, "doi:", or doi.org), a PMID."""

from __future__ import annotations

import re

from quote_tui.manuscripts.mention import Mention, Scanner

__all__ = ["WEB_SCANNERS"]

_URL = re.compile(r"https?://[^\s<>\"\]\)}]+")
_DOI = re.compile(r"(?:\bdoi:\s*|\bDOI:?\s*)?\b(?P<doi>10\.\d{4,9}/[^\s\"<>{}]+)", re.I)
_PMID = re.compile(r"\bPMID:?\s*(?P<pmid>\d{1,9})\b")
_TRAIL = ".,;:!?'’\"”)"


def _url(m: re.Match[str]) -> list[Mention]:
    url = m.group(0).rstrip(_TRAIL)
    doi = re.match(r"https?://(?:dx\.)?doi\.org/(10\.\d{4,9}/\S+)", url, re.I)
    if doi:
        return [Mention(m.start(), m.start() + len(url), "doi", url, target="doi:" + doi.group(1))]
    pm = re.match(r"https?://pubmed\.ncbi\.nlm\.nih\.gov/(\d+)", url)
    if pm:
        return [Mention(m.start(), m.start() + len(url), "pmid", url, target="pmid:" + pm.group(1))]
    return [Mention(m.start(), m.start() + len(url), "url", url, target=url)]


def _doi(m: re.Match[str]) -> list[Mention]:
    doi = m.group("doi").rstrip(_TRAIL)
    return [
        Mention(
            m.start(),
            m.start("doi") + len(doi),
            "doi",
            m.group(0).rstrip(_TRAIL),
            target="doi:" + doi,
        )
    ]


def _pmid(m: re.Match[str]) -> list[Mention]:
    return [Mention(m.start(), m.end(), "pmid", m.group(0), target="pmid:" + m.group("pmid"))]


WEB_SCANNERS: tuple[Scanner, ...] = ((_URL, _url), (_DOI, _doi), (_PMID, _pmid))
