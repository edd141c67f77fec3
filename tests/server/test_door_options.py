"""Every door that reads sources takes the check's ``render`` and ``open_copies``: the MCP tools
check_citations and check_answer and the HTTP /v1/answer, with the same names, schema and
refusal as check_quote and /v1/check."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from mcp.server.mcpserver.exceptions import ToolError

from quote_tui import api
from quote_tui.mcp_server import _Tools, build_server
from quote_tui.server.openapi import openapi_document
from quote_tui.server.run import BackgroundServer
from tests.net_fixtures import LoopbackServer
from tests.sources.test_openaccess import DOI, serve_walled_publisher, settings

OPTIONS = ("render", "open_copies")


def _call(tools: _Tools, name: str, **options: Any) -> dict[str, Any]:
    """The source-reading tool ``name`` run on ``doi:DOI`` with ``options``."""
    quote = "the harbour master kept a ledger"
    source = [{"id": "s", "ref": f"doi:{DOI}"}]
    calls = {
        "check_quote": lambda: tools.check_quote(quote, f"doi:{DOI}", **options),
        "check_citations": lambda: tools.check_citations(
            source, [{"id": "c", "source": "s", "quote": quote}], **options
        ),
        "check_answer": lambda: tools.check_answer(
            [{"quote": quote, "source": 0}], [f"doi:{DOI}"], **options
        ),
    }
    return asyncio.run(calls[name]())


TOOLS = ("check_quote", "check_citations", "check_answer")


async def test_mcp_tools_share_the_option_schemas_of_check_quote() -> None:
    schemas = {t.name: t.input_schema for t in await build_server().list_tools()}
    for name in ("check_citations", "check_answer"):
        for option in OPTIONS:
            assert (
                schemas[name]["properties"][option] == schemas["check_quote"]["properties"][option]
            ), (name, option)


@pytest.mark.parametrize("options", [{"render": "sometimes"}, {"open_copies": "no"}])
def test_mcp_tools_refuse_a_bad_option_with_its_code(options: dict[str, Any]) -> None:
    tools = _Tools(api.confine(api.Settings(), None))
    for name in TOOLS:
        with pytest.raises(ToolError) as refused:
            _call(tools, name, **options)
        assert json.loads(str(refused.value))["code"] == "bad_option", name


def test_mcp_tools_read_a_doi_without_open_copies_when_asked(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path
) -> None:
    serve_walled_publisher(web)
    remote = settings(registry, web, tmp_path / "s.sqlite3")
    tools = _Tools(api.confine(api.Settings(remote=remote), None))
    for name in ("check_citations", "check_answer"):
        report = _call(tools, name, open_copies=False)
        assert report["sources"][0]["error"], name
        assert registry.total_hits == 0, name
    _call(tools, "check_citations")
    assert registry.total_hits > 0  # by default the registries are asked for open copies


def test_http_answer_refuses_a_bad_option(default_server: BackgroundServer) -> None:
    body = {"answer": [{"quote": "words", "source": 0}], "documents": [{"text": "words"}]}
    assert httpx.post(default_server.url("/v1/answer"), json=body).status_code == 200
    for option, value in (("render", "sometimes"), ("open_copies", "no")):
        answer = httpx.post(default_server.url("/v1/answer"), json={**body, option: value})
        assert (answer.status_code, answer.json()["code"]) == (422, "bad_option"), option


def test_openapi_describes_the_options_once_for_every_request() -> None:
    schemas = openapi_document()["components"]["schemas"]
    for name in ("AnswerRequest", "ReadRequest"):
        for option in OPTIONS:
            assert schemas[name]["properties"][option] == schemas["Batch"]["properties"][option]
