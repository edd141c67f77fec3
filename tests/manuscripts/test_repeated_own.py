"""Words set in marks twice or more in a document, cited at none of their places, are the
writer's own: a term, their title, their hypothesis restated. A cited or attributed place keeps
them a source's."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.repeated_own import _THEIRS_AFTER


def _quotes(tmp_path: Path, name: str, text: str) -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return [c.quote for c in scan(path).citations]


def test_a_writers_term_hypothesis_and_own_title_said_twice_are_no_quotations(
    tmp_path: Path,
) -> None:
    essay = (
        "First, it has already been forewarned that his show is “fake news”, as per Jon’s own"
        " word in one of the episodes. Critics have written that “satire now does the work that"
        " the evening news gave up on long ago.” [@baym2005, p. 261]\n\n"
        "Thus it puts more weight into the “fake news” that the host and the show herald.\n"
    )
    assert _quotes(tmp_path, "essay.md", essay) == [
        "satire now does the work that the evening news gave up on long ago."
    ]
    memoire = (
        "L'hypothèse n°1, qui fonde la présente analyse, postule que « la faible participation"
        " citoyenne aux mécanismes de reddition de comptes s'explique par la méconnaissance des"
        " textes ».\n\n"
        "L'hypothèse n°1 de notre étude stipule que « la faible participation citoyenne aux"
        " mécanismes de reddition de comptes s'explique par la méconnaissance des textes ».\n\n"
        "La présente étude s'intitule « La reddition de comptes dans la commune de Kérou :"
        " défis et perspectives ».\n\n"
        "Mon travail de recherche, intitulé « La reddition de comptes dans la commune de Kérou :"
        " défis et perspectives », analyse la gouvernance.\n"
    )
    assert _quotes(tmp_path, "memoire.md", memoire) == []


def test_a_phrase_cited_at_one_of_its_places_stays_a_quotation(tmp_path: Path) -> None:
    got = _quotes(
        tmp_path,
        "essay.md",
        "Postman warns that we are “amusing ourselves to death” [@postman1985, p. 4].\n\n"
        "Later we see again how the audience is “amusing ourselves to death” on screen.\n\n"
        "As Habermas argues, “the public sphere has been refeudalized by the mass media”.\n\n"
        "Whether “the public sphere has been refeudalized by the mass media” is open.\n\n"
        'Die Reise als "schlendern"(Z. 34) zu betiteln zeigt die Haltung. Die Beschreibung der'
        ' Reise als "schlendern"(vgl. Z. 34f) und das Motiv des Frühlings.\n',
    )
    assert got == [
        "amusing ourselves to death",
        "amusing ourselves to death",
        "the public sphere has been refeudalized by the mass media",
        "the public sphere has been refeudalized by the mass media",
        "schlendern",
        "schlendern",
    ]


def test_a_phrase_of_a_quoted_passage_said_twice_stays_that_passages(tmp_path: Path) -> None:
    got = _quotes(
        tmp_path,
        "essay.md",
        "Marlow remembers:\n\n> “The vision seemed to enter the house with me—the stretcher, the"
        " phantom-bearers, the wild crowd of obedient worshipers, the gloom of the forests.”"
        " (Conrad 75)\n\nImages of the wilderness:\n\n"
        '- "the wild crowd of obedient worshipers"\n- the gloom\n\nOf idolatry:\n\n'
        '- "the wild crowd of obedient worshipers"\n- the ivory\n',
    )
    assert got[1:] == ["the wild crowd of obedient worshipers"] * 2


@pytest.mark.parametrize(
    ("text", "theirs"),
    [
        ("'Ways, not works': this phrase of Heidegger's is given", True),
        ("“Sapere aude”, the motto of Kant's essay", True),
        ("“Sapere aude” – the words of Horace, taken up by Kant", True),
        ("'ways, not works' that the strategy remains", False),
    ],
)
def test_words_handed_to_someone_right_after_their_marks(text: str, theirs: bool) -> None:
    close_end = _close_end(text)
    assert bool(_THEIRS_AFTER.match(text, close_end)) is theirs


def _close_end(text: str) -> int:
    closer = "'" if text[0] == "'" else "”"
    return text.index(closer, 1) + 1
