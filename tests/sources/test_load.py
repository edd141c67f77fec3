"""The one door from a source to its checked text, and the read settings it takes."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from quote_tui._threads import in_daemon_thread, margin
from quote_tui.batch.specs import Settings, SourceSpec
from quote_tui.engine.errors import SourceError
from quote_tui.sources.load import Loader, ReadSettings, load
from quote_tui.sources.net.resolvers import RESOLVERS
from quote_tui.sources.records import RefKind, Representation


def test_settings_hand_their_read_part_to_the_loader(tmp_path: Path) -> None:
    settings = Settings(max_source_chars=10, concurrency=3, root=tmp_path, read_timeout=None)
    assert settings.read == ReadSettings(
        max_source_chars=10, concurrency=3, root=tmp_path, read_timeout=None
    )
    assert Settings().read == ReadSettings()


async def test_load_reads_a_supplied_text_and_a_local_file(tmp_path: Path) -> None:
    supplied = await load(SourceSpec("t", text="Some words."), ReadSettings())
    assert supplied.retrieval.representation is Representation.SUPPLIED_TEXT
    assert supplied.retrieval.ref == "text:t"
    (tmp_path / "a.txt").write_text("A local text.", encoding="utf-8")
    async with Loader(ReadSettings(max_source_chars=5)) as loader:
        local = await loader.load(SourceSpec("a", ref="a.txt"), base_dir=tmp_path)
    assert local.text == "A loc" and local.prepared.truncated


async def test_loader_keeps_local_paths_under_the_root(tmp_path: Path) -> None:
    (tmp_path / "outside.txt").write_text("Outside.", encoding="utf-8")
    root = tmp_path / "root"
    root.mkdir()
    async with Loader(ReadSettings(root=root)) as loader:
        with pytest.raises(SourceError) as caught:
            await loader.load(SourceSpec("o", ref="../outside.txt"), base_dir=root)
    assert caught.value.code == "outside_root"


def test_the_session_dispatches_every_network_kind_through_the_table() -> None:
    assert set(RESOLVERS) == {RefKind.URL, RefKind.DOI, RefKind.PMID, RefKind.PMCID}


async def test_daemon_threads_run_work_off_the_loop() -> None:
    name = await in_daemon_thread(lambda: threading.current_thread().name)
    assert name == "quote_tui-work"
    assert margin(0.0) == 0.5 and margin(100.0) == 5.0
