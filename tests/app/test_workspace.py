"""The workspace file: round trips, autosave shape, corrupt files kept aside, imports."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from quote_tui.batch.specs import CitationSpec, SourceSpec
from quote_tui.engine.check import check
from quote_tui.engine.text import PreparedText
from quote_tui.workspace import (
    Verdict,
    Workspace,
    WorkspaceCorruptError,
    last_workspace_path,
    load_workspace,
    open_target,
    remember_last,
    result_from_dict,
    save_workspace,
)


def _workspace() -> Workspace:
    prepared = PreparedText("alpha beta gamma\ndelta epsilon", page_starts=(0, 17))
    result = check(prepared, "beta gamma")
    ws = Workspace(name="w")
    ws = ws.with_source(SourceSpec("s1", ref="a.txt", title="A"))
    ws = ws.with_source(SourceSpec("s2", text="pasted words here"))
    ws = ws.with_citation(CitationSpec("c1", "s1", "beta gamma", {"value": "p. 1", "pages": [1]}))
    ws = ws.with_citation(CitationSpec("c2", "s2", "nothing"))
    ws = ws.with_verdict("c1", Verdict(str(result.status), result))
    ws = ws.with_verdict("c2", Verdict("unavailable", None, {"code": "file_not_found"}))
    return ws.with_snapshot("s1", "abc123")


def test_round_trip_keeps_everything(tmp_path: Path) -> None:
    ws = _workspace()
    path = tmp_path / "w.json"
    save_workspace(ws, path)
    back = load_workspace(path)
    assert back.to_dict() == ws.to_dict()
    assert back.verdicts["c1"].result == ws.verdicts["c1"].result
    assert back.snapshots == {"s1": "abc123"}
    assert back.citation("c1").locator == {"value": "p. 1", "pages": [1]}


def test_result_from_dict_inverts_to_dict() -> None:
    prepared = PreparedText("one two three four five six", page_starts=(0, 8))
    result = check(prepared, "two three four")
    assert result_from_dict(result.to_dict()) == result


def test_a_match_without_its_note_marks_reads_back_with_them() -> None:
    prepared = PreparedText("We reach the apodeictic\u200b5 certainty of reason.")
    result = check(prepared, "the apodeictic certainty of reason")
    assert result.matches[0].marks
    assert result_from_dict(result.to_dict()) == result
    # a file written before the field was added reads as a match without marks
    older = result.to_dict()
    del older["matches"][0]["marks"]
    assert result_from_dict(older).matches[0].marks == ()


def test_edits_and_counts() -> None:
    ws = _workspace()
    assert ws.counts() == {ws.verdicts["c1"].status: 1, "unavailable": 1}
    edited = ws.with_citation(CitationSpec("c1", "s1", "alpha"))
    assert "c1" not in edited.verdicts  # an edit drops the stale verdict
    assert [c.id for c in edited.without_citation("c2").citations] == ["c1"]
    assert ws.new_id("c1") == "c1-2"
    assert ws.new_id("c9") == "c9"


def test_corrupt_file_is_kept_aside_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text('{"format": "quote_tui.workspace", "sources": [', encoding="utf-8")
    with pytest.raises(WorkspaceCorruptError) as info:
        load_workspace(path, now=datetime(2024, 5, 6, 7, 8, 9))
    kept = tmp_path / "w.json.corrupt-20240506-070809"
    assert kept.read_text(encoding="utf-8").endswith("[")
    assert not path.exists()
    assert info.value.details["kept_as"] == str(kept)
    opened = open_target(path, data_dir=tmp_path / "data")
    assert opened.workspace.citations == ()
    assert opened.notice is None  # the corrupt file already moved; a fresh start


def test_open_target_reports_corrupt_file(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text('{"format": "quote_tui.workspace", "citations": 5}', encoding="utf-8")
    opened = open_target(path, data_dir=tmp_path / "data")
    assert opened.notice is not None and "corrupt" in opened.notice
    assert list(tmp_path.glob("w.json.corrupt-*"))


def test_last_workspace_pointer(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert last_workspace_path(data) == data / "workspace.json"
    ws_path = tmp_path / "mine.json"
    save_workspace(_workspace(), ws_path)
    remember_last(data, ws_path)
    assert last_workspace_path(data) == ws_path.resolve()
    assert open_target(None, data_dir=data).workspace.name == "w"


def test_open_batch_file_makes_a_new_workspace(tmp_path: Path) -> None:
    batch = tmp_path / "refs.json"
    (tmp_path / "a.txt").write_text("the quick brown fox", encoding="utf-8")
    batch.write_text(
        json.dumps(
            {
                "sources": [{"id": "a", "ref": "a.txt"}],
                "citations": [{"id": "q", "source": "a", "quote": "quick brown"}],
            }
        ),
        encoding="utf-8",
    )
    opened = open_target(batch, data_dir=tmp_path / "data")
    assert opened.path.parent == tmp_path / "data" / "workspaces"
    assert opened.path.name.startswith("refs-") and opened.path.suffix == ".json"
    assert [c.id for c in opened.workspace.citations] == ["q"]
    assert opened.workspace.base_dir == tmp_path.resolve()
    assert batch.read_text(encoding="utf-8").startswith("{")  # never rewritten


def test_stored_results_keep_difference_positions() -> None:
    import quote_tui
    from quote_tui.workspace import result_from_dict

    result = quote_tui.check_text("the cat saw the dog today", "the cat saw a dog today")
    back = result_from_dict(result.to_dict())
    assert back.matches[0].differences == result.matches[0].differences
    assert back.matches[0].differences[0].source_start == 12


def _batch_file(folder: Path, quote: str = "quick brown") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "a.txt").write_text("the quick brown fox", encoding="utf-8")
    batch = folder / "refs.json"
    batch.write_text(
        json.dumps(
            {
                "sources": [{"id": "a", "ref": "a.txt"}],
                "citations": [
                    {"id": "c1", "source": "a", "quote": quote},
                    {"id": "c2", "source": "a", "quote": "brown fox"},
                ],
            }
        ),
        encoding="utf-8",
    )
    return batch


def test_opening_a_batch_again_keeps_the_edits_made_to_it(tmp_path: Path) -> None:
    data = tmp_path / "data"
    batch = _batch_file(tmp_path / "paper")
    opened = open_target(batch, data_dir=data)
    save_workspace(opened.workspace.without_citation("c1"), opened.path)
    again = open_target(batch, data_dir=data)
    assert again.path == opened.path and again.reload is None
    assert [c.id for c in again.workspace.citations] == ["c2"]


def test_two_files_of_one_name_in_two_folders_never_share_a_workspace(tmp_path: Path) -> None:
    data = tmp_path / "data"
    one = open_target(_batch_file(tmp_path / "one"), data_dir=data)
    save_workspace(one.workspace.without_citation("c1"), one.path)
    two = open_target(_batch_file(tmp_path / "two"), data_dir=data)
    assert two.path != one.path
    assert [c.id for c in two.workspace.citations] == ["c1", "c2"]
    kept = open_target(tmp_path / "one" / "refs.json", data_dir=data).workspace
    assert [c.id for c in kept.citations] == ["c2"]  # opening the other did not overwrite it


def test_a_file_changed_since_offers_its_new_state_and_keeps_the_edits(tmp_path: Path) -> None:
    data = tmp_path / "data"
    batch = _batch_file(tmp_path / "paper")
    opened = open_target(batch, data_dir=data)
    save_workspace(opened.workspace.without_citation("c2"), opened.path)
    _batch_file(tmp_path / "paper", quote="quick brown fox")
    again = open_target(batch, data_dir=data)
    assert [c.id for c in again.workspace.citations] == ["c1"]  # the edits, kept
    assert again.notice and "changed" in again.notice
    assert again.reload is not None
    assert [c.quote for c in again.reload.citations] == ["quick brown fox", "brown fox"]
