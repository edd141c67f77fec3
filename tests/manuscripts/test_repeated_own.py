"""Words set in marks twice or more in a document, cited at none of their places, are the
writer's own: a term, their title, their hypothesis restated. A cited or attributed place keeps
them a source's."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan


def _quotes(tmp_path: Path, name: str, text: str) -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return [c.quote for c in scan(path).citations]


def test_a_writers_term_hypothesis_and_title_said_twice_are_no_quotations(
    tmp_path: Path,
) -> None:
    essay = (
        "The show mocks what its guests call “fake news” without end. Critics have written"
        " that “satire now does the work that the evening news gave up on long ago.”"
        " [@baym2005, p. 261]\n\n"
        "When the host ridicules “fake news” again, the audience laughs along with him.\n"
    )
    assert _quotes(tmp_path, "essay.md", essay) == [
        "satire now does the work that the evening news gave up on long ago."
    ]
    memoire = (
        "Notre première hypothèse est que « la faible participation citoyenne aux mécanismes"
        " de reddition de comptes s'explique par la méconnaissance des textes ».\n\n"
        "Les entretiens confirment que « la faible participation citoyenne aux mécanismes de"
        " reddition de comptes s'explique par la méconnaissance des textes ».\n"
    )
    assert _quotes(tmp_path, "memoire.md", memoire) == []
    report = (
        "\\section{Results}\nThe column ``Time spent on the reading list each week'' holds"
        " hours.\n\nIn the last row, ``Time spent on the reading list each week'' is zero.\n"
    )
    assert _quotes(tmp_path, "report.tex", report) == []


def test_a_phrase_cited_at_one_of_its_places_stays_a_quotation(tmp_path: Path) -> None:
    got = _quotes(
        tmp_path,
        "essay.md",
        "Postman warns that we are “amusing ourselves to death” [@postman1985, p. 4].\n\n"
        "Later we see again how the audience is “amusing ourselves to death” on screen.\n\n"
        "As Habermas argues, “the public sphere has been refeudalized by the mass media”.\n\n"
        "Whether “the public sphere has been refeudalized by the mass media” is open.\n",
    )
    assert got == [
        "amusing ourselves to death",
        "amusing ourselves to death",
        "the public sphere has been refeudalized by the mass media",
        "the public sphere has been refeudalized by the mass media",
    ]
