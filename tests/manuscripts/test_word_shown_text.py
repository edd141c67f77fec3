"""A Word quotation's words are the ones the page shows: text Word hides (by the run, by its
character style, by its paragraph style) is not read, and a soft hyphen typed as a character
does not split a word."""

from __future__ import annotations

from pathlib import Path

from docx.enum.style import WD_STYLE_TYPE
from docx.oxml.ns import qn
from lxml import etree

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx


def _run(text: str, *props: tuple[str, str | None]) -> etree._Element:
    r = wx._run(text=text)
    rpr = etree.Element(qn("w:rPr"))
    for name, value in props:
        el = etree.SubElement(rpr, qn(name))
        if value is not None:
            el.set(qn("w:val"), value)
    r.insert(0, rpr)
    return r


def _quotes(path: Path) -> set[str]:
    return {c.quote for c in scan(path).citations}


def test_hidden_words_inside_a_quotation_are_not_read(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "Farge writes that “the archive is not ",
            _run("[check the page] ", ("w:vanish", None)),
            "the past but its shape” (Farge 1989, 12).",
        ],
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    assert _quotes(path) == {"the archive is not the past but its shape"}


def test_a_run_that_turns_its_styles_hiding_off_is_shown(tmp_path: Path) -> None:
    d = wx.new_document()
    style = d.styles.add_style("Versteckt", WD_STYLE_TYPE.CHARACTER)
    style.font.hidden = True
    shown = _run("the past but its shape", ("w:rStyle", "Versteckt"), ("w:vanish", "0"))
    hidden = _run("note to self ", ("w:rStyle", "Versteckt"))
    wx.add_paragraph(
        d,
        ["Farge writes that “the archive is not ", hidden, shown, "” (Farge 1989, 12)."],
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    assert _quotes(path) == {"the archive is not the past but its shape"}


def test_a_paragraph_in_a_hidden_style_is_not_read(tmp_path: Path) -> None:
    # a web page pasted into Word leaves its form's edges as hidden paragraphs
    d = wx.new_document()
    style = d.styles.add_style("z-Top of Form", WD_STYLE_TYPE.PARAGRAPH)
    style.font.hidden = True
    wx.add_paragraph(
        d, ["“Top of the form, where the search box stood” (Site 2020, 1)."], style=style.name
    )
    wx.add_paragraph(d, ["Farge writes that “the archive is not the past” (Farge 1989, 12)."])
    path = tmp_path / "essay.docx"
    d.save(str(path))
    assert _quotes(path) == {"the archive is not the past"}


def test_a_field_whose_code_is_hidden_still_shows_its_result(tmp_path: Path) -> None:
    d = wx.new_document()
    begin, *code, separate, result, end = wx.complex_field(' HYPERLINK "https://x.org" ', "voices")
    for r in (begin, *code, separate, end):
        rpr = etree.Element(qn("w:rPr"))
        etree.SubElement(rpr, qn("w:vanish"))
        r.insert(0, rpr)
    wx.add_paragraph(
        d,
        [
            "Farge writes that “the archive keeps the ",
            [begin, *code, separate, result, end],
            " nobody heard” (Farge 1989, 16).",
        ],
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    assert _quotes(path) == {"the archive keeps the voices nobody heard"}


def test_a_soft_hyphen_typed_as_a_character_does_not_split_a_word(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(
        d,
        ["Farge writes that “the ar\u00adchive is a col\u00adlection of traces” (Farge 1989, 17)."],
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    assert _quotes(path) == {"the archive is a collection of traces"}


def test_a_block_indented_by_typed_non_breaking_spaces_loses_its_marks(tmp_path: Path) -> None:
    # some writers indent a block by hand with non-breaking spaces before its opening mark
    words = (
        "Pode-se concluir portanto que é a renda que constitui a medida mais conveniente "
        "de se medir a capacidade de pagamento dos contribuintes."
    )
    d = wx.new_document()
    wx.add_paragraph(d, ["Afonso e colegas concluem o seguinte sobre a renda:"])
    wx.add_paragraph(
        d, ["\u00a0\u00a0\u00a0“" + words + "”(AFONSO et al., 2004, p.12)"], style="Quote"
    )
    path = tmp_path / "monografia.docx"
    d.save(str(path))
    (cit,) = scan(path).citations
    assert cit.quote == words
    assert cit.locator is not None and cit.locator.value == "12"
