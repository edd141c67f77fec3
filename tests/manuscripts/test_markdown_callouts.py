"""GitHub alerts and Obsidian callouts set in ">" lines ("> [!NOTE]", "> [!warning]- Title") are
boxes for the writer's own text, not block quotations: a quotation inside one is found as in
any paragraph. A "[!quote]" callout is a quotation, its first line the title naming whose."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write


def test_an_alert_is_no_quotation_and_a_quote_callout_is_one(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Some context first.\n\n"
        "> [!NOTE]\n"
        '> Smith writes "the river keeps what the town forgets" [@smith, p. 5].\n\n'
        "> [!tip]- Remember this\n"
        "> Keep the notes short and write every day of the week.\n\n"
        "> [!quote] Ann Smith, *Rivers* (2001)\n"
        "> The water carries every name the town has ever given to its children.\n",
    )
    bib = write(
        tmp_path, "refs.bib", "@book{smith, title={Rivers}, author={Smith, Ann}, year={2001}}\n"
    )
    got = {c.quote: c for c in scan(md, bib=[bib]).citations}
    assert set(got) == {
        "the river keeps what the town forgets",
        "The water carries every name the town has ever given to its children.",
    }
    assert got["the river keeps what the town forgets"].reference.key == "smith"
    assert (
        "Rivers"
        in got[
            "The water carries every name the town has ever given to its children."
        ].reference.raw
    )
