"""The front door: every front end (the CLI, the app, the HTTP and MCP servers, the claims gate)
and every library user reads, checks and writes through here, and only here.

- ``check_text``: the pure engine on a text in hand (blocking, no I/O).
- ``check_quote``, ``check_batch``, ``stream_batch``, ``read_source``: async checks and reads of
  sources named by refs (paths, URLs, ``doi:``, ``pmid:``) or supplied as text; ``run`` runs
  one of them from synchronous code (without an event loop when all it reads is local).
- ``open_input``: a batch file, a JSONL batch, a manuscript or another tool's file, told apart.
- ``render``, ``write_text``, ``exit_code``: the report's formats, its atomic write, the
  ``--strict`` rule.
- ``make_settings``, ``network_settings``, ``confine``: settings as every front end builds them,
  budgets and the confinement root included.
- ``read_references``, ``parse_references``, ``check_references``, ``render_references``,
  ``failing_references``, ``load_retractions``: references checked against Crossref, PubMed and
  a Retraction Watch CSV; ``reference_facts``: what the registries say of one reference.
- ``Session``: an interactive front end's run (kept indexes, budgeted searches, cancellation).

Names load on first use, each from its own module, so a command pays only for what it calls
(``quote-tui quote`` on a text file loads no report renderer, JSONL reader or cluster).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from quote_tui._lazy import lazy_names

if TYPE_CHECKING:
    from quote_tui.api.annotate import Annotated, annotate_pdfs
    from quote_tui.api.checks import (
        QuoteCheck,
        StreamResult,
        check_batch,
        check_quote,
        check_text,
        read_source,
        run,
        stream_batch,
    )
    from quote_tui.api.inputs import (
        Input,
        JsonlBatch,
        answer_input,
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
    from quote_tui.api.references import (
        REFERENCE_FORMATS,
        append_references,
        check_references,
        failing_references,
        load_retractions,
        parse_references,
        read_references,
        render_references,
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
        with_render,
    )
    from quote_tui.api.snapshots import list_snapshots, prune_snapshots, show_snapshot
    from quote_tui.batch.cluster import ClusterOptions
    from quote_tui.batch.outcomes import PASSING, CitationOutcome, Progress, SourceOutcome, fails
    from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec
    from quote_tui.engine.errors import BatchInputError, QuoteError, QuoteTuiError, SourceError
    from quote_tui.engine.records import CheckResult, Match, MatchOptions, Status
    from quote_tui.engine.text import PreparedText
    from quote_tui.manuscripts.bibfind import find_bibliographies
    from quote_tui.references.report import reference_facts
    from quote_tui.sources.refs import same_work_key

_EXPORTS = {
    "Batch": "quote_tui.batch.specs",
    "BatchInputError": "quote_tui.engine.errors",
    "CheckResult": "quote_tui.engine.records",
    "CitationOutcome": "quote_tui.batch.outcomes",
    "CitationSpec": "quote_tui.batch.specs",
    "ClusterOptions": "quote_tui.batch.cluster",
    "DEFAULT_CITATION_TIMEOUT": "quote_tui.api.settings",
    "DEFAULT_MAX_FILE_BYTES": "quote_tui.api.settings",
    "DEFAULT_READ_TIMEOUT": "quote_tui.api.settings",
    "EXIT_OK": "quote_tui.api.output",
    "EXIT_STRICT": "quote_tui.api.output",
    "EXIT_UNREADABLE": "quote_tui.api.output",
    "EXIT_USAGE": "quote_tui.api.output",
    "FORMATS": "quote_tui.api.output",
    "Input": "quote_tui.api.inputs",
    "JsonlBatch": "quote_tui.api.inputs",
    "Match": "quote_tui.engine.records",
    "MatchOptions": "quote_tui.engine.records",
    "PASSING": "quote_tui.batch.outcomes",
    "PreparedText": "quote_tui.engine.text",
    "Progress": "quote_tui.batch.outcomes",
    "QuoteCheck": "quote_tui.api.checks",
    "QuoteError": "quote_tui.engine.errors",
    "QuoteTuiError": "quote_tui.engine.errors",
    "RENDER_MODES": "quote_tui.api.settings",
    "Session": "quote_tui.api.session",
    "Settings": "quote_tui.batch.specs",
    "SourceError": "quote_tui.engine.errors",
    "SourceOutcome": "quote_tui.batch.outcomes",
    "SourceSpec": "quote_tui.batch.specs",
    "Status": "quote_tui.engine.records",
    "StreamResult": "quote_tui.api.checks",
    "answer_input": "quote_tui.api.inputs",
    "check_batch": "quote_tui.api.checks",
    "check_quote": "quote_tui.api.checks",
    "check_text": "quote_tui.api.checks",
    "confine": "quote_tui.api.settings",
    "counted": "quote_tui.api.output",
    "exit_code": "quote_tui.api.output",
    "fails": "quote_tui.batch.outcomes",
    "format_for": "quote_tui.api.output",
    "is_jsonl_input": "quote_tui.api.inputs",
    "list_snapshots": "quote_tui.api.snapshots",
    "load_batch": "quote_tui.api.inputs",
    "load_jsonl_batch": "quote_tui.api.inputs",
    "make_settings": "quote_tui.api.settings",
    "network_settings": "quote_tui.api.settings",
    "with_render": "quote_tui.api.settings",
    "open_input": "quote_tui.api.inputs",
    "parse_batch": "quote_tui.api.inputs",
    "prune_snapshots": "quote_tui.api.snapshots",
    "read_source": "quote_tui.api.checks",
    "refs_from": "quote_tui.api.output",
    "render": "quote_tui.api.output",
    "Annotated": "quote_tui.api.annotate",
    "annotate_pdfs": "quote_tui.api.annotate",
    "run": "quote_tui.api.checks",
    "same_work_key": "quote_tui.sources.refs",
    "scan_manuscript": "quote_tui.api.inputs",
    "show_snapshot": "quote_tui.api.snapshots",
    "stream_batch": "quote_tui.api.checks",
    "what_to_do": "quote_tui.api.output",
    "write_text": "quote_tui.api.output",
    "REFERENCE_FORMATS": "quote_tui.api.references",
    "append_references": "quote_tui.api.references",
    "check_references": "quote_tui.api.references",
    "failing_references": "quote_tui.api.references",
    "load_retractions": "quote_tui.api.references",
    "parse_references": "quote_tui.api.references",
    "read_references": "quote_tui.api.references",
    "render_references": "quote_tui.api.references",
    "reference_facts": "quote_tui.references.report",
    "find_bibliographies": "quote_tui.manuscripts.bibfind",
}

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
    "Annotated",
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
    "REFERENCE_FORMATS",
    "Session",
    "Settings",
    "SourceError",
    "SourceOutcome",
    "SourceSpec",
    "Status",
    "StreamResult",
    "annotate_pdfs",
    "answer_input",
    "append_references",
    "check_batch",
    "check_quote",
    "check_references",
    "check_text",
    "confine",
    "counted",
    "exit_code",
    "failing_references",
    "fails",
    "find_bibliographies",
    "format_for",
    "is_jsonl_input",
    "load_batch",
    "list_snapshots",
    "load_jsonl_batch",
    "load_retractions",
    "make_settings",
    "network_settings",
    "open_input",
    "parse_batch",
    "parse_references",
    "prune_snapshots",
    "read_references",
    "read_source",
    "reference_facts",
    "refs_from",
    "render",
    "render_references",
    "run",
    "same_work_key",
    "scan_manuscript",
    "show_snapshot",
    "stream_batch",
    "what_to_do",
    "with_render",
    "write_text",
]


__getattr__, __dir__ = lazy_names(__name__, _EXPORTS, globals())
