"""Command-line options of ``quote-tui serve`` and ``quote-tui mcp --http``.

Kept apart from the server modules so building the CLI's parser loads no web framework.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from quote_tui.cli.args import _in_range, add_options
from quote_tui.server.config import Limits

_LIMITS = {
    "max_sources": ("--max-sources", int, "N"),
    "max_citations": ("--max-citations", int, "N"),
    "max_concurrent": ("--max-concurrent", int, "N"),
    "max_waiting": ("--max-waiting", int, "N"),
    "deadline": ("--deadline", float, "SECONDS"),
    "header_timeout": ("--header-timeout", float, "SECONDS"),
    "body_timeout": ("--body-timeout", float, "SECONDS"),
    "max_connections": ("--max-connections", int, "N"),
    "max_connections_per_client": ("--max-connections-per-client", int, "N"),
}
"""The request limits' options, by their ``Limits`` field."""


def add_listen_args(
    parser: argparse.ArgumentParser, *, port: int = 8000, title: str = "listening"
) -> argparse._ArgumentGroup:
    """Address, port and authentication, shared by ``serve``, ``mcp --http`` and ``--web``."""
    group = parser.add_argument_group(title)
    group.add_argument("--host", default="127.0.0.1", help="address to bind (default loopback)")
    group.add_argument(
        "--port", type=_in_range(int, 1, 65535), default=port, help=f"TCP port (default {port})"
    )
    group.add_argument(
        "--api-key",
        metavar="KEY",
        help="require this key (Authorization: Bearer KEY or X-API-Key: KEY); "
        "default: the QUOTE_TUI_API_KEY environment variable",
    )
    group.add_argument(
        "--insecure-no-auth",
        action="store_true",
        help="allow a non-loopback --host without an API key",
    )
    return group


def add_web_args(parser: argparse.ArgumentParser) -> None:
    """``demo --web`` and ``open FILE --web``: the app in a browser, through textual-serve."""
    group = add_listen_args(parser, title="in a browser (--web)")
    group.add_argument(
        "--web",
        action="store_true",
        help="serve the app to a web browser at http://HOST:PORT/ instead of this terminal",
    )


def add_serve_args(parser: argparse.ArgumentParser) -> None:
    """The JSON API's options: where to listen, which files it may read, its limits."""
    group = add_listen_args(parser)
    add_options(group, (("--max-body-bytes", int, Limits().max_body_bytes, "N"),))
    parser.add_argument(
        "--root", type=Path, help="folder whose files requests may name (default: no local files)"
    )
    defaults = Limits()
    options = tuple(
        (flag, kind, getattr(defaults, name), metavar)
        for name, (flag, kind, metavar) in _LIMITS.items()
    )
    add_options(parser.add_argument_group("limits"), options)


def add_mcp_http_args(parser: argparse.ArgumentParser) -> None:
    """``quote-tui mcp --http``: the same tools over Streamable HTTP at ``/mcp``."""
    parser.add_argument(
        "--http", action="store_true", help="serve Streamable HTTP at /mcp instead of stdio"
    )
    group = add_listen_args(parser)
    add_options(group, (("--max-body-bytes", int, Limits().max_body_bytes, "N"),))


def limits_from_args(args: argparse.Namespace) -> Limits:
    """The request limits the options ask for."""
    values = {name: getattr(args, name) for name in _LIMITS}
    return Limits(max_body_bytes=args.max_body_bytes, **values)
