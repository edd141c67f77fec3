"""Typed errors shared by every layer.

Hierarchy (each layer adds its own subclass; the ``code`` strings are the report's vocabulary)::

    QuoteTuiError            code, message, recovery
    ├── QuoteError           the quotation itself is unusable (empty, too long, control chars)
    ├── SourceError          a source could not be read (quote_tui.sources)
    │   └── FetchError       a network retrieval failed (quote_tui.sources)
    └── BatchInputError      a batch, workspace or manuscript is malformed (quote_tui.batch)

The engine owns the base class and the code table because it is the bottom layer: every other
layer may import it, and it imports nobody.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class ErrorCode(StrEnum):
    """Stable error codes. They appear in reports, so never rename one."""

    # the quotation
    EMPTY_QUOTE = "empty_quote"
    QUOTE_TOO_LONG = "quote_too_long"
    CONTROL_CHARACTERS = "control_characters"
    BAD_OPTION = "bad_option"
    # reading a source
    FILE_NOT_FOUND = "file_not_found"
    IS_DIRECTORY = "is_directory"
    NOT_A_FILE = "not_a_file"  # a FIFO, a device or a socket: refused without opening it
    UNREADABLE = "unreadable"
    EMPTY_FILE = "empty_file"
    NO_TEXT = "no_text"
    NO_TEXT_LAYER = "no_text_layer"
    ENCRYPTED = "encrypted"
    BROKEN_FILE = "broken_file"
    DECODE_ERROR = "decode_error"
    UNSUPPORTED_TYPE = "unsupported_type"
    BAD_REF = "bad_ref"
    NOT_SUPPORTED_YET = "not_supported_yet"
    OUTSIDE_ROOT = "outside_root"
    READER_CRASHED = "reader_crashed"
    WORKER_LOST = "worker_lost"
    # time budgets (a read past its budget is ``timeout``, as for the network)
    TIME_BUDGET = "time_budget"
    # network
    BLOCKED_ADDRESS = "blocked_address"
    BAD_URL = "bad_url"
    DNS_ERROR = "dns_error"
    TIMEOUT = "timeout"
    TOO_LARGE = "too_large"
    TOO_MANY_REDIRECTS = "too_many_redirects"
    HTTP_ERROR = "http_error"
    ROBOTS_DENIED = "robots_denied"
    RATE_LIMITED = "rate_limited"
    TLS_ERROR = "tls_error"
    CONNECT_ERROR = "connect_error"
    OFFLINE = "offline"
    # rendering a page in a headless browser
    RENDERER_MISSING = "renderer_missing"  # no Chromium: the message gives the install command
    RENDER_FAILED = "render_failed"  # the browser crashed or broke the protocol
    # batches, workspaces, manuscripts
    BAD_BATCH = "bad_batch"
    DUPLICATE_ID = "duplicate_id"
    UNKNOWN_SOURCE = "unknown_source"
    MISSING_FIELD = "missing_field"
    BAD_MANUSCRIPT = "bad_manuscript"
    BAD_STORE = "bad_store"  # the snapshot store file is not a store, or is locked
    INTERNAL_ERROR = "internal_error"


class Recovery(StrEnum):
    """What the user (or agent) can do about an error."""

    CHECK_URL = "check_url"
    RETRY_LATER = "retry_later"
    RESPECT_ROBOTS = "respect_robots"
    USE_SUPPLIED_TEXT = "use_supplied_text"
    REVIEW_SOURCE = "review_source"
    FIX_INPUT = "fix_input"
    RAISE_TIME_BUDGET = "raise_time_budget"
    INSTALL_RENDERER = "install_renderer"


class QuoteTuiError(Exception):
    """Base error: a human message, a stable code and, where one exists, a recovery hint.

    Args:
        message: one sentence a user can act on.
        code: the stable code (an ``ErrorCode`` or its string).
        recovery: what to do next.
        details: extra JSON-serializable facts (an HTTP status, a Retry-After value, ...).
    """

    def __init__(
        self,
        message: str,
        *,
        code: ErrorCode | str,
        recovery: Recovery | str | None = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = str(code)
        self.recovery = str(recovery) if recovery is not None else None
        self.details = dict(details or {})

    def to_dict(self) -> dict[str, Any]:
        """The report's ``error`` object."""
        out: dict[str, Any] = {
            "code": self.code,
            "message": self.message,
            "recovery": self.recovery,
        }
        if self.details:
            out["details"] = self.details
        return out

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, code={self.code!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # A checked citation crosses to and from worker processes with its error; the default
        # rebuilds an exception from ``args`` alone, which misses the keyword-only ``code``.
        return (_restore, (type(self), self.args, dict(self.__dict__)))


def _restore(cls: type[QuoteTuiError], args: tuple[Any, ...], state: dict[str, Any]) -> Any:
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class QuoteError(QuoteTuiError):
    """The quotation cannot be checked as given."""


class SourceError(QuoteTuiError):
    """A source could not be read; the report marks it ``unavailable``."""


class FetchError(SourceError):
    """A network retrieval failed; ``details`` may carry ``status`` or ``retry_after``."""


class BatchInputError(QuoteTuiError):
    """A batch file, workspace or manuscript is malformed."""
