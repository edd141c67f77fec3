"""The page a humanities note gives, as written: page lists, Chicago's "45n3", and what a note
says after its page about the quotation's wording ("Emphasis added.", "Hervorhebung im
Original")."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.locators import parse_locator


def _md_note(tmp_path: Path, note: str) -> tuple[str | None, str | None]:
    md = tmp_path / "essay.md"
    md.write_text(
        'Hume, on this reading, holds that belief is "a lively idea related to a present'
        f' impression" and nothing more.[^1]\n\n[^1]: {note}\n',
        encoding="utf-8",
    )
    (cit,) = scan(md).citations
    key = cit.reference.key if cit.reference else None
    return key, cit.locator.value if cit.locator else None


@pytest.mark.parametrize(
    ("note", "page"),
    [
        # a sentence quoting three places of one book, cited once in their order
        ("Hume, *A Treatise of Human Nature*, 96, 103, 86.", "96, 103, 86"),
        ("Hume, *A Treatise of Human Nature*, 12–14, 96, 103.", "12–14, 96, 103"),
        # a page of the editor's preface among them
        ("Hume, *A Treatise of Human Nature*, 96, xi.", "96, xi"),
        # a note on the page, Chicago's way
        ("Hume, *A Treatise of Human Nature*, 96n2.", "96n2"),
    ],
)
def test_a_chicago_note_keeps_every_page_it_lists(tmp_path: Path, note: str, page: str) -> None:
    assert _md_note(tmp_path, note) == ("A Treatise of Human Nature", page)


@pytest.mark.parametrize(
    "remark",
    [
        ". Emphasis added.",
        ", emphasis added.",
        " (emphasis in original).",
        "; translation modified.",
        ". My translation.",
        " [italics in original].",
    ],
)
def test_a_remark_on_the_wording_after_the_page_keeps_the_page(tmp_path: Path, remark: str) -> None:
    note = f"Hume, *A Treatise of Human Nature*, 96{remark}"
    assert _md_note(tmp_path, note) == ("A Treatise of Human Nature", "96")


@pytest.mark.parametrize(
    ("note", "key", "page"),
    [
        # the short form names its work by author and short title; the remark hid both
        ("Weber, Wirtschaft, S. 122 (Hervorhebung im Original).", "Weber, Wirtschaft", "122"),
        ("Weber, Wirtschaft, S. 122, Hervorhebung d. Verf.", "Weber, Wirtschaft", "122"),
        ("Weber 1922, S. 122 (eigene Übersetzung).", "Weber 1922", "122"),
        # further pages joined with "u." and a tie before "f."
        ("Weber 1922, S. 122 u. 125.", "Weber 1922", "122 u. 125"),
        ("Weber 1922, S.~122~f.", "Weber 1922", "122 f."),
    ],
)
def test_a_german_note_keeps_its_page_as_written(
    tmp_path: Path, note: str, key: str, page: str
) -> None:
    tex = tmp_path / "kapitel.tex"
    tex.write_text(
        "\\documentclass{article}\\begin{document}\n"
        "Herrschaft sei \\glqq die Chance, für einen Befehl bestimmten Inhalts bei angebbaren"
        " Personen Gehorsam zu finden\\grqq.\\footnote{" + note + "}\n"
        "Später heißt es, \\glqq jede Herrschaft sucht den Glauben an ihre Legitimität zu"
        " erwecken\\grqq.\\footnote{Ebd., S. 124.}\n\\end{document}\n",
        encoding="utf-8",
    )
    first, second = scan(tex).citations
    assert first.reference is not None and first.locator is not None
    assert (first.reference.key, first.locator.value) == (key, page)
    # "Ebd." is the work of the note before, which the remark no longer hides
    assert second.reference is not None and second.reference.key == key


def test_a_note_number_after_a_page_is_part_of_the_locator() -> None:
    loc = parse_locator("45nn3-5")
    assert loc is not None and (loc.value, loc.pages) == ("45nn3-5", (45,))


@pytest.mark.parametrize(
    ("note", "page"),
    [
        # Chicago's multivolume work: volume and page
        ("Hume, *Essays*, 2:45.", "2:45"),
        # a note on the page, written out
        ("Hume, *Essays*, 45 n. 12.", "45 n. 12"),
        # an article's extent, then the page cited in it
        (
            'David Hume, "Of Miracles," *Philosophical Essays* 3, no. 2 (1748): 401-20, at 405.',
            "405",
        ),
    ],
)
def test_a_chicago_note_gives_the_page_cited(tmp_path: Path, note: str, page: str) -> None:
    _, got = _md_note(tmp_path, note)
    assert got == page
