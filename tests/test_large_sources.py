"""Large sources: a plain text of several megabytes is checked whole by default, not truncated."""

from __future__ import annotations

import json
from pathlib import Path

from quote_tui.batch.specs import Settings
from quote_tui.cli import build_parser, main
from quote_tui.sources.readers.local import DEFAULT_MAX_CHARS


def test_every_front_end_defaults_to_the_same_cap_of_at_least_fifty_million() -> None:
    cli_default = build_parser().parse_args(["check", "batch.json"]).max_source_chars
    assert cli_default == Settings().max_source_chars == DEFAULT_MAX_CHARS >= 50_000_000


def test_a_five_megabyte_text_is_checked_whole(tmp_path: Path) -> None:
    lines = [f"Line {i} of the long book says little of note on its own." for i in range(90_000)]
    lines.append("The last line holds the sentence that the citation quotes at the very end.")
    book = tmp_path / "book.txt"
    book.write_text("\n".join(lines), encoding="utf-8")
    assert book.stat().st_size > 5_000_000
    batch = tmp_path / "batch.json"
    batch.write_text(
        json.dumps(
            {
                "sources": [{"id": "s1", "ref": "book.txt"}],
                "citations": [
                    {"id": "c1", "source": "s1", "quote": "the sentence that the citation quotes"}
                ],
            }
        ),
        encoding="utf-8",
    )
    out = tmp_path / "report.json"
    assert main(["check", str(batch), "-o", str(out)]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["citations"][0]["status"] == "exact"
    assert report["citations"][0]["matches"][0]["line_start"] == 90_001
    assert report["sources"][0]["truncated"] is False
