"""csquotes marks by the writer's own hand: a cite-quote command is a quotation however short,
and the editor's marks inside a quotation (\\textelp, \\textins, \\textdel) print as brackets
and ellipses, the form the engine reads as the editor's. Lines written in the forms a German
term paper in LaTeX uses (m1's plot paper)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts.latex import latex_to_text
from quote_tui.manuscripts.voice import presented_as_word
from tests.manuscripts.helpers import quotes_found, write

_BIB = "@book{trilcke, author={Trilcke, Peer}, title={Netzwerkdynamik}, year={2017}}\n"


def _tex(tmp_path: Path, body: str) -> dict[str, tuple[str | None, str | None]]:
    tex = (
        "\\documentclass{article}\n\\usepackage{csquotes}\n\\begin{document}\n"
        + body
        + "\n\\end{document}\n"
    )
    return quotes_found(write(tmp_path, "a.tex", tex), write(tmp_path, "refs.bib", _BIB))


def test_a_one_word_cite_quote_is_a_quotation(tmp_path: Path) -> None:
    got = _tex(
        tmp_path,
        "Mit dem Ziel, \\textcquote[178]{trilcke}{Szenenwechsel-Raten} zu messen, führt die "
        "Gruppe neue Maße ein.",
    )
    assert got == {"Szenenwechsel-Raten": ("trilcke", "178")}


def test_a_one_word_textquote_without_a_citation_stays_a_term(tmp_path: Path) -> None:
    got = _tex(tmp_path, "Die Gruppe nennt das \\textquote{Szenenwechsel} und misst es.")
    assert got == {}


def test_the_editors_marks_print_as_brackets_and_ellipses() -> None:
    assert latex_to_text("von der sich \\textelp{} in Begriffen") == "von der sich […] in Begriffen"
    assert latex_to_text("eine \\textelp{Handlung} Folge") == "eine […] [Handlung] Folge"
    assert latex_to_text("eine \\textelp*{Handlung} Folge") == "eine [Handlung] […] Folge"
    assert latex_to_text("das \\textins{\\emph{Drama}} hier") == "das [Drama] hier"
    assert latex_to_text("\\textins*{E}s war") == "[E]s war"
    assert latex_to_text("war \\textdel{nicht immer} so") == "war […] so"


def test_an_omission_inside_a_cited_quotation_is_no_word_of_it(tmp_path: Path) -> None:
    got = _tex(
        tmp_path,
        "Ferner münde die Analyse \\textcquote[12]{trilcke}{in einer Beschreibungsweise, von "
        "der sich \\textelp{} in Begriffen nicht sagen lässt, was sie beschreibt.}",
    )
    assert set(got) == {
        "in einer Beschreibungsweise, von der sich […] in Begriffen nicht sagen lässt, was sie "
        "beschreibt."
    }


def test_a_question_given_as_an_example_in_a_textquote_is_the_writers(tmp_path: Path) -> None:
    got = _tex(
        tmp_path,
        "Der Vorteil liegt darin, dass Fragen wie \\textquote{Wann tritt die Gräfin wieder auf, "
        "nach ihrem ersten Auftritt im zweiten Akt} leicht beantwortet werden können.",
    )
    assert got == {}


def test_a_cue_before_a_csquotes_command_reads_up_to_its_name() -> None:
    text = "It names the term \\enquote{scene change} in detail."
    start = text.index("scene")
    assert presented_as_word(text, start, text.index("}") + 1)


def test_a_songs_phrases_given_as_examples_stay_quotations() -> None:
    # "phrases like" gives a song's lines (a close-reading essay), not examples made up.
    text = "Her vocals make phrases like “run in the shadows” radiate with sadness."
    start = text.index("run")
    assert not presented_as_word(text, start, text.index("”") + 1)
