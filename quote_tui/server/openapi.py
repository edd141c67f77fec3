"""The OpenAPI 3.1 document served at ``/openapi.json``.

The report's schema is not restated: ``components.schemas.Report`` is the package's own
``quote_tui/batch/report.schema.json``, loaded as it is (OpenAPI 3.1 schemas are JSON Schema
2020-12), so the document cannot drift from the report. Other schemas point into it
(``#/components/schemas/Report/$defs/source``) rather than copy parts of it.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from quote_tui._version import __version__
from quote_tui.api import (
    DEFAULT_REGISTRIES,
    REGISTRIES,
    RENDER_MODES,
    references_schema,
    report_schema,
)
from quote_tui.server.config import Limits
from quote_tui.server.errors import ApiCode, ApiRecovery

_REPORT = "#/components/schemas/Report"


@cache
def report_schema_text() -> str:
    """The report's JSON Schema, as the package ships it (``api.report_schema``)."""
    return report_schema()


def references_schema_text() -> str:
    """The references report's JSON Schema, as the package ships it."""
    return references_schema()


def _error_responses(*statuses: int) -> dict[str, Any]:
    meaning = {
        400: "the body is not a JSON object (bad_json)",
        401: "no valid API key (unauthorized)",
        403: "a cross-site browser request to a loopback server (bad_origin)",
        413: "the body is larger than max_body_bytes (body_too_large)",
        421: "the Host header does not name loopback (bad_host)",
        422: "not a batch, or too many entries (bad_batch, missing_field, too_many_sources, "
        "too_many_citations)",
        503: "too many requests in flight (busy); see Retry-After",
        504: "the request outlived its deadline (deadline_exceeded)",
    }
    ref = {"$ref": "#/components/schemas/Error"}
    return {
        str(s): {"description": meaning[s], "content": {"application/json": {"schema": ref}}}
        for s in statuses
    }


_RENDER = {
    "enum": list(RENDER_MODES),
    "description": "render HTML pages in headless Chromium first (default: the server's --render)",
}


_OPEN_COPIES = {
    "type": "boolean",
    "description": "read a DOI through the open copies OpenAlex and Europe PMC list for it "
    "(default: the server's; false reads only the publisher's page, as --no-open-copies)",
}
_REF = "URL, doi:10.x/y, arxiv:2106.09685, pmid:123, pmcid:PMC123, or a path under --root"


def _batch_schema(limits: Limits) -> dict[str, Any]:
    source = {
        "type": "object",
        "required": ["id"],
        "properties": {
            "id": {"type": "string", "minLength": 1},
            "ref": {
                "type": "string",
                "description": _REF,
            },
            "text": {"type": "string", "description": "the source's text itself"},
            "title": {"type": "string"},
            "truncated": {"type": "boolean", "description": "the text is only part of the source"},
        },
    }
    citation = {
        "type": "object",
        "required": ["id", "quote"],
        "properties": {
            "id": {"type": "string", "minLength": 1},
            "source": {"type": ["string", "null"], "description": "a source id"},
            "quote": {"type": ["string", "null"]},
            "locator": {"type": ["string", "integer", "object"], "examples": ["p. 12"]},
        },
    }
    return {
        "type": "object",
        "required": ["citations"],
        "properties": {
            "sources": {"type": "array", "items": source, "maxItems": limits.max_sources},
            "citations": {"type": "array", "items": citation, "maxItems": limits.max_citations},
            "render": _RENDER,
            "open_copies": _OPEN_COPIES,
        },
    }


def openapi_document(limits: Limits | None = None) -> dict[str, Any]:
    """The API described for clients and code generators, with this server's limits."""
    limits = limits or Limits()
    json_body = "application/json"
    return {
        "openapi": "3.1.0",
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "info": {
            "title": "quote_tui",
            "version": __version__,
            "description": "Check that quotations really stand in their cited sources, and where. "
            f"Request bodies up to {limits.max_body_bytes} bytes; problems of single entries "
            "are reported in those entries, never as an error of the whole request.",
        },
        "paths": {
            "/v1/check": {
                "post": {
                    "operationId": "check",
                    "summary": "Check a batch of quotations against their sources",
                    "requestBody": {
                        "required": True,
                        "content": {json_body: {"schema": {"$ref": "#/components/schemas/Batch"}}},
                    },
                    "responses": {
                        "200": {
                            "description": "the report, as quote-tui check writes it",
                            "content": {json_body: {"schema": {"$ref": _REPORT}}},
                        },
                        **_error_responses(400, 401, 403, 413, 421, 422, 503, 504),
                    },
                }
            },
            "/v1/answer": {
                "post": {
                    "operationId": "answer",
                    "summary": "Check a language model's cited texts in the documents it was given",
                    "requestBody": {
                        "required": True,
                        "content": {
                            json_body: {"schema": {"$ref": "#/components/schemas/AnswerRequest"}}
                        },
                    },
                    "responses": {
                        "200": {
                            "description": "the report, as quote-tui check ANSWER.json "
                            "--document FILE writes it (claimed.agrees on each claimed place)",
                            "content": {json_body: {"schema": {"$ref": _REPORT}}},
                        },
                        **_error_responses(400, 401, 403, 413, 421, 422, 503, 504),
                    },
                }
            },
            "/v1/read": {
                "post": {
                    "operationId": "read",
                    "summary": "The checked text of one source, its hash and retrieval record",
                    "requestBody": {
                        "required": True,
                        "content": {
                            json_body: {"schema": {"$ref": "#/components/schemas/ReadRequest"}}
                        },
                    },
                    "responses": {
                        "200": {
                            "description": "the source's report entry and its checked text "
                            "(text is null when the source is unavailable; see source.error)",
                            "content": {
                                json_body: {"schema": {"$ref": "#/components/schemas/ReadResult"}}
                            },
                        },
                        **_error_responses(400, 401, 403, 413, 421, 422, 503, 504),
                    },
                }
            },
            "/v1/references": {
                "post": {
                    "operationId": "references",
                    "summary": "Check a bibliography's references against Crossref and PubMed",
                    "requestBody": {
                        "required": True,
                        "content": {
                            json_body: {
                                "schema": {"$ref": "#/components/schemas/ReferencesRequest"}
                            }
                        },
                    },
                    "responses": {
                        "200": {
                            "description": "the references report, as quote-tui refs writes it",
                            "content": {
                                json_body: {
                                    "schema": {"$ref": "#/components/schemas/ReferencesReport"}
                                }
                            },
                        },
                        **_error_responses(400, 401, 403, 413, 421, 422, 503, 504),
                    },
                }
            },
            "/v1/health": {
                "get": {
                    "operationId": "health",
                    "summary": "Liveness, load and limits (no API key needed)",
                    "security": [],
                    "responses": {"200": {"description": "the server is up"}},
                }
            },
        },
        "security": [{"bearer": []}, {"apiKey": []}],
        "components": {
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer"},
                "apiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
            },
            "schemas": {
                "Report": json.loads(report_schema_text()),
                "Batch": _batch_schema(limits),
                "ReferencesReport": json.loads(references_schema_text()),
                "ReferencesRequest": {
                    "type": "object",
                    "anyOf": [{"required": ["bibtex"]}, {"required": ["csl"]}],
                    "properties": {
                        "bibtex": {"type": "string", "description": "a .bib file's text"},
                        "csl": {
                            "type": "array",
                            "items": {"type": "object"},
                            "maxItems": limits.max_citations,
                            "description": "CSL-JSON items",
                        },
                        "registries": {
                            "oneOf": [
                                {"type": "array", "items": {"enum": [*REGISTRIES, "all"]}},
                                {"type": "string"},
                            ],
                            "description": "the registries asked (default: "
                            + ", ".join(DEFAULT_REGISTRIES)
                            + "); a list, a comma-separated string, or all",
                        },
                        "baseline": {
                            "type": "object",
                            "description": "an earlier references report: changes then lists "
                            "what is newly retracted, corrected, mismatched or fixed",
                        },
                        "fail_on_change": {
                            "type": "boolean",
                            "description": "with a baseline: failed_on_change says whether "
                            "any change is for the worse",
                        },
                        "reviews": {
                            "type": "object",
                            "description": "a review file's content ({reviews: [...]}): a "
                            "reviewed finding is marked review and no longer fails",
                        },
                        "date": {
                            "type": "string",
                            "pattern": "^\\d{4}(-\\d{2}(-\\d{2})?)?$",
                            "description": "the manuscript's date: retraction_timing says "
                            "whether each retracted work is cited before or after its retraction",
                        },
                    },
                },
                "AnswerRequest": {
                    "type": "object",
                    "required": ["answer", "documents"],
                    "properties": {
                        "answer": {
                            "type": ["object", "array"],
                            "description": "an Anthropic Messages response, an OpenAI "
                            "Responses object, or a list of {quote, source, start?, end?, "
                            "pages?} (docs/answers.md)",
                        },
                        "documents": {
                            "type": "array",
                            "maxItems": limits.max_sources,
                            "items": {"type": ["string", "object"]},
                            "description": "in document_index order: refs (URLs, doi:, arxiv:, "
                            "pmid:, pmcid:, paths under the root) or {text, title?} objects",
                        },
                        "render": _RENDER,
                        "open_copies": _OPEN_COPIES,
                    },
                },
                "ReadRequest": {
                    "type": "object",
                    "oneOf": [{"required": ["ref"]}, {"required": ["text"]}],
                    "properties": {
                        "ref": {"type": "string", "description": _REF},
                        "text": {"type": "string"},
                        "title": {"type": "string"},
                        "truncated": {"type": "boolean"},
                        "render": _RENDER,
                        "open_copies": _OPEN_COPIES,
                    },
                },
                "ReadResult": {
                    "type": "object",
                    "required": ["source", "text", "page_starts", "page_labels"],
                    "properties": {
                        "source": {"$ref": f"{_REPORT}/$defs/source"},
                        "text": {"type": ["string", "null"]},
                        "page_starts": {"type": "array", "items": {"type": "integer"}},
                        "page_labels": {"type": "array", "items": {"type": ["string", "null"]}},
                    },
                },
                "Error": {
                    "type": "object",
                    "required": ["code", "message", "recovery"],
                    "properties": {
                        "code": {
                            "type": "string",
                            "examples": [str(c) for c in ApiCode],
                        },
                        "message": {"type": "string"},
                        "recovery": {
                            "type": ["string", "null"],
                            "examples": [str(r) for r in ApiRecovery],
                        },
                        "details": {"type": "object"},
                    },
                },
            },
        },
    }
