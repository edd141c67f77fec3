"""A close-reading essay quotes a song's lines without citations: a line said again in part
right after the full line is the song's words again, and words the singer or narrator is
said to say in the same clause are theirs. Lines written in the forms a Word essay on a song
and its cover versions uses (m1 and m2's close-reading essay)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write


def _md(tmp_path: Path, text: str) -> set[str]:
    cited = "\n## Works Cited\n\nRiver Band. “The River.” Daylight, Warner Bros., 1977.\n"
    return set(quotes_found(write(tmp_path, "a.md", "# Essay\n\n" + text + cited)))


def test_part_of_a_line_said_again_after_the_full_line_is_a_quotation(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "The words are packed with meaning. “Hear the river run, feel the morning come.” "
        "This line invites the listener to pause, to “feel the morning come.” The tone is "
        "one of restrained anger.\n",
    )
    assert got == {"Hear the river run, feel the morning come.", "feel the morning come."}


def test_words_the_singer_is_said_to_say_are_theirs(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "The cover ends with echo voices of the vocalist declaring that they are “lost in "
        "daylight”. There is no other party.\n",
    )
    assert got == {"lost in daylight"}
