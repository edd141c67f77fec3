"""How network sources are fetched: plain settings, chosen by the front end (no I/O here)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from quote_tui._version import __version__
from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery

__all__ = ["RENDER_MODES", "USER_AGENT", "RemoteSettings", "render_mode"]

RENDER_MODES = ("never", "auto", "always")
"""When HTML pages are rendered in headless Chromium before they are read."""


def render_mode(value: object, label: str = "render") -> str:
    """``value`` as a render mode, checked wherever one is given (a flag, a request, a source).

    Raises:
        BatchInputError: ``bad_option`` for anything but one of ``RENDER_MODES``.
    """
    if value not in RENDER_MODES:
        raise BatchInputError(
            f"{label} must be one of {', '.join(RENDER_MODES)}, not {value!r}",
            code=ErrorCode.BAD_OPTION,
            recovery=Recovery.FIX_INPUT,
        )
    return str(value)


USER_AGENT = f"quote_tui/{__version__} (+https://github.com/quote-tui/quote_tui)"


@dataclass(frozen=True, slots=True)
class RemoteSettings:
    """How network sources are fetched. The CLI fills these from its flags and environment.

    Attributes:
        timeout: seconds for one whole fetch, redirects included.
        max_bytes: the body cap, after decompression.
        max_redirects: redirect hops followed.
        per_host_connections: concurrent requests to one host.
        user_agent: sent with every request and matched against robots.txt.
        doi_resolver: where ``doi:`` refs are resolved (tests point it at loopback).
        eutils_base: NCBI E-utilities base URL.
        crossref_api: Crossref's REST API base URL (reference checks; tests point it at loopback).
        ncbi_tool, ncbi_email, ncbi_api_key: sent to NCBI as its usage policy asks; with a key
            the pace is 10 requests/s instead of 3.
        store_path: the snapshot database; None for the user data directory.
        offline: never touch the network; refs without a snapshot fail with ``offline``.
        refresh: fetch again even when a snapshot exists.
        respect_robots: ask robots.txt before each fetch.
        allow_addresses: TEST ONLY: exact (ip, port) pairs exempt from the address guard.
        render: ``never``, ``auto`` or ``always``: when an HTML page is rendered in headless
            Chromium before it is read (``auto``: when its static text is thin or it says it
            needs script).
        render_timeout: seconds for one render, browser start included.
        chromium: the Chromium executable; None finds it on ``PATH``.
    """

    timeout: float = 20.0
    max_bytes: int = 10 * 1024 * 1024
    max_redirects: int = 5
    per_host_connections: int = 2
    user_agent: str = USER_AGENT
    doi_resolver: str = "https://doi.org/"
    eutils_base: str = "https://eutils.ncbi.nlm.nih.gov/entrez/eutils/"
    crossref_api: str = "https://api.crossref.org/"
    ncbi_tool: str = "quote_tui"
    ncbi_email: str | None = None
    ncbi_api_key: str | None = None
    store_path: Path | None = None
    offline: bool = False
    refresh: bool = False
    respect_robots: bool = True
    allow_addresses: frozenset[tuple[str, int]] = frozenset()
    render: str = "never"
    render_timeout: float = 30.0
    chromium: str | None = None
