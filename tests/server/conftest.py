"""A real API server on a loopback port, one per test, stopped when the test ends."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from quote_tui.api import confine
from quote_tui.batch.specs import Settings
from quote_tui.server.config import Limits, ServerConfig
from quote_tui.server.routes import build_app
from quote_tui.server.run import BackgroundServer

TEXT = "It is a truth universally acknowledged, that a single man in possession of a good fortune."

StartServer = Callable[..., BackgroundServer]


@pytest.fixture
def start_server() -> Iterator[StartServer]:
    """``start_server(root=..., api_key=..., **limits)``: a running server for this test."""
    running: list[BackgroundServer] = []

    def start(*, root: Path | None = None, api_key: str | None = None, **limits: Any) -> Any:
        config = ServerConfig(
            api_key=api_key,
            settings=confine(Settings(), root),
            limits=dataclasses.replace(Limits(), **limits),
        )
        server = BackgroundServer(build_app(config)).__enter__()
        running.append(server)
        return server

    yield start
    for server in running:
        server.stop()


@pytest.fixture(scope="module")
def default_server() -> Iterator[BackgroundServer]:
    """One server with the default limits, no key and no root, shared by a module's tests."""
    config = ServerConfig(settings=confine(Settings(), None))
    with BackgroundServer(build_app(config)) as server:
        yield server


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A root folder with one text, a secret beside it and a symlink pointing at the secret."""
    folder = tmp_path / "root"
    folder.mkdir()
    (folder / "austen.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "secret.txt").write_text("outside the root", encoding="utf-8")
    (folder / "link.txt").symlink_to(tmp_path / "secret.txt")
    return folder
