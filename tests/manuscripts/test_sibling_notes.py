"""A Pandoc book in several files: a chapter's note marks ([^1]) defined in a notes file beside
it, as `pandoc ch1.md ch2.md notes.md` reads them together."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write

_CHAPTER = (
    "# Reading Nietzsche\n\n"
    "Nietzsche opens the essay by asking us to imagine that 'in some remote corner of the "
    "universe there was once a star on which clever animals invented knowledge'.[^1] In 1873 "
    "he wrote a short piece entitled 'On Truth and Lies in a Nonmoral Sense', in which truth "
    "becomes 'a mobile army of metaphors, metonyms, and anthropomorphisms'.[^2]\n"
)
_NOTES = (
    "[^1]: Friedrich Nietzsche, 'On Truth and Lies in a Nonmoral Sense', in *Philosophy and "
    "Truth*, translated by D. Breazeale (Atlantic Highlands: Humanities Press, 1979), p. 79.\n"
    "[^2]: Nietzsche, 'On Truth and Lies in a Nonmoral Sense', p. 84.\n"
)


def _found(path: Path) -> dict[str, tuple[str | None, tuple[int, ...]]]:
    return {
        c.quote: (
            (c.reference.raw or "") if c.reference else None,
            c.locator.pages if c.locator else (),
        )
        for c in scan(path).citations
    }


def test_notes_defined_in_a_file_beside_the_chapter_cite_its_quotations(tmp_path: Path) -> None:
    chapter = write(tmp_path, "1-reading.md", _CHAPTER)
    write(tmp_path, "x-notes.md", "</section>\n\n" + _NOTES)
    result = scan(chapter)
    got = _found(chapter)
    star = "in some remote corner of the universe there was once a star on which clever animals"
    raw, pages = next(v for q, v in got.items() if q.startswith(star))
    assert raw is not None and "Nietzsche" in raw and pages == (79,)
    raw, pages = got["a mobile army of metaphors, metonyms, and anthropomorphisms"]
    assert raw is not None and pages == (84,)
    # the title its kind announces stays a title though a note with a page follows later
    assert "On Truth and Lies in a Nonmoral Sense" not in got
    assert any("x-notes.md" in w and "[^1] to [^2]" in w for w in result.warnings)


def test_a_chapter_that_defines_its_own_notes_lends_none(tmp_path: Path) -> None:
    chapter = write(tmp_path, "1-reading.md", _CHAPTER)
    # the second chapter marks and defines its own [^1] and [^2]: they are not chapter one's
    write(
        tmp_path,
        "2-later.md",
        "A later chapter quotes 'a different sentence of some length here'.[^1] And more.[^2]\n\n"
        "[^1]: Someone Else, *Another Book* (London: Verso, 2001), p. 5.\n"
        "[^2]: Ibid., p. 6.\n",
    )
    result = scan(chapter)
    assert all(c.reference is None for c in result.citations)
    assert not any("2-later.md" in w for w in result.warnings)


def test_a_chapter_with_its_notes_reads_no_other_file(tmp_path: Path) -> None:
    chapter = write(tmp_path, "1-reading.md", _CHAPTER + "\n" + _NOTES)
    write(tmp_path, "x-notes.md", _NOTES.replace("p. 79", "p. 1"))
    got = _found(chapter)
    assert got["a mobile army of metaphors, metonyms, and anthropomorphisms"][1] == (84,)
    assert not any("x-notes.md" in w for w in scan(chapter).warnings)
