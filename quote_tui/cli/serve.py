"""``quote-tui mcp``, ``serve``, ``demo`` and ``open``: the servers and the app."""

from __future__ import annotations

import argparse
import os
import socket
from pathlib import Path
from typing import Any

from quote_tui import api
from quote_tui.cli.args import MOST_ITEMS, settings_from
from quote_tui.cli.common import usage


def _api_key(args: argparse.Namespace) -> str | None:
    return args.api_key if args.api_key is not None else os.environ.get("QUOTE_TUI_API_KEY")


def _port_free(host: str, port: int) -> None:
    """Refuse, in one line, an address that cannot be listened on, before the server starts
    (uvicorn would log its startup first, then a traceback).

    Raises:
        QuoteTuiError: the host does not resolve or the port is taken.
    """
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (OSError, UnicodeError) as exc:
        raise usage(f"--host {host} cannot be listened on: {exc}.") from None
    probe = socket.socket(family, kind, proto)
    try:
        # as uvicorn binds: with SO_REUSEADDR, only a port in use is refused
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind(address)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise usage(f"Cannot listen on {host}:{port}: {reason}; choose another --port.") from None
    finally:
        probe.close()


def cmd_mcp(args: argparse.Namespace) -> int:
    """Serve the MCP tools over stdio, or over Streamable HTTP with ``--http``; both with the
    same settings (budgets, network), confined to ``--root``."""
    settings = settings_from(args)
    if args.http:
        from quote_tui.server.mcp_http import serve_mcp

        _port_free(args.host, args.port)
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
    _port_free(args.host, args.port)
    return serve(config)


def cmd_app(args: argparse.Namespace) -> int:
    """Open the app: on the demo, on a file, or on the last workspace."""
    from quote_tui.app import run_app

    if args.command == "open" and not args.file.exists() and not args.new:
        # a typo must not open an empty workspace (which then becomes "the last one")
        raise usage(
            f"No file at {args.file}. To start a new workspace there, add --new; "
            "quote-tui with no file opens the last workspace."
        )
    if getattr(args, "web", False):
        return _serve_web(args)
    if getattr(args, "api_key", None) is not None or getattr(args, "insecure_no_auth", False):
        raise usage("--api-key and --insecure-no-auth are for --web (the app in a browser).")
    if args.command == "demo":
        if getattr(args, "own_copy", False):
            own = _own_demo_dir()
            said = f"This tab's demo is its own copy, in {own}: other tabs do not change it."
            return int(run_app(demo=True, data_dir=own, info=said) or 0)
        return int(run_app(demo=True) or 0)
    return int(run_app(getattr(args, "file", None), scan=_scan_of(args)) or 0)


def _scan_of(args: argparse.Namespace) -> dict[str, Any]:
    """How ``open`` reads a manuscript: its bibliographies, PDFs, Zotero folder, quote length."""
    if args.command != "open":
        return {}
    return {
        "bib": tuple(args.bib),
        "pdfs": args.pdfs,
        "zotero": args.zotero,
        "min_words": args.min_words,
        # only when asked for: a scan setting joins the saved workspace's fingerprint, and a
        # default put there would make every earlier workspace open as "changed"
        "max_quotes": _unless_default(args.max_quotes),
        "max_answer_citations": _unless_default(args.max_answer_citations),
        # a .bib's file fields outside the manuscript's folder: accepted and then dropped,
        # every such citation opened unavailable, asking for the flag it was given
        "allowed": tuple(args.allow_path),
    }


def _unless_default(most: int | None) -> int | None:
    return None if most == MOST_ITEMS else most


def _own_demo_dir() -> Path:
    """A new temporary folder for one browser tab's demo: textual-serve starts one app process
    per tab, and tabs sharing the user's demo file would reset and overwrite each other's."""
    import tempfile

    return Path(tempfile.mkdtemp(prefix="quote-tui-demo-"))


def _serve_web(args: argparse.Namespace) -> int:
    """The same app in a browser: each tab runs ``quote-tui demo`` or ``quote-tui open FILE``
    (with the file and its options made absolute, as the server's folder is not the tab's)."""
    from quote_tui.server.config import check_exposure
    from quote_tui.server.web_app import serve_app

    check_exposure(args.host, _api_key(args), args.insecure_no_auth)  # before any reading
    argv = ["demo", "--own-copy"]
    if args.command == "open":
        argv = ["open", str(args.file.resolve())]
        for bib in args.bib:
            argv += ["--bib", str(bib.resolve())]
        for flag, folder in (("--pdfs", args.pdfs), ("--zotero", args.zotero)):
            if folder is not None:
                argv += [flag, str(folder.resolve())]
        for folder in args.allow_path:
            argv += ["--allow-path", str(folder.resolve())]
        for flag, most in (
            ("--max-quotes", _unless_default(args.max_quotes)),
            ("--max-answer-citations", _unless_default(args.max_answer_citations)),
        ):
            argv += [flag, str(most)] if most is not None else []
        argv += ["--min-words", str(args.min_words)] + (["--new"] if args.new else [])
        # opened once here, so a file that cannot be opened is said at this prompt, not as a
        # browser tab's "Session ended"
        from quote_tui.app import make_app

        make_app(args.file, scan=_scan_of(args))
    _port_free(args.host, args.port)
    return serve_app(
        argv,
        host=args.host,
        port=args.port,
        api_key=_api_key(args),
        insecure_no_auth=args.insecure_no_auth,
    )
