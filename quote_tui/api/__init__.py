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
- ``gate_findings``, ``gate_claims``, ``gate_config`` and the findings' views (``finding_line``,
  ``gate_summary``, ``gate_sarif``, ``number_check``): the claims gate, whose rules lie below.
- ``ErrorCode``, ``Recovery`` and the error types; the engine's records; ``server_settings``
  (a server never forks itself); ``runs_without_loop`` (a run ``run`` may drive on the spot).
- ``Outcome``, ``outcome_of``, ``outcome_of_check``, ``LOOKS``, ``tally``: a citation's verdict
  with what a reader must not miss, and the one status table, that every front end shows.

The front ends (the CLI, the app, the servers) import nothing of quote_tui but this package; an
import contract holds that. Names load on first use, each from its own module, so a command pays
only for what it calls (``quote-tui quote`` on a text file loads no report renderer, JSONL
reader or cluster). ``_EXPORTS`` is the one list of names; the ``TYPE_CHECKING`` imports are
written from it (``scripts/lazy_names.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from quote_tui._lazy import lazy_names, public_names

if TYPE_CHECKING:
    from quote_tui.api.annotate import Annotated as Annotated
    from quote_tui.api.annotate import annotate_pdfs as annotate_pdfs
    from quote_tui.api.checks import QuoteCheck as QuoteCheck
    from quote_tui.api.checks import StreamResult as StreamResult
    from quote_tui.api.checks import check_batch as check_batch
    from quote_tui.api.checks import check_quote as check_quote
    from quote_tui.api.checks import check_text as check_text
    from quote_tui.api.checks import read_source as read_source
    from quote_tui.api.checks import run as run
    from quote_tui.api.checks import runs_without_loop as runs_without_loop
    from quote_tui.api.checks import stream_batch as stream_batch
    from quote_tui.api.gate import gate_claims as gate_claims
    from quote_tui.api.gate import gate_findings as gate_findings
    from quote_tui.api.inputs import Input as Input
    from quote_tui.api.inputs import JsonlBatch as JsonlBatch
    from quote_tui.api.inputs import answer_input as answer_input
    from quote_tui.api.inputs import is_jsonl_input as is_jsonl_input
    from quote_tui.api.inputs import load_batch as load_batch
    from quote_tui.api.inputs import load_jsonl_batch as load_jsonl_batch
    from quote_tui.api.inputs import open_input as open_input
    from quote_tui.api.inputs import parse_batch as parse_batch
    from quote_tui.api.inputs import scan_manuscript as scan_manuscript
    from quote_tui.api.output import EXIT_OK as EXIT_OK
    from quote_tui.api.output import EXIT_STRICT as EXIT_STRICT
    from quote_tui.api.output import EXIT_UNREADABLE as EXIT_UNREADABLE
    from quote_tui.api.output import EXIT_USAGE as EXIT_USAGE
    from quote_tui.api.output import FORMATS as FORMATS
    from quote_tui.api.output import counted as counted
    from quote_tui.api.output import exit_code as exit_code
    from quote_tui.api.output import format_for as format_for
    from quote_tui.api.output import refs_from as refs_from
    from quote_tui.api.output import render as render
    from quote_tui.api.output import report_schema as report_schema
    from quote_tui.api.output import what_to_do as what_to_do
    from quote_tui.api.output import write_text as write_text
    from quote_tui.api.references import DEFAULT_REGISTRIES as DEFAULT_REGISTRIES
    from quote_tui.api.references import MAX_LOOKUPS as MAX_LOOKUPS
    from quote_tui.api.references import MAX_REFERENCES as MAX_REFERENCES
    from quote_tui.api.references import REFERENCE_FORMATS as REFERENCE_FORMATS
    from quote_tui.api.references import REGISTRIES as REGISTRIES
    from quote_tui.api.references import REVIEW_FILE as REVIEW_FILE
    from quote_tui.api.references import changed_for_worse as changed_for_worse
    from quote_tui.api.references import check_references as check_references
    from quote_tui.api.references import failing_references as failing_references
    from quote_tui.api.references import load_retractions as load_retractions
    from quote_tui.api.references import manuscript_date as manuscript_date
    from quote_tui.api.references import manuscript_date_source as manuscript_date_source
    from quote_tui.api.references import parse_references as parse_references
    from quote_tui.api.references import read_references as read_references
    from quote_tui.api.references import references_schema as references_schema
    from quote_tui.api.references import registry_names as registry_names
    from quote_tui.api.references import render_references as render_references
    from quote_tui.api.references import review_finding as review_finding
    from quote_tui.api.session import Session as Session
    from quote_tui.api.settings import DEFAULT_CITATION_TIMEOUT as DEFAULT_CITATION_TIMEOUT
    from quote_tui.api.settings import DEFAULT_MAX_FILE_BYTES as DEFAULT_MAX_FILE_BYTES
    from quote_tui.api.settings import DEFAULT_READ_TIMEOUT as DEFAULT_READ_TIMEOUT
    from quote_tui.api.settings import REGISTRY_ENV as REGISTRY_ENV
    from quote_tui.api.settings import RENDER_MODES as RENDER_MODES
    from quote_tui.api.settings import confine as confine
    from quote_tui.api.settings import make_settings as make_settings
    from quote_tui.api.settings import network_settings as network_settings
    from quote_tui.api.settings import server_settings as server_settings
    from quote_tui.api.settings import with_open_copies as with_open_copies
    from quote_tui.api.settings import with_render as with_render
    from quote_tui.api.snapshots import list_snapshots as list_snapshots
    from quote_tui.api.snapshots import prune_snapshots as prune_snapshots
    from quote_tui.api.snapshots import show_snapshot as show_snapshot
    from quote_tui.batch.cluster import ClusterOptions as ClusterOptions
    from quote_tui.batch.outcome import HEADINGS as HEADINGS
    from quote_tui.batch.outcome import LOOKS as LOOKS
    from quote_tui.batch.outcome import NOTICE_KINDS as NOTICE_KINDS
    from quote_tui.batch.outcome import Look as Look
    from quote_tui.batch.outcome import Notice as Notice
    from quote_tui.batch.outcome import Outcome as Outcome
    from quote_tui.batch.outcome import Tone as Tone
    from quote_tui.batch.outcome import derive as derive
    from quote_tui.batch.outcome import look as look
    from quote_tui.batch.outcome import outcome_of as outcome_of
    from quote_tui.batch.outcome import outcome_of_check as outcome_of_check
    from quote_tui.batch.outcome import tally as tally
    from quote_tui.batch.outcomes import PASSING as PASSING
    from quote_tui.batch.outcomes import CitationOutcome as CitationOutcome
    from quote_tui.batch.outcomes import PageRead as PageRead
    from quote_tui.batch.outcomes import Progress as Progress
    from quote_tui.batch.outcomes import SourceOutcome as SourceOutcome
    from quote_tui.batch.outcomes import fails as fails
    from quote_tui.batch.specs import Batch as Batch
    from quote_tui.batch.specs import CitationSpec as CitationSpec
    from quote_tui.batch.specs import Settings as Settings
    from quote_tui.batch.specs import SourceSpec as SourceSpec
    from quote_tui.batch.unread_glyphs import visible_glyphs as visible_glyphs
    from quote_tui.engine.diff import difference_spans as difference_spans
    from quote_tui.engine.errors import BatchInputError as BatchInputError
    from quote_tui.engine.errors import ErrorCode as ErrorCode
    from quote_tui.engine.errors import QuoteError as QuoteError
    from quote_tui.engine.errors import QuoteTuiError as QuoteTuiError
    from quote_tui.engine.errors import Recovery as Recovery
    from quote_tui.engine.errors import SourceError as SourceError
    from quote_tui.engine.records import Box as Box
    from quote_tui.engine.records import CheckResult as CheckResult
    from quote_tui.engine.records import Difference as Difference
    from quote_tui.engine.records import DiffKind as DiffKind
    from quote_tui.engine.records import Fragment as Fragment
    from quote_tui.engine.records import Match as Match
    from quote_tui.engine.records import MatchOptions as MatchOptions
    from quote_tui.engine.records import Rule as Rule
    from quote_tui.engine.records import Status as Status
    from quote_tui.engine.text import PreparedText as PreparedText
    from quote_tui.gate.claims import GateResult as GateResult
    from quote_tui.gate.config import gate_config as gate_config
    from quote_tui.gate.findings import Finding as Finding
    from quote_tui.gate.report import finding_line as finding_line
    from quote_tui.gate.report import gate_sarif as gate_sarif
    from quote_tui.gate.report import gate_summary as gate_summary
    from quote_tui.gate.report import number_check as number_check
    from quote_tui.manuscripts.bibfind import find_bibliographies as find_bibliographies
    from quote_tui.reports.common import OUTSIDE_MAIN_TEXT as OUTSIDE_MAIN_TEXT
    from quote_tui.reports.common import claimed_text as claimed_text
    from quote_tui.reports.common import locator_text as locator_text
    from quote_tui.reports.common import manuscript_place as manuscript_place
    from quote_tui.reports.common import page_number as page_number
    from quote_tui.reports.references import reference_facts as reference_facts
    from quote_tui.reports.references import unreached_lines as unreached_lines
    from quote_tui.reports.references import warning_line as warning_line
    from quote_tui.sources.refs import same_work_key as same_work_key
    from quote_tui.sources.refs import work_identifiers as work_identifiers

_EXPORTS = {
    "quote_tui.api.annotate": ("Annotated", "annotate_pdfs"),
    "quote_tui.api.checks": (
        "QuoteCheck",
        "StreamResult",
        "check_batch",
        "check_quote",
        "check_text",
        "read_source",
        "run",
        "runs_without_loop",
        "stream_batch",
    ),
    "quote_tui.api.gate": ("gate_claims", "gate_findings"),
    "quote_tui.api.inputs": (
        "Input",
        "JsonlBatch",
        "answer_input",
        "is_jsonl_input",
        "load_batch",
        "load_jsonl_batch",
        "open_input",
        "parse_batch",
        "scan_manuscript",
    ),
    "quote_tui.api.output": (
        "EXIT_OK",
        "EXIT_STRICT",
        "EXIT_UNREADABLE",
        "EXIT_USAGE",
        "FORMATS",
        "counted",
        "exit_code",
        "format_for",
        "refs_from",
        "render",
        "report_schema",
        "what_to_do",
        "write_text",
    ),
    "quote_tui.api.references": (
        "DEFAULT_REGISTRIES",
        "MAX_LOOKUPS",
        "MAX_REFERENCES",
        "REFERENCE_FORMATS",
        "REGISTRIES",
        "REVIEW_FILE",
        "changed_for_worse",
        "check_references",
        "failing_references",
        "load_retractions",
        "manuscript_date",
        "manuscript_date_source",
        "parse_references",
        "read_references",
        "references_schema",
        "registry_names",
        "render_references",
        "review_finding",
    ),
    "quote_tui.api.session": ("Session",),
    "quote_tui.api.settings": (
        "DEFAULT_CITATION_TIMEOUT",
        "DEFAULT_MAX_FILE_BYTES",
        "DEFAULT_READ_TIMEOUT",
        "REGISTRY_ENV",
        "RENDER_MODES",
        "confine",
        "make_settings",
        "network_settings",
        "server_settings",
        "with_open_copies",
        "with_render",
    ),
    "quote_tui.api.snapshots": ("list_snapshots", "prune_snapshots", "show_snapshot"),
    "quote_tui.batch.cluster": ("ClusterOptions",),
    "quote_tui.batch.outcome": (
        "HEADINGS",
        "LOOKS",
        "NOTICE_KINDS",
        "Look",
        "Notice",
        "Outcome",
        "Tone",
        "derive",
        "look",
        "outcome_of",
        "outcome_of_check",
        "tally",
    ),
    "quote_tui.batch.outcomes": (
        "PASSING",
        "CitationOutcome",
        "PageRead",
        "Progress",
        "SourceOutcome",
        "fails",
    ),
    "quote_tui.batch.specs": ("Batch", "CitationSpec", "Settings", "SourceSpec"),
    "quote_tui.batch.unread_glyphs": ("visible_glyphs",),
    "quote_tui.engine.diff": ("difference_spans",),
    "quote_tui.engine.errors": (
        "BatchInputError",
        "ErrorCode",
        "QuoteError",
        "QuoteTuiError",
        "Recovery",
        "SourceError",
    ),
    "quote_tui.engine.records": (
        "Box",
        "CheckResult",
        "Difference",
        "DiffKind",
        "Fragment",
        "Match",
        "MatchOptions",
        "Rule",
        "Status",
    ),
    "quote_tui.engine.text": ("PreparedText",),
    "quote_tui.gate.claims": ("GateResult",),
    "quote_tui.gate.config": ("gate_config",),
    "quote_tui.gate.findings": ("Finding",),
    "quote_tui.gate.report": ("finding_line", "gate_sarif", "gate_summary", "number_check"),
    "quote_tui.manuscripts.bibfind": ("find_bibliographies",),
    "quote_tui.reports.common": (
        "OUTSIDE_MAIN_TEXT",
        "claimed_text",
        "locator_text",
        "manuscript_place",
        "page_number",
    ),
    "quote_tui.reports.references": ("reference_facts", "unreached_lines", "warning_line"),
    "quote_tui.sources.refs": ("same_work_key", "work_identifiers"),
}

__all__ = public_names(_EXPORTS)

__getattr__, __dir__ = lazy_names(__name__, _EXPORTS, globals())
