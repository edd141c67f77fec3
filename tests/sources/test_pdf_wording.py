"""A match's wording as a reader quotes it, on real PDFs: the note marks the reader set apart are
left out of ``text``, ``before`` and ``after`` with their zero-width separators, while the
offsets still cover the whole span, and a superscript inside a word keeps its characters."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Match, Rule, Status
from quote_tui.sources.readers.pdf import extract_pdf

APART = "\u200b"


def _read(path: Path) -> PreparedText:
    return PreparedText(extract_pdf(path.read_bytes()).text)


def _cut(text: str, match: Match) -> str:
    kept, last = [], match.start
    for a, b in match.marks:
        kept.append(text[last:a])
        last = b
    return "".join(kept) + text[last : match.end]


def _printed_only(match: Match) -> None:
    """Nothing a user copies or a report prints holds the reader's separator."""
    shown = json.dumps(match.to_dict(), ensure_ascii=False)
    assert APART not in shown


@pytest.mark.parametrize(
    ("quote", "printed"),
    [
        (
            "could confine up to millions of ions with a 2D or 3D structure. More crucially",
            "could confine up to millions of ions with a 2D or 3D structure. More\ncrucially",
        ),
        (
            "including microtrap arrays, Penning traps, and multizone trap arrays",
            "including\nmicrotrap arrays, Penning traps, and multizone trap arrays",
        ),
    ],
)
def test_citation_marks_are_left_out_of_the_wording(
    corpus_dir: Path, quote: str, printed: str
) -> None:
    text = _read(corpus_dir / "pdf/wang-ion-crystal-scirep.pdf")
    result = check_text(text, quote)
    assert result.status is Status.NORMALIZED
    match = result.matches[0]
    assert Rule.NOTE_MARKS in match.rules
    assert match.text == printed
    # the offsets still run over the marks: "structure\u200b16–18"
    assert APART in text.text[match.start : match.end]
    assert match.marks and _cut(text.text, match) == match.text
    _printed_only(match)


def test_context_leaves_the_marks_out_too(corpus_dir: Path) -> None:
    text = _read(corpus_dir / "pdf/wang-ion-crystal-scirep.pdf")
    result = check_text(text, "Generic ion traps, on the other hand")
    match = result.matches[0]
    assert result.status is Status.EXACT
    assert match.before.endswith("experimentally.\n\n")  # printed "experimentally¹³⁻¹⁵."
    assert "3D structure. More" in match.after
    assert match.marks == ()
    _printed_only(match)


def test_a_superscript_inside_a_word_keeps_its_letters(corpus_dir: Path) -> None:
    # the LaTeX logo's raised "A" stands between "L" and "TEX": part of the word
    text = _read(corpus_dir / "pdf/thoma-creativity-ml.pdf")
    assert f"L{APART}A{APART}TEX" in text.text
    result = check_text(text, "the raw LATEX source")
    assert result.status in (Status.EXACT, Status.NORMALIZED)
    match = result.matches[0]
    assert match.text == "the raw\nLATEX source"
    assert len(match.marks) == 2  # the two separators, one character each
    _printed_only(match)


def test_unicode_superscript_marks_in_a_french_pdf() -> None:
    # no corpus PDF sets its marks in Unicode's superscript digits; a producer's HTML does
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_htmlbox(
        pymupdf.Rect(50, 50, 500, 300),
        "<p>Si constituer une bibliographie via Zotero⁵, BibDesk⁶, ou autre, est relativement"
        " aisé ; et pandoc³ offre une conversion.</p><p>Une deuxième ligne.</p>",
    )
    text = PreparedText(extract_pdf(doc.tobytes()).text)
    result = check_text(text, "via Zotero, BibDesk, ou autre, est relativement aisé")
    assert result.status is Status.NORMALIZED
    match = result.matches[0]
    assert "Zotero⁵" in text.text[match.start : match.end]
    assert match.text == "via Zotero, BibDesk, ou autre, est relativement\naisé"
    assert [text.text[a:b] for a, b in match.marks] == ["⁵", "⁶"]
    assert match.to_dict()["marks"] == [list(m) for m in match.marks]


def test_german_guillemets_typed_straight_keep_the_word_spaces_outside_them() -> None:
    # »…« is the French pair turned round: the space before the opening » is a word space
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((70, 100), "Viele Kreative wollen sich nicht", fontsize=11)
    page.insert_text(
        (70, 114), "\u00bballe Rechte vorbehalten\u00ab sondern sind im Ge-", fontsize=11
    )
    page.insert_text((70, 128), "genteil daran interessiert.", fontsize=11)
    text = extract_pdf(doc.tobytes()).text
    quote = 'wollen sich nicht "alle Rechte vorbehalten" sondern sind im Gegenteil daran'
    result = check_text(PreparedText(text), quote)
    assert result.status is Status.NORMALIZED
    assert Rule.QUOTES in result.matches[0].rules
    # the French pair still loses the spaces inside it
    french = check_text(
        PreparedText("une \u00ab flore \u00bb bact\u00e9rienne"), 'une "flore" bact\u00e9rienne'
    )
    assert french.status is Status.NORMALIZED


def _text_pdf(*lines: str) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    writer = pymupdf.TextWriter(page.rect)
    font = pymupdf.Font("helv")
    for k, line in enumerate(lines):
        writer.append((70, 100 + 14 * k), line, font=font, fontsize=11)
    writer.write_text(page)
    return doc.tobytes()


def test_a_math_g_mapped_to_a_cyrillic_letter_reads_as_g() -> None:
    # Libertine's math "g" is mapped to U+0434: in a Latin text a lone one is that "g"
    pdf = _text_pdf(
        "the average predictions of a complex model \u0434 across some",
        "partition of data, where \u0434(x) is the model's output.",
    )
    text = extract_pdf(pdf).text
    assert "complex model g across" in text and "where g(x) is" in text
    result = check_text(PreparedText(text), "the average predictions of a complex model g across")
    assert result.status is Status.EXACT
    # in a Russian text "д" is a letter of its words, and stands
    russian = _text_pdf("\u0434\u043e\u043c \u0434 \u0441\u0430\u0434", "a second line")
    assert "\u0434\u043e\u043c \u0434 \u0441\u0430\u0434" in extract_pdf(russian).text
