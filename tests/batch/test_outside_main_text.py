"""Quotations on the page a reader saw but outside its main text: a sidebar, a caption, a table.

The article extractor keeps the main text; a quotation missing from it is looked for in the
page's whole visible text and reported with ``outside_main_text: true``. A match in the main text
never carries the flag.
"""

from __future__ import annotations

import asyncio
import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from quote_tui import api
from quote_tui.batch.specs import Settings
from quote_tui.sources.net.settings import RemoteSettings
from tests.net_fixtures import LoopbackServer

PAGE = """<!doctype html><html><head><title>The lighthouse keepers</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></nav>
<div class="layout">
<article class="post-content">
<h1>The lighthouse keepers</h1>
<p>The keeper wrote to his sister every week, and his letters describe the long winter nights,
the oil that froze in the tanks and the supply boat that came only when the weather allowed it
to land.</p>
<p>Only forty of the letters survive, bound together in a single volume by a later keeper who
found them in a chest under the stairs of the lamp room, wrapped in oilcloth against the damp.</p>
<p>They tell of storms that lasted for days, of ships that passed too close to the rocks, and of
the silence that settled on the island when the boat did not come for six weeks in a row.</p>
<p>Historians have used the letters to reconstruct the daily routine of a keeper: the trimming of
wicks, the polishing of the great lens, and the log entries written at every change of
watch.</p>
</article>
<aside class="sidebar widget related">
<h3>Did you know?</h3>
<p>The lamp burned four gallons of whale oil on a winter night.</p>
</aside>
</div>
<footer>Copyright the museum</footer>
</body></html>
"""

SIDEBAR = "The lamp burned four gallons of whale oil on a winter night."
MAIN = "Only forty of the letters survive"


@pytest.fixture
def page(tmp_path: Path) -> Path:
    path = tmp_path / "keepers.html"
    path.write_text(PAGE, encoding="utf-8")
    return path


def _check(quote: str, ref: str, settings: Settings | None = None) -> api.QuoteCheck:
    return asyncio.run(api.check_quote(quote, ref, settings=settings))


def _schema() -> dict:
    text = resources.files("quote_tui.batch").joinpath("report.schema.json").read_text("utf-8")
    return json.loads(text)


def test_a_sidebar_quotation_is_found_outside_the_main_text(page: Path) -> None:
    checked = _check(SIDEBAR, str(page))
    assert checked.source["representation"] == "html_main_text"
    assert checked.status == "exact"
    assert checked.citation["outside_main_text"] is True
    assert checked.citation["matches"][0]["text"] == SIDEBAR
    jsonschema.validate(checked.report, _schema())


def test_a_main_text_match_never_carries_the_flag(page: Path) -> None:
    checked = _check(MAIN, str(page))
    assert checked.status == "exact"
    assert "outside_main_text" not in checked.citation


def test_a_misquoted_sidebar_is_near_outside_the_main_text(page: Path) -> None:
    checked = _check("The lamp burnt four gallons of whale oil on a winter night.", str(page))
    assert checked.status == "near"
    assert checked.citation["outside_main_text"] is True


def test_a_quotation_on_no_part_of_the_page_stays_not_found(page: Path) -> None:
    checked = _check("The keeper kept a parrot called Admiral in the lamp room.", str(page))
    assert checked.status == "not_found"
    assert "outside_main_text" not in checked.citation


@pytest.mark.parametrize("fmt", ["markdown", "html", "terminal"])
def test_reports_say_on_the_page_outside_the_main_text(page: Path, fmt: str) -> None:
    report = _check(SIDEBAR, str(page)).report
    assert "on the page, outside the main text" in api.render(report, fmt)


def test_the_flag_survives_the_snapshot_store(tmp_path: Path) -> None:
    with LoopbackServer() as server:
        server.route("/keepers.html", PAGE)
        store = tmp_path / "store.sqlite"
        remote = RemoteSettings(
            timeout=5.0, allow_addresses=frozenset({server.address}), store_path=store
        )
        first = _check(SIDEBAR, server.url("/keepers.html"), Settings(remote=remote))
        assert first.citation["outside_main_text"] is True
    offline = Settings(remote=RemoteSettings(store_path=store, offline=True))
    again = _check(SIDEBAR, server.url("/keepers.html"), offline)
    assert again.source["retrieval"]["from_snapshot"] is True
    assert again.status == "exact"
    assert again.citation["outside_main_text"] is True


def test_the_app_detail_pane_says_where(page: Path) -> None:
    from quote_tui.app.screens.work import verdict_of
    from quote_tui.app.widgets.detail import detail_content
    from quote_tui.batch.service import Service
    from quote_tui.batch.specs import CitationSpec, SourceSpec

    async def run():
        async with Service() as service:
            source = await service.load_source(SourceSpec("s1", ref=str(page)))
            spec = CitationSpec("c1", "s1", SIDEBAR)
            return spec, source, await service.check_citation(spec, source)

    spec, source, outcome = asyncio.run(run())
    assert outcome.outside_main_text
    verdict = verdict_of(outcome)
    shown = detail_content(spec, verdict, source.loaded.prepared).plain
    assert "on the page, outside the main text" in shown
    assert verdict.to_dict()["outside_main_text"] is True
