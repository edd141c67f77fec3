"""A float's label read as a caption's (``pdf_layout._CAPTION``): a label alone in its block
("Schema 1", "Abb. 1", a figure's art between it and its text) and one parted from its text
by an en or em space ("EQUATION BOX 1\u2002Algorithm"), in English, German, French and Spanish,
is set aside, so a sentence across the column break past it reads on."""

from __future__ import annotations

import pymupdf
import pytest

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf

_FOUND = {Status.EXACT, Status.NORMALIZED}
_PROSE = [
    "Zur Vermeidung der Ringspaltung haben wir das",
    "Carben in feuchtem Tetrahydrofuran gelöst und",
    "das freigesetzte Hydroxidion mit Kohlendioxid",
    "abgefangen und die Lösung weiter untersucht.",
]


def _page(label: str) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    font = pymupdf.Font("helv")  # a font with the en and em spaces' widths
    writer = pymupdf.TextWriter(page.rect)
    lines = [*_PROSE, *_PROSE, "Hierbei bildete sich das Hydrogencarbonat-"]
    for k, text in enumerate(lines):
        writer.append((54, 80 + 13 * k), text, font=font, fontsize=10)
    # the label at the right column's foot, set apart from the column's last lines
    writer.append((320, 600), label, font=font, fontsize=10)
    rest = ["Salz, das präparativ jedoch besser durch", "Umsetzung mit Ammoniumhydrogencarbonat"]
    for k, text in enumerate(rest):
        writer.append((320, 650 + 13 * k), text, font=font, fontsize=10)
    writer.write_text(page)
    return doc.tobytes()


@pytest.mark.parametrize(
    "label",
    ["Schema 1", "Abb. 1", "Figure 3", "Tableau 2", "EQUATION BOX 1\u2003Algorithm to Find It"],
)
def test_a_floats_label_between_a_sentences_halves_is_read_past(label: str) -> None:
    text = extract_pdf(_page(label)).text
    quote = "Hierbei bildete sich das Hydrogencarbonat-Salz, das präparativ jedoch besser"
    assert check_text(PreparedText(text), quote).status in _FOUND
    assert label.split()[0] in text  # still read, set aside


def test_a_sentence_opening_with_a_tables_name_is_no_caption() -> None:
    text = extract_pdf(_page("Table 2 shows the yields")).text
    quote = "Hydrogencarbonat-Salz, das präparativ"
    assert check_text(PreparedText(text), quote).status not in _FOUND


def test_a_paragraph_that_opens_with_a_chapters_figure_number_is_prose() -> None:
    # "Figure 2.1 is an idealization" opens a paragraph (Thompson's Turing lecture): the
    # number is a chapter's figure's, whole, and no stop follows it; "Figure 2.1." would
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    writer = pymupdf.TextWriter(page.rect)
    font = pymupdf.Font("tiro")
    paragraphs = [
        ["represents a string with the character newline,", "representing the new line char."],
        [
            "Figure 2.1 is an idealization of the code in the C",
            "compiler that interprets the character escape sequence.",
            "It knows in a completely portable way what character",
            "code is compiled for a new line. The act of knowing",
        ],
        ["then allows it to recompile itself, thus perpetuating", "the knowledge of the code."],
    ]
    y = 80.0
    for lines in paragraphs:
        for text in lines:
            writer.append((54, y), text, font=font, fontsize=10)
            y += 12
        y += 14
    writer.write_text(page)
    text = extract_pdf(doc.tobytes()).text
    quote = "The act of knowing then allows it to recompile itself, thus perpetuating"
    assert check_text(PreparedText(text), quote).status in _FOUND
    assert text.index("new line char.") < text.index("Figure 2.1 is") < text.index("then allows")
