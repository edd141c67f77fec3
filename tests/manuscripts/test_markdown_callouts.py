"""GitHub alerts and Obsidian callouts set in ">" lines ("> [!NOTE]", "> [!warning]- Title") are
boxes for the writer's own text, not block quotations: a quotation inside one is found as in
any paragraph. A "[!quote]" callout is a quotation, its first line the title naming whose."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write


def test_an_alert_is_no_quotation_and_a_quote_callout_is_one(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Some context first.\n\n"
        "> [!NOTE]\n"
        '> Smith writes "the river keeps what the town forgets" [@smith, p. 5].\n\n'
        "> [!tip]- Remember this\n"
        "> Keep the notes short and write every day of the week.\n\n"
        "> [!quote] Ann Smith, *Rivers* (2001)\n"
        "> The water carries every name the town has ever given to its children.\n",
    )
    bib = write(
        tmp_path, "refs.bib", "@book{smith, title={Rivers}, author={Smith, Ann}, year={2001}}\n"
    )
    got = {c.quote: c for c in scan(md, bib=[bib]).citations}
    assert set(got) == {
        "the river keeps what the town forgets",
        "The water carries every name the town has ever given to its children.",
    }
    assert got["the river keeps what the town forgets"].reference.key == "smith"
    assert (
        "Rivers"
        in got[
            "The water carries every name the town has ever given to its children."
        ].reference.raw
    )


def test_a_quote_callout_signed_by_a_citation_line(tmp_path: Path) -> None:
    # Obsidian's and course sites' quote box: the quoted words in marks, then the source on a
    # line of its own, as an author-date citation (a link to the reference list around it, or
    # not); the citation line is the source, never quoted words.
    md = write(
        tmp_path,
        "a.md",
        "## Begriffe\n\n"
        "> [!quote]\n"
        "> „Didaktik ist die Wissenschaft vom Lehren und Lernen in allen Formen.“  \n"
        '> <a href="#literatur">Meier & Roth (2012, S. 14)</a>\n\n'
        "> [!cite]\n"
        "> „Die Schule ist der Ort, an dem eine Gesellschaft sich selbst erzieht.“\n"
        "> Meier (2012, S. 20)\n\n"
        "## Literatur\n\n"
        "Meier, J. & Roth, A. (2012). *Didaktik*. Berlin: Verlag.\n",
    )
    got = {c.quote: c for c in scan(md).citations}
    assert set(got) == {
        "Didaktik ist die Wissenschaft vom Lehren und Lernen in allen Formen.",
        "Die Schule ist der Ort, an dem eine Gesellschaft sich selbst erzieht.",
    }
    for c in got.values():
        assert c.locator is not None and c.locator.value in ("14", "20")


def test_words_in_marks_inside_a_box_callout_are_the_writers(tmp_path: Path) -> None:
    # A tip or task box holds the writer's own prompts and sentence openers in marks: uncited,
    # they quote nobody. A cited quotation in a box is still one.
    md = write(
        tmp_path,
        "a.md",
        "Bitte bearbeiten Sie die Aufgabe mit einer KI Ihrer Wahl.\n\n"
        "> [!TIPP]\n"
        "> „Ich möchte mein Verständnis von Didaktik reflektieren. Bitte erläutere die "
        "zentralen Dimensionen eines Didaktikverständnisses.“\n\n"
        "> [!tip]\n"
        "> **„Didaktik bedeutet für mich …“**\n\n"
        '::: {.callout-tip title="Prompt"}\n'
        "„Erkläre mir die drei wichtigsten Modelle der Didaktik mit je einem Beispiel.“\n"
        ":::\n\n"
        "> [!note]\n"
        '> Meier schreibt: "Die Schule ist der Ort der Erziehung aller" (Meier, 2012, S. 4).\n\n'
        "## Literatur\n\nMeier, J. (2012). *Didaktik*. Berlin: Verlag.\n",
    )
    assert [c.quote for c in scan(md).citations] == ["Die Schule ist der Ort der Erziehung aller"]
