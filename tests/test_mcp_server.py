"""The MCP server as a real subprocess, driven by the SDK's stdio client."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters

from tests.answer_data import cited_answer
from tests.net_fixtures import LoopbackServer

PROJECT_ROOT = Path(__file__).resolve().parents[1]
TEXT = "It is a truth universally acknowledged, that a single man in possession of a good fortune."


def _params(tmp_path: Path, root: Path | None) -> StdioServerParameters:
    args = ["-m", "quote_tui.cli", "mcp", "--store", str(tmp_path / "s.sqlite3"), "--timeout", "3"]
    if root is not None:
        args += ["--root", str(root)]
    env = {
        "PYTHONPATH": str(PROJECT_ROOT),
        "HOME": str(tmp_path),
        "PATH": os.environ.get("PATH", ""),
    }
    return StdioServerParameters(command=sys.executable, args=args, env=env, cwd=str(tmp_path))


def _json(result) -> dict:
    return json.loads(result.content[0].text)


def _error(result) -> dict:
    """The error object a failed tool call carries (after the SDK's "Error executing" prefix)."""
    assert result.is_error
    text = result.content[0].text
    return json.loads(text[text.index("{") :])


@pytest.fixture
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "root"
    folder.mkdir()
    (folder / "austen.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "secret.txt").write_text("outside the root", encoding="utf-8")
    (folder / "link.txt").symlink_to(tmp_path / "secret.txt")
    return folder


async def test_tools_over_stdio(tmp_path: Path, root: Path) -> None:
    with LoopbackServer() as web:
        web.route("/", "<p>internal</p>")
        async with Client(_params(tmp_path, root)) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert set(tools) == {
                "check_quote",
                "check_citations",
                "check_answer",
                "read_source",
                "check_numbers",
                "check_references",
            }
            assert "not" in tools["check_quote"].description
            assert "near: NOT a match" in tools["check_citations"].description

            found = await client.call_tool(
                "check_quote", {"quote": "a truth universally acknowledged", "source_text": TEXT}
            )
            assert not found.is_error
            report = _json(found)
            assert report["citations"][0]["status"] == "exact"

            in_root = await client.call_tool(
                "check_quote", {"quote": "single man in possession", "source": "austen.txt"}
            )
            assert _json(in_root)["citations"][0]["status"] == "exact"

            both = await client.call_tool(
                "check_quote", {"quote": "x", "source": "austen.txt", "source_text": TEXT}
            )
            assert _error(both)["code"] == "bad_batch"

            read = await client.call_tool("read_source", {"ref": "austen.txt"})
            body = _json(read)
            assert body["text"] == TEXT and len(body["source"]["checked_text_sha256"]) == 64
            assert body["source"]["retrieval"]["representation"] == "plain_text"

            for ref in ("../secret.txt", str(tmp_path / "secret.txt"), "link.txt"):
                denied = await client.call_tool("read_source", {"ref": ref})
                assert _error(denied)["code"] == "outside_root", ref

            blocked = await client.call_tool(
                "check_quote", {"quote": "internal", "source": web.url("/")}
            )
            error = _error(blocked)
            assert error["code"] == "blocked_address" and error["recovery"] == "check_url"

            batch = await client.call_tool(
                "check_citations",
                {
                    "sources": [{"id": "s1", "text": TEXT}],
                    "citations": [
                        {"id": "c1", "source": "s1", "quote": "a single man in possesion"},
                        {"id": "c2", "source": "s1", "quote": "never written anywhere at all"},
                    ],
                },
            )
            statuses = [c["status"] for c in _json(batch)["citations"]]
            assert statuses == ["near", "not_found"]

            answer = cited_answer(TEXT, "a single man in possession")
            checked = await client.call_tool(
                "check_answer", {"answer": answer, "documents": ["austen.txt"]}
            )
            claims = [c["claimed"]["agrees"] for c in _json(checked)["citations"]]
            assert claims == [True, False]
        assert web.total_hits == 0


async def test_without_root_no_local_file_is_read(tmp_path: Path, root: Path) -> None:
    async with Client(_params(tmp_path, None)) as client:
        for ref in (str(root / "austen.txt"), "austen.txt", f"file://{root / 'austen.txt'}"):
            denied = await client.call_tool("read_source", {"ref": ref})
            assert _error(denied)["code"] == "outside_root"


async def test_a_critical_difference_is_named_in_the_tool_result(tmp_path: Path) -> None:
    text = "In the trial, the vaccine was not effective in older patients."
    async with Client(_params(tmp_path, None)) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert '"outcome"' in tools["check_quote"].description
        hides = await client.call_tool(
            "check_quote",
            {"quote": "vaccine was … effective in older patients", "source_text": text},
        )
        report = _json(hides)
    citation = report["citations"][0]
    assert citation["status"] == "normalized"
    assert citation["outcome"]["label"] == "‼ Normalized — critical omission"
    assert citation["outcome"]["heading"] == "critical"
    assert report["outcomes"]["critical"] == 1 and report["outcomes"]["normalized"] == 0
