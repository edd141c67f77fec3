"""Every MCP tool's schema passes a strict client's check (the MCP Inspector's): valid JSON
Schema by its metaschema, and every array says what its items are."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from quote_tui.mcp_server import build_server


def _arrays(schema: Any, path: str = "#") -> Iterator[tuple[str, Any]]:
    """Each array schema inside ``schema`` with its JSON pointer."""
    if isinstance(schema, dict):
        if schema.get("type") == "array" or "items" in schema:
            yield path, schema
        for key, value in schema.items():
            yield from _arrays(value, f"{path}/{key}")
    elif isinstance(schema, list):
        for n, value in enumerate(schema):
            yield from _arrays(value, f"{path}/{n}")


def empty_items(schema: Any) -> list[str]:
    """Where an array's items are not described (``items`` missing, ``{}`` or ``true``)."""
    return [
        path
        for path, array in _arrays(schema)
        if not isinstance(array.get("items"), dict) or not array["items"]
    ]


def test_the_strict_rule_rejects_an_empty_items_schema() -> None:
    assert empty_items({"type": "array", "items": {}}) == ["#"]
    assert empty_items({"anyOf": [{"type": "object"}, {"type": "array"}]}) == ["#/anyOf/1"]
    assert empty_items({"type": "array", "items": {"type": "string"}}) == []


async def _schemas() -> list[tuple[str, str, dict[str, Any]]]:
    tools = await build_server().list_tools()
    out = []
    for tool in tools:
        out.append((tool.name, "input", tool.input_schema))
        if getattr(tool, "output_schema", None):
            out.append((tool.name, "output", tool.output_schema))
    return out


async def test_every_tool_schema_is_valid_and_describes_its_arrays() -> None:
    schemas = await _schemas()
    assert {name for name, _, _ in schemas} >= {"check_answer", "check_citations", "check_quote"}
    for name, kind, schema in schemas:
        Draft202012Validator.check_schema(schema)
        assert schema.get("type") == "object", (name, kind)
        assert empty_items(schema) == [], (name, kind)


@pytest.mark.parametrize(
    "answer",
    [
        {"object": "response", "output": []},
        [{"quote": "words", "source": 0}],
    ],
)
async def test_check_answer_accepts_both_answer_shapes_under_its_schema(answer: Any) -> None:
    schemas = {name: schema for name, kind, schema in await _schemas() if kind == "input"}
    validator = Draft202012Validator(schemas["check_answer"])
    assert list(validator.iter_errors({"answer": answer, "documents": ["a.txt"]})) == []
