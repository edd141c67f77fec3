"""What a server is allowed to do: its limits, its address and who may call it."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field, fields
from pathlib import Path

from quote_tui.api import ErrorCode, QuoteTuiError, Recovery, Settings, server_settings
from quote_tui.server.connections import ConnectionLimits
from quote_tui.server.errors import ApiCode, ApiRecovery

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on every request; each refusal has its own status and code.

    Attributes:
        max_body_bytes: request bodies above this get 413 ``body_too_large`` (64 KiB, like the
            hosted citation checkers: a batch of supplied texts fits, a book does not).
        max_sources: sources per request (422 ``too_many_sources``); ten, like hosted peers.
        max_citations: citations per request (422 ``too_many_citations``).
        max_concurrent: checks running at once; the engine runs in threads on a few cores, so
            more would only make each one slower.
        max_waiting: requests admitted to wait for a running slot; beyond that 503 ``busy`` with
            Retry-After. Each waiting request holds at most one body, so memory stays bounded.
        deadline: seconds for a whole request, waiting included (504 ``deadline_exceeded``).
        header_timeout: seconds a connection has to send its request headers (408, closed).
        body_timeout: seconds from the headers to the end of the body (408, closed); under the
            deadline, and no admission ticket is taken before the body is in.
        max_connections: open connections at once, lowered to fit the file-descriptor limit;
            past it new connections are closed unanswered.
        max_connections_per_client: open connections of one client address, below
            ``max_connections`` (None: a quarter of it), so one client is shed before others.
    """

    max_body_bytes: int = 64 * 1024
    max_sources: int = 10
    max_citations: int = 100
    max_concurrent: int = 4
    max_waiting: int = 256
    deadline: float = 60.0
    header_timeout: float = 5.0
    body_timeout: float = 10.0
    max_connections: int = 512
    max_connections_per_client: int | None = None

    @property
    def connections(self) -> ConnectionLimits:
        """The part of these limits the HTTP protocol keeps (``server.connections``)."""
        return ConnectionLimits(
            self.header_timeout,
            self.body_timeout,
            self.max_connections,
            self.max_connections_per_client,
        )

    def validate(self) -> None:
        """Raise ``QuoteTuiError`` (``bad_option``) for a limit that is not positive, or a body
        timeout not under the deadline."""
        if self.body_timeout >= self.deadline:
            raise QuoteTuiError(
                f"--body-timeout ({self.body_timeout:g}) must be under --deadline "
                f"({self.deadline:g})",
                code=ErrorCode.BAD_OPTION,
                recovery=Recovery.FIX_INPUT,
            )
        for item in fields(self):
            name, value = item.name, getattr(self, item.name)
            lowest = 0 if name == "max_waiting" else 1
            if value is not None and value < lowest:
                raise QuoteTuiError(
                    f"--{name.replace('_', '-')} must be at least {lowest}, not {value}",
                    code=ErrorCode.BAD_OPTION,
                    recovery=Recovery.FIX_INPUT,
                )

    def to_dict(self) -> dict[str, int | float | None]:
        return {item.name: getattr(self, item.name) for item in fields(self)}


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """One server's settings.

    Attributes:
        host: the address the server binds; anything but loopback needs ``api_key`` or
            ``insecure_no_auth`` (see ``check_exposure``).
        port: the TCP port.
        api_key: when set, every request but health and the OpenAPI document must carry it
            (``Authorization: Bearer KEY`` or ``X-API-Key: KEY``).
        insecure_no_auth: serve a non-loopback address with no key, knowingly.
        settings: the service settings, already confined to ``--root`` (see
            ``quote_tui.mcp_server.confine``).
        limits: request bounds.
    """

    host: str = "127.0.0.1"
    port: int = 8000
    api_key: str | None = None
    insecure_no_auth: bool = False
    settings: Settings = field(default_factory=lambda: Settings(allow_local=False))
    limits: Limits = field(default_factory=Limits)

    def __post_init__(self) -> None:
        # a server runs threads: a large source is split across spawned workers, never by
        # forking the server (``api.server_settings``)
        object.__setattr__(self, "settings", server_settings(self.settings))

    @property
    def root(self) -> Path | None:
        return self.settings.root


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and loopback IP addresses (127.0.0.0/8, ::1)."""
    name = host.strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False  # another host name: it may resolve to anything


def check_exposure(host: str, api_key: str | None, insecure_no_auth: bool) -> None:
    """Refuse to serve a non-loopback address with no API key unless told so explicitly.

    Raises:
        QuoteTuiError: ``auth_required`` (no key for a public address) or ``bad_option`` (an
            empty key, or a key together with ``--insecure-no-auth``).
    """
    if api_key is not None and not api_key.strip():
        raise QuoteTuiError(
            "the API key is empty", code=ErrorCode.BAD_OPTION, recovery=Recovery.FIX_INPUT
        )
    if api_key is not None and insecure_no_auth:
        raise QuoteTuiError(
            "give either --api-key or --insecure-no-auth, not both",
            code=ErrorCode.BAD_OPTION,
            recovery=Recovery.FIX_INPUT,
        )
    if not is_loopback(host) and api_key is None and not insecure_no_auth:
        raise QuoteTuiError(
            f"binding {host!r} exposes the server beyond this machine: pass --api-key KEY "
            "(or set QUOTE_TUI_API_KEY), or --insecure-no-auth to serve without one",
            code=ApiCode.AUTH_REQUIRED,
            recovery=ApiRecovery.CHOOSE_AUTH,
        )
