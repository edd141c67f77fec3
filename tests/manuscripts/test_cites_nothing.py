"""A text that cites nothing (no citation, note or reference list, no bibliography given) is
read as a story or an essay of the writer's own: its spans in marks are dialogue unless what
surrounds them names or edits a text. Lines are retyped from a labelled narrative essay in
Word (a job fair told in the first person) and a German blog post."""

from __future__ import annotations

from pathlib import Path

import docx

from quote_tui.manuscripts.evidence import has_evidence
from tests.manuscripts.helpers import quotes_found, write

_DIALOGUE = (
    "“There were so many different positions, too.” I said. Yes, we saw someone recruited "
    "salesmen.",
    "My friend told me that we should go home. “No, I should try. This is a chance.” I told her.",
    "I still opened my mouth and said, “I am sorry. Today I do not bring any certificates "
    "because I do not know there is a job fair in this place today. I just doing some shopping "
    "and pass by. Although my major is English in my university, I try to prove my words that "
    "is true. If you like, I can translate any article…”",
    "“We do not need a translator.” He interrupted me.",
    "He said, “I think I should give you a month probationary period.”",
)


def _essay(tmp_path: Path, *extra: str) -> Path:
    d = docx.Document()
    for line in (*_DIALOGUE, *extra):
        d.add_paragraph(line)
    path = tmp_path / "Essay.docx"
    d.save(str(path))
    return path


def test_a_story_that_cites_nothing_has_no_quotations(tmp_path: Path) -> None:
    assert quotes_found(_essay(tmp_path)) == {}


def test_one_citation_makes_the_same_lines_quotations_again(tmp_path: Path) -> None:
    # The same dialogue in a text that cites: the verbs of saying are evidence again (the rule
    # is the text's, not the lines').
    got = quotes_found(_essay(tmp_path, "Job fairs grew fast then (Li, 2009, p. 4)."))
    assert "We do not need a translator." in got
    assert "There were so many different positions, too." in got


def test_a_bibliography_given_means_the_text_cites(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", "@book{li09, author={Li, Wei}, title={Fairs}, year={2009}}\n")
    assert "We do not need a translator." in quotes_found(_essay(tmp_path), bib)


def test_what_names_a_text_still_counts_where_nothing_is_cited(tmp_path: Path) -> None:
    md = (
        "„Alle glücklichen Familien sind einander ähnlich, jede unglückliche Familie ist "
        "unglücklich auf ihre Weise“, lautet der erste Satz von Tolstois Roman.\n\n"
        'As Einstein says, "imagination is more important than knowledge" in every field.\n\n'
        'Then he said, "come in and sit down with us" and smiled.\n'
    )
    assert set(quotes_found(write(tmp_path, "post.md", md))) == {
        "Alle glücklichen Familien sind einander ähnlich, jede unglückliche Familie ist "
        "unglücklich auf ihre Weise",
        "imagination is more important than knowledge",
    }


def test_a_footnote_mark_is_a_citation(tmp_path: Path) -> None:
    # \footnotemark with its notes typed in a list at the end: the essay cites (a gulag essay),
    # so a past verb of saying is evidence again.
    tex = (
        "Shukhov gave him some advice and said, ``sit here till the last moment.''\n\n"
        "He knows life and never opens his belly to what is not his.\\footnotemark\n"
    )
    assert list(quotes_found(write(tmp_path, "essay.tex", tex))) == [
        "sit here till the last moment."
    ]
    bare = write(tmp_path, "bare.tex", tex.replace("\\footnotemark", ""))
    assert quotes_found(bare) == {}


def test_german_plural_verbs_of_saying_are_evidence() -> None:
    sentence = (
        "Barz und Randoll schreiben, dass die Mehrheit ihr „gleichgültig oder eher skeptisch "
        "gegenüber“ steht."
    )
    quote = "gleichgültig oder eher skeptisch gegenüber"
    start = sentence.index(quote)
    assert has_evidence(sentence, start, start + len(quote), start + len(quote) + 1, 0)


def test_a_quotation_continued_is_attributed() -> None:
    # "she continued": the second part of a quotation interrupted by its speaker (a book draft
    # on plain text, quoting a patient).
    sentence = (
        '"Medical devices are black boxes," she continued, "you can\'t look into them, there\'s '
        'no transparency."'
    )
    quote = "Medical devices are black boxes,"
    start = sentence.index(quote)
    assert has_evidence(sentence, start, start + len(quote), start + len(quote) + 1, 0)


def test_a_phrase_of_seven_words_needs_no_evidence_in_its_sentence(tmp_path: Path) -> None:
    # Interview findings reported across a paragraph (a seminar paper on a study of former
    # pupils): the study is named two sentences before, not in the quotation's sentence.
    tex = (
        "In dem Bericht von \\citet[S. 20]{randoll07} wird das Menschliche hervorgehoben.\n"
        "Allerdings wurden hinsichtlich der fachlichen Qualitäten Zweifel geäußert.\n\n"
        "Negative Erfahrungen gab es auch mit \\enquote{dogmatischen, mit strengen oder mit "
        "bigotten Waldorfpädagogen}.\n"
        "Es gab auch \\enquote{viel zu wenig gute Musik}.\n"
    )
    got = quotes_found(write(tmp_path, "studie.tex", tex))
    # seven words are listed (uncited, for the writer to see); five without evidence are not
    assert got == {
        "dogmatischen, mit strengen oder mit bigotten Waldorfpädagogen": (None, None),
    }
