"""The page a block quotation's lead-in names ("… which states on p. 12:", "in p. x:", "auf S.
231:") is the block's locator when its citation gives none, as for an inline quotation; a front
matter's page in small roman numerals ("p. x", "pp. xiv-xvi") is a page too."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_BLOCK = (
    "> The principal design of a Grammar of any Language is to teach us to express ourselves"
    " with propriety in that Language.\n\n"
)


@pytest.mark.parametrize(
    ("lead", "want"),
    [
        ("One early example is (Lowth 1762) which states in p. x:", "x"),
        ("One early example is (Lowth 1762), which states on page 12:", "12"),
        ("Lowth (1762) schreibt auf S. 231:", "231"),
        ("As Lowth (1762) puts it on pp. xiv-xvi:", "xiv-xvi"),
    ],
)
def test_a_block_takes_the_page_of_its_lead_in(tmp_path: Path, lead: str, want: str) -> None:
    md = tmp_path / "history.md"
    md.write_text(
        f"# Grammars\n\n{lead}\n\n{_BLOCK}Later grammars followed him.\n\n"
        "## References\n\nLowth, R. (1762). *A Short Introduction to English Grammar*. London.\n",
        encoding="utf-8",
    )
    (cit,) = [c for c in scan(md).citations if "principal design" in c.quote]
    assert cit.reference is not None
    assert cit.locator is not None and cit.locator.value == want


def test_a_page_of_this_text_is_not_the_blocks(tmp_path: Path) -> None:
    md = tmp_path / "history.md"
    md.write_text(
        "# Grammars\n\nAs shown on p. 4 of this thesis, Lowth (1762) states:\n\n"
        f"{_BLOCK}Later grammars followed him.\n",
        encoding="utf-8",
    )
    (cit,) = [c for c in scan(md).citations if "principal design" in c.quote]
    assert cit.locator is None
