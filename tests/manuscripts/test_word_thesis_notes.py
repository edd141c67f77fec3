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


def _close_reading(path: Path, ibids: int) -> None:
    # A close reading quotes one work phrase by phrase: one full note, then "Ebd." after "Ebd.".
    d = wx.new_document()
    parts: list[object] = ["Der Text beginnt mit „die Stadt stürzt durch das breite Bett“"]
    parts.append(wx.footnote_ref(1))
    for n in range(ibids):
        parts.append(f", dann folgt „das Bild Nummer {n + 1} der langen Reihe“")
        parts.append(wx.footnote_ref(n + 2))
    parts.append(".")
    wx.add_paragraph(d, parts)  # type: ignore[arg-type]
    d.save(str(path))
    notes: dict[int, list[object]] = {1: [" Polgar, Alfred: Boulevards. S.185."]}
    for n in range(ibids):
        notes[n + 2] = [" Ebda." if n % 2 else f" Ebda. S.{186 + n}."]
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))  # type: ignore[arg-type]


def test_a_long_run_of_ibid_notes_keeps_the_first_notes_work(tmp_path: Path) -> None:
    path = tmp_path / "arbeit.docx"
    _close_reading(path, ibids=14)
    cits = [c for c in scan(path).citations if c.quote.startswith("das Bild Nummer")]
    assert len(cits) == 14
    for c in cits:
        assert c.reference is not None and c.reference.key is not None
        assert c.reference.key.startswith("Polgar"), (c.quote, c.reference.key)
