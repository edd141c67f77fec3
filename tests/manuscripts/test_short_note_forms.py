"""Chicago short notes as writers type them: two authors ("Smith and Van Dyke, 52"), a chapter
in place of a page (an e-book has none: "Olsen, Chapter 3: The Title", "…, 2007), Part II,
Chapter 5: Title"), the short title without its article ("Story of Things" for "The Story of
Things"), a remark on whom the work quotes ("Pohl, 90, quoting Paul Kerr"). Each short note is
the work its full note gave earlier, at the place the short note gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_QUOTES = [
    "the state was never a neutral ground for the faithful",
    "what they rendered to the emperor was only ever a coin",
    "every empire believes that its own peace is the only peace",
    "the church learned to speak the language of the palace",
    "a truly great ruler and a genuine friend of the poor",
]


def _essay(notes: list[str], kind: str) -> str:
    body = " ".join(f"One writer put it so: “{q}.”[^{n}]" for n, q in enumerate(_QUOTES, 1))
    listed = "\n".join(f"[^{n}]: {note}" for n, note in enumerate(notes, 1))
    if kind == "latex":
        body = " ".join(
            f"One writer put it so: ``{q}.''\\footnote{{{note}}}"
            for q, note in zip(_QUOTES, notes, strict=True)
        )
        return f"\\documentclass{{article}}\n\\begin{{document}}\n{body}\n\\end{{document}}\n"
    return f"# Essay\n\n{body}\n\n{listed}\n"


def _cited(path: Path) -> list[tuple[str, str | None]]:
    by_quote = {c.quote.rstrip("."): c for c in scan(path).citations}
    return [
        (
            (by_quote[q].reference.raw or "") if by_quote[q].reference else "",
            by_quote[q].locator.value if by_quote[q].locator else None,
        )
        for q in _QUOTES
    ]


_NOTES = [
    "Anna Smith and Jan Van Dyke, _Rome and Its Rulers_, (Leiden: Brill, 1987), 50",
    "Smith and Van Dyke, 52",
    "Karl M. Olsen, _The Story of Things: Volume 1_, (Grand Rapids: Baker, 2007), Chapter 3: "
    "The Postliberal Style",
    "Olsen, Chapter 4: The Postmodern Impulse",
    "Olsen, _Story of Things,_ Part II, Chapter 5: The Prince and the Poor",
]


@pytest.mark.parametrize("kind", ["markdown", "latex"])
def test_short_notes_are_their_full_notes_at_the_place_given(tmp_path: Path, kind: str) -> None:
    path = tmp_path / ("essay.tex" if kind == "latex" else "essay.md")
    path.write_text(_essay(_NOTES, kind), encoding="utf-8")
    got = _cited(path)
    assert got[0][1] == "50"
    assert "1987" in got[1][0] and got[1][1] == "52"  # two authors, the page
    assert "2007" in got[2][0] and got[2][1] == "Chapter 3"  # a chapter for a page
    assert "2007" in got[3][0] and got[3][1] == "Chapter 4"  # author and chapter
    assert "2007" in got[4][0] and got[4][1] == "Part II, Chapter 5"  # title less its article


def test_a_note_on_whom_the_work_quotes_is_the_work(tmp_path: Path) -> None:
    notes = [
        "Hans Pohl, _The Emperor_, (New York: Routledge, 2004), 48-52",
        "Pohl, 90, quoting Paul Kerr",
        "Pohl, 91",
        "Pohl, 92",
        "Pohl, 93",
    ]
    path = tmp_path / "essay.md"
    path.write_text(_essay(notes, "markdown"), encoding="utf-8")
    raw, page = _cited(path)[1]
    assert "2004" in raw and page == "90"
