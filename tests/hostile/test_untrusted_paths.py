"""Local paths named inside documents the user did not write are read only beneath their folders.

A model answer's ``url_citation.url`` (a path, ``file://``, ``~/``), an agent's ``{quote, url}``
list and a bibliography's ``file`` field once read a private notes file into the report.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from quote_tui.cli import main

SECRET = "my bank password is hunter2 and nobody may know it"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder holding a private notes file, outside the manuscript's folder."""
    folder = tmp_path / "home"
    folder.mkdir()
    (folder / "notes.txt").write_text(SECRET + "\n", encoding="utf-8")
    monkeypatch.setenv("HOME", str(folder))
    return folder


def _report(out: Path) -> dict:
    text = out.read_text(encoding="utf-8")
    assert "hunter2" not in text
    return json.loads(text)


def test_a_model_answers_url_is_never_read_as_a_local_file(tmp_path: Path, home: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (work / "inside.txt").write_text(SECRET + "\n", encoding="utf-8")
    text = "my bank password is"
    urls = [str(home / "notes.txt"), f"file://{home / 'notes.txt'}", "~/notes.txt", "inside.txt"]
    answer = {
        "object": "response",
        "output": [
            {
                "type": "message",
                "content": [
                    {
                        "type": "output_text",
                        "text": text,
                        "annotations": [
                            {
                                "type": "url_citation",
                                "url": url,
                                "start_index": 0,
                                "end_index": len(text),
                            }
                            for url in urls
                        ],
                    }
                ],
            }
        ],
    }
    (work / "answer.json").write_text(json.dumps(answer), encoding="utf-8")
    out = work / "r.json"
    assert main(["check", str(work / "answer.json"), "-o", str(out)]) == 0
    report = _report(out)
    assert [c["status"] for c in report["citations"]] == ["unavailable"] * 4
    assert {s["error"]["code"] for s in report["sources"]} == {"outside_root"}


def test_an_agent_list_reads_nothing_outside_its_folder(tmp_path: Path, home: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (work / "mine.txt").write_text("words that stand in the folder\n", encoding="utf-8")
    agent = [
        {"quote": "my bank password", "source": str(home / "notes.txt")},
        {"quote": "my bank password", "url": str(home / "notes.txt")},
        {"quote": "my bank password", "source": "../home/notes.txt"},
        {"quote": "words that stand", "source": "mine.txt"},
    ]
    (work / "agent.json").write_text(json.dumps(agent), encoding="utf-8")
    out = work / "r.json"
    main(["check", str(work / "agent.json"), "-o", str(out)])
    report = _report(out)
    statuses = [c["status"] for c in report["citations"]]
    assert statuses == ["unavailable", "unavailable", "unavailable", "exact"], statuses
    errors = [s["error"] for s in report["sources"] if s.get("error")]
    assert errors and {e["code"] for e in errors} == {"outside_root"}
    assert "--allow-path" in errors[0]["message"]

    assert main(["check", str(work / "agent.json"), "-o", str(out), "--allow-path", str(home)]) == 0
    opened = json.loads(out.read_text(encoding="utf-8"))
    assert [c["status"] for c in opened["citations"]][:3] == ["exact"] * 3


def test_a_bib_file_field_reads_only_beneath_the_manuscripts_folders(
    tmp_path: Path, home: Path
) -> None:
    work = tmp_path / "work"
    (work / "papers").mkdir(parents=True)
    (work / "papers" / "kept.txt").write_text("the ledger was kept with care\n", encoding="utf-8")
    outside = tmp_path / "elsewhere" / "secret.txt"
    outside.parent.mkdir()
    outside.write_text(SECRET + "\n", encoding="utf-8")
    entries = {
        "tilde": "~/notes.txt",
        "absolute": str(outside),
        "dotdot": "../elsewhere/secret.txt",
        "inside": "papers/kept.txt",
    }
    (work / "refs.bib").write_text(
        "".join(
            f"@misc{{{key}, title = {{{key}}}, year = {{2020}}, file = {{{value}}}}}\n"
            for key, value in entries.items()
        ),
        encoding="utf-8",
    )
    (work / "paper.md").write_text(
        "".join(f'It says "my bank password is" [@{key}].\n\n' for key in entries)
        + 'And "the ledger was kept with care" [@inside].\n',
        encoding="utf-8",
    )
    out = work / "r.json"
    main(["check", str(work / "paper.md"), "--bib", str(work / "refs.bib"), "-o", str(out)])
    report = _report(out)
    by_key = {s["title"]: s for s in report["sources"]}
    # ~ is never expanded: no file is found for it, so nothing is read
    assert by_key["tilde"].get("error") or by_key["tilde"].get("ref") is None
    # the absolute path and the ../ path are one file, so one source
    assert by_key["absolute"]["error"]["code"] == "outside_root", by_key["absolute"]
    assert [c["status"] for c in report["citations"][1:3]] == ["unavailable"] * 2
    assert not by_key["inside"].get("error")
    assert report["citations"][-1]["status"] == "exact"


def test_a_confined_source_stays_confined_in_a_reopened_workspace(tmp_path: Path) -> None:
    from quote_tui.api import SourceSpec
    from quote_tui.workspace.model import Workspace, load_workspace, save_workspace

    confined = SourceSpec(id="s", ref="/elsewhere/a.pdf", extra={"confined_to": [str(tmp_path)]})
    path = tmp_path / "w.json"
    save_workspace(Workspace(name="w", sources=(confined,)), path)
    assert load_workspace(path).sources[0].extra["confined_to"] == [str(tmp_path)]
