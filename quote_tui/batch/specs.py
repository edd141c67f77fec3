"""What a batch asks for: sources, citations and run settings (plain records, no I/O)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from quote_tui.engine.records import MatchOptions
from quote_tui.sources.load import DEFAULT_MAX_FILE_BYTES, DEFAULT_READ_TIMEOUT, ReadSettings
from quote_tui.sources.net.settings import RemoteSettings

__all__ = [
    "DEFAULT_CITATION_TIMEOUT",
    "DEFAULT_MAX_FILE_BYTES",
    "DEFAULT_READ_TIMEOUT",
    "Batch",
    "CitationSpec",
    "Settings",
    "SourceSpec",
]

DEFAULT_CITATION_TIMEOUT = 20.0
"""Seconds per citation: far above a normal check (milliseconds), short enough for a batch."""


@dataclass(frozen=True, slots=True)
class SourceSpec:
    """A source named by a ``ref`` (path, URL, ``doi:``, ``pmid:``) or supplied as ``text``."""

    id: str
    ref: str | None = None
    text: str | None = None
    title: str | None = None
    truncated: bool = False
    extra: dict[str, Any] = field(default_factory=dict, compare=False)
    """Fields the batch carried that the core does not use (kept for the report)."""


@dataclass(frozen=True, slots=True)
class CitationSpec:
    """A quotation attributed to a source (``source`` is None for an unreferenced quotation)."""

    id: str
    source: str | None
    quote: str | None
    locator: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False)
    """Fields the batch carried (manuscript location, reference, ...), echoed in the report."""


@dataclass(frozen=True, slots=True)
class Batch:
    """Sources and citations to check; relative paths resolve against ``base_dir``."""

    sources: tuple[SourceSpec, ...]
    citations: tuple[CitationSpec, ...]
    base_dir: Path | None = None


@dataclass(frozen=True, slots=True)
class Settings:
    """Run settings, chosen by the front end and passed down unchanged.

    Attributes:
        options: engine matching options (echoed in the report).
        max_source_chars: longer checked texts are truncated (absence becomes inconclusive).
        concurrency: how many sources are read at once.
        remote: network settings; None means network sources use their defaults.
        root: when set, local paths must lie under it (the MCP server's ``--root``).
        allowed: more folders (``--allow-path``) a local path named inside a document (a
            source with ``confined_to``) may lie under.
        allow_local: False forbids local paths entirely (MCP server without ``--root``).
        citation_timeout: seconds one citation's check may take before it is ``inconclusive``
            (``time_budget``); None for no budget.
        read_timeout: seconds reading one local source, or parsing one fetched PDF or HTML body
            in a worker process, may take before it is ``unavailable`` (``timeout``); None for
            no budget.
        isolate_readers: read local files, and fetched PDF and HTML, in worker processes, so a
            reader that crashes or hangs in native code costs only its own source.
        max_file_bytes: largest local file read (``too_large`` past it, before reading).
        fork_copies: split a large source's citations across forked copies of this process
            (``batch.split``); False spawns fresh workers instead, for a process that runs
            threads and must not fork itself (the servers: ``api.server_settings``).
    """

    options: MatchOptions = field(default_factory=MatchOptions)
    max_source_chars: int = 50_000_000
    concurrency: int = 4
    remote: RemoteSettings | None = None
    root: Path | None = None
    allowed: tuple[Path, ...] = ()
    allow_local: bool = True
    citation_timeout: float | None = DEFAULT_CITATION_TIMEOUT
    read_timeout: float | None = DEFAULT_READ_TIMEOUT
    isolate_readers: bool = True
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    fork_copies: bool = True

    @property
    def read(self) -> ReadSettings:
        """The part of these settings that reading sources uses (``sources.load.Loader``).

        Every field of ``ReadSettings`` has its namesake here, so it is taken by name: a read
        setting added there needs no second list of fields to copy.
        """
        return ReadSettings(**{f.name: getattr(self, f.name) for f in fields(ReadSettings)})
