"""An uncited span in marks is listed only with evidence of a source when it is short: a verb of
saying, a note or page after it, an editor's brackets, a named part of a text, another
language, or a cited quotation's words said again. Lines are retyped from the labelled real
manuscripts (a song-lyrics essay in Word, a Kant essay in LaTeX, a Heidegger essay and German
textbook chapters in Markdown, a Shakespeare preface)."""

from __future__ import annotations

from pathlib import Path

import docx

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.evidence import SHORT_WORDS, has_evidence
from tests.manuscripts.helpers import quotes_found, write


def _evidence(sentence: str, quote: str) -> bool:
    start = sentence.index(quote)
    end = start + len(quote)
    return has_evidence(sentence, start, end, end + 1, 0)


def test_short_uncited_spans_without_evidence_are_the_writers_own(tmp_path: Path) -> None:
    md = (
        "Like this version gives off the feeling of being “physically bound by Chains” that "
        "are holding you back.\n\n"
        "It feels both desperate in the fact that “you cannot break this Chain” and resolute.\n"
    )
    assert quotes_found(write(tmp_path, "a.md", md)) == {}


def test_a_short_span_with_a_verb_of_saying_is_listed_as_uncited(tmp_path: Path) -> None:
    md = (
        "Brook's staging was inspired by Jan Kott, who declared that "
        '"King Lear is a play about the disintegration of the world," a far cry from Bradley.\n'
        "Bradley read it otherwise [@bradley1904].\n"
    )
    got = quotes_found(write(tmp_path, "a.md", md))
    assert got == {"King Lear is a play about the disintegration of the world,": (None, None)}


def test_a_long_uncited_span_is_listed_without_evidence(tmp_path: Path) -> None:
    words = " ".join(f"word{i}" for i in range(SHORT_WORDS))
    md = f'He spoke of "{words}" at length.\nOthers disagree [@kott1964].\n'
    got = quotes_found(write(tmp_path, "a.md", md))
    assert got == {words: (None, None)}


def test_evidence_kinds_a_careful_reader_uses() -> None:
    # A note address, a page, editorial brackets, a named part of a song, the original language.
    assert _evidence(
        "Fähigkeitsstörung ist „jede Einschränkung der Fähigkeit“[^2].",
        "jede Einschränkung der Fähigkeit",
    )
    assert _evidence('They worry about "doing it badly" (6).', "doing it badly")
    assert _evidence(
        "that 'the business with [Lear] was to torment him'",
        "the business with [Lear] was to torment him",
    )
    assert _evidence(
        "The final refrain, “You will never break the chain”, feels.",
        "You will never break the chain",
    )
    assert _evidence(
        "Dasein has a preontological understanding of being: 'Seinsverständnis ist selbst "
        "eine Seinsbestimmtheit des Daseins'.",
        "Seinsverständnis ist selbst eine Seinsbestimmtheit des Daseins",
    )
    assert _evidence(
        "Demgemäß formuliert die WHO: „The situation people find“.", "The situation people find"
    )
    assert not _evidence(
        "in the sense that “this Chain cannot be broken”. So.", "this Chain cannot be broken"
    )


def test_evidence_after_a_sentence_ending_inside_the_marks_is_the_next_ones(
    tmp_path: Path,
) -> None:
    md = "Ten: “tenth ends the sentence here.” Lo et al. (2020) say something else.\n"
    assert quotes_found(write(tmp_path, "a.md", md)) == {}


def test_a_cited_blocks_words_said_again_are_its_sources(tmp_path: Path) -> None:
    tex = (
        "\\begin{displaycquote}[B134]{hackett}\n"
        "Hence we can say that it cognises the categories, and through them all objects, "
        "in the absolute unity of apperception.\n"
        "\\end{displaycquote}\n\n"
        "But rather, that all of our cognition (\\enquote{the categories, and through them all "
        "objects}) is done through this unity.\n"
    )
    got = quotes_found(write(tmp_path, "k.tex", tex))
    # taken as words of the block, so of its source at its place (repeated_words.py)
    assert got["the categories, and through them all objects"] == ("hackett", "B134")


def test_docx_short_uncited_span_needs_evidence(tmp_path: Path) -> None:
    d = docx.Document()
    d.add_paragraph(
        "The tone gives off a more “darker and menacing” feeling of being “physically bound "
        "by Chains” that hold you back."
    )
    d.add_paragraph(
        "At the last stanza the original had, “Chain! Keep us together”, alluding to a bond."
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    quotes = [c.quote for c in scan(path).citations]
    assert quotes == ["Chain! Keep us together"]


def test_latex_list_options_are_not_quotations(tmp_path: Path) -> None:
    tex = (
        "\\begin{displaycquote}[B137]{hackett}%\n"
        "  \\begin{enumerate}[partopsep=0pt,topsep=0pt,parsep=0pt,align=left]%\n"
        "    \\item The supreme principle for the possibility of all intuition is this.\n"
        "  \\end{enumerate}\n"
        "\\end{displaycquote}\n\n"
        "\\begin{itemize}[label=``(\\alph*)'', leftmargin=2em, topsep=0pt and more words here]\n"
        "\\item one\n\\end{itemize}\n"
    )
    got = quotes_found(write(tmp_path, "k.tex", tex))
    # (the list's \item is a bullet the reader sees, not a "*" of the words: reader_text)
    assert list(got) == ["The supreme principle for the possibility of all intuition is this."]


def test_a_whole_sentence_in_marks_standing_alone_is_a_line_quoted(tmp_path: Path) -> None:
    md = (
        "The words that are chosen are all packed with a deeper meaning. “Listen to the wind "
        "blow, watch the sun rise.” This phrase invites the audience in.\n\n"
        "It is a “darker and menacing.” feeling, and a “strange thing to say.” Then more.\n\n"
        "Works Cited\n\nFleetwood Mac. “The Chain.” Rumours, Warner Bros., 1977.\n"
    )
    got = quotes_found(write(tmp_path, "a.md", md))
    assert got == {"Listen to the wind blow, watch the sun rise.": (None, None)}


def test_an_editors_bracket_after_an_ellipsis_stays(tmp_path: Path) -> None:
    tex = "Kant writes \\enquote{that the mind \\ldots [T]hus orders nature} \\cite[B4]{kant}.\n"
    got = quotes_found(write(tmp_path, "k.tex", tex))
    assert list(got) == ["that the mind …[T]hus orders nature"]


def test_a_saying_named_by_its_kind_and_owner(tmp_path: Path) -> None:
    tex = (
        "\\documentclass{article}\\begin{document}\n"
        "Daher stammt auch die Aussage der Free Software Foundation (FSF) über die Bedeutung "
        "des Wortes „frei“: „free speech, not free beer“(Redefreiheit, nicht Freibier). "
        "Vieles wird kostenlos angeboten\\footnote{Schwalbe, 2.3.3}.\n\\end{document}\n"
    )
    assert set(quotes_found(write(tmp_path, "a.tex", tex))) == {"free speech, not free beer"}


def test_a_texts_versions_in_other_languages_named_before_their_brackets(tmp_path: Path) -> None:
    md = (
        "O conceito é amplo.[^1]\n\n"
        '[^1]: As versões inglesa ("including a decree, order or judgment granting divorce"), '
        'francesa ("y compris un arrêt ou un jugement accordant le divorce") e alemã '
        '("einschließlich einer Verfügung oder eines Urteils über die Scheidung") apontam no '
        'mesmo sentido. Veja-se ainda (" uma nota minha sem fonte alguma aqui ").\n'
    )
    got = set(quotes_found(write(tmp_path, "a.md", md)))
    assert {
        "including a decree, order or judgment granting divorce",
        "y compris un arrêt ou un jugement accordant le divorce",
        "einschließlich einer Verfügung oder eines Urteils über die Scheidung",
    } <= got
