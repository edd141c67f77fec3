"""Chicago notes in a Word article lose their italics: “Article Title,” then the journal with
its volume and year, or the book's place, publisher and year, shows the quoted words are the
article's title, in French sentence case too."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_QUOTE = "the firm hoped to remake the lost silver of the empire piece by piece"


def test_titles_in_chicago_word_notes_are_no_quotations(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["The director wrote that “", _QUOTE, ".”", wx.footnote_ref(1)])
    wx.add_paragraph(d, ["The ruins were photographed at once.", wx.footnote_ref(2)])
    d.save(str(path := tmp_path / "article.docx"))
    wx.add_footnotes_part(
        path,
        wx.footnotes_xml(
            {
                1: [" Paul Martin, Les arts du métal (Paris: Laurens, 1912), 42."],
                2: [
                    " See Marie Dubois, “Les images des ruines de la ville en 1871 ou le faux "
                    "témoin,” Revue d’histoire urbaine 32 (2006): 137–51; and Jean Roux, “La "
                    "fin des palais, 1870–1892,” Palais perdus (Paris: Éditions du Louvre, "
                    "2021), 465–76."
                ],
            }
        ),
    )
    quotes = [c.quote for c in scan(path).citations]
    assert quotes == [_QUOTE + "."] or quotes == [_QUOTE]


def test_words_a_note_quotes_before_the_book_they_are_from_stay_a_quotation(
    tmp_path: Path,
) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["The silver was melted down in the fire.", wx.footnote_ref(1)])
    d.save(str(path := tmp_path / "article.docx"))
    wx.add_footnotes_part(
        path,
        wx.footnotes_xml(
            {
                1: [
                    " As the director put it, “nothing of the old table service was left to "
                    "us,” he wrote in his Mémoires (Paris: Plon, 1901), 12."
                ]
            }
        ),
    )
    quotes = [c.quote for c in scan(path).citations]
    assert any(q.startswith("nothing of the old table service") for q in quotes)
