"""MLA cites a film's scene by its time alone after the quotation, as it cites a page alone:
'"You are not alone in this" (05:42).', "(1:44:30)", a scene "(12:03-12:40)". The time is the
quotation's locator, as written."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_QUOTE = "nobody here ever told me that I was allowed to stay"


@pytest.mark.parametrize("time", ["05:42", "1:44:30", "12:03-12:40", "33:53"])
def test_a_time_alone_after_a_quotation_is_its_locator(tmp_path: Path, time: str) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        f"In *Moonlight* (Jenkins, 2016), Chiron finally says “{_QUOTE}” ({time}). The film "
        "ends soon after.\n\n## Works Cited\n\nJenkins, Barry, director. *Moonlight*. A24, 2016.\n",
        encoding="utf-8",
    )
    cited = {c.quote: c for c in scan(md).citations}
    assert cited[_QUOTE].locator is not None and cited[_QUOTE].locator.value == time


def test_a_ratio_in_brackets_in_prose_is_no_locator(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(f"The mix (3:45) was “{_QUOTE}” as the manual says.\n", encoding="utf-8")
    assert all(c.locator is None for c in scan(md).citations)
