"""A film's, video's or podcast's time cited in place of a page, as APA has it."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.locators import from_csl, parse_locator
from quote_tui.reports.common import locator_text


@pytest.mark.parametrize(
    "written",
    ["1:35:22", "4:03", "0:39", "48:55 – 49:00", "48:55 – 49:00, 51:46 – 52:01", "1:02:10."],
)
def test_a_time_is_a_timestamp_as_written(written: str) -> None:
    loc = parse_locator(written)
    assert loc is not None
    assert (loc.label, loc.value, loc.pages) == ("timestamp", written.rstrip("."), ())
    assert locator_text(loc.to_dict()) == f"timestamp {written.rstrip('.')}"


@pytest.mark.parametrize("written", ["4:296", "8:35", "4:296-298"])
def test_a_volume_and_page_stays_one(written: str) -> None:
    loc = parse_locator(written)
    assert loc is not None and (loc.label, loc.value) == ("volume:page", written)


def test_a_csl_timestamp_keeps_its_label() -> None:
    loc = from_csl("timestamp", "12:04")
    assert loc is not None and (loc.label, loc.value) == ("timestamp", "12:04")


def test_a_quotation_from_a_film_keeps_its_time(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        'The mayor gives the game away at the banquet, when he says that "nobody in this'
        ' town has ever paid for a glass of water" (Varda, 1962, 1:12:40 – 1:13:05). Later'
        ' the clerk admits he is "only a messenger for the men upstairs" (Varda, 1962,'
        " 0:58).\n\n## References\n\nVarda, A. (Director). (1962). *The Waterworks* [Film].\n",
        encoding="utf-8",
    )
    got = {c.quote: c.locator for c in scan(md).citations}
    first = got["nobody in this town has ever paid for a glass of water"]
    second = got["only a messenger for the men upstairs"]
    assert first is not None and (first.label, first.value) == ("timestamp", "1:12:40 – 1:13:05")
    assert second is not None and (second.label, second.value) == ("timestamp", "0:58")
