"""Pandoc keys typed in a Word text, scanned with no bibliography: citations of works no list
holds, as the same text in Markdown gives them."""

from __future__ import annotations

from pathlib import Path

import docx

from quote_tui.manuscripts import scan


def _word(tmp_path: Path, paragraphs: list[str]) -> Path:
    document = docx.Document()
    for text in paragraphs:
        document.add_paragraph(text)
    path = tmp_path / "thesis.docx"
    document.save(str(path))
    return path


def _refs(path: Path) -> dict[str, tuple[str | None, str | None]]:
    return {
        c.quote: (
            c.reference.key if c.reference else None,
            c.locator.value if c.locator else None,
        )
        for c in scan(path).citations
    }


def test_bracketed_keys_of_a_word_text_typed_for_pandoc_are_citations_without_a_list(
    tmp_path: Path,
) -> None:
    path = _word(
        tmp_path,
        [
            "Early studies found that physiological signs of sleepiness “did not occur reliably "
            "until subjects reported feeling sleepy” [@akerstedt2009].",
            "The scale's middle step reads “neither alert nor sleepy” [@akerstedt1990, p. 30], "
            "its seventh “sleepy but no difficulty remaining awake” [@akerstedt1990].",
        ],
    )
    got = _refs(path)
    assert got["did not occur reliably until subjects reported feeling sleepy"] == (
        "akerstedt2009",
        None,
    )
    assert got["neither alert nor sleepy"] == ("akerstedt1990", "30")
    assert got["sleepy but no difficulty remaining awake"] == ("akerstedt1990", None)


def test_one_bracket_with_an_at_sign_stays_no_citation_without_a_bibliography(
    tmp_path: Path,
) -> None:
    # one such bracket may be a handle: a text typed for Pandoc cites by keys throughout
    path = _word(
        tmp_path,
        [
            "Wie die Redaktion schreibt, sei dies „die Aufgabe der Zeitschrift für Motive und "
            "Stoffe“ [@redaktion], so Müller (2010, S. 4).",
        ],
    )
    assert all(key != "redaktion" for key, _ in _refs(path).values())


def test_a_narrative_key_outside_brackets_needs_the_bibliography(tmp_path: Path) -> None:
    path = _word(
        tmp_path,
        [
            "As @kao2021 puts it, sleep loss is “a cumulative debt paid back slowly” [@zhao2021].",
            "Write to @lab.account for the data “of all the nightly recordings made” [@cox2020].",
        ],
    )
    got = _refs(path)
    assert got["a cumulative debt paid back slowly"][0] == "zhao2021"
    assert got["of all the nightly recordings made"][0] == "cox2020"
