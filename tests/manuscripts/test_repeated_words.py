"""A few words of a passage quoted just before, quoted again in the comment on it, are that
passage's words at its page: the close reading of an essay on one book."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_LIST = (
    "\n\n## Works Cited\n\nRankine, Claudia. *Citizen: An American Lyric*. Graywolf Press, 2014.\n"
)
_PASSAGE = "Sometimes you sigh. The world says stop that. Another sigh. Another stop that."


def _cited(tmp_path: Path, text: str) -> dict[str, tuple[str | None, str | None]]:
    return quotes_found(write(tmp_path, "essay.md", text))


def test_words_of_the_passage_said_again_take_its_page(tmp_path: Path) -> None:
    got = _cited(
        tmp_path,
        f'Rankine writes of the world, "{_PASSAGE}" (Rankine 59) Rankine describes the world'
        f' as saying "stop that" instead of one person.{_LIST}',
    )
    assert got[_PASSAGE] == ("Rankine 2014", "59")
    assert got["stop that"] == ("Rankine 2014", "59")


def test_words_bent_to_the_sentence_are_the_passages_too(tmp_path: Path) -> None:
    passage = "you would pour a third bowl if you did not interrupt yourself with the statement"
    got = _cited(
        tmp_path,
        f'She writes, "{passage}" (Rankine 79) The reader is on autopilot when Rankine writes'
        f' "interrupting yourself", as if from outside.{_LIST}',
    )
    assert got["interrupting yourself"] == ("Rankine 2014", "79")


def test_words_of_a_block_quoted_in_the_next_paragraph_take_its_note_and_page(
    tmp_path: Path,
) -> None:
    text = (
        "Heidegger declares:\n\n> But if there is to be science, and if it is to be *for* us"
        " and *through* us, under what conditions can it then truly exist?[^1]\n\n"
        'There is a lot to say about this. He depicts science working "*through* us", and a'
        ' people that must "stand up to" being.\n\n'
        "[^1]: Martin Heidegger, *The Self-Assertion of the German University*, translated by"
        " K. Harries (1985), pp. 471-2.\n"
    )
    got = _cited(tmp_path, text)
    assert got["through us"][1] == "471-2"


def test_words_the_passage_does_not_hold_take_nothing(tmp_path: Path) -> None:
    got = _cited(
        tmp_path,
        f'Rankine writes of the world, "{_PASSAGE}" (Rankine 59) Her world says "keep quiet"'
        f" to her instead.{_LIST}",
    )
    assert got.get("keep quiet", (None, None))[1] is None


def test_words_cited_to_another_work_of_the_author_keep_their_own(tmp_path: Path) -> None:
    text = (
        f'Smith (2010) writes, "{_PASSAGE}" (p. 59). Later the world says "stop that"'
        " (Smith, 2012).\n\n## References\n\nSmith, J. (2010). *Sighs*. Graywolf.\n\n"
        "Smith, J. (2012). *More sighs*. Graywolf.\n"
    )
    got = _cited(tmp_path, text)
    assert got[_PASSAGE] == ("Smith 2010", "59")
    assert got["stop that"] == ("Smith 2012", None)
