"""Words the writer puts in a made-up speaker's mouth ("A skeptic might ask, “…”", "Imagine a
voter who says, “…”", "Man könnte einwenden: „…“") are the writer's, cited or not; a page
cited for them, or a speaker named, keeps them a quotation."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts.imagined import imagined_speech
from tests.manuscripts.helpers import quotes_found, write

_BIB = "@book{smith, author={Smith, Ann}, title={Reading}, year={2020}}\n"


def _md(tmp_path: Path, text: str) -> dict[str, tuple[str | None, str | None]]:
    return quotes_found(write(tmp_path, "a.md", text), write(tmp_path, "refs.bib", _BIB))


@pytest.mark.parametrize(
    "text",
    [
        'A skeptic might ask, "why should we trust the model at all?" [@smith] It is fair.\n',
        'One might object: "the paper gives another encoding for the number," but no.\n',
        'Imagine a voter who says, "my single vote will never change anything here" [@smith].\n',
        'Suppose someone objects: "the data are far too noisy to tell us anything" [@smith].\n',
        'A user could think: "this app is listening to everything I say" [@smith].\n',
        "Man könnte einwenden: „Aber zeigt das wirklich, dass der Tracker robust ist?“ Ja.\n",
        'Critics might argue that "the whole method rests on a circular definition" [@smith].\n',
    ],
)
def test_made_up_speech_is_the_writers(tmp_path: Path, text: str) -> None:
    assert _md(tmp_path, text) == {}


def test_a_page_or_a_named_speaker_keeps_the_words_a_quotation(tmp_path: Path) -> None:
    got = _md(
        tmp_path, 'A skeptic might ask, "why should we trust the model at all?" [@smith, p. 3]\n'
    )
    assert got == {"why should we trust the model at all?": ("smith", "3")}
    got = _md(tmp_path, 'Smith would ask, "why should we trust the model at all?" [@smith].\n')
    assert got == {"why should we trust the model at all?": ("smith", None)}


def test_the_speaker_must_stand_right_before_the_marks() -> None:
    text = 'A skeptic might ask many things. Smith writes: "the model fails on rare cases"'
    assert not imagined_speech(text, text.index('"the'))
    text = 'A skeptic might ask: "is it true?"'
    assert imagined_speech(text, text.index('"is'))
