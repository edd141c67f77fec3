"""The stop typed before the citation: '“… this century”. (85)', '“…”. (Levy 18) The play',
'„…“. (S. 85)', the bracket at the line's end or before the next sentence. It is the
quotation's citation, as it is before the stop; a bracket that opens the next sentence's
clause ("…”. (Lo 2020) showed that …") is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_QUOTE = "perhaps the most enigmatic play of this century is waiting for"
_LIST = "\n\n## Works Cited\n\nLevy, Eric. *Trapped in Thought*. Syracuse UP, 2007.\n"


@pytest.mark.parametrize(
    "form",
    [
        "“{q}”. (85) The play",
        "“{q}”. (Levy 85) The play",
        "“{q}”. (85)\nThe play",
        "„{q}“. (S. 85) Das Stück",
        '"{q}". (Levy, 2007, p. 85) The play',
    ],
)
def test_a_citation_after_the_stop_is_the_quotations(tmp_path: Path, form: str) -> None:
    md = tmp_path / "essay.md"
    md.write_text("Levy writes that " + form.format(q=_QUOTE) + " is fertile." + _LIST, "utf-8")
    cited = next(c for c in scan(md).citations if c.quote.startswith(_QUOTE))
    assert cited.locator is not None and cited.locator.value == "85"


def test_a_bracket_opening_the_next_clause_is_not(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        f"Critics called it “{_QUOTE}”. (Levy 85) showed why in a long study of the play." + _LIST,
        "utf-8",
    )
    cited = next(c for c in scan(md).citations if c.quote.startswith(_QUOTE))
    assert cited.locator is None
