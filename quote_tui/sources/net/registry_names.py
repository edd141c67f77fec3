"""The registries' names as a report says them, keyed as ``registered.source``, an unreached
``service`` and ``--registries`` name them: one table for the checks' reasons and every view."""

from __future__ import annotations

__all__ = ["REGISTRY_NAMES", "registry_name"]

REGISTRY_NAMES = {
    "crossref": "Crossref",
    "pubmed": "PubMed",
    "doi": "the DOI handle API",
    "arxiv": "arXiv",
    "openalex": "OpenAlex",
    "dblp": "DBLP",
    "datacite": "DataCite",
    "europepmc": "Europe PMC",
    "biorxiv": "bioRxiv/medRxiv",
    "semanticscholar": "Semantic Scholar",
    "openreview": "OpenReview",
    "retraction_watch": "the Retraction Watch file",
    "web": "the web page",
}


def registry_name(key: object) -> str:
    """The name of registry ``key``, or the key itself where the table has none."""
    return REGISTRY_NAMES.get(str(key), str(key))
