"""What people said, listed one saying an item or reported after "told me that", in a blog
post that cites nothing; and a reading note's phrase set as a list item. Written for this test
in the forms a blog essay and a Markdown reading note use."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write


def test_sayings_listed_and_reported_in_a_text_citing_nothing(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "post.md",
        "# Rejection\n\nWhat follows are some of the well-meaning things I was told:\n\n"
        '- "did you try again..."\n\n'
        "It pains me to finish that sentence.\n\n"
        '- "everyone gets rejected at some point in their careers"\n\n'
        'Better, but still flawed. I laughed and said, "Sure, I will try that next week."\n\n'
        'A colleague told me that "if you keep writing, they cannot ignore you forever". '
        'So I decided to "keep going" anyway.\n',
    )
    assert set(quotes_found(md)) == {
        "did you try again...",
        "everyone gets rejected at some point in their careers",
        "if you keep writing, they cannot ignore you forever",
    }


def test_a_reading_notes_phrase_set_as_an_item(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "Kant.md",
        "# Der gute Wille\n\n* Kein bloßer Wunsch\n\t+ Kein Gefühlsbegriff\n"
        "\t+ „die Aufbietung aller Mittel“\u00a0\n* Zweck an sich\n\t+ „Würde“\n",
    )
    assert set(quotes_found(md)) == {"die Aufbietung aller Mittel"}


def test_advice_named_by_its_words_is_nobodys_saying(tmp_path: Path) -> None:
    # "simply saying “…”" names a piece of advice, and the verb inside the first marks is not
    # the writer's verb for the second.
    md = write(
        tmp_path,
        "post.md",
        '# Rejection\n\nThere are reasons for this. So simply saying "write with others", '
        'which often boils down to "write with senior people who can get things into '
        'journals" may not be helpful advice.\n',
    )
    assert "write with senior people who can get things into journals" not in quotes_found(md)


def test_a_line_set_in_emphasis_with_its_marks_is_quoted(tmp_path: Path) -> None:
    # An essay citing nothing sets the lines it quotes in italics with guillemets; a program's
    # output set so, and a short term, are not quotations.
    md = write(
        tmp_path,
        "ensayo.md",
        "# Mónadas\n\nLeibniz tenía una imagen que me persigue: *«Las mónadas no tienen ventanas "
        "por las que algo pueda entrar.»* Cada ser es una unidad cerrada.\n\n"
        "El respeto *«solo existe sobre la base de la libertad»*, pensaba yo.\n\n"
        'La consola mostró *"Initializing the s6a layer: Done"* y nada más. Era *«amor»*.\n',
    )
    assert set(quotes_found(md)) == {
        "Las mónadas no tienen ventanas por las que algo pueda entrar.",
        "solo existe sobre la base de la libertad",
    }
