"""An MLA essay on one book: its list headed "Work Cited" (the singular many students type), a
quotation cited "(Rankine 7)" or framed by a sentence of the paragraph that opens with its page
("On page 43, Rankine describes …. She comments, "…"")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.manuscripts.helpers import quotes_found, write

_LIST = (
    "\n\n## Work Cited\n\nRankine, Claudia. *Citizen: An American Lyric*. Graywolf Press, 2014.\n"
)
_FIRST = "Haven't you said this to yourself? Haven't you said this to a close friend?"
_SECOND = "Apparently your own invisibility is the real problem causing her confusion."


def _cited(tmp_path: Path, text: str) -> dict[str, tuple[str | None, str | None]]:
    return quotes_found(write(tmp_path, "essay.md", text))


def test_a_work_cited_list_holds_the_author_of_an_mla_citation(tmp_path: Path) -> None:
    got = _cited(tmp_path, f'Rankine asks the reader, "{_FIRST}" (Rankine 7) The question…{_LIST}')
    assert got[_FIRST] == ("Rankine 2014", "7")


def test_a_sentence_opening_with_the_page_frames_the_quotation_after_it(tmp_path: Path) -> None:
    text = (
        "Later, on page 43, Rankine describes a similar incident in an office. Rankine comments"
        f' on the response of the human resources department, "{_SECOND}" This shows how the'
        f" apparatus works.{_LIST}"
    )
    assert _cited(tmp_path, text)[_SECOND] == ("Rankine 2014", "43")


def test_a_page_framing_an_earlier_quotation_is_not_the_next_ones(tmp_path: Path) -> None:
    text = (
        f'On page 43, Rankine describes an office. She asks, "{_FIRST}" (Rankine 7) Rankine'
        f' comments on the response of the human resources department, "{_SECOND}" Then more.'
        f"{_LIST}"
    )
    got = _cited(tmp_path, text)
    assert got[_FIRST] == ("Rankine 2014", "7")
    assert got[_SECOND][1] is None


def test_a_page_in_the_middle_of_an_earlier_sentence_frames_nothing(tmp_path: Path) -> None:
    text = (
        "The office scene she tells on page 43 is short. Rankine comments on the response of"
        f' the human resources department, "{_SECOND}" Then more.{_LIST}'
    )
    assert _cited(tmp_path, text)[_SECOND][1] is None


_TWO_WORKS = (
    "\n\nWorks Cited\n\nMorrison, Toni. *Beloved*. Knopf, 1987.\n\n"
    "Rankine, Claudia. *Citizen: An American Lyric*. Graywolf Press, 2014.\n\n"
    "---. *Don't Let Me Be Lonely: An American Lyric*. Graywolf Press, 2004.\n"
)


def test_a_short_title_picks_one_of_two_works_the_dashes_give_the_author(tmp_path: Path) -> None:
    lonely = "the loneliness of the world is a thing you carry with you"
    text = (
        f'Rankine asks, "{_FIRST}" (Rankine, Citizen 7). Earlier she wrote that "{lonely}"'
        f" (Rankine, *Lonely* 12).{_TWO_WORKS}"
    )
    got = _cited(tmp_path, text)
    assert got[_FIRST] == ("Rankine 2014", "7")
    assert got[lonely] == ("Rankine 2004", "12")


def test_without_a_short_title_two_works_of_the_author_are_no_guess(tmp_path: Path) -> None:
    got = _cited(tmp_path, f'Rankine asks, "{_FIRST}" (Rankine 7).{_TWO_WORKS}')
    assert got[_FIRST][0] not in ("Rankine 2014", "Rankine 2004")


def test_the_page_before_the_author_in_the_parenthesis(tmp_path: Path) -> None:
    one = "was a mediating figure in Florentine historiography, a native Florentine"
    two = "torture, cruelty and lying are all legitimate instruments of statecraft for him"
    text = (
        f"Machiavelli, “{one}.” (p. 95, Phillips), and in his writings “{two}.” (p.93, Lemon)"
        " When reviewing his work there is not one person.\n\n## Bibliography\n\n"
        "1.\tM.C. Lemon, Philosophy of History A Guide for Students, 2003, Routledge, New York\n"
        "2.\tMark Phillips, Machiavelli, Guicciardini, and the Tradition of Vernacular"
        " Historiography in Florence, 1979, Oxford University Press\n"
    )
    got = _cited(tmp_path, text)
    assert got[one + "."] == ("2", "95")
    assert got[two + "."] == ("1", "93")


def test_an_author_with_a_classical_section_in_the_parenthesis(tmp_path: Path) -> None:
    words = "No clearer proof of the truth of what I say could be obtained than by observation"
    text = (
        f'Polybius insists that "{words}." (Polybius 6.4) Rome was able to do it.\n\n'
        "## Works Cited\n\nPolybius. *The Histories*. Translated by W. R. Paton. Harvard"
        " University Press, 1922.\n"
    )
    assert _cited(tmp_path, text)[words + "."] == ("Polybius 1922", "6.4")


_ROMANTIC = (
    "\n\n## Bibliography\n\nSteinby, Liisa. “Herder’s Theory of the Novel.” *Herder Yearbook* 12"
    " (2014): 55–72.\n\nZammito, John H., Karl Menges, and Ernest A. Menze. “Herder Revisited.”"
    " *Journal of the History of Ideas* 71, no. 4 (2010): 661–84.\n"
)
_POETICS = (
    "Our whole life is in a sense a poetics: we do not see, but create pictures for ourselves"
)


@pytest.mark.parametrize("cite", ["(qtd. in Steinby 59)", "(Herder; Steinby, 59)"])
def test_words_quoted_in_another_work_cite_that_work(tmp_path: Path, cite: str) -> None:
    got = _cited(tmp_path, f"Herder wrote: “{_POETICS}” {cite}. Then more.{_ROMANTIC}")
    assert got[_POETICS] == ("Steinby 2014", "59")


def test_et_al_typed_without_spaces(tmp_path: Path) -> None:
    words = "it challenged the ways in which Enlightenment was falling short of its own ideals"
    got = _cited(tmp_path, f"The movement: “{words}” (Zammito et.al.,669). More.{_ROMANTIC}")
    assert got[words] == ("Zammito 2010", "669")


def test_apa_quoted_in_written_the_mla_way(tmp_path: Path) -> None:
    words = "social networks connect the relations and relationships of people, topics and ideas"
    text = (
        f'They hold that "{words}" (qtd. in Sharda et al., 2014, p. 257). More.\n\n'
        "## References\n\nSharda, R., Delen, D., & Turban, E. (2014). *Business intelligence*."
        " Pearson.\n"
    )
    assert _cited(tmp_path, text)[words] == ("Sharda 2014", "257")


@pytest.mark.parametrize("cite", ["(**Grollig, pg. 6**)", "(*Grollig, p.6*)", "(Grollig, pg. 6)"])
def test_a_parenthesis_set_in_emphasis_or_with_pg(tmp_path: Path, cite: str) -> None:
    words = "the usual person to call to the aid of an injured person has been the shaman"
    text = (
        f"He writes, “{words}” {cite}. More.\n\n## Works Cited\n\nGrollig, Francis X. *Medical"
        " Anthropology*. The Hague: Mouton, 1976.\n"
    )
    assert _cited(tmp_path, text)[words] == ("Grollig 1976", "6")


def test_a_short_title_alone_when_the_sentence_names_the_author(tmp_path: Path) -> None:
    text = f'In *Citizen*, Rankine asks, "{_FIRST}" (Citizen 7). More.{_TWO_WORKS}'
    assert _cited(tmp_path, text)[_FIRST] == ("Rankine 2014", "7")
