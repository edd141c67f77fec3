"""Citation-side rules for pages written in two parts: a volume before the page ("Bd. 2, S. 4"),
a second page after the first ("S. 3 und S. 7"), and a Word footnote's "Ebd." after the running
text names a work. Each test retypes the pattern German theses use."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.locators import parse_locator
from tests.manuscripts import wordxml as wx
from tests.manuscripts.helpers import write

_BIB = "@book{marx1962, title = {Das Kapital}, author = {Marx, Karl}, year = 1962}\n"


def _found(path: Path) -> dict[str, tuple[str | None, str | None, tuple[int, ...]]]:
    return {
        c.quote: (
            c.reference.key if c.reference else None,
            c.locator.value if c.locator else None,
            c.locator.pages if c.locator else (),
        )
        for c in scan(path).citations
    }


def test_a_volume_before_the_page_keeps_the_page_to_compare(tmp_path: Path) -> None:
    write(tmp_path, "refs.bib", _BIB)
    md = write(
        tmp_path,
        "a.md",
        "---\nbibliography: refs.bib\n---\n\nEr schrieb, „die Ware ist zunächst ein äußerer "
        "Gegenstand“ [@marx1962, Bd. 2, S. 4]. Später „ein Ding, das durch seine "
        "Eigenschaften Bedürfnisse befriedigt“ [@marx1962, vol. 3, pp. 40-41].\n",
    )
    got = _found(md)
    assert got["die Ware ist zunächst ein äußerer Gegenstand"] == ("marx1962", "Bd. 2, S. 4", (4,))
    assert got["ein Ding, das durch seine Eigenschaften Bedürfnisse befriedigt"][1:] == (
        "vol. 3, pp. 40-41",
        (40, 41),
    )
    # a volume alone stays a volume, shown and never compared
    assert parse_locator("Bd. 2") is not None and parse_locator("Bd. 2").pages == ()


def test_a_second_page_is_kept_after_the_first(tmp_path: Path) -> None:
    write(tmp_path, "refs.bib", _BIB)
    tex = write(
        tmp_path,
        "a.tex",
        "\\documentclass{article}\\begin{document}\nEr schrieb, \\enquote{die Ware ist "
        "zunächst ein äußerer Gegenstand} \\autocite[S.~3 und S.~7]{marx1962}.\n"
        "\\bibliography{refs}\n\\end{document}\n",
    )
    got = _found(tex)
    assert got["die Ware ist zunächst ein äußerer Gegenstand"] == ("marx1962", "3 und S. 7", (3, 7))


def test_a_word_note_giving_two_pages_gives_the_first_with_the_second(tmp_path: Path) -> None:
    document = wx.new_document()
    quotes = ["die Stadt war ein Ort der Freiheit für alle", "die Zünfte bestimmten den Rat"]
    for i, quote in enumerate(quotes, start=1):
        wx.add_paragraph(document, [f"Satz {i} sagt „{quote}“", wx.footnote_ref(i), " dazu."])
    path = tmp_path / "arbeit.docx"
    document.save(path)
    notes = {
        1: ["Vgl. Müller, Hans: Die Stadt im Mittelalter. Berlin 2001, S. 3 und S. 7."],
        2: ["Schmidt (2003), S. 12 und S. 15."],
    }
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))
    got = _found(path)
    assert got[quotes[0]][1:] == ("3 und S. 7", (3, 7))
    assert got[quotes[1]][1:] == ("12 und S. 15", (12, 15))
