"""A line or verse of the text an essay reads, alone in brackets after the quotation, as school
interpretations and poem analyses cite it: "Wanderung"(Z. 67), „…“ (vgl. Z. 34f), "…" (ll. 3-5),
„…“ (V. 12). The work is the one the essay discusses; the line is kept as written, kind line."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan


def _lines(path: Path) -> dict[str, tuple[str | None, str | None]]:
    return {
        c.quote: (c.locator.label if c.locator else None, c.locator.value if c.locator else None)
        for c in scan(path).citations
    }


def test_german_line_and_verse_locators_after_quotations(tmp_path: Path) -> None:
    md = tmp_path / "Interpretation.md"
    md.write_text(
        "# Eichendorff, Aus dem Leben eines Taugenichts\n\n"
        'Der Erzähler nennt die Reise eine "lange und fröhliche Wanderung"(Z. 67) und '
        'sagt, er wolle "durch die weite Welt schlendern"\u00a0(vgl.\u00a0Z.\u00a034f). Der Vater '
        'schimpft ihn "einen Taugenichts, der nichts tun will"(z. 12 - 14).\n\n'
        "Im Gedicht heißt es „die Welt hebt an zu singen“ (V. 12) und später "
        "„es schläft ein Lied in allen Dingen“ (Vv. 1-2).\n",
        encoding="utf-8",
    )
    assert _lines(md) == {
        "lange und fröhliche Wanderung": ("line", "Z. 67"),
        "durch die weite Welt schlendern": ("line", "Z. 34f"),
        "einen Taugenichts, der nichts tun will": ("line", "z. 12 - 14"),
        "die Welt hebt an zu singen": ("verse", "V. 12"),
        "es schläft ein Lied in allen Dingen": ("verse", "Vv. 1-2"),
    }


def test_english_line_locators_after_quotations(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        "In the poem the speaker calls the sea "
        '"a grey and melancholy waste of water" (l. 4), and later "the long withdrawing '
        'roar of the retreating tide" (ll. 25-27); the storm is "a sudden darkness over '
        'all the land" (line 31).\n',
        encoding="utf-8",
    )
    assert _lines(md) == {
        "a grey and melancholy waste of water": ("line", "l. 4"),
        "the long withdrawing roar of the retreating tide": ("line", "ll. 25-27"),
        "a sudden darkness over all the land": ("line", "line 31"),
    }
