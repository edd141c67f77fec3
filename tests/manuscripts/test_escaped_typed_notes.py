"""Endnotes typed by hand in a web page or Word file and carried into Markdown by Pandoc, which
escapes the brackets: "\\[3\\]" after the quotation, and at the end, below a rule ("* * *", "---")
or a "Footnotes" heading, the notes "\\[3\\] Gonzalez, _Story_, 136." The quotation takes its
note's work and page; a short note ("Marx, 39") is the work its author's full note gave. A
reference list set before the rule keeps its own entries, and a mark linked to the note of the
Word file it was pasted from ("[\\[2\\]](file:///C:/…/Paper.docx#_ftn2)") is that note's."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.scan import read_manuscript

_FIRST = "the history of all hitherto existing society is the history of class struggles."
_SECOND = "a nation is a historically constituted, stable community of people."
_THIRD = "the working men have no country, and we cannot take from them what they have not got."

_BIBLIOGRAPHY = (
    "### Bibliography\n\n"
    "Marx, Karl. _The Communist Manifesto._ New York, NY: International Publishers, 2014.\n\n"
    "Stalin, Joseph. _Marxism and the National Question._ Moscow: Prosveshcheniye, 1913.\n\n"
)


def _essay(mark: str, before_notes: str) -> str:
    entry = "\\[{}\\]"
    return (
        f"Marx opens the pamphlet bluntly: “{_FIRST}”{mark.format(1)}  Stalin later wrote that "
        f"“{_SECOND}”{mark.format(2)} The pamphlet had claimed that “{_THIRD}”{mark.format(3)}\n\n"
        f"{before_notes}"
        + entry.format(1)
        + " Karl Marx, _The Communist Manifesto_, (New York: International, 2014), 14\n\n"
        + entry.format(2)
        + " Joseph Stalin, _Marxism and the National Question_, (Moscow, 1913), 12\n\n"
        + entry.format(3)
        + " Marx, 39\n"
    )


def _cited(path: Path) -> dict[str, tuple[str | None, str | None]]:
    return {
        c.quote: (c.reference.raw if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(path).citations
    }


def _check(path: Path) -> None:
    got = _cited(path)
    assert got[_FIRST][1] == "14" and "2014" in (got[_FIRST][0] or "")
    assert got[_SECOND][1] == "12" and "Stalin" in (got[_SECOND][0] or "")
    assert got[_THIRD][1] == "39" and "2014" in (got[_THIRD][0] or "")


@pytest.mark.parametrize("rule", ["* * *", "***", "---", "___", "- - -"])
def test_escaped_notes_below_a_rule_after_the_bibliography(tmp_path: Path, rule: str) -> None:
    md = tmp_path / "essay.md"
    md.write_text(_essay("\\[{}\\]", f"{_BIBLIOGRAPHY}{rule}\n\n"), encoding="utf-8")
    _check(md)


def test_escaped_notes_below_a_rule_without_a_bibliography(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(_essay("\\[{}\\]", "* * *\n\n"), encoding="utf-8")
    _check(md)


@pytest.mark.parametrize("heading", ["#### Footnotes", "## Notes", "**Endnotes**"])
def test_escaped_notes_under_a_notes_heading(tmp_path: Path, heading: str) -> None:
    md = tmp_path / "essay.md"
    md.write_text(_essay("\\[{}\\]", f"{heading}\n\n"), encoding="utf-8")
    _check(md)


def test_marks_linked_to_the_word_file_they_were_pasted_from(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    mark = "[\\[{0}\\]](file:///C:/Users/me/Documents/Final%20Paper.docx#_ftn{0})"
    md.write_text(_essay(mark, f"{_BIBLIOGRAPHY}* * *\n\n"), encoding="utf-8")
    _check(md)


def test_the_bibliography_before_the_rule_keeps_its_entries(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(_essay("\\[{}\\]", f"{_BIBLIOGRAPHY}* * *\n\n"), encoding="utf-8")
    ms = read_manuscript(md)
    assert [e.key for e in ms.listed] == ["Marx 2014", "Stalin 1913"]
    assert not ms.numbered


def test_an_escaped_numbered_reference_list_stays_one(tmp_path: Path) -> None:
    """IEEE's list under its heading, converted by Pandoc: "\\[1\\]" cites its first entry."""
    md = tmp_path / "paper.md"
    md.write_text(
        f"The manifesto says “{_FIRST}” \\[1\\]\n\n## References\n\n"
        "\\[1\\] K. Marx, The Communist Manifesto. New York: International Publishers, 2014.\n",
        encoding="utf-8",
    )
    ref = next(c.reference for c in scan(md).citations if c.quote == _FIRST)
    assert ref is not None and ref.style == "numbered"
