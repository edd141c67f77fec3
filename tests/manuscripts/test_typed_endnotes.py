"""Endnotes typed by hand: a "Notes" list at the text's end, its marks superscript digits typed
in the running text (Word runs, Pandoc's ^1^, HTML's <sup>, a digit glued after the closing
mark); the note gives the quotation its source and page, as a real note does."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_NOTES = [
    "Hannah Arendt, The Human Condition (Chicago: University of Chicago Press, 1958), 7.",
    "Ibid., 9.",
    "Arendt, Human Condition, 12.",
]
_FIRST = "the human condition comprehends more than the conditions of life."
_SECOND = "action is the only activity that goes on directly between men."
_THIRD = "the world would be a heap of unrelated things."


def _cited(path: Path) -> list[tuple[str, str | None, str | None]]:
    return [
        (
            c.quote,
            c.reference.raw.split(" [")[0] if c.reference else None,
            c.locator.value if c.locator else None,
        )
        for c in scan(path).citations
    ]


_WANT = [
    (_FIRST, _NOTES[0], "7"),
    (_SECOND, "Ibid., 9.", "9"),
    (_THIRD, "Arendt, Human Condition, 12.", "12"),
]


def test_markdown_marks_typed_as_superscripts_point_to_the_notes_list(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        f'Arendt opens with the claim that "{_FIRST}"^1^ Later she writes that "{_SECOND}"'
        f'<sup>2</sup> Finally "{_THIRD}"3\n\n'
        "# Notes\n\n" + "\n".join(f"{i}. {n}" for i, n in enumerate(_NOTES, 1)) + "\n",
        encoding="utf-8",
    )
    assert _cited(md) == _WANT


def test_word_superscript_runs_point_to_the_notes_list(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            f"Arendt opens with the claim that “{_FIRST}”",
            wx.superscript_run("1"),
            f" Later she writes that “{_SECOND}”",
            wx.superscript_run("2"),
            f" Finally “{_THIRD}”3",
        ],
    )
    d.add_paragraph("Anmerkungen")
    for i, note in enumerate(_NOTES, 1):
        wx.add_paragraph(d, [wx.superscript_run(str(i)), " " + note])
    d.save(str(path))
    assert _cited(path) == _WANT


def test_a_notes_list_numbered_one_for_every_item_is_read_in_order(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        f'She says "{_FIRST}"^1^ and "{_SECOND}"^2^\n\n'
        "**Endnotes**\n\n" + "\n".join(f"1. {n}" for n in _NOTES[:2]) + "\n",
        encoding="utf-8",
    )
    assert _cited(md) == _WANT[:2]


def test_what_is_no_note_mark_stays_as_it_was(tmp_path: Path) -> None:
    from quote_tui.manuscripts.typednotes import find_typed_notes

    md = tmp_path / "essay.md"
    md.write_text(
        # a unit's power, a number the list does not hold, and a text without a notes list
        f'The room is 12 m² wide. She says "{_FIRST}"^4^\n\n'
        "# Notes\n\n1. Arendt, Human Condition, 2.\n2. Ibid., 3.\n",
        encoding="utf-8",
    )
    cits = scan(md).citations
    assert [c.quote for c in cits] == [_FIRST]
    assert cits[0].reference is not None and cits[0].reference.raw == "^4^"
    notes = find_typed_notes(md.read_text(encoding="utf-8"))
    assert notes.marks(md.read_text(encoding="utf-8")) == []
    assert find_typed_notes(f'She says "{_FIRST}"^1^\n\n1. Not a notes list.\n').notes == {}


def test_a_word_notes_list_numbered_by_word_itself(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            f"Arendt opens with the claim that “{_FIRST}”",
            wx.superscript_run("1"),
            f" Later she writes that “{_SECOND}”",
            wx.superscript_run("2"),
        ],
    )
    d.add_paragraph("Endnotes")
    for note in _NOTES[:2]:
        d.add_paragraph(note, style="List Number")  # the number is Word's, not in the text
    d.save(str(path))
    assert _cited(path) == _WANT[:2]
