"""A manuscript's quotation changed in the app (u, the source's wording) is not what the
manuscript says: the app, the exported report and every format name the manuscript's own
wording, so a report that now reads "exact" cannot pass for the manuscript's."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Static

from quote_tui.app import make_app
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.app.widgets.detail import CitationDetail
from tests.app.conftest import settle

WRITTEN = "the ends of human life, the shape of our society"
PAPER = f"""---
bibliography: refs.bib
---

Like every program it becomes a vision of “{WRITTEN}” [@battistoni2017].
"""
BIB = """@article{battistoni2017,
  title = {The False Promise of Universal Basic Income},
  author = {Battistoni, Alyssa}, year = {2017},
  file = {battistoni.txt}
}
"""
SOURCE = "A broader vision of the ends of human life, and the shape of our society.\n"


async def test_the_source_wording_keeps_the_manuscript_wording_in_sight(
    tmp_path: Path, data_dir: Path
) -> None:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    (tmp_path / "battistoni.txt").write_text(SOURCE, encoding="utf-8")
    paper = tmp_path / "paper.md"
    paper.write_text(PAPER, encoding="utf-8")
    app = make_app(paper, data_dir=data_dir)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(app, pilot)
        main = app.screen
        assert main.workspace.verdicts["c1"].status == "near"
        main.query_one(CitationList).focus()
        await pilot.press("u")
        await settle(app, pilot)
        assert main.workspace.verdicts["c1"].status == "exact"
        citation = main.workspace.citation("c1")
        assert citation is not None and citation.extra["manuscript_quote"] == WRITTEN
        body = str(main.query_one(CitationDetail).query_one("#detail-body", Static).render())
        assert WRITTEN in body and "change it there too" in body, body

        report = tmp_path / "report.json"
        main.export_report(report)
        await settle(app, pilot)
        entry = json.loads(report.read_text(encoding="utf-8"))["citations"][0]
        assert entry["status"] == "exact" and entry["manuscript_quote"] == WRITTEN
        markdown = tmp_path / "report.md"
        main.export_report(markdown)
        await settle(app, pilot)
        text = markdown.read_text(encoding="utf-8")
        assert "Manuscript reads" in text and WRITTEN in text, text

        await pilot.press("ctrl+z")  # back to the manuscript's wording: nothing to say
        await settle(app, pilot)
        citation = main.workspace.citation("c1")
        assert citation is not None and "manuscript_quote" not in citation.extra
