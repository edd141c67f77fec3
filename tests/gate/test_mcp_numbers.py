"""The MCP tool check_numbers, called through the SDK's client on the real stdio server."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters

PROJECT_ROOT = Path(__file__).resolve().parents[2]
OPENING = "Four score and seven years ago our fathers brought forth on this continent"


async def test_check_numbers_returns_the_number_findings(tmp_path: Path) -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "quote_tui.cli", "mcp", "--store", str(tmp_path / "s.sqlite3"), "--offline"],
        env={"PYTHONPATH": str(PROJECT_ROOT), "HOME": str(tmp_path), "PATH": os.environ["PATH"]},
        cwd=str(tmp_path),
    )
    prose = "Four score and seven years is 87 years, back to 1776; 1,863 is fine."
    async with Client(params) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert "1,000 counts as 1000" in (tools["check_numbers"].description or "")
        result = await client.call_tool(
            "check_numbers", {"text": prose, "quotes": [OPENING, "in the year 1863"]}
        )
        out = json.loads(result.content[0].text)
        assert out["passed"] is False
        assert out["missing_numbers"] == ["87", "1776"]
        (finding,) = out["findings"]
        assert finding["code"] == "number_not_in_quotes" and finding["severity"] == "failure"
        assert finding["words"] == ["87", "1776"]
        assert prose[finding["start"] : finding["end"]] == "87"
        clean = await client.call_tool("check_numbers", {"text": "Nothing counted.", "quotes": []})
        assert json.loads(clean.content[0].text) == {
            "passed": True,
            "missing_numbers": [],
            "findings": [],
        }
