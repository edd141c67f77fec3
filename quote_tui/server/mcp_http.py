"""The MCP tools over Streamable HTTP: the stdio server's tools, guarded like the JSON API."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import uvicorn
from mcp.server.transport_security import TransportSecuritySettings

from quote_tui.api import Settings
from quote_tui.mcp_server import build_server
from quote_tui.server.config import LOOPBACK_NAMES, check_exposure, is_loopback
from quote_tui.server.guard import Guard
from quote_tui.server.run import uvicorn_config

MCP_PATH = "/mcp"


def build_mcp_app(
    settings: Settings | None = None,
    *,
    host: str = "127.0.0.1",
    root: Path | None = None,
    api_key: str | None = None,
    max_body_bytes: int = 64 * 1024,
) -> Any:
    """The MCP server's Streamable HTTP application at ``/mcp``, behind the guard.

    The SDK caps each body itself (``max_body_bytes``) and, on a loopback host, checks Host and
    Origin too; the guard adds the API key and the same loopback checks as the JSON API. The
    settings (budgets, network) are the stdio server's, as the CLI builds them.
    """
    server = build_server(settings, root=root)
    app = server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        host=host,
        max_request_body_size=max_body_bytes,
        transport_security=_loopback_security() if is_loopback(host) else None,
    )
    return Guard(app, api_key=api_key, loopback=is_loopback(host), open_paths=())


def _loopback_security() -> TransportSecuritySettings:
    """The SDK's own Host and Origin check, accepting what the guard accepts: a loopback name
    with or without a port (the SDK's default wants a port, so ``Host: localhost`` failed)."""
    names = tuple(f"[{name}]" if ":" in name else name for name in LOOPBACK_NAMES)
    hosts = [*names, *(f"{name}:*" for name in names)]
    origins = [f"{scheme}://{host}" for scheme in ("http", "https") for host in hosts]
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins
    )


def serve_mcp(
    settings: Settings | None = None,
    *,
    host: str,
    port: int,
    root: Path | None = None,
    api_key: str | None = None,
    insecure_no_auth: bool = False,
    max_body_bytes: int = 64 * 1024,
) -> int:
    """Serve MCP over Streamable HTTP until interrupted; returns the exit code.

    Raises:
        QuoteTuiError: a public address with neither an API key nor ``--insecure-no-auth``.
    """
    check_exposure(host, api_key, insecure_no_auth)
    app = build_mcp_app(
        settings, host=host, root=root, api_key=api_key, max_body_bytes=max_body_bytes
    )
    uvicorn.Server(uvicorn_config(app, host, port)).run()
    return 0
