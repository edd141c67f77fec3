"""Binary data under a manuscript's name is refused, not scanned as mojibake (issue 20)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from quote_tui.engine.errors import BatchInputError
from quote_tui.manuscripts.scan import scan


@pytest.mark.parametrize("suffix", [".tex", ".md", ".txt"])
def test_random_bytes_are_refused(tmp_path: Path, suffix: str) -> None:
    rng = random.Random(20)
    path = tmp_path / f"paper{suffix}"
    path.write_bytes(bytes(rng.randrange(1, 256) for _ in range(5000)))  # no NUL at all
    with pytest.raises(BatchInputError) as caught:
        scan(path)
    assert caught.value.code == "bad_manuscript"
    assert "binary" in caught.value.message


def test_text_in_cp1252_is_still_read(tmp_path: Path) -> None:
    path = tmp_path / "paper.txt"
    path.write_bytes(
        "He writes \u201cthe words that stand in the source here\u201d.\n".encode("cp1252")
    )
    assert scan(path).citations
