"""What a quotation is, taught by the thirteenth held-out set and unseen theses: a block quotation
set in emphasis with its marks, and a block holding a quotation and, under a rule, the writer's
translation of it. Lines are retyped from the labelled real manuscripts (a German R Markdown
term paper quoting an English source)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_BIB = "@article{mccombs1972,\n  author = {McCombs, Maxwell},\n  title = {Agenda},\n  year = {1972}\n}\n"


def test_a_block_in_emphasis_with_its_marks_is_quoted_without_either(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    path = write(
        tmp_path,
        "arbeit.Rmd",
        "Die Agenda-Setting-Theorie geht auf eine Studie zurück:\n\n"
        '> *"While the mass media may have little influence on the direction of attitudes, '
        'the mass media set the agenda for each political campaign."*\n>\n'
        "> @mccombs1972\n\nDas gilt bis heute.\n",
    )
    assert quotes_found(path, bib) == {
        "While the mass media may have little influence on the direction of attitudes, the "
        "mass media set the agenda for each political campaign.": ("mccombs1972", None)
    }


def test_a_rule_inside_a_block_ends_the_quotation_before_its_translation(
    tmp_path: Path,
) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    path = write(
        tmp_path,
        "arbeit.Rmd",
        "Die Agenda-Setting-Theorie geht auf eine Studie zurück:\n\n"
        '> *"While the mass media may have little influence on the direction of attitudes, '
        'the mass media set the agenda for each political campaign."*\n>\n'
        "> ------------------------------------------------------------------------\n>\n"
        '> *"Während die Massenmedien nur einen geringen Einfluss auf die Richtung der '
        'Einstellungen haben, setzen sie die Agenda jeder politischen Kampagne."*\n>\n'
        "> @mccombs1972\n\nDas gilt bis heute.\n",
    )
    assert quotes_found(path, bib) == {
        "While the mass media may have little influence on the direction of attitudes, the "
        "mass media set the agenda for each political campaign.": ("mccombs1972", None)
    }
