"""A German Word thesis cited in Word's own footnotes: nouns quoted with their note's page,
and long runs of "Ebd." after one full note."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx


def _nouns_thesis(path: Path) -> None:
    # German capitalises every noun: quoted nouns look like a title's words until the note
    # right after the closing mark gives the page they stand on.
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "Die Zeitung erscheint täglich. Die Rubrik gilt der Herausgeberin als "
            "„Bühne der Stadtkritik“",
            wx.footnote_ref(1),
            ". Sie zeichnet sich durch „Witz, Wärme und Weitblick“",
            wx.footnote_ref(2),
            " der Beiträge aus.",
        ],
    )
    d.save(str(path))
    wx.add_footnotes_part(
        path,
        wx.footnotes_xml(
            {
                1: [" Vgl. Anna Berger: Die Zeitung und ihre Leser. Wien: Zsolnay 2011. S.12."],
                2: [" Karl Lenz: Kleine Formen. Berlin: Aufbau 2015. S. 48."],
            }
        ),
    )


def test_quoted_nouns_with_a_paged_word_note_are_quotations(tmp_path: Path) -> None:
    path = tmp_path / "arbeit.docx"
    _nouns_thesis(path)
    found = {c.quote: c for c in scan(path).citations}
    assert "Witz, Wärme und Weitblick" in found
    assert found["Witz, Wärme und Weitblick"].locator is not None
    assert found["Witz, Wärme und Weitblick"].locator.value == "48"
    assert "Bühne der Stadtkritik" in found
