"""``quote-tui mcp``, ``serve``, ``demo`` and ``open``: the servers and the app."""

from __future__ import annotations

import argparse
import os

from quote_tui import api
from quote_tui.cli.args import settings_from
from quote_tui.cli.common import usage


def _api_key(args: argparse.Namespace) -> str | None:
    return args.api_key if args.api_key is not None else os.environ.get("QUOTE_TUI_API_KEY")


def cmd_mcp(args: argparse.Namespace) -> int:
    """Serve the MCP tools over stdio, or over Streamable HTTP with ``--http``; both with the
    same settings (budgets, network), confined to ``--root``."""
    settings = settings_from(args)
    if args.http:
        from quote_tui.server.mcp_http import serve_mcp

        return serve_mcp(
            settings,
            host=args.host,
            port=args.port,
            root=args.root,
            api_key=_api_key(args),
            insecure_no_auth=args.insecure_no_auth,
            max_body_bytes=args.max_body_bytes,
        )
    from quote_tui.mcp_server import run

    return int(run(settings, root=args.root) or 0)


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the HTTP API until interrupted."""
    from quote_tui.cli.server_args import limits_from_args
    from quote_tui.server.config import ServerConfig
    from quote_tui.server.run import serve

    config = ServerConfig(
        host=args.host,
        port=args.port,
        api_key=_api_key(args),
        insecure_no_auth=args.insecure_no_auth,
        settings=api.confine(settings_from(args), args.root),
        limits=limits_from_args(args),
    )
    return serve(config)


def cmd_app(args: argparse.Namespace) -> int:
    """Open the app: on the demo, on a file, or on the last workspace."""
    from quote_tui.app import run_app

    if args.command == "demo":
        return int(run_app(demo=True) or 0)
    scan = {}
    if args.command == "open" and not args.file.exists() and not args.new:
        # a typo must not open an empty workspace (which then becomes "the last one")
        raise usage(
            f"No file at {args.file}. To start a new workspace there, add --new; "
            "quote-tui with no file opens the last workspace."
        )
    if args.command == "open":
        scan = {
            "bib": tuple(args.bib),
            "pdfs": args.pdfs,
            "zotero": args.zotero,
            "min_words": args.min_words,
        }
    return int(run_app(getattr(args, "file", None), scan=scan) or 0)
