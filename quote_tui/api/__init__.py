"""The front door: every front end (the CLI, the app, the HTTP and MCP servers, the claims gate)
and every library user reads, checks and writes through here, and only here.

- ``check_text``: the pure engine on a text in hand (blocking, no I/O).
- ``check_quote``, ``check_batch``, ``stream_batch``, ``read_source``: async checks and reads of
  sources named by refs (paths, URLs, ``doi:``, ``pmid:``) or supplied as text.
- ``open_input``: a batch file, a JSONL batch, a manuscript or another tool's file, told apart.
- ``render``, ``write_text``, ``exit_code``: the report's formats, its atomic write, the
  ``--strict`` rule.
- ``make_settings``, ``network_settings``, ``confine``: settings as every front end builds them,
  budgets and the confinement root included.
- ``Session``: an interactive front end's run (kept indexes, budgeted searches, cancellation).
"""

from quote_tui.api.checks import (
    ClusterOptions,
    QuoteCheck,
    StreamResult,
    check_batch,
    check_quote,
    check_text,
    read_source,
    stream_batch,
)
from quote_tui.api.inputs import (
    Input,
    JsonlBatch,
    is_jsonl_input,
    load_batch,
    load_jsonl_batch,
    open_input,
    parse_batch,
    scan_manuscript,
)
from quote_tui.api.output import (
    EXIT_OK,
    EXIT_STRICT,
    EXIT_UNREADABLE,
    EXIT_USAGE,
    FORMATS,
    counted,
    exit_code,
    format_for,
    refs_from,
    render,
    what_to_do,
    write_text,
)
from quote_tui.api.session import Session
from quote_tui.api.settings import (
    DEFAULT_CITATION_TIMEOUT,
    DEFAULT_MAX_FILE_BYTES,
    DEFAULT_READ_TIMEOUT,
    RENDER_MODES,
    confine,
    make_settings,
    network_settings,
)
from quote_tui.api.snapshots import list_snapshots, prune_snapshots, show_snapshot
from quote_tui.batch.outcomes import PASSING, CitationOutcome, Progress, SourceOutcome, fails
from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec
from quote_tui.engine.errors import BatchInputError, QuoteError, QuoteTuiError, SourceError
from quote_tui.engine.records import CheckResult, Match, MatchOptions, Status
from quote_tui.engine.text import PreparedText
from quote_tui.sources.refs import same_work_key

__all__ = [
    "DEFAULT_CITATION_TIMEOUT",
    "DEFAULT_MAX_FILE_BYTES",
    "DEFAULT_READ_TIMEOUT",
    "EXIT_OK",
    "EXIT_STRICT",
    "EXIT_UNREADABLE",
    "EXIT_USAGE",
    "FORMATS",
    "PASSING",
    "RENDER_MODES",
    "Batch",
    "BatchInputError",
    "CheckResult",
    "CitationOutcome",
    "CitationSpec",
    "ClusterOptions",
    "Input",
    "JsonlBatch",
    "Match",
    "MatchOptions",
    "PreparedText",
    "Progress",
    "QuoteCheck",
    "QuoteError",
    "QuoteTuiError",
    "Session",
    "Settings",
    "SourceError",
    "SourceOutcome",
    "SourceSpec",
    "Status",
    "StreamResult",
    "check_batch",
    "check_quote",
    "check_text",
    "confine",
    "counted",
    "exit_code",
    "fails",
    "format_for",
    "is_jsonl_input",
    "load_batch",
    "list_snapshots",
    "load_jsonl_batch",
    "make_settings",
    "network_settings",
    "open_input",
    "parse_batch",
    "prune_snapshots",
    "read_source",
    "refs_from",
    "render",
    "same_work_key",
    "scan_manuscript",
    "show_snapshot",
    "stream_batch",
    "what_to_do",
    "write_text",
]
