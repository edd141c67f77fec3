"""A Word footnote that opens on the work's title (an edited brochure cited by its title and
year, "Biete Erfahrung – suche Haltung (2016). Hrsg. von …"): the same words in marks in the
text name that work, as they do when the note names it further in."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx


def test_words_a_note_opens_with_as_its_title_are_the_works_name(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "Die Bücherei gibt Bücher heraus, etwa die Broschüre „Gute Worte – schwere Worte“",
            wx.footnote_ref(1),
            ". Kinder erzählen darin von Sätzen, die sie verletzt haben.",
        ],
    )
    d.save(str(path := tmp_path / "artikel.docx"))
    wx.add_footnotes_part(
        path,
        wx.footnotes_xml(
            {1: ["Gute Worte – schwere Worte (2016). Hrsg. von Maria Winter. Vechta: Geest"]}
        ),
    )
    assert not scan(path).citations
