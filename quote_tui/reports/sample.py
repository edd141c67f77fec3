"""A demonstration report (schema v1) with every verdict, for screenshots and tests."""

from __future__ import annotations

from typing import Any

__all__ = ["sample_report"]


def _match(text: str, **extra: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "kind": "exact",
        "start": 100,
        "end": 100 + len(text),
        "utf16_start": 100,
        "utf16_end": 100 + len(text),
        "utf8_start": 100,
        "utf8_end": 100 + len(text.encode()),
        "line_start": 40,
        "line_end": 41,
        "page_start": 19,
        "page_end": 19,
        "text": text,
        "before": "",
        "after": "",
        "similarity": 1.0,
        "rules": [],
        "differences": [],
        "critical": False,
    }
    base.update(extra)
    return base


def sample_report() -> dict[str, Any]:
    """A report with exact, normalized, near, not found, unavailable and unreferenced citations.

    Returns:
        The report dict; one quotation carries markup that must come out escaped.
    """
    return {
        "schema": "quote_tui.report",
        "schema_version": 1,
        "created": "2026-01-01T12:00:00Z",
        "tool": {"name": "quote-tui", "version": "0.1.0"},
        "summary": {
            "citations": 6,
            "exact": 1,
            "normalized": 1,
            "near": 1,
            "not_found": 1,
            "inconclusive": 0,
            "unavailable": 1,
            "error": 0,
            "unreferenced": 1,
        },
        "sources": [
            {
                "id": "s1",
                "ref": "papers/nist-sp800-223.pdf",
                "status": "readable",
                "representation": "pdf_text_layer",
                "title": "High-Performance Computing Security",
                "characters": 90000,
                "pages": 34,
                "truncated": False,
                "location": "/home/user/papers/nist-sp800-223.pdf",
                "error": None,
            },
            {
                "id": "s2",
                "ref": "https://example.org/article",
                "status": "readable",
                "representation": "html_main_text",
                "title": "An <i>article</i> on the web",
                "location": "https://example.org/article",
                "error": None,
            },
            {
                "id": "s3",
                "ref": "doi:10.1000/lost",
                "status": "unavailable",
                "title": "Lost work",
                "error": {
                    "code": "no_source",
                    "message": "No file, DOI or URL leads to its text.",
                    "recovery": "review_source",
                },
            },
        ],
        "citations": [
            {
                "id": "c1",
                "source": "s1",
                "status": "exact",
                "quote": "HPC systems are shared by many users",
                "match_count": 1,
                "matches_truncated": False,
                "best_similarity": 1.0,
                "matches": [
                    _match("HPC systems are shared by many users", printed_page_start="11")
                ],
                "error": None,
                "location": {"file": "paper.md", "line": 12, "column": 5, "offset": 300},
                "reference": {"raw": "[@nist2024, p. 11]", "style": "pandoc", "key": "nist2024"},
                "locator": {"label": "page", "value": "11", "pages": [11]},
                "page_check": {
                    "status": "agrees",
                    "cited": "11",
                    "found": "11",
                    "method": "printed_numbers",
                },
            },
            {
                "id": "c2",
                "source": "s1",
                "status": "normalized",
                "quote": "the “zone” model – with four zones",
                "match_count": 1,
                "best_similarity": 1.0,
                "matches": [
                    _match(
                        'the "zone" model - with four zones',
                        kind="normalized",
                        rules=["quotes", "dashes"],
                        printed_page_start="12",
                        page_start=20,
                        page_end=20,
                    )
                ],
                "error": None,
                "location": {"file": "paper.md", "line": 14, "column": 9, "offset": 400},
                "reference": {"raw": "[@nist2024, p. 11]", "style": "pandoc"},
                "page_check": {"status": "differs", "cited": "11", "found": "12"},
            },
            {
                "id": "c3",
                "source": "s2",
                "status": "near",
                "quote": "the effect was not significant (p = 0.42) <script>alert(1)</script>",
                "match_count": 1,
                "best_similarity": 0.91,
                "matches": [
                    _match(
                        "the effect was significant (p = 0.042)",
                        kind="near",
                        page_start=None,
                        page_end=None,
                        similarity=0.91,
                        critical=True,
                        differences=[
                            {
                                "quote": "0.42",
                                "source": "0.042",
                                "kind": "number",
                                "critical": True,
                            },
                            {"quote": "not", "source": "", "kind": "negation", "critical": True},
                            {
                                "quote": "<script>alert(1)</script>",
                                "source": "",
                                "kind": "extra",
                                "critical": False,
                            },
                        ],
                    )
                ],
                "error": None,
                "location": {"file": "paper.docx", "line": 7, "column": 3, "offset": 800},
                "reference": {"raw": "(Doe, 2020)", "style": "zotero"},
            },
            {
                "id": "c4",
                "source": "s2",
                "status": "not_found",
                "quote": "words that the article never says",
                "match_count": 0,
                "matches": [],
                "error": None,
                "location": {"file": "paper.md", "line": 30, "column": 1, "offset": 1200},
            },
            {
                "id": "c5",
                "source": "s3",
                "status": "unavailable",
                "quote": "a quotation from a work nobody can open",
                "match_count": 0,
                "matches": [],
                "error": {
                    "code": "no_source",
                    "message": "No file, DOI or URL leads to its text.",
                    "recovery": "review_source",
                },
            },
            {
                "id": "c6",
                "source": None,
                "status": "unreferenced",
                "quote": "a quotation with no reference at all",
                "match_count": 0,
                "matches": [],
                "error": None,
                "location": {"file": "paper.md", "line": 40, "column": 2, "offset": 1500},
            },
        ],
    }
