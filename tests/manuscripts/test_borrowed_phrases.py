"""Quotations of two or three words are taken on evidence that they are a source's words, and
names in marks (identifiers, titles, topics) are not quotations. Lines are retyped from the
labelled real manuscripts (a Middlemarch study in Pandoc Markdown, German Quarto textbook
chapters, a Word essay on ethics, Word theses in English and German, a Kant essay in LaTeX)."""

from __future__ import annotations

from pathlib import Path

import docx

from quote_tui.manuscripts.phrases import PHRASE_WORDS
from tests.manuscripts.helpers import quotes_found, write

_BIB = (
    "@article{gallie, author={Gallie, W. B.}, title={Essentially Contested Concepts}, "
    "year={1955}}\n"
    "@book{cohen, author={Cohen, Margaret}, title={The Sentimental Education of the Novel}, "
    "year={1999}}\n"
    "@book{lijphart, author={Lijphart, Arend}, title={Patterns of Democracy}, year={2012}}\n"
)


def _md(tmp_path: Path, text: str) -> dict[str, tuple[str | None, str | None]]:
    return quotes_found(write(tmp_path, "a.md", text), write(tmp_path, "refs.bib", _BIB))


def test_a_phrase_cited_right_after_is_a_quotation(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        'Da Demokratie jedoch ein "essentially contested concept" [@gallie] ist, beginnt der '
        "Streit bereits an dieser Stelle.\n",
    )
    assert got == {"essentially contested concept": ("gallie", None)}


def test_a_citation_after_an_aside_in_brackets_is_the_phrases(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "Whereas Margaret Cohen has referred to the forgotten literature of the past as "
        '"the great unread" [The Sentimental Education of\nthe Novel [@cohen, 23], we were '
        "curious to consider it.\n",
    )
    assert got == {"the great unread": ("cohen", "23")}


def test_a_phrase_someone_is_said_to_use_is_listed_as_uncited(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "In the famous essay, Alan Turing concludes that since we can never get inside someone "
        "else's head, the assumption that other humans think is simply a “polite convention”. "
        "If we cannot prove it, how could we?\n\nOthers disagree [@gallie].\n",
    )
    assert got == {"polite convention": (None, None)}
    # The same sentence with nobody saying it: the writer's own phrase.
    got = _md(
        tmp_path,
        "Since we can never get inside someone else's head, the assumption that other humans "
        "think is simply a “polite convention”. Others disagree [@gallie].\n",
    )
    assert got == {}


def test_a_repeat_of_a_cited_quotations_words_is_the_sources(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "> Here I show that consensus democracy tends to be the 'kinder, gentler' form of "
        "democracy. [@lijphart]\n\n"
        "Stattdessen sieht er in der Konsensdemokratie das überlegene Modell, weil es zu "
        'besseren Politikergebnissen ("kinder, gentler") führt.\n',
    )
    assert got["kinder, gentler"] == (None, None)


def test_terms_scare_quotes_and_single_words_stay_out(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "> Nobody would say the field and its institutions remained the same over a century. "
        "[@gallie]\n\n"
        'It is by no means clear how far back the field remains meaningfully "the same". '
        "Investors buy below the true value, which is often referred to as “value investing” "
        'and is common. Das nennt sich "geschaffene Mehrheit". Bei @lijphart erhöht die '
        'Anzahl an "Vetospieler" die Blockade.\n',
    )
    assert set(got) == {
        "Nobody would say the field and its institutions remained the same over a century."
    }


def test_a_cited_term_in_a_list_of_terms_is_a_term(tmp_path: Path) -> None:
    tex = (
        "\\documentclass{article}\\begin{document}\n"
        "His answer based on a constructive interpretation of the notions of `true', `false' "
        "and `can be known'~\\cite{gallie}: more follows.\n\\end{document}\n"
    )
    got = quotes_found(write(tmp_path, "a.tex", tex), write(tmp_path, "refs.bib", _BIB))
    assert got == {}


def test_the_floor_is_two_words(tmp_path: Path) -> None:
    # One word in marks is a term even when cited right after it.
    assert PHRASE_WORDS == 2
    assert _md(tmp_path, 'Sie nennen es "Datenmacht" [@gallie] und mehr.\n') == {}
    got = _md(tmp_path, 'Sie nennen es "Datenmacht heute" [@gallie] und mehr.\n')
    assert got == {"Datenmacht heute": ("gallie", None)}


def test_min_words_still_holds_for_phrases_without_evidence(tmp_path: Path) -> None:
    # Four words need no evidence in a text that cites (the rule for longer spans applies).
    got = _md(tmp_path, 'He gave "a speech of hope" then [@gallie, p. 3] left.\n')
    assert got == {"a speech of hope": ("gallie", "3")}


def _word(tmp_path: Path, *paragraphs: str) -> Path:
    d = docx.Document()
    for p in paragraphs:
        d.add_paragraph(p)
    path = tmp_path / "Thesis.docx"
    d.save(str(path))
    return path


def test_names_in_marks_in_word_are_not_quotations(tmp_path: Path) -> None:
    path = _word(
        tmp_path,
        "In meinem Fall war dies das „ssd_mobilenet_v2_fpnlite_320x320_coco17_tpu-8“ Modell.",
        "Für programmatischen Zugriff existiert die API, deren Nutzung die Annahme der "
        "„Terms and Conditions for developers“ auf GitHub voraussetzt.",
        "The following dissertation is based on the topic “The use of lean manufacturing "
        "practices to improve management of municipal wastes in the state of Kuwait” and is a "
        "case taken for the state of Kuwait.",
        "Waste grew fast then (Li, 2009, p. 4).",
    )
    assert quotes_found(path) == {}


def test_a_title_before_journal_and_year_in_a_note_is_not_a_quotation(tmp_path: Path) -> None:
    md = (
        "Echo chambers are real.[^1] Sunstein writes that “the internet divides us into "
        "camps of the like-minded”.[^2]\n\n"
        "[^1]: Bakshy E, Messing S, Adamic LA. “Exposure to ideologically diverse news and "
        "opinion on Facebook”. Science. (2015)\n"
        "[^2]: Sunstein C. #Republic. (2017), p. 4.\n"
    )
    got = quotes_found(write(tmp_path, "a.md", md))
    assert set(got) == {"the internet divides us into camps of the like-minded"}


def test_a_quotation_set_as_paragraphs_of_its_own_is_one(tmp_path: Path) -> None:
    # A numbered list of criteria quoted whole: its mark opens the first paragraph and closes
    # the last, before the citation.
    md = (
        "Die Kriterien lauten:\n\n"
        '"Contestation\n\n'
        "1. The executive is directly or indirectly elected in popular elections\n"
        "and is responsible either directly to voters or to a legislature.\n\n"
        "Participation\n\n"
        '3. A majority of adult men has the right to vote" [@gallie, p. 1530].\n\n'
        'Das dritte Kriterium ist weit gefasst, "so weit wie nie zuvor" [@cohen, p. 3].\n'
    )
    got = _md(tmp_path, md)
    assert got == {
        "Contestation 1. The executive is directly or indirectly elected in popular elections "
        "and is responsible either directly to voters or to a legislature. Participation 3. A "
        "majority of adult men has the right to vote": ("gallie", "1530"),
        "so weit wie nie zuvor": ("cohen", "3"),
    }


def test_an_unclosed_mark_opening_a_paragraph_takes_no_later_one(tmp_path: Path) -> None:
    # The next mark ahead opens a quotation of its own: the stray one closes nothing.
    md = (
        '"Contestation\n\n'
        "1. The executive is elected in popular elections.\n\n"
        'As Boix writes, "a majority of adult men has the right" [@gallie, p. 3].\n'
    )
    assert _md(tmp_path, md) == {"a majority of adult men has the right": ("gallie", "3")}


def test_a_possessive_or_a_note_is_no_speaker(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "Carnap had to reject Heidegger's writing about *das Nichts*: as Hegel knew, "
        "'the nothing' (as well as being itself) is no entity [@gallie].\n",
    )
    assert got == {}
    tex = (
        "\\documentclass{article}\\begin{document}\n"
        "Gallagher and Greenblatt contend,\\footnote{A search of the databases for "
        "``new historicism'' will turn up hundreds of articles.} that it was "
        "one~\\cite{gallie}.\n\\end{document}\n"
    )
    assert quotes_found(write(tmp_path, "a.tex", tex), write(tmp_path, "refs.bib", _BIB)) == {}


def test_the_writers_own_examples_are_not_quotations(tmp_path: Path) -> None:
    md = (
        "Rather than constructing a nested quotation, like “‘How very beautiful these gems "
        "are!’ said Dorothea,” critics usually quote the character directly, as in “this leads "
        "Dorothea to exclaim, ‘How very beautiful these gems are!’” Critics agree [@gallie].\n"
    )
    assert _md(tmp_path, md) == {}


def test_a_phrase_named_as_someones_is_listed_as_uncited(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "Quotation here demands, to use a phrase of Eliot's, an \"eminently discriminating "
        'selection". Novels pose acute problems for quotation.\n\nOthers disagree [@gallie].\n',
    )
    assert got == {"eminently discriminating selection": (None, None)}


def test_a_group_of_works_or_a_table_gives_no_phrase(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "Social media allow individuals a “cost-benefit analysis” [@gallie; @cohen] of joining. "
        "Table 2 reports “net income” by year.\n",
    )
    assert got == {}


def test_a_quotation_over_paragraphs_is_read_eight_paragraphs_ahead(tmp_path: Path) -> None:
    from quote_tui.manuscripts.quotes import _QUOTED_PARAGRAPHS, find_quotes

    def text(paragraphs: int) -> str:
        middle = "\n\n".join(f"{i}. Criterion number {i} holds." for i in range(paragraphs))
        return f'"Contestation\n\n{middle}\n\nLast. The majority votes" [@a].\n'

    assert _QUOTED_PARAGRAPHS == 8
    inside = find_quotes(text(_QUOTED_PARAGRAPHS - 1))
    assert [q.start for q in inside] == [1]
    assert find_quotes(text(_QUOTED_PARAGRAPHS)) == ()


def test_an_aside_before_the_citation_is_short(tmp_path: Path) -> None:
    aside = "x" * 80
    got = _md(tmp_path, f'She names it "the great unread" [{aside} [@cohen, 23]] here.\n')
    assert got == {"the great unread": ("cohen", "23")}
    got = _md(tmp_path, f'She names it "the great unread" [{aside}y [@cohen, 23]] here.\n')
    assert got == {}


def test_a_phrase_with_a_typed_citation_in_word_is_a_quotation(tmp_path: Path) -> None:
    path = _word(
        tmp_path,
        "Bock stimmt dem zu, dass die Talkshows ein „Prototyp des Politainment“ (Bock, 2009, "
        "S. 52) seien, bei denen sich vieles mischt.",
        "Die Sendungen gelten als „sehr beliebt“ und laufen spät.",
    )
    got = quotes_found(path)
    assert set(got) == {"Prototyp des Politainment"}
    assert got["Prototyp des Politainment"][1] == "52"
