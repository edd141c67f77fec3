"""A chapter's epigraph in Word, signed on the next line with a dash: in an epigraph style, or
a centred paragraph wholly in marks. The signature is the epigraph's source, not a paragraph
of its own (nor a block quotation when set in the block style)."""

from __future__ import annotations

from pathlib import Path

from docx.enum.style import WD_STYLE_TYPE

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_WORDS = (
    "Every object we handle carries the hands of those who made it and the rooms where it was kept."
)


def test_a_styled_epigraph_takes_its_dash_signature(tmp_path: Path) -> None:
    d = wx.new_document()
    d.styles.add_style("SL-Chapterepigraph", WD_STYLE_TYPE.PARAGRAPH)
    d.styles.add_style("SL-Blockquote", WD_STYLE_TYPE.PARAGRAPH)
    wx.add_paragraph(d, [_WORDS], style="SL-Chapterepigraph")
    wx.add_paragraph(d, ["—Anna Keller, The Second Life of Things, 1981"], style="SL-Blockquote")
    wx.add_paragraph(d, ["The firm rebuilt its lost silver in the 1870s."])
    path = tmp_path / "article.docx"
    d.save(str(path))
    (cit,) = scan(path).citations
    assert cit.quote == _WORDS
    assert cit.reference is not None and "Keller" in cit.reference.raw


def test_a_quoted_paragraph_signed_below_is_the_signers(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["Chapter 2"])
    wx.add_paragraph(d, ["“A listener who hears every word can keep none of them”"])
    wx.add_paragraph(d, [""])
    wx.add_paragraph(d, ["        —Lena Gorski"])
    wx.add_paragraph(d, ["Children hear many words a day (Hart & Risley, 1995)."])
    path = tmp_path / "thesis.docx"
    d.save(str(path))
    (cit,) = [c for c in scan(path).citations if c.quote.startswith("A listener")]
    assert cit.reference is not None and "Gorski" in cit.reference.raw
