"""The citation list's border names its order and filter whole, at 80 columns as at 120."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.app.screens.main import MainScreen
from quote_tui.app.widgets.citation_list import SORTS, CitationList
from tests.app.conftest import make_demo_app, settle


@pytest.mark.parametrize(("size", "first"), [((80, 24), "text order"), ((120, 36), "in text")])
async def test_every_sort_and_filter_reads_whole_in_the_border(
    data_dir: Path, size: tuple[int, int], first: str
) -> None:
    app = make_demo_app(data_dir)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, MainScreen)
        listing = app.screen.query_one(CitationList)
        listing.focus()
        room = listing.size.width - 4  # corners, rule and the title's spaces
        said = []
        for _ in SORTS:
            said.append(str(listing.border_subtitle))
            await pilot.press("s")
            await settle(app, pilot)
        await pilot.press("f")
        await settle(app, pilot)
        said.append(str(listing.border_subtitle))
        assert said[0].startswith(first)
        assert all(len(s) <= room for s in said), (room, said)
        # a cut word ("order" of "in text order") never stands for a sort
        assert "order" not in said[1:4] and len(set(said)) == len(said)
