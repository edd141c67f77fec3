"""A revision sheet that cites nothing sets each author's words under a label, one a
paragraph: ``Citation : « … »``, ``Zitat: „…“``, ``Quote: "…"``. The label is the evidence
the words are a text's; the sheet's own words in marks stay the writer's. Lines written in
the form of a French philosophy revision sheet in Word (m9), not copied from it."""

from __future__ import annotations

from pathlib import Path

import docx

from tests.manuscripts.helpers import quotes_found, write

_SHEET = (
    "La liberté est-elle une illusion ?",
    "Rousseau XVIIIème",
    "Citation\u00a0: «\u00a0L’homme est né libre, et partout il est dans les fers.\u00a0»",
    "Arguments\u00a0: Rousseau oppose la nature et la société ; le mot « fers » désigne les lois.",
    "Épicure IIIème av. J.-C.",
    "Citation : le plaisir : « absence de douleur dans le corps »",
    "Arguments : le sage cherche l’« ataraxie », une paix de l’âme durable et simple.",
)


def _sheet(tmp_path: Path, lines: tuple[str, ...]) -> Path:
    d = docx.Document()
    for line in lines:
        d.add_paragraph(line)
    path = tmp_path / "Fiche.docx"
    d.save(str(path))
    return path


def test_words_under_a_citation_label_are_quoted(tmp_path: Path) -> None:
    got = quotes_found(_sheet(tmp_path, _SHEET))
    assert set(got) == {
        "L’homme est né libre, et partout il est dans les fers.",
        "absence de douleur dans le corps",
    }
    assert all(ref is None for ref, _ in got.values())


def test_a_short_saying_under_the_label_is_quoted(tmp_path: Path) -> None:
    lines = ("Descartes XVIIème", "Citation : « Cogito ergo sum » - je pense donc je suis.")
    assert set(quotes_found(_sheet(tmp_path, lines))) == {"Cogito ergo sum"}


def test_german_and_english_labels(tmp_path: Path) -> None:
    notes = (
        "# Lesenotizen\n\n"
        "Kant, Aufklärung\n\n"
        "Zitat: „Habe Mut, dich deines eigenen Verstandes zu bedienen!“\n\n"
        "Mill, On Liberty\n\n"
        'Quote: "The only freedom which deserves the name is that of pursuing our own good"\n\n'
        'Mein Eindruck: "das ist sehr modern gedacht"\n'
    )
    assert set(quotes_found(write(tmp_path, "notes.md", notes))) == {
        "Habe Mut, dich deines eigenen Verstandes zu bedienen!",
        "The only freedom which deserves the name is that of pursuing our own good",
    }


def test_without_the_label_the_sheet_quotes_nothing(tmp_path: Path) -> None:
    lines = tuple(line.replace("Citation", "Idée") for line in _SHEET)
    assert quotes_found(_sheet(tmp_path, lines)) == {}


def test_a_label_that_names_whose_words(tmp_path: Path) -> None:
    lines = (
        "La conscience",
        "Citation de Pascal : « L’homme n’est qu’un roseau, le plus faible de la nature »",
        "Zitat von Kant: „Habe Mut, dich deines eigenen Verstandes zu bedienen!“",
        "Idée de Hume : « une simple collection de perceptions diverses »",
    )
    assert set(quotes_found(_sheet(tmp_path, lines))) == {
        "L’homme n’est qu’un roseau, le plus faible de la nature",
        "Habe Mut, dich deines eigenen Verstandes zu bedienen!",
    }


def test_a_labelled_block_is_its_words(tmp_path: Path) -> None:
    text = (
        "# Normen\n\nDie Norm beschreibt Merkmale (Balzert, 2009, S. 36).\n\n"
        "> **Zitat:** „Software ist die Idee, die man sich für ein Problem ausgedacht hat.“ "
        "(Balzert, 2009, S. 37)\n\n"
        '> Quote: "Programs must be written for people to read, and only incidentally for '
        'machines to execute."\n'
    )
    got = quotes_found(write(tmp_path, "notes.md", text))
    assert got == {
        "Software ist die Idee, die man sich für ein Problem ausgedacht hat.": (
            "Balzert 2009",
            "37",
        ),
        "Programs must be written for people to read, and only incidentally for machines to "
        "execute.": (None, None),
    }
