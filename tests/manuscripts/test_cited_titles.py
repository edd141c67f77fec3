"""Words in marks that are the title of the work cited: "In “Living with risk: a study of
coping” [@smith2020] the authors …", "The study “Adapting Methods during the Pandemic” (Rania
and Pinna, 2021) aimed …", "(„Lerne, was du lehrst“)\\footnote{… gleichnamigen Buches …: Lerne,
was du lehrst. Ein Leitfaden, Berlin 1994.}". The writer names the work; its words are not
quoted from it (the bibliography, the reference list or the note gives the same title)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write

_BIB = (
    "@article{smith2020, title={Living with risk: a study of coping on night shifts},"
    " author={Smith, Ann}, year={2020}}\n"
)


def test_a_title_in_sentence_case_that_the_bibliography_gives_is_no_quotation(
    tmp_path: Path,
) -> None:
    md = write(
        tmp_path,
        "a.md",
        "In “Living with risk: a study of coping on night shifts” [@smith2020], the authors "
        "interviewed forty nurses. They found that “nobody talks about the third night in a "
        "row” [@smith2020, p. 14].\n",
    )
    bib = write(tmp_path, "refs.bib", _BIB)
    quotes = [c.quote for c in scan(md, bib=[bib]).citations]
    assert quotes == ["nobody talks about the third night in a row"]


def test_a_main_title_before_its_subtitle_is_a_title(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Her paper “Living with risk” [@smith2020] was read widely, and in “Living with risk” "
        "[@smith2020] the nurses speak for themselves.\n",
    )
    bib = write(tmp_path, "refs.bib", _BIB)
    assert scan(md, bib=[bib]).citations == ()


def test_a_title_with_a_lower_case_preposition_is_a_title(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "The study “Adapting Qualitative Methods during the Pandemic: Factors to Consider for "
        "Online Interviews” (Rania and Pinna, 2021) aimed to weigh remote work. The project "
        'was themed "Living with the virus: daily and emotional aspects". Forty students '
        "took part.\n",
    )
    assert scan(md).citations == ()


def test_a_phrase_the_note_gives_as_a_books_title_is_that_title(tmp_path: Path) -> None:
    tex = write(
        tmp_path,
        "a.tex",
        "In der Tradition der Lehrerbewegung (,,Lerne, was du lehrst'')\\footnote{So der Titel"
        " des gleichnamigen Buches von Anna Roth aus dem Jahr 1990, deutsch 1994: Lerne, was du "
        "lehrst. Ein Leitfaden für die Schule, Berlin 1994.} entstanden viele Gruppen. Roth "
        "schrieb, ,,die Schule beginnt dort, wo der Lehrer selbst noch lernt''\\footnote{Roth "
        "1994, S. 12.}.\n",
    )
    quotes = [c.quote for c in scan(tex).citations]
    assert quotes == ["die Schule beginnt dort, wo der Lehrer selbst noch lernt"]
