from __future__ import annotations

import json
from pathlib import Path

import pytest

from quote_tui.batch.batchfile import load_batch, parse_batch
from quote_tui.engine.errors import BatchInputError


def _write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "batch.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_load_batch_resolves_base_dir_and_keeps_extras(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        {
            "sources": [{"id": "s1", "ref": "a.txt", "bib_pages": "1--5"}],
            "citations": [{"id": "c1", "source": "s1", "quote": "words", "location": {"line": 3}}],
        },
    )
    batch = load_batch(path)
    assert batch.base_dir == tmp_path.resolve()
    assert batch.sources[0].ref == "a.txt"
    assert batch.sources[0].extra == {"bib_pages": "1--5"}
    assert batch.citations[0].extra == {"location": {"line": 3}}


@pytest.mark.parametrize(
    ("content", "code"),
    [
        ("{not json", "bad_batch"),
        ("[]", "bad_batch"),
        ('{"sources": []}', "bad_batch"),
        ('{"sources": {}, "citations": []}', "bad_batch"),
        ('{"citations": [{"source": "s1"}]}', "missing_field"),
        ('{"citations": [{"id": "c1", "source": 3}]}', "bad_batch"),
    ],
)
def test_malformed_batch_is_one_clear_error(tmp_path: Path, content: str, code: str) -> None:
    path = tmp_path / "batch.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(BatchInputError) as info:
        load_batch(path)
    assert info.value.code == code
    assert info.value.recovery == "fix_input"


def test_missing_batch_file(tmp_path: Path) -> None:
    with pytest.raises(BatchInputError) as info:
        load_batch(tmp_path / "nope.json")
    assert info.value.code == "file_not_found"


@pytest.mark.parametrize(
    ("locator", "pages"),
    [
        ("4", [4]),
        ("p. 4", [4]),
        ("pp. 33-35", [33, 34, 35]),
        ("pp. 33–35", [33, 34, 35]),
        ("chap. 2", []),
    ],
)
def test_string_locators_become_pages(locator: str, pages: list[int]) -> None:
    batch = parse_batch(
        {"citations": [{"id": "c", "source": "s", "quote": "q", "locator": locator}]}
    )
    assert batch.citations[0].locator is not None
    assert batch.citations[0].locator["pages"] == pages
