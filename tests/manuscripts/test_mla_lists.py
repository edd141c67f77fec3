"""MLA essays as people post them: two "Works Cited" lists in one file (the essay's and a
later section's), a work listed without its year, a short title made of the title's key word
("Historical" 30), and a typed note's mark that opens a paragraph."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_ESSAY_LIST = (
    "## Works Cited\n\nJung, Carl. *The Archetypes and the Collective Unconscious*. Princeton"
    ' University Press, 1981.\n\nTalbot, William Henry Fox. "A Brief Historical Sketch of the'
    " Invention of the Art.\" *Classic Essays on Photography*, Leete's Island Books, 1980, pp."
    ' 27-36.\n\n------. "Some Account of the Art of Photogenic Drawing." Newhall, Photography,'
    " 23-31.\n\n## Prototype\n\nA section on the prototype.\n\n**Works Cited**\n\n"
    "McCarty, Willard. *Humanities Computing*. Palgrave Macmillan, 2005.\n"
)
_JUNG = "the inferior part of the personality"
_TRUTH = "truth and fidelity"
_PATH = "a path so deeply hidden among nature's secrets"


def _cited(tmp_path: Path, text: str) -> dict[str, tuple[str | None, str | None]]:
    return quotes_found(write(tmp_path, "essay.md", text))


def test_the_works_of_an_earlier_list_are_listed_too(tmp_path: Path) -> None:
    got = _cited(tmp_path, f'The shadow is "{_JUNG}" (Jung 284). More.\n\n{_ESSAY_LIST}')
    assert got[_JUNG] == ("Jung 1981", "284")


def test_short_titles_pick_a_work_without_year_and_one_by_its_key_word(tmp_path: Path) -> None:
    text = (
        f'Talbot celebrates the "{_TRUTH}" of the images ("Some Account" 24), though "{_PATH}"'
        f' ("Historical" 30) led him on.\n\n{_ESSAY_LIST}'
    )
    got = _cited(tmp_path, text)
    assert got[_TRUTH] == ("Talbot Some Account of", "24")
    assert got[_PATH] == ("Talbot 1980", "30")


def test_a_typed_notes_mark_is_no_citation_of_the_next_paragraphs_quotation(
    tmp_path: Path,
) -> None:
    text = (
        'Berger says the camera "grew up together" with positivism (99).<sup>1</sup>\n \n'
        f'The shadow is "{_JUNG}" ("Archetypes" 284). More.\n\n'
        "## Notes\n\n<sup>1</sup>Berger uses the camera as a synecdoche.\n\n" + _ESSAY_LIST
    )
    assert _cited(tmp_path, text)[_JUNG] == ("Jung 1981", "284")


def test_of_an_authors_two_works_the_one_the_sentence_names_by_title(tmp_path: Path) -> None:
    pure = "The more science is absolutely pure, the more it is bound up with society"
    power = "without the enrolment of many other people, the rhetoric of science is powerless"
    text = (
        f'Bruno Latour emphasizes in We Have Never Been Modern that, "{pure}" (43). In an'
        f' earlier work, Science in Action, Latour asserts that, "{power}" (145).\n\n'
        "## Works Cited\n\nLatour, Bruno. Science in Action: How to follow Scientists and"
        " Engineers through Society. Harvard University Press, 1987.\n\n…………….  We have never"
        " been Modern (trans. Catherine Porter). Harvard University Press, 1993.\n"
    )
    got = _cited(tmp_path, text)
    assert got[pure] == ("Latour 1993", "43")
    assert got[power] == ("Latour 1987", "145")


def test_a_first_name_typed_in_the_parenthesis(tmp_path: Path) -> None:
    twine = "Some people like to think of using Twine as writing interactive stories"
    linear = "narrative is a linear, causal sequence of events whose significance depends"
    text = (
        f'Drucker (2013) says much. In reality, "{twine}" (Melissa Ford 2). Ryan states that,'
        f' "{linear}" (Marie-Laure Ryan 44).\n\n## Works Cited\n\nDrucker, Johanna. *Graphesis*.'
        " Harvard University Press, 2013.\n\nFord, Melissa. Writing Interactive Fiction with"
        " Twine. QUE Publications, 2016.\n\nRyan, Marie-Laure. “From Narrative Games to"
        " Playable Stories.” Storyworlds, Vol. 1, pp. 43-59, 2009.\n"
    )
    got = _cited(tmp_path, text)
    assert got[twine] == ("Ford 2016", "2")
    assert got[linear] == ("Ryan 2009", "44")


def test_an_mla_citation_closing_the_sentence_after_the_quotation(tmp_path: Path) -> None:
    words = "manifestation of one power by opposite forces"
    text = (
        f'This notion of a "{words}" is central to his ideas about polarity (Barfield 35). As'
        " magnets show.\n\n## Works Cited\n\nBarfield, Owen. *What Coleridge Thought.* Wesleyan"
        " UP, 1971.\n"
    )
    assert _cited(tmp_path, text)[words] == ("Barfield 1971", "35")


def test_a_quotation_in_a_typed_note_is_not_cited_by_the_notes_own_number(tmp_path: Path) -> None:
    words = "learning to see from one eye with the strengths of Indigenous knowledges"
    text = (
        "The essay uses Two-Eyed Seeing.<sup>1</sup>\n\n## Notes\n\n<sup>1</sup>Elder Albert"
        f' Marshall defines "Two-Eyed Seeing" as “{words}” (Bartlett).\n\n## Works Cited\n\n'
        'Bartlett, C., Marshall, M., & Marshall, A. "Two-Eyed Seeing." *Journal of'
        " Environmental Studies and Sciences*, vol. 2, no. 4, 2012, pp. 331–340.\n"
    )
    assert _cited(tmp_path, text)[words][0] == "Bartlett 2012"
