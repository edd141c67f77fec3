"""A passage quoted over several paragraphs of a Word text, each set in as far as the others and
the citation closing the last, is one block quotation: ABNT's long quotation of a law's
articles, APA's quotation of two paragraphs. The writer's own text set in throughout is not."""

from __future__ import annotations

from pathlib import Path

from docx.shared import Cm

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx


def _indented(d, text: str, cm: float) -> None:
    wx.add_paragraph(d, [text])
    d.paragraphs[-1].paragraph_format.left_indent = Cm(cm)


LAW = [
    "Art. 1º O art. 32 da Lei nº 9.605, de 12 de fevereiro de 1998, passa a vigorar com a "
    "seguinte redação:",
    "“Art. 32.” Praticar ato de abuso, maus-tratos, ferir ou mutilar animais silvestres, "
    "domésticos ou domesticados, nativos ou exóticos:",
    "...",
    "§ 3º Os estabelecimentos comerciais que concorrerem para a prática de maus-tratos serão "
    "penalizados com multa (BRASIL, 2018).",
]


def test_a_law_quoted_over_several_indented_paragraphs_is_one_block(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["Com a alteração da lei, a mesma passou a vigorar da seguinte forma:"])
    for text in LAW:
        _indented(d, text, 4)
    wx.add_paragraph(d, ["A pena foi portanto elevada, como se vê no texto citado acima."])
    _indented(d, "O abandono é crime e deve ser punido em todos os casos (SILVA, 2010, p. 4).", 4)
    path = tmp_path / "tcc.docx"
    d.save(str(path))
    law = [c for c in scan(path).citations if c.quote.startswith("Art. 1º")]
    assert len(law) == 1
    assert law[0].quote.endswith("serão penalizados com multa")
    assert "Praticar ato de abuso" in law[0].quote
    assert law[0].reference is not None and law[0].reference.key == "BRASIL 2018"


def test_a_quotation_of_two_paragraphs_cited_after_the_second_is_one_block(
    tmp_path: Path,
) -> None:
    first = (
        "The archive does not write pages of history. It describes in everyday language the "
        "trivial and the tragic, where what is important is not the words themselves."
    )
    second = (
        "The archive petrifies those moments when ordinary people were caught off guard by "
        "events, and it keeps their words as they were spoken (Farge, 2013, p. 8)."
    )
    d = wx.new_document()
    wx.add_paragraph(d, ["Farge describes her first days in the judicial archives of Paris."])
    _indented(d, first, 1.27)
    _indented(d, second, 1.27)
    wx.add_paragraph(d, ["Her account turns on the weight of the single document."])
    path = tmp_path / "essay.docx"
    d.save(str(path))
    (cit,) = [c for c in scan(path).citations if "archive" in c.quote]
    assert cit.quote.startswith("The archive does not write") and "petrifies" in cit.quote
    assert cit.locator is not None and cit.locator.value == "8"


def test_a_body_set_in_throughout_joins_no_paragraphs(tmp_path: Path) -> None:
    # the writer's own chapter indented by 1 cm, one paragraph closing with its citation
    own = [
        "Stemming reduces each word to its root, so that the forms of a verb count once.",
        "The classifier then weighs every root by its frequency in the whole corpus.",
        "Several stemmers exist for Spanish, and each treats the verb endings differently.",
        "The best known free stemming algorithm is the one Porter described (Porter, 1980).",
        "Lemmatisation asks more of the tagger than stemming does of the word list.",
        "The results of the two methods differ little on the short texts of social media.",
    ]
    d = wx.new_document()
    wx.add_paragraph(d, ["Preprocessing"])
    for text in own:
        _indented(d, text, 1)
    path = tmp_path / "tfg.docx"
    d.save(str(path))
    assert not any(c.quote.startswith("Stemming reduces") for c in scan(path).citations)
