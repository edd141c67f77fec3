"""Headless layers must never load textual (harlequin's import hygiene test).

rich is checked for the engine and the batch layer only: httpx imports rich for its own optional
command line whenever rich is installed, and textual always installs it.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEADLESS = [
    "import quote_tui",
    "import quote_tui.engine",
    "import quote_tui.engine.check",
    "import quote_tui.batch.service, quote_tui.batch.report",
    "import quote_tui.api",
    "import quote_tui.cli; quote_tui.cli.build_parser()",
    "import quote_tui.sources.net.remote, quote_tui.mcp_server",
    "import quote_tui.manuscripts.scan, quote_tui.reports",
    "import quote_tui.gate.claims, quote_tui.gate.manuscript, quote_tui.gate.sarif",
    "import quote_tui.server.routes, quote_tui.server.mcp_http",
]
NO_RICH = HEADLESS[:5]


@pytest.mark.parametrize("statement", HEADLESS)
def test_headless_modules_do_not_load_textual(statement: str) -> None:
    banned = ("textual", "rich") if statement in NO_RICH else ("textual",)
    probe = f"print(sorted(m for m in {banned!r} if m in sys.modules))"
    code = f"{statement}\nimport sys\n{probe}"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_engine_loads_no_io_libraries() -> None:
    code = (
        "import quote_tui.engine.check, sys\n"
        "io = ('httpx', 'pymupdf', 'fitz', 'lxml', 'sqlite3')\n"
        "print(sorted(m for m in io if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_check_help_does_not_load_textual() -> None:
    code = (
        "import sys\nfrom quote_tui.cli import main\n"
        "try:\n    main(['check', '--help'])\nexcept SystemExit:\n    pass\n"
        "print('textual' in sys.modules, file=sys.stderr)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stderr.strip().endswith("False")


_HEAVY = (
    "httpx",
    "pymupdf",
    "fitz",
    "lxml",
    "readability",
    "textual",
    "rich",
    "sqlite3",
    "mcp",
    "starlette",
    "uvicorn",
    "pydantic",
    "jsonschema",
    "multiprocessing",
    "quote_tui.sources.readers.isolated",
    "quote_tui.server",
    "quote_tui.reports",
)
"""What a check of a local text file never needs: the network, PDF and HTML readers, the
snapshot store, the app, the servers, the reader pool, the report renderers."""


@pytest.mark.parametrize("command", ["quote", "check"])
def test_a_local_text_file_loads_no_network_pdf_html_app_or_server(tmp_path, command) -> None:
    text = tmp_path / "t.txt"
    text.write_text("It is a truth universally acknowledged.\n", encoding="utf-8")
    if command == "quote":
        argv = ["quote", "a truth universally", str(text), "--json"]
    else:
        batch = {
            "sources": [{"id": "s", "ref": str(text)}],
            "citations": [{"id": "c", "source": "s", "quote": "a truth universally"}],
        }
        (tmp_path / "b.json").write_text(json.dumps(batch), encoding="utf-8")
        argv = ["check", str(tmp_path / "b.json")]
    code = (
        "import sys\nfrom quote_tui.cli import main\n"
        f"main({[*argv, '-o', str(tmp_path / 'r.json')]!r})\n"
        f"print(sorted(m for m in {_HEAVY!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    assert json.loads((tmp_path / "r.json").read_text())["summary"]["exact"] == 1


_NOT_FOR_ONE_QUOTE = (
    "asyncio",
    "concurrent.futures",
    "ssl",
    "logging",
    "rapidfuzz",
    "edlib",
    "difflib",
    "quote_tui.engine.diff",
    "quote_tui.engine.near.search",
    "quote_tui.engine.page_joins",
    "quote_tui.batch.cluster",
    "quote_tui.batch.jsonl",
    "shutil",
    "tempfile",
)
"""What one exact quotation in a local text file, printed, never needs: an event loop (a run
that reads only local files goes without one), the near tier and its aligners, the cluster, the
JSONL reader, and what only a file written or a help message needs."""


def test_one_quotation_in_a_text_file_loads_no_event_loop_or_near_tier(tmp_path) -> None:
    text = tmp_path / "t.txt"
    text.write_text("It is a truth universally acknowledged.\n", encoding="utf-8")
    argv = ["quote", "a truth universally", str(text), "--json"]
    assert _loaded(argv, _NOT_FOR_ONE_QUOTE)["summary"]["exact"] == 1


def test_a_batch_of_one_text_file_runs_without_an_event_loop(tmp_path) -> None:
    text = tmp_path / "t.txt"
    text.write_text("It is a truth universally acknowledged.\n", encoding="utf-8")
    batch = {
        "sources": [{"id": "s", "ref": str(text)}],
        "citations": [
            {"id": "c", "source": "s", "quote": "a truth universally"},
            {"id": "d", "source": "s", "quote": "a truth universaly acknowledged"},
        ],
    }
    (tmp_path / "b.json").write_text(json.dumps(batch), encoding="utf-8")
    loop = ("asyncio", "concurrent.futures", "ssl", "logging")
    report = _loaded(["check", str(tmp_path / "b.json"), "--json"], loop)
    assert [c["status"] for c in report["citations"]] == ["exact", "near"]


def _loaded(argv: list[str], banned: tuple[str, ...]) -> dict:
    """The JSON report of a command run in a fresh process, which loaded none of ``banned``."""
    code = (
        "import sys\nfrom quote_tui.cli import main\n"
        f"code = main({argv!r})\n"
        f"print(code, sorted(m for m in {banned!r} if m in sys.modules), file=sys.stderr)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stderr.strip().splitlines()[-1] == "0 []"
    return json.loads(out.stdout)
