"""The app's reference check (R): marks in the citation list, the record in the detail pane."""

from __future__ import annotations

from pathlib import Path

from quote_tui.api import CitationSpec, Settings, SourceSpec
from quote_tui.app.app import QuoteApp
from quote_tui.app.references import workspace_references
from quote_tui.app.screens.main import MainScreen
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.app.widgets.detail import CitationDetail
from quote_tui.workspace import Workspace
from tests.app.conftest import settle
from tests.net_fixtures import LoopbackServer
from tests.references.registry_fixtures import registry_settings, serve_registries


def _workspace() -> Workspace:
    bib = {
        "title": "Molecular structure of nucleic acids",
        "year": "1954",
        "authors": ["Watson", "Crick"],
    }
    return Workspace(
        name="refs",
        sources=(
            SourceSpec(id="watson", ref="doi:10.1038/171737a0"),
            SourceSpec(id="notes", text="plain notes"),
        ),
        citations=(
            CitationSpec(
                id="c1",
                source="watson",
                quote="a structure for the salt of deoxyribose nucleic acid",
                extra={"reference": {"raw": "[1]", "style": "numbered", "bib": bib}},
            ),
            CitationSpec(id="c2", source="notes", quote="plain notes"),
        ),
    )


def test_workspace_references_come_from_sources_and_bibliography() -> None:
    items = workspace_references(_workspace())
    assert items == [
        {
            "id": "watson",
            "title": "Molecular structure of nucleic acids",
            "DOI": "10.1038/171737a0",
            "issued": {"raw": "1954"},
            "author": [{"family": "Watson"}, {"family": "Crick"}],
        }
    ]


async def test_r_marks_the_citation_and_shows_the_record(tmp_path: Path) -> None:
    with LoopbackServer() as registry:
        serve_registries(registry)
        settings = Settings(remote=registry_settings(registry, tmp_path / "s.sqlite3"))
        app = QuoteApp(_workspace(), tmp_path / "ws.json", settings=settings)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            main = app.screen
            assert isinstance(main, MainScreen)
            await pilot.press("R")
            await settle(app, pilot)
            for _ in range(100):
                if main.references:
                    break
                await pilot.pause(0.05)
            citations = main.query_one(CitationList)
            assert citations.references == {"watson": "metadata_mismatch"}
            assert "≠ref" in str(citations.get_option_at_index(0).prompt)
            detail = main.query_one(CitationDetail)
            text = str(detail.query_one("#detail-body").render())
            assert "metadata mismatch" in text
            assert "year: cited 1954; registered 1953" in text


async def test_r_with_the_registries_out_of_reach_is_not_all_clear(tmp_path: Path) -> None:
    from tests.references.test_unreached import _settings

    app = QuoteApp(_workspace(), tmp_path / "ws.json", settings=_settings(tmp_path))
    said: list[tuple[str, str]] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        main = app.screen
        assert isinstance(main, MainScreen)
        real = main.notify

        def notify(message: str, **kw: object) -> None:
            said.append((message, str(kw.get("severity", "information"))))
            real(message, **kw)  # type: ignore[arg-type]

        main.notify = notify  # type: ignore[method-assign]
        await pilot.press("R")
        for _ in range(100):
            if main.references:
                break
            await pilot.pause(0.05)
        await settle(app, pilot)
    message, severity = said[-1]
    assert message.startswith("Checked 1 reference: 0 verified, 0 to look at, 1 not checked.")
    assert message.count("Crossref could not be reached: 1 reference not checked") == 1
    assert severity == "warning"
