"""The detail pane says where a misattributed quotation stands instead."""

from __future__ import annotations

import json
from pathlib import Path

from quote_tui.app import make_app
from quote_tui.app.widgets.detail import CitationDetail
from tests.app.conftest import settle


async def test_a_misattributed_quotation_is_found_in_the_other_source(
    tmp_path: Path, data_dir: Path
) -> None:
    batch = {
        "sources": [
            {
                "id": "smith",
                "text": "Smith wrote that the tide turns twice a day.",
                "title": "Smith",
            },
            {"id": "jones", "text": "Jones held that the moon pulls the sea.", "title": "Jones"},
        ],
        "citations": [{"id": "c1", "source": "smith", "quote": "the moon pulls the sea"}],
    }
    path = tmp_path / "batch.json"
    path.write_text(json.dumps(batch), encoding="utf-8")
    app = make_app(path, data_dir=data_dir)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(app, pilot)
        await pilot.press("C")
        await settle(app, pilot)
        verdict = app.screen.workspace.verdicts["c1"]
        assert verdict.status == "not_found"
        assert [p["source"] for p in verdict.found_in] == ["jones"]
        body = str(app.screen.query_one(CitationDetail).query_one("#detail-body").render())
        assert "found in [Jones] (line 1) instead" in body


def test_a_saved_verdict_keeps_its_found_in() -> None:
    from quote_tui import workspace

    verdict = workspace.Verdict("not_found", found_in=({"source": "jones", "line_start": 1},))
    assert workspace.model._verdict_from_dict(verdict.to_dict()).found_in == verdict.found_in
