"""The MCP tools over Streamable HTTP: the stdio server's tools, guarded like the JSON API."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import uvicorn

from quote_tui.mcp_server import build_server
from quote_tui.server.config import check_exposure, is_loopback
from quote_tui.server.guard import Guard
from quote_tui.server.run import uvicorn_config

if TYPE_CHECKING:
    from quote_tui.sources.net.settings import RemoteSettings

MCP_PATH = "/mcp"


def build_mcp_app(
    *,
    host: str = "127.0.0.1",
    root: Path | None = None,
    remote: RemoteSettings | None = None,
    api_key: str | None = None,
    max_body_bytes: int = 64 * 1024,
) -> Any:
    """The MCP server's Streamable HTTP application at ``/mcp``, behind the guard.

    The SDK caps each body itself (``max_body_bytes``) and, on a loopback host, checks Host and
    Origin too; the guard adds the API key and the same loopback checks as the JSON API.
    """
    server = build_server(root=root, remote=remote)
    app = server.streamable_http_app(
        streamable_http_path=MCP_PATH, host=host, max_request_body_size=max_body_bytes
    )
    return Guard(app, api_key=api_key, loopback=is_loopback(host), open_paths=())


def serve_mcp(
    *,
    host: str,
    port: int,
    root: Path | None = None,
    remote: RemoteSettings | None = None,
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
        host=host, root=root, remote=remote, api_key=api_key, max_body_bytes=max_body_bytes
    )
    uvicorn.Server(uvicorn_config(app, host, port)).run()
    return 0
