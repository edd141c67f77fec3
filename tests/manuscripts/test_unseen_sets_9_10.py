"""Rules read off two unseen sets of real manuscripts (a Word text typed for Pandoc, an
author-date essay with no reference list, a field study's participants' words); each test
retypes the lines that showed the rule."""

from __future__ import annotations

import time
from pathlib import Path

import docx

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.voice import presents_own

_BIB = """@book{lubkoll_thematologie_2009,
  author = {Lubkoll, Christine},
  title = {Motiv, literarisches},
  year = {2009},
}
"""


def _word(tmp_path: Path, paragraphs: list[str]) -> Path:
    document = docx.Document()
    for text in paragraphs:
        document.add_paragraph(text)
    path = tmp_path / "paper.docx"
    document.save(str(path))
    return path


def test_pandoc_keys_typed_into_word_text_are_read_when_the_bibliography_holds_them(
    tmp_path: Path,
) -> None:
    path = _word(
        tmp_path,
        [
            "Das Feld der Thematologie, also der „systematische[n] und problemorientierten "
            "Untersuchung literarischer Stoffe und Motive“ [@lubkoll_thematologie_2009, S. 5].",
            "Wie @lubkoll_thematologie_2009 [S. 7] schreibt, ist sie „eine Untersuchung im "
            "diachronen und interkulturellen Vergleich“.",
            "Schreiben Sie an „die Redaktion der Zeitschrift für Motive“ [@redaktion].",
        ],
    )
    bib = tmp_path / "refs.bib"
    bib.write_text(_BIB, encoding="utf-8")
    got = {
        c.quote: (
            c.reference.key if c.reference else None,
            c.locator.value if c.locator else None,
        )
        for c in scan(path, bib=[bib]).citations
    }
    assert got[
        "systematische[n] und problemorientierten Untersuchung literarischer Stoffe und Motive"
    ] == ("lubkoll_thematologie_2009", "5")
    assert got["eine Untersuchung im diachronen und interkulturellen Vergleich"] == (
        "lubkoll_thematologie_2009",
        "7",
    )
    # a key no bibliography holds is no citation in Word text (a handle, a mail name)
    assert got.get("die Redaktion der Zeitschrift für Motive", (None, None))[0] is None


def test_a_parenthetical_key_inside_the_closing_mark_is_the_quotations_citation(
    tmp_path: Path,
) -> None:
    path = tmp_path / "kapitel.md"
    path.write_text(
        'Eingeführt. "Unter Entität versteht man ein bestimmtes Objekt der realen Welt oder '
        'unserer Vorstellung (@meier2016nosql S. 20)". Dementgegen gilt für Mengen: "Entitäten '
        'des gleichen Typs werden zu Entitätsmengen zusammengefasst" (vgl. @meier2016nosql, '
        "S. 21).\n",
        encoding="utf-8",
    )
    got = {
        c.quote: (
            c.reference.key if c.reference else None,
            c.locator.value if c.locator else None,
        )
        for c in scan(path).citations
    }
    assert got == {
        "Unter Entität versteht man ein bestimmtes Objekt der realen Welt oder unserer "
        "Vorstellung": ("meier2016nosql", "20"),
        "Entitäten des gleichen Typs werden zu Entitätsmengen zusammengefasst": (
            "meier2016nosql",
            "21",
        ),
    }


def test_a_quotation_broken_by_says_name_and_a_full_stop_takes_the_next_parts_citation(
    tmp_path: Path,
) -> None:
    path = _word(
        tmp_path,
        [
            "“But what that does is ignore a lot of social context,” says Selbst. “You can’t "
            "have a system designed in Utah and then applied in Kentucky directly. (Selbst, "
            "2016)” The report goes on. “Another quotation of four words,” says the report. "
            "“Then a cited one of five words” (Smith, 2020).",
        ],
    )
    got = {c.quote: c.reference.raw if c.reference else None for c in scan(path).citations}
    assert got["But what that does is ignore a lot of social context,"] == "(Selbst, 2016)"
    # a verb of saying with no name after it is the writer's sentence, not an attribution
    assert got["Another quotation of four words,"] is None


def test_a_short_note_is_read_as_the_full_note_whose_title_it_begins(tmp_path: Path) -> None:
    path = tmp_path / "zitieren.md"
    path.write_text(
        "So schreibt Talal Asad: „My argument is that there cannot be a universal definition "
        "of religion.“[^1]\n\n"
        "Nach Asad ist „that definition itself the historical product of discursive "
        "processes.“[^2]\n\n"
        "[^1]: Talal Asad, „The Construction of Religion as an Anthropological Category“, in "
        "*A reader in the anthropology of religion*, hg. von Michael Lambek (Malden, MA: "
        "Blackwell, 2002), 116.\n\n"
        "[^2]: Vgl. Asad: „The Construction of Religion“, 117.\n",
        encoding="utf-8",
    )
    cits = {c.quote[:14]: c for c in scan(path).citations}
    second = cits["that definitio"]
    assert second.reference is not None and "2002" in second.reference.raw
    assert second.reference.key == "The Construction of Religion as an Anthropological Category"
    assert second.locator is not None and second.locator.value == "117"


def test_participants_answers_in_a_study_report_are_their_words(tmp_path: Path) -> None:
    path = tmp_path / "study.tex"
    path.write_text(
        "We interviewed 17 passers-by after the survey \\cite{strauss1990}.\n\n"
        "Two reasons that were mentioned by participants were: ``it belongs to me'', and "
        "``I use it most often''. Other reasons mentioned were ``it is there, so why not?'' "
        "and ``I was waiting for someone''. One said ``I felt watched'' (P12).\n\n"
        "This chapter calls the second group ``late adopters'' and the first one "
        "``curious users''.\n",
        encoding="utf-8",
    )
    got = {c.quote for c in scan(path).citations}
    assert got == {
        "it belongs to me",
        "I use it most often",
        "it is there, so why not?",
        "I was waiting for someone",
        "I felt watched",
    }


def test_a_phrase_repeating_a_block_closed_by_a_note_address_is_the_blocks_source(
    tmp_path: Path,
) -> None:
    path = tmp_path / "commentary.md"
    path.write_text(
        "Hegel quotes Lichtenberg's book, which mocks Lavater's science:\n\n"
        "> If someone said, 'you are a knave at heart,' then any upright fellow, when "
        "addressed in that fashion, will respond with a slap in the accuser's face.[^32]\n\n"
        "Hegel sees more than a joke in this remark. When the 'upright fellow' retorts with a "
        "slap, he is 'an honest man' again.\n",
        encoding="utf-8",
    )
    got = {c.quote for c in scan(path).citations}
    assert "upright fellow" in got
    # words of no block and no cited quotation stay the writer's
    assert "an honest man" not in got


def test_an_opening_mark_never_closed_ends_at_the_citation_closing_its_sentence(
    tmp_path: Path,
) -> None:
    path = tmp_path / "essay.tex"
    path.write_text(
        'They use many ways to portray this such as "unnaturally large breasts, a shapely '
        "behind, a narrow waist and visible nipples \\cite{waern2005}.\n\n"
        'An inch mark 12" long and no citation at all in this sentence. Then "an open mark '
        "in a sentence that ends. And a cite later \\cite{other}.\n",
        encoding="utf-8",
    )
    got = {c.quote: c.reference.key if c.reference else None for c in scan(path).citations}
    assert got == {
        "unnaturally large breasts, a shapely behind, a narrow waist and visible nipples": (
            "waern2005"
        )
    }


def test_a_long_run_of_spaces_before_an_uncited_block_is_read_in_linear_time() -> None:
    # A Markdown guide indented by spaces made the lead-in's reading try every split of each
    # run of spaces: 81 s for one file of 300 lines.
    text = "A reference.\n\n" + " " * 22 + "\n\nThe lead-in of the block:\n\n> "
    began = time.perf_counter()
    assert not presents_own(text, len(text))
    assert time.perf_counter() - began < 1.0
