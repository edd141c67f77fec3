"""Bible references as theology essays and sermons give them: a note that is a reference
("Revelation 17:1b-2, 4-6 (NRSV)", "Mark 12:13-17; Matthew 22:15-22", "2 Timothy 3:16-17 as
referenced in …") and one in brackets after the quotation ("(John 3:16)", German "(Joh 3,16)",
"(1 Cor 13:4-7, NRSV)"). The book is the quotation's source; chapter and verse its place, as
written."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.notes import note_mention

_QUOTE = "the woman was clothed in purple and scarlet, and adorned with gold"


@pytest.mark.parametrize(
    ("note", "book", "place"),
    [
        ("Revelation 17:1b-2, 4-6 (NRSV)", "Revelation", "17:1b-2, 4-6"),
        ("Mark 12:13-17; Matthew 22:15-22; Luke 20-26", "Mark", "12:13-17"),
        ("2 Timothy 3:16-17 as referenced in Smith, _A Book_, Chapter 10", "2 Timothy", "3:16-17"),
        ("Vgl. Joh 3,16.", "Joh", "3,16"),
        ("Acts 9", "Acts", "9"),
    ],
)
def test_a_note_that_is_a_bible_reference(tmp_path: Path, note: str, book: str, place: str) -> None:
    md = tmp_path / "essay.md"
    md.write_text(f"John of Patmos describes Rome: “{_QUOTE}.”[^1]\n\n[^1]: {note}\n", "utf-8")
    cited = next(c for c in scan(md).citations if c.quote.startswith(_QUOTE))
    assert cited.reference is not None and book in (cited.reference.raw or "")
    assert cited.locator is not None and cited.locator.value == place


@pytest.mark.parametrize(
    ("written", "book", "place"),
    [
        ("(Revelation 17:4)", "Revelation", "17:4"),
        ("(Offb 17,4)", "Offb", "17,4"),
        ("(1 Cor 13:4-7, NRSV)", "1 Cor", "13:4-7"),
        ("(vgl. Mt 5,3-12)", "Mt", "5,3-12"),
        ("(Röm 13,1ff.)", "Röm", "13,1ff."),
        ("(1 John 4:8)", "1 John", "4:8"),
    ],
)
def test_a_bible_reference_after_the_quotation(
    tmp_path: Path, written: str, book: str, place: str
) -> None:
    md = tmp_path / "essay.md"
    md.write_text(f"John of Patmos describes Rome: “{_QUOTE}” {written}. So it goes.\n", "utf-8")
    cited = next(c for c in scan(md).citations if c.quote.startswith(_QUOTE))
    assert cited.reference is not None and cited.reference.key == book
    assert cited.locator is not None and cited.locator.value == place


def test_a_name_and_a_number_are_no_bible_reference() -> None:
    for note in ("Mark Driscoll, “The Emerging Church”, 45", "John Howard Yoder, _War_, 57"):
        found = note_mention(note, 0, len(note))
        assert found is not None and found.key not in ("Mark", "John")
