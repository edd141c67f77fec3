from __future__ import annotations

import json
import os
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from quote_tui.batch.pipeline import check_batch
from quote_tui.batch.report import atomic_write, write_report
from quote_tui.batch.specs import Batch, CitationSpec, SourceSpec


def _schema() -> dict:
    text = resources.files("quote_tui.batch").joinpath("report.schema.json").read_text("utf-8")
    return json.loads(text)


async def _report() -> dict:
    text = "Alpha beta gamma delta.\r\nEpsilon zeta eta theta iota kappa.\n\U0001d49c lambda mu."
    batch = Batch(
        (SourceSpec("s", text=text), SourceSpec("bad", ref="no/such/file.pdf")),
        (
            CitationSpec("exact", "s", "Epsilon zeta eta"),
            CitationSpec("near", "s", "Epsilon zeta eta theta iota lambda"),
            CitationSpec("astral", "s", "lambda mu"),
            CitationSpec("gone", "bad", "some words here"),
            CitationSpec("orphan", None, "nothing cited"),
        ),
    )
    return await check_batch(batch)


async def test_report_validates_against_its_schema() -> None:
    report = await _report()
    jsonschema.validate(report, _schema())


async def test_offsets_agree_in_every_unit() -> None:
    report = await _report()
    text = "Alpha beta gamma delta.\r\nEpsilon zeta eta theta iota kappa.\n\U0001d49c lambda mu."
    match = report["citations"][2]["matches"][0]
    assert text[match["start"] : match["end"]] == "lambda mu"
    utf16 = text.encode("utf-16-le")
    assert (
        utf16[match["utf16_start"] * 2 : match["utf16_end"] * 2].decode("utf-16-le") == "lambda mu"
    )
    assert text.encode()[match["utf8_start"] : match["utf8_end"]].decode() == "lambda mu"
    assert match["utf8_start"] == match["start"] + 3  # the astral letter is four bytes
    assert match["line_start"] == 3
    exact = report["citations"][0]["matches"][0]
    assert exact["line_start"] == 2  # CRLF is one line break


async def test_report_is_deterministic_apart_from_its_date() -> None:
    a, b = await _report(), await _report()
    a.pop("created"), b.pop("created")
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_atomic_write_replaces_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "r.json"
    target.write_text("old", encoding="utf-8")
    write_report({"x": 1}, target)
    assert json.loads(target.read_text(encoding="utf-8")) == {"x": 1}
    assert os.listdir(tmp_path) == ["r.json"]


def test_atomic_write_leaves_old_file_when_writing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "r.json"
    target.write_text("old", encoding="utf-8")

    def crash(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        atomic_write(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["r.json"]
