"""How network sources are fetched: plain settings, chosen by the front end (no I/O here)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from quote_tui._version import __version__
from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery

__all__ = [
    "REGISTRY_DEFAULTS",
    "RENDER_MODES",
    "USER_AGENT",
    "RemoteSettings",
    "configured_endpoints",
    "fresh_answer",
    "endpoint_url",
    "render_mode",
]

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


REGISTRY_DEFAULTS = {
    "doi_resolver": "https://doi.org/",
    "eutils_base": "https://eutils.ncbi.nlm.nih.gov/entrez/eutils/",
    "crossref_api": "https://api.crossref.org/",
    "arxiv_api": "https://export.arxiv.org/api/",
    "arxiv_pdf": "https://arxiv.org/",
    "openalex_api": "https://api.openalex.org/",
    "dblp_api": "https://dblp.org/",
    "datacite_api": "https://api.datacite.org/",
    "semanticscholar_api": "https://api.semanticscholar.org/graph/v1/",
    "openreview_api": "https://api2.openreview.net/",
    "europepmc_api": "https://www.ebi.ac.uk/europepmc/webservices/rest/",
    "biorxiv_api": "https://api.biorxiv.org/",
}
"""The public registries' base URLs; a setting (or ``QUOTE_TUI_*_URL``) replaces each one."""


def endpoint_url(value: str, label: str) -> str:
    """``value`` as a registry base URL: http(s), a host, no query or credentials; it ends ``/``.

    Raises:
        BatchInputError: ``bad_option`` naming ``label`` (the flag or variable that gave it).
    """
    parts = urlsplit(value.strip())
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.query
        or parts.fragment
        or parts.username is not None
    ):
        raise BatchInputError(
            f"{label} must be an http(s) base URL such as https://mirror.example.org/api/, "
            f"not {value!r}",
            code=ErrorCode.BAD_OPTION,
            recovery=Recovery.FIX_INPUT,
        )
    try:
        parts.port  # noqa: B018 - a port out of range raises here, not at the first request
    except ValueError as exc:
        raise BatchInputError(
            f"{label} has a bad port: {value!r}",
            code=ErrorCode.BAD_OPTION,
            recovery=Recovery.FIX_INPUT,
        ) from exc
    text = parts.geturl()
    return text if text.endswith("/") else text + "/"


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
        doi_resolver: where ``doi:`` refs are resolved.
        eutils_base: NCBI E-utilities base URL.
        crossref_api: Crossref's REST API base URL (reference checks).
        arxiv_api, openalex_api, dblp_api, datacite_api, semanticscholar_api, openreview_api,
            europepmc_api, biorxiv_api: the other registries' API base URLs (OpenAlex and
            Europe PMC also list a DOI's open full texts).
        arxiv_pdf: where arXiv serves its PDFs (``{arxiv_pdf}pdf/2106.09685``): an arXiv page an
            open-copy listing names is read as its PDF from here.
            A registry base URL other than the public one is the user's own choice (a mirror, a
            self-hosted snapshot) and is trusted as the user's own file is: requests under it
            skip the address guard, so it may be on loopback or the local network
            (``configured_endpoints``).
        ncbi_tool, ncbi_email, ncbi_api_key: sent to NCBI as its usage policy asks; with a key
            the pace is 10 requests/s instead of 3.
        s2_api_key: Semantic Scholar's key (``S2_API_KEY``), sent only to its API; never needed.
        store_path: the snapshot database; None for the user data directory.
        offline: never touch the network; refs without a snapshot fail with ``offline``.
        refresh: fetch again even when a snapshot exists.
        refresh_since: with ``refresh``, a registry answer retrieved at or after this time
            (``YYYY-MM-DDTHH:MM:SSZ``, the run's start) is fresh: ``check --refs --refresh``
            asks OpenAlex once for a DOI, not once for the source and again for the reference.
        respect_robots: ask robots.txt before each fetch.
        allow_addresses: TEST ONLY: exact (ip, port) pairs exempt from the address guard.
        render: ``never``, ``auto`` or ``always``: when an HTML page is rendered in headless
            Chromium before it is read (``auto``: when its static text is thin or it says it
            needs script).
        render_timeout: seconds for one render, browser start included.
        chromium: the Chromium executable; None finds it on ``PATH``.
        open_copies: try the open copies OpenAlex and Europe PMC list for a DOI around the
            publisher's page (``--no-open-copies`` reads only the publisher's page).
    """

    timeout: float = 20.0
    max_bytes: int = 10 * 1024 * 1024
    max_redirects: int = 5
    per_host_connections: int = 2
    user_agent: str = USER_AGENT
    doi_resolver: str = REGISTRY_DEFAULTS["doi_resolver"]
    eutils_base: str = REGISTRY_DEFAULTS["eutils_base"]
    crossref_api: str = REGISTRY_DEFAULTS["crossref_api"]
    arxiv_api: str = REGISTRY_DEFAULTS["arxiv_api"]
    openalex_api: str = REGISTRY_DEFAULTS["openalex_api"]
    dblp_api: str = REGISTRY_DEFAULTS["dblp_api"]
    datacite_api: str = REGISTRY_DEFAULTS["datacite_api"]
    semanticscholar_api: str = REGISTRY_DEFAULTS["semanticscholar_api"]
    openreview_api: str = REGISTRY_DEFAULTS["openreview_api"]
    europepmc_api: str = REGISTRY_DEFAULTS["europepmc_api"]
    biorxiv_api: str = REGISTRY_DEFAULTS["biorxiv_api"]
    arxiv_pdf: str = REGISTRY_DEFAULTS["arxiv_pdf"]
    ncbi_tool: str = "quote_tui"
    ncbi_email: str | None = None
    ncbi_api_key: str | None = None
    s2_api_key: str | None = None
    store_path: Path | None = None
    offline: bool = False
    refresh: bool = False
    refresh_since: str | None = None
    respect_robots: bool = True
    open_copies: bool = True
    allow_addresses: frozenset[tuple[str, int]] = frozenset()
    render: str = "never"
    render_timeout: float = 30.0
    chromium: str | None = None


def fresh_answer(settings: RemoteSettings, retrieved_at: str) -> bool:
    """Whether a stored registry answer may be read rather than asked again: always without
    ``refresh``; with it, only one retrieved since ``refresh_since`` (in this run)."""
    if not settings.refresh:
        return True
    return settings.refresh_since is not None and retrieved_at >= settings.refresh_since


def configured_endpoints(settings: RemoteSettings) -> tuple[str, ...]:
    """The registry base URLs the user chose in place of the public ones.

    Only these are exempt from the address guard: the public defaults are checked like any
    other host, so a poisoned answer for ``api.crossref.org`` still cannot reach loopback.
    """
    chosen = {getattr(settings, name) for name, public in REGISTRY_DEFAULTS.items()}
    return tuple(sorted(chosen - set(REGISTRY_DEFAULTS.values())))
