"""The JSON API against a real uvicorn server on loopback, driven with httpx."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest

from quote_tui import cli
from quote_tui.server import routes
from quote_tui.server.openapi import report_schema_text
from quote_tui.server.run import BackgroundServer
from tests.answer_data import cited_answer
from tests.server.conftest import TEXT, StartServer

LIMIT = 64 * 1024


def _batch(**extra: Any) -> dict[str, Any]:
    return {
        "sources": [{"id": "s1", "text": TEXT}, {"id": "f1", "ref": "austen.txt"}],
        "citations": [
            {"id": "c1", "source": "s1", "quote": "a truth universally acknowledged"},
            {"id": "c2", "source": "s1", "quote": "a single woman in possession"},
            {"id": "c3", "source": "f1", "quote": "good fortune", "locator": "p. 3"},
            {"id": "c4", "source": "nowhere", "quote": "anything"},
        ],
        **extra,
    }


def _without_timing(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k != "created"}


def test_check_answers_the_cli_report(
    start_server: StartServer, root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    batch_file = root / "batch.json"
    batch_file.write_text(json.dumps(_batch()), encoding="utf-8")
    assert cli.main(["check", str(batch_file), "--offline"]) == 0
    from_cli = json.loads(capsys.readouterr().out)

    server = start_server(root=root)
    # what curl -d @batch.json sends: a form content type, the file's bytes as they are
    answer = httpx.post(
        server.url("/v1/check"),
        content=batch_file.read_bytes(),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/json"
    report = answer.json()
    assert _without_timing(report) == _without_timing(from_cli)
    # a bad entry stays in its entry; the rest of the batch still ran
    statuses = {c["id"]: c["status"] for c in report["citations"]}
    assert statuses == {"c1": "exact", "c2": "near", "c3": "exact", "c4": "error"}
    assert report["citations"][3]["error"]["code"] == "unknown_source"


def test_body_one_byte_over_the_limit_is_refused(default_server: BackgroundServer) -> None:
    server = default_server
    at_limit = b" " * (LIMIT - 2) + b"{}"
    over = at_limit + b" "

    def chunks(data: bytes):  # no Content-Length: the body is sent chunked
        for i in range(0, len(data), 4096):
            yield data[i : i + 4096]

    with httpx.Client() as client:
        ok = client.post(server.url("/v1/check"), content=at_limit)
        assert ok.status_code == 422 and ok.json()["code"] == "bad_batch"  # read, then judged
        for body in (over, chunks(over)):
            refused = client.post(server.url("/v1/check"), content=body)
            assert refused.status_code == 413
            error = refused.json()
            assert error["code"] == "body_too_large"
            assert error["recovery"] == "split_request"
            assert error["details"] == {"max_body_bytes": LIMIT}
        assert client.post(server.url("/v1/read"), content=over).status_code == 413
        # refused from its Content-Length alone, before the server reads it
        huge = client.post(server.url("/v1/check"), content=b"x" * 4_000_000)
        assert (huge.status_code, huge.json()["code"]) == (413, "body_too_large")
        assert client.get(server.url("/v1/health")).json()["waiting"] == 0


def test_counts_per_request_are_limited(start_server: StartServer) -> None:
    server = start_server(max_sources=2, max_citations=3)
    sources = [{"id": f"s{i}", "text": TEXT} for i in range(3)]
    citations = [{"id": f"c{i}", "source": "s0", "quote": "truth"} for i in range(4)]
    url = server.url("/v1/check")
    many_sources = httpx.post(url, json={"sources": sources, "citations": []})
    assert many_sources.status_code == 422
    assert many_sources.json()["code"] == "too_many_sources"
    many_citations = httpx.post(url, json={"sources": sources[:1], "citations": citations})
    assert many_citations.json()["code"] == "too_many_citations"
    fits = httpx.post(url, json={"sources": sources[:2], "citations": citations[:3]})
    assert fits.status_code == 200 and fits.json()["summary"]["exact"] == 3


@pytest.mark.parametrize(
    ("body", "code", "status"),
    [
        (b"{not json", "bad_json", 400),
        (b"[" * 60_000, "bad_json", 400),
        (b'{"x": ' + b"9" * 5000 + b"}", "bad_json", 400),
        (b"\xff\xfe", "bad_json", 400),
        (b"[1, 2]", "bad_json", 400),
        (b'{"sources": []}', "bad_batch", 422),
        (b'{"citations": [{"quote": "x"}]}', "missing_field", 422),
    ],
)
def test_malformed_requests_get_a_code(
    default_server: BackgroundServer, body: bytes, code: str, status: int
) -> None:
    server = default_server
    answer = httpx.post(server.url("/v1/check"), content=body)
    assert (answer.status_code, answer.json()["code"]) == (status, code)
    assert answer.json()["recovery"] == "fix_input"


def test_api_key_bearer_or_header(start_server: StartServer) -> None:
    server = start_server(api_key="s3cret-key")
    url = server.url("/v1/read")
    body = {"text": TEXT}
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"X-API-Key": "s3cret-ke"}):
        refused = httpx.post(url, json=body, headers=headers)
        assert refused.status_code == 401
        assert refused.json()["code"] == "unauthorized"
        assert refused.json()["recovery"] == "send_api_key"
        assert refused.headers["www-authenticate"].startswith("Bearer")
    for headers in ({"Authorization": "Bearer s3cret-key"}, {"X-API-Key": "s3cret-key"}):
        assert httpx.post(url, json=body, headers=headers).status_code == 200
    assert httpx.get(server.url("/v1/health")).status_code == 200  # open for liveness probes


def test_loopback_server_refuses_other_hosts_and_sites(default_server: BackgroundServer) -> None:
    server = default_server
    url = server.url("/v1/read")
    rebound = httpx.post(url, json={"text": TEXT}, headers={"Host": "evil.example:8000"})
    assert rebound.status_code == 421 and rebound.json()["code"] == "bad_host"
    cross_site = httpx.post(url, json={"text": TEXT}, headers={"Origin": "https://evil.example"})
    assert cross_site.status_code == 403 and cross_site.json()["code"] == "bad_origin"
    local_page = httpx.post(url, json={"text": TEXT}, headers={"Origin": "http://localhost:3000"})
    assert local_page.status_code == 200


def test_public_address_needs_a_key_or_an_explicit_choice(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("QUOTE_TUI_API_KEY", raising=False)
    for command in (["serve"], ["mcp", "--http"]):
        assert cli.main([*command, "--host", "0.0.0.0"]) == 2
        assert "auth_required" in capsys.readouterr().err
    assert cli.main(["serve", "--host", "0.0.0.0", "--api-key", ""]) == 2
    assert "bad_option" in capsys.readouterr().err
    assert cli.main(["serve", "--max-concurrent", "0"]) == 2
    assert "bad_option" in capsys.readouterr().err


def test_local_files_only_under_the_root(
    start_server: StartServer, default_server: BackgroundServer, root: Path
) -> None:
    closed = default_server
    absolute = str(root / "austen.txt")
    denied = httpx.post(closed.url("/v1/read"), json={"ref": absolute}).json()
    assert denied["text"] is None and denied["source"]["error"]["code"] == "outside_root"

    server = start_server(root=root)
    read = httpx.post(server.url("/v1/read"), json={"ref": "austen.txt"})
    body = read.json()
    assert read.status_code == 200 and body["text"] == TEXT
    assert body["source"]["checked_text_sha256"] == body["source"]["content_sha256"]
    assert body["source"]["retrieval"]["representation"] == "plain_text"
    for ref in ("../secret.txt", str(root.parent / "secret.txt"), "link.txt"):
        answer = httpx.post(server.url("/v1/read"), json={"ref": ref})
        assert answer.status_code == 200  # a source's failure is the entry's, not the request's
        assert answer.json()["source"]["error"]["code"] == "outside_root", ref
        batch = {
            "sources": [{"id": "s", "ref": ref}],
            "citations": [{"id": "c", "source": "s", "quote": "outside"}],
        }
        report = httpx.post(server.url("/v1/check"), json=batch).json()
        assert report["citations"][0]["status"] == "unavailable"
        assert report["sources"][0]["error"]["code"] == "outside_root"


def test_read_takes_one_ref_or_one_text(default_server: BackgroundServer) -> None:
    server = default_server
    for body in ({}, {"ref": "a.txt", "text": "b"}, {"text": 3}):
        answer = httpx.post(server.url("/v1/read"), json=body)
        assert (answer.status_code, answer.json()["code"]) == (422, "bad_batch")


class _SlowRead:
    """Stands in for the front door's read: each read takes ``delay`` seconds."""

    delay = 0.5

    @classmethod
    async def read_source(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
        await asyncio.sleep(cls.delay)
        return {"source": {"error": {"code": "timeout"}}, "text": None}


async def test_excess_requests_get_busy_with_retry_after(
    start_server: StartServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(routes.door, "read_source", _SlowRead.read_source)
    monkeypatch.setattr(_SlowRead, "delay", 0.2)
    server = start_server(max_concurrent=1, max_waiting=1, deadline=5)
    async with httpx.AsyncClient() as client:
        health = client.get(server.url("/v1/health"))
        answers = await asyncio.gather(
            *(client.post(server.url("/v1/read"), json={"text": TEXT}) for _ in range(4)),
            return_exceptions=True,
        )
        assert (await health).json()["limits"]["max_concurrent"] == 1
    busy = [a for a in answers if not isinstance(a, BaseException) and a.status_code == 503]
    assert len(busy) >= 2
    assert all(b.json()["code"] == "busy" and b.json()["recovery"] == "retry_later" for b in busy)
    assert all(int(b.headers["retry-after"]) >= 1 for b in busy)


async def test_deadline_gives_504(
    start_server: StartServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(routes.door, "read_source", _SlowRead.read_source)
    monkeypatch.setattr(_SlowRead, "delay", 5.0)
    server = start_server(deadline=0.3)
    async with httpx.AsyncClient() as client:
        answer = await client.post(server.url("/v1/read"), json={"text": TEXT})
        assert answer.status_code == 504
        assert answer.json()["code"] == "deadline_exceeded"
        health = (await client.get(server.url("/v1/health"))).json()
    assert health["running"] == 0 and health["waiting"] == 0  # the slot was given back


def test_health_and_errors_are_json(default_server: BackgroundServer) -> None:
    server = default_server
    health = httpx.get(server.url("/v1/health")).json()
    assert health["status"] == "ok" and health["limits"]["max_body_bytes"] == LIMIT
    assert health["local_files"] is False
    missing = httpx.get(server.url("/v2/check"))
    assert (missing.status_code, missing.json()["code"]) == (404, "not_found")
    wrong_method = httpx.get(server.url("/v1/check"))
    assert (wrong_method.status_code, wrong_method.json()["code"]) == (405, "method_not_allowed")


def test_openapi_report_schema_is_the_package_schema(start_server: StartServer, root: Path) -> None:
    server = start_server(root=root)
    document = httpx.get(server.url("/openapi.json")).json()
    assert document["openapi"].startswith("3.1")
    assert document["components"]["schemas"]["Report"] == json.loads(report_schema_text())
    check = document["paths"]["/v1/check"]["post"]
    assert check["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Report"
    }
    assert {"413", "422", "503", "504"} <= set(check["responses"])

    # real answers validate against the document's schemas; the read result's source is the
    # report's own source object, reached by a pointer into the embedded report schema
    report_schema = document["components"]["schemas"]["Report"]
    pointer = document["components"]["schemas"]["ReadResult"]["properties"]["source"]["$ref"]
    assert pointer == "#/components/schemas/Report/$defs/source"

    def validate(instance: Any, schema: dict[str, Any], definition: str | None = None) -> None:
        if definition is not None:
            schema = {"$defs": schema["$defs"], "$ref": f"#/$defs/{definition}"}
        jsonschema.Draft202012Validator(schema).validate(instance)

    validate(httpx.post(server.url("/v1/check"), json=_batch()).json(), report_schema)
    for ref in ("austen.txt", "link.txt"):
        read = httpx.post(server.url("/v1/read"), json={"ref": ref}).json()
        validate(read, document["components"]["schemas"]["ReadResult"] | {"properties": {}})
        validate(read["source"], report_schema, "source")
    error = httpx.post(server.url("/v1/check"), content=b"[]").json()
    validate(error, document["components"]["schemas"]["Error"])
    validate(_batch(), document["components"]["schemas"]["Batch"])


def test_serve_command_builds_its_config_from_the_options(
    monkeypatch: pytest.MonkeyPatch, root: Path
) -> None:
    from quote_tui.server import run

    seen: list[Any] = []
    monkeypatch.setattr(run, "serve", lambda config: seen.append(config) or 0)
    monkeypatch.setenv("QUOTE_TUI_API_KEY", "from-the-environment")
    argv = ["serve", "--host", "0.0.0.0", "--port", "9", "--root", str(root / "."), "--offline"]
    limits = ["--max-body-bytes", "1000", "--max-sources", "3", "--deadline", "2.5"]
    assert cli.main([*argv, *limits, "--max-matches", "2"]) == 0
    (config,) = seen
    assert (config.host, config.port, config.api_key) == ("0.0.0.0", 9, "from-the-environment")
    assert config.root == root.resolve() and config.settings.allow_local
    assert config.settings.remote.offline and config.settings.options.max_matches == 2
    assert config.limits.max_body_bytes == 1000 and config.limits.max_sources == 3
    assert config.limits.deadline == 2.5


async def _broken_check(*args: Any, **kwargs: Any) -> Any:
    raise RuntimeError("a bug, with a path in its message: /home/someone")


def test_an_unexpected_failure_is_a_json_500_that_leaks_nothing(
    start_server: StartServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(routes.door, "check_batch", _broken_check)
    server = start_server()
    batch = {"sources": [], "citations": []}
    answer = httpx.post(server.url("/v1/check"), json=batch)
    assert answer.status_code == 500
    assert answer.json() == {
        "code": "internal_error",
        "message": "the server failed on this request",
        "recovery": "retry_later",
    }
    health = httpx.get(server.url("/v1/health")).json()
    assert (health["running"], health["waiting"]) == (0, 0)


def test_answer_checks_a_models_citations_in_its_documents(
    start_server: StartServer, root: Path
) -> None:
    server = start_server(root=root)
    never = {"type": "char_location", "cited_text": "never written", "document_index": 1}
    answer = cited_answer(TEXT, "a single man in possession", never)
    reply = httpx.post(
        server.url("/v1/answer"),
        json={"answer": answer, "documents": ["austen.txt", {"text": "never written here"}]},
    )
    assert reply.status_code == 200, reply.text
    citations = reply.json()["citations"]
    assert [c["status"] for c in citations] == ["exact", "exact", "exact"]
    assert [c["claimed"]["agrees"] for c in citations[:2]] == [True, False]
    assert "claimed" not in citations[2] and citations[2]["source"] == "doc1"
    bad = httpx.post(server.url("/v1/answer"), json={"answer": answer, "documents": [3]})
    assert bad.status_code == 422 and bad.json()["code"] == "bad_batch"
