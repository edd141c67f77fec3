"""The app's check-all, the CLI and the HTTP API give the same report for the same batch, found
elsewhere and claimed places included, and an export writes what was checked without checking
it again."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from quote_tui import cli
from quote_tui.api import Session, Settings, confine
from quote_tui.app import make_app
from quote_tui.server.config import ServerConfig
from quote_tui.server.routes import build_app
from quote_tui.server.run import BackgroundServer
from tests.app.conftest import settle

SMITH = "Smith wrote that the tide turns twice a day.\nNothing else."
JONES = "Préface.\nJones held that “the moon pulls the sea” in every season, but not in winter."


def _batch() -> dict[str, Any]:
    return {
        "sources": [{"id": "smith", "text": SMITH}, {"id": "jones", "text": JONES}],
        "citations": [
            {"id": "right", "source": "smith", "quote": "the tide turns twice a day"},
            {"id": "wrong", "source": "smith", "quote": '"the moon pulls the sea"'},
            {
                "id": "claims",
                "source": "smith",
                "quote": "the tide turns",
                "claimed": {"start": 0, "end": 5},
            },
            {"id": "hides", "source": "jones", "quote": "in every season, but … in winter"},
        ],
    }


def _steady(value: Any) -> Any:
    """The report without what changes from run to run (its time, each read's time)."""
    if isinstance(value, dict):
        return {k: _steady(v) for k, v in value.items() if k not in ("created", "retrieved_at")}
    if isinstance(value, list):
        return [_steady(v) for v in value]
    return value


async def test_check_all_the_cli_and_the_http_api_give_the_same_report(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    batch_file = tmp_path / "batch.json"
    batch_file.write_text(json.dumps(_batch()), encoding="utf-8")
    out = tmp_path / "cli.json"
    args = ["check", str(batch_file), "--offline", "-o", str(out)]
    assert await asyncio.to_thread(cli.main, args) == 0  # the CLI runs its own event loop
    from_cli = json.loads(out.read_text("utf-8"))
    wrong = next(c for c in from_cli["citations"] if c["id"] == "wrong")
    claims = next(c for c in from_cli["citations"] if c["id"] == "claims")
    assert wrong["found_in"][0]["source"] == "jones"
    assert claims["claimed"]["agrees"] is False
    assert from_cli["outcomes"]["critical"] == 1

    config = ServerConfig(settings=confine(Settings(), tmp_path))
    with BackgroundServer(build_app(config)) as server:
        async with httpx.AsyncClient() as client:
            answer = await client.post(server.url("/v1/check"), content=batch_file.read_bytes())
    assert answer.status_code == 200
    assert _steady(answer.json()) == _steady(from_cli)

    app = make_app(batch_file, data_dir=data_dir)
    exported = tmp_path / "app.json"
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("C")
        await settle(app, pilot)
        runs: list[object] = []
        checked = Session.check_all

        async def counted(self: Session, *args: Any, **kwargs: Any) -> Any:
            runs.append(args)
            return await checked(self, *args, **kwargs)

        monkeypatch.setattr(Session, "check_all", counted)
        app.screen.export_report(exported)
        await settle(app, pilot)
        assert runs == []  # the export wrote what check-all made, checking nothing again
        verdicts = app.screen.workspace.verdicts
        assert verdicts["wrong"].found_in[0]["source"] == "jones"
        assert verdicts["claims"].claimed == {"start": 0, "end": 5, "agrees": False}
    assert _steady(json.loads(exported.read_text("utf-8"))) == _steady(from_cli)


async def test_checking_again_reads_no_source_again(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from quote_tui.batch.service import Service

    batch_file = tmp_path / "batch.json"
    batch_file.write_text(json.dumps(_batch()), encoding="utf-8")
    app = make_app(batch_file, data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("C")
        await settle(app, pilot)
        reads: list[str] = []
        load = Service.load_source

        async def counted(self: Service, spec: Any, **kwargs: Any) -> Any:
            reads.append(spec.id)
            return await load(self, spec, **kwargs)

        monkeypatch.setattr(Service, "load_source", counted)
        await pilot.press("C")  # "wrong" is looked for in the other source again
        await settle(app, pilot)
        assert reads == []  # the texts in hand are checked and searched where they are
        assert app.screen.workspace.verdicts["wrong"].found_in[0]["source"] == "jones"
