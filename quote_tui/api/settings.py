"""Run settings as every front end builds them: matching, budgets, network, confinement."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from pathlib import Path

from quote_tui.batch.specs import (
    DEFAULT_CITATION_TIMEOUT,
    DEFAULT_MAX_FILE_BYTES,
    DEFAULT_READ_TIMEOUT,
    Settings,
)
from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.engine.records import MatchOptions
from quote_tui.sources.net.settings import (
    REGISTRY_DEFAULTS,
    RENDER_MODES,
    RemoteSettings,
    endpoint_url,
    render_mode,
)

__all__ = [
    "DEFAULT_CITATION_TIMEOUT",
    "RENDER_MODES",
    "DEFAULT_MAX_FILE_BYTES",
    "DEFAULT_READ_TIMEOUT",
    "REGISTRY_ENV",
    "Settings",
    "confine",
    "make_settings",
    "network_settings",
    "server_settings",
    "with_open_copies",
    "with_render",
]


REGISTRY_ENV = {
    "crossref_api": "QUOTE_TUI_CROSSREF_URL",
    "eutils_base": "QUOTE_TUI_EUTILS_URL",
    "doi_resolver": "QUOTE_TUI_DOI_URL",
    "arxiv_api": "QUOTE_TUI_ARXIV_URL",
    "arxiv_pdf": "QUOTE_TUI_ARXIV_PDF_URL",
    "openalex_api": "QUOTE_TUI_OPENALEX_URL",
    "dblp_api": "QUOTE_TUI_DBLP_URL",
    "datacite_api": "QUOTE_TUI_DATACITE_URL",
    "semanticscholar_api": "QUOTE_TUI_SEMANTICSCHOLAR_URL",
    "openreview_api": "QUOTE_TUI_OPENREVIEW_URL",
    "europepmc_api": "QUOTE_TUI_EUROPEPMC_URL",
    "biorxiv_api": "QUOTE_TUI_BIORXIV_URL",
}
"""The environment variables that replace each registry's public base URL."""


def network_settings(
    *,
    timeout: float = 20.0,
    offline: bool = False,
    refresh: bool = False,
    store: Path | None = None,
    email: str | None = None,
    ncbi_api_key: str | None = None,
    s2_api_key: str | None = None,
    render: str = "never",
    registries: dict[str, str] | None = None,
    open_copies: bool = True,
) -> RemoteSettings:
    """Settings of network sources: one deadline per download, the snapshot store, NCBI's
    courtesy fields, when pages are rendered in a browser (``RENDER_MODES``), and the registries'
    base URLs (``registries``: a name of ``REGISTRY_DEFAULTS`` to a mirror's URL, which is
    trusted as the user's own). The caller reads the environment (``NCBI_API_KEY``, ``S2_API_KEY``,
    ``REGISTRY_ENV``), never deeper down. ``open_copies`` False reads a DOI only through its
    publisher's page (``--no-open-copies``).

    Raises:
        BatchInputError: ``bad_option`` for a registry name or base URL that cannot be used.
    """
    bases: dict[str, str] = {}
    for name, url in (registries or {}).items():
        if name not in REGISTRY_DEFAULTS:
            raise BatchInputError(
                f"no registry is called {name!r}; one of {', '.join(REGISTRY_DEFAULTS)}",
                code=ErrorCode.BAD_OPTION,
                recovery=Recovery.FIX_INPUT,
            )
        if url:
            bases[name] = endpoint_url(url, REGISTRY_ENV[name])
    return RemoteSettings(
        **bases,
        render=render_mode(render),
        timeout=timeout,
        offline=offline,
        refresh=refresh,
        # a run's own answers are fresh for the rest of it: --refresh asks each question once
        refresh_since=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if refresh else None,
        store_path=store,
        ncbi_api_key=ncbi_api_key or None,
        s2_api_key=s2_api_key or None,
        ncbi_email=email or None,
        open_copies=open_copies,
    )


def make_settings(
    *,
    options: MatchOptions | None = None,
    max_source_chars: int = 50_000_000,
    concurrency: int = 4,
    citation_timeout: float | None = DEFAULT_CITATION_TIMEOUT,
    read_timeout: float | None = DEFAULT_READ_TIMEOUT,
    network: RemoteSettings | None = None,
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    allowed: tuple[Path, ...] = (),
) -> Settings:
    """Run settings; a budget of None (or 0) is no budget. ``allowed`` (``--allow-path``) adds
    folders that local paths named inside documents (a ``.bib``'s ``file`` fields, an agent's
    list) may be read from."""
    return Settings(
        allowed=tuple(p.expanduser().resolve() for p in allowed),
        options=options or MatchOptions(),
        max_source_chars=max_source_chars,
        remote=network,
        concurrency=max(1, concurrency),
        citation_timeout=citation_timeout or None,
        read_timeout=read_timeout or None,
        max_file_bytes=max_file_bytes,
    )


def confine(settings: Settings, root: Path | None) -> Settings:
    """``settings`` reading local files only under ``root``, and none at all without it.

    The root is resolved here, and the service resolves each path before comparing, so neither
    ``..`` nor a symlink leads out. Every front end that takes paths from others (the MCP server,
    the HTTP API) confines its settings through this one function.
    """
    real_root = root.expanduser().resolve() if root is not None else None
    return dataclasses.replace(settings, root=real_root, allow_local=real_root is not None)


def server_settings(settings: Settings) -> Settings:
    """The settings of a process that serves (the HTTP API, the MCP server over stdio or HTTP):
    it runs threads, so it never forks itself; a large source is split across spawned workers
    (``Settings.fork_copies``)."""
    return dataclasses.replace(settings, fork_copies=False)


def with_open_copies(settings: Settings, open_copies: object) -> Settings:
    """``settings`` with a request's own choice of open copies for DOIs (None: the run's own).

    Raises:
        BatchInputError: ``bad_option`` for anything but true, false or null.
    """
    if open_copies is None:
        return settings
    if not isinstance(open_copies, bool):
        raise BatchInputError(
            f"'open_copies' is true or false, not {open_copies!r}",
            code=ErrorCode.BAD_OPTION,
            recovery=Recovery.FIX_INPUT,
        )
    remote = settings.remote or network_settings()
    return dataclasses.replace(
        settings, remote=dataclasses.replace(remote, open_copies=open_copies)
    )


def with_render(settings: Settings, render: object) -> Settings:
    """``settings`` with a request's own render mode (None: the run's own).

    Raises:
        BatchInputError: ``bad_option`` for a mode that does not exist.
    """
    if render is None:
        return settings
    remote = settings.remote or network_settings()
    mode = render_mode(render, "'render'")
    return dataclasses.replace(settings, remote=dataclasses.replace(remote, render=mode))
