"""The HTTP API's refusals: an HTTP status, a stable error code and a recovery hint.

They share ``QuoteTuiError`` with the rest of the package, so a refusal's JSON body is exactly the
report's ``error`` object (``code``, ``message``, ``recovery``, optional ``details``) and a client
reads one error shape whether a whole request or a single entry failed.
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any

from quote_tui.api import QuoteTuiError


class ApiError(QuoteTuiError):
    """A request refused as a whole.

    Args:
        message: one sentence the client can act on.
        status: the HTTP status to answer with.
        code: the stable code.
        recovery: what to do next.
        headers: extra response headers (``Retry-After``, ``WWW-Authenticate``).
        details: extra JSON facts (the limit that was hit, ...).
    """

    def __init__(
        self, message: str, *, status: int, headers: dict[str, str] | None = None, **error: Any
    ) -> None:
        super().__init__(message, **error)  # code, recovery and details, as any error has
        self.status = status
        self.headers = dict(headers or {})

    def body(self) -> bytes:
        """The JSON body of the refusal."""
        return json.dumps(self.to_dict(), ensure_ascii=False).encode("utf-8")


class ApiCode(StrEnum):
    """Error codes of whole requests. They are part of the API, so never rename one."""

    BODY_TOO_LARGE = "body_too_large"
    BAD_JSON = "bad_json"
    TOO_MANY_SOURCES = "too_many_sources"
    TOO_MANY_CITATIONS = "too_many_citations"
    BUSY = "busy"
    DEADLINE_EXCEEDED = "deadline_exceeded"
    UNAUTHORIZED = "unauthorized"
    BAD_HOST = "bad_host"
    BAD_ORIGIN = "bad_origin"
    BAD_FRAMING = "bad_framing"
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    AUTH_REQUIRED = "auth_required"
    INTERNAL_ERROR = "internal_error"


class ApiRecovery(StrEnum):
    """What a client can do about a refused request."""

    SPLIT_REQUEST = "split_request"
    FIX_INPUT = "fix_input"
    RETRY_LATER = "retry_later"
    SEND_API_KEY = "send_api_key"
    USE_LOOPBACK_ADDRESS = "use_loopback_address"
    CHECK_URL = "check_url"
    CHOOSE_AUTH = "choose_auth"
