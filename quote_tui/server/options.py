"""Command-line options of ``quote-tui serve`` and ``quote-tui mcp --http``.

Kept apart from the server modules so building the CLI's parser loads no web framework.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from quote_tui.server.config import Limits

_DEFAULTS = Limits()


def add_listen_args(parser: argparse.ArgumentParser, *, port: int = 8000) -> None:
    """Address, port and authentication, shared by ``serve`` and ``mcp --http``."""
    group = parser.add_argument_group("listening")
    group.add_argument("--host", default="127.0.0.1", help="address to bind (default loopback)")
    group.add_argument("--port", type=int, default=port, help=f"TCP port (default {port})")
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
    group.add_argument(
        "--max-body-bytes",
        type=int,
        default=_DEFAULTS.max_body_bytes,
        metavar="N",
        help=f"larger request bodies get 413 (default {_DEFAULTS.max_body_bytes})",
    )


def add_serve_args(parser: argparse.ArgumentParser) -> None:
    """The JSON API's options: where to listen, which files it may read, its limits."""
    add_listen_args(parser)
    parser.add_argument(
        "--root", type=Path, help="folder whose files requests may name (default: no local files)"
    )
    group = parser.add_argument_group("limits")
    group.add_argument(
        "--max-sources",
        type=int,
        default=_DEFAULTS.max_sources,
        metavar="N",
        help=f"most sources in one request (default {_DEFAULTS.max_sources})",
    )
    group.add_argument(
        "--max-citations",
        type=int,
        default=_DEFAULTS.max_citations,
        metavar="N",
        help=f"most citations in one request (default {_DEFAULTS.max_citations})",
    )
    group.add_argument(
        "--max-concurrent",
        type=int,
        default=_DEFAULTS.max_concurrent,
        metavar="N",
        help=f"checks running at once (default {_DEFAULTS.max_concurrent})",
    )
    group.add_argument(
        "--max-waiting",
        type=int,
        default=_DEFAULTS.max_waiting,
        metavar="N",
        help=f"requests waiting for a slot before 503 busy (default {_DEFAULTS.max_waiting})",
    )
    group.add_argument(
        "--deadline",
        type=float,
        default=_DEFAULTS.deadline,
        metavar="SECONDS",
        help=f"whole-request deadline, then 504 (default {_DEFAULTS.deadline:g})",
    )


def add_mcp_http_args(parser: argparse.ArgumentParser) -> None:
    """``quote-tui mcp --http``: the same tools over Streamable HTTP at ``/mcp``."""
    parser.add_argument(
        "--http", action="store_true", help="serve Streamable HTTP at /mcp instead of stdio"
    )
    add_listen_args(parser)


def limits_from_args(args: argparse.Namespace) -> Limits:
    return Limits(
        max_body_bytes=args.max_body_bytes,
        max_sources=args.max_sources,
        max_citations=args.max_citations,
        max_concurrent=args.max_concurrent,
        max_waiting=args.max_waiting,
        deadline=args.deadline,
    )
