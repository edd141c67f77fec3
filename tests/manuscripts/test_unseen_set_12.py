"""Rules read off the twelfth unseen set of real manuscripts (school essays that cite nothing but
name the book or the people they quote, a German LaTeX essay of example utterances); each test
retypes the lines that showed the rule."""

from __future__ import annotations

from pathlib import Path

import docx

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.quotes import count_words


def _word(tmp_path: Path, paragraphs: list[str]) -> list[str]:
    d = docx.Document()
    for text in paragraphs:
        d.add_paragraph(text)
    path = tmp_path / "essay.docx"
    d.save(str(path))
    return [c.quote for c in scan(path).citations]


def test_an_essay_naming_the_book_it_discusses_quotes_that_book(tmp_path: Path) -> None:
    quotes = _word(
        tmp_path,
        [
            "Throughout William Golding’s “The Lord of the Flies” Jack reveals the true nature "
            "of man.",
            "He paints his face and starts yelling a chant. Jack repeatedly shouts, “Kill the "
            "pig! Cut his throat! Kill the pig! Bash him in!” Jack’s personality changes.",
            "He cuts off the pig’s head. “Then there was that indefinable connection between "
            "himself and Jack; who therefore would never let him alone…” Jack has changed.",
        ],
    )
    assert quotes == [
        "Kill the pig! Cut his throat! Kill the pig! Bash him in!",
        "Then there was that indefinable connection between himself and Jack; who therefore "
        "would never let him alone…",
    ]


def test_an_essay_quoting_people_named_in_full(tmp_path: Path) -> None:
    quotes = _word(
        tmp_path,
        [
            "Having a draft can scar people. Robert Scales Jr stated, “Unfortunately amateur "
            "armies learn to fight only by fighting.” The wars can scar people.",
            # A story's dialogue is told with pronouns and first names: still not a source's.
            "I came home late. Mom said, “You should have called us before the last bus left.” "
            "I went to bed.",
        ],
    )
    assert quotes == ["Unfortunately amateur armies learn to fight only by fighting."]


def test_a_german_writers_example_utterances(tmp_path: Path) -> None:
    tex = tmp_path / "essay.tex"
    tex.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "Verständigung ist das Ziel \\parencite[218]{habermas}.\n\n"
        "Sagt Mihai beispielsweise: ``Wir sollten dem Küchenpersonal etwas vorsingen'', so kann "
        "das überprüft werden.\n\n"
        "Die Drohung birgt einen strategischen Sprechakt: ``Wenn Du mich nicht bezahlst, wird "
        "Dir Schlimmes widerfahren''.\n\n"
        "Direkte Gewaltandrohung, wie ``Gib mir das Geld, oder ich knall dich ab!'', ist nur "
        "perlokutiv.\n\\end{document}\n",
        encoding="utf-8",
    )
    assert [c.quote for c in scan(tex).citations] == []


def test_a_block_signed_at_its_end_quotes_the_words_before_the_signature(
    tmp_path: Path,
) -> None:
    md = tmp_path / "notes.md"
    md.write_text(
        "The book cites studies throughout [@purser2019, p. 4].\n\n"
        "> Public enthusiasm is outpacing scientific evidence. -Brown University researcher "
        "Willoughby Britton.\n\n"
        "> Mindfulness is not a panacea for every ill of the modern workplace. — Ronald Purser\n\n"
        "> The first sentence ends here. - and the second goes on in lower case.\n",
        encoding="utf-8",
    )
    assert [c.quote for c in scan(md).citations] == [
        "Public enthusiasm is outpacing scientific evidence.",
        "Mindfulness is not a panacea for every ill of the modern workplace.",
        "The first sentence ends here. - and the second goes on in lower case.",
    ]


_HABERMAS = (
    "@book{habermas, author = {Habermas, Jürgen}, title = {On the Pragmatics}, year = {1998}}\n"
)


def test_a_phrase_of_the_author_a_sentence_speaks_for(tmp_path: Path) -> None:
    tex = tmp_path / "essay.tex"
    tex.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "Zwar steht für \\citeauthor{habermas} grundsätzlich hinter jeder Handlung ein ``action "
        "plan'', also ein Ziel.\n\\end{document}\n",
        encoding="utf-8",
    )
    bib = tmp_path / "refs.bib"
    bib.write_text(_HABERMAS, encoding="utf-8")
    assert [c.quote for c in scan(tex, bib=[bib]).citations] == ["action plan"]


def test_a_german_gender_form_is_one_word(tmp_path: Path) -> None:
    md = tmp_path / "demokratie.md"
    md.write_text(
        'Bei @Tsebelis.1995 erhöht die Anzahl an "Vetospieler:innen" die Blockademöglichkeiten, '
        'und "Lehrer*innen" sind gefragt.\n',
        encoding="utf-8",
    )
    assert [c.quote for c in scan(md).citations] == []
    assert count_words("Vetospieler:innen, Student_innen, jede:r Autor/in") == 4


def test_a_title_with_a_long_preposition_left_in_lower_case(tmp_path: Path) -> None:
    quotes = _word(
        tmp_path,
        [
            "According to Bernard S. Oldsey and Stanley Weintraub, authors of “The Human Spirit "
            "Can Triumph over Barbarism,” Jack is “at first he is even less able to wound a pig "
            "than Ralph is.” (Oldsey and Weintraub, 1963, p. 4)"
        ],
    )
    assert quotes == ["at first he is even less able to wound a pig than Ralph is."]


def test_a_story_naming_no_work_still_cites_nothing(tmp_path: Path) -> None:
    quotes = _word(
        tmp_path,
        [
            "We ate Mom’s “Special” recipe that night. “Then there was nothing left for any of "
            "us to say about it.” I went to bed.",
        ],
    )
    assert quotes == []
