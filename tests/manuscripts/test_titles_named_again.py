"""A history essay in Markdown names its works by title: once in italics or announced
("published as “…”"), then again in bare marks, sometimes with a draft's opening dots; its
author's own thesis and articles are named as links in marks. None of these is a quotation;
the play's lines in marks still are. Written in the form of a Jekyll essay on a play's
typescript (m11), not copied from it."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_ESSAY = (
    "---\ntitle: On a typescript\n---\n\n"
    "This is adapted from my thesis, \"[Drafts and Witnesses: Reading 'La nuit des "
    'tambours\'](https://example.org/thesis)". See also my article, "[Un tapuscrit '
    'retrouvé](https://example.org/article)".\n\n'
    'The poet worked on *La nuit des tambours* for a decade.[^1] He began "...... la nuit '
    'des tambours" in 1941, when the hero cries "we will not kneel before the sea again" '
    "to his guards.[^2]\n\n"
    'Breton\'s tribute to him, "Un jeune poète noir," appeared in the same issue.\n\n'
    '[^1]: The tribute was first published as "Un jeune poète noir" in 1943.\n'
    "[^2]: Typescript, p. 4.\n"
)


def test_titles_named_again_are_no_quotations(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "history.md", _ESSAY))
    assert set(got) == {"we will not kneel before the sea again"}


def test_words_stressed_in_italics_stay_quotable(tmp_path: Path) -> None:
    text = (
        "## *The Medium Is the Message*\n\n"
        'McLuhan puts it plainly: "The Medium Is the Message" [@mcluhan1964, p. 7]. *Read '
        'Everything Twice.* Then he adds that "Read Everything Twice" [@mcluhan1964, p. 9].\n'
    )
    assert set(quotes_found(write(tmp_path, "essay.md", text))) == {
        "The Medium Is the Message",
        "Read Everything Twice",
    }
