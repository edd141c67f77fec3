"""Word gaps a text layer reads without a space ("canbe seen", a gap just under MuPDF's space
threshold in a tightly set letter) get their space back, and nothing else is split."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import _FLAGS, extract_pdf
from quote_tui.sources.readers.pdf_glyphs import gaps_untrusted, run_together, word_gaps

LINE = (
    "[(This is a line as can) {gap} (be seen, with) ( quantum) {gap} (interference) {gap}"
    " (involving) {gap} (electrons) ( below the smooth spec) -150 (tral envelope.)] TJ"
)


def _tight(gap: int, lines: int = 3) -> bytes:
    """Lines set condensed (30% wide, so a space is narrow), with words after ``gap`` moved
    right by that many thousandths of an em instead of a space glyph."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_font(fontname="helv")
    content = "\n".join(
        f"BT /helv 10 Tf 30 Tz 72 {700 - 14 * i} Td {LINE.format(gap=gap)} ET" for i in range(lines)
    )
    xref = doc.get_new_xref()
    doc.update_object(xref, "<<>>")
    doc.update_stream(xref, content.encode())
    doc.xref_set_key(page.xref, "Contents", f"{xref} 0 R")
    return doc.tobytes()


def test_word_gaps_without_a_space_get_one() -> None:
    data = _tight(-260)
    assert "canbe" in pymupdf.open(stream=data)[0].get_text()  # MuPDF's own read
    text = extract_pdf(data).text
    assert text.startswith("This is a line as can be seen, with quantum interference involving")
    # letters set apart by half a space (tracking) stay one word
    assert "below the smooth spectral envelope." in text
    result = check_text(PreparedText(text), "as can be seen, with quantum interference involving")
    assert result.status is Status.EXACT


def test_gaps_under_a_word_space_split_no_word() -> None:
    # the same lines with gaps of a tenth of an em: letters set apart, no word space
    text = extract_pdf(_tight(-100)).text
    assert "canbe seen, with quantuminterferenceinvolvingelectrons" in text


def test_a_few_runs_or_gaps_are_not_enough(corpus_dir: Path) -> None:
    # one line of run-together words is no pattern: the document is not read again
    assert "canbe" in extract_pdf(_tight(-260, lines=1)).text
    # long words of a real paper: the page looked at holds no word gap without a space
    data = (corpus_dir / "pdf/wang-ion-crystal-scirep.pdf").read_bytes()
    read = extract_pdf(data)
    page = run_together(read.text, read.page_starts, read.line_boxes)
    assert page is not None
    assert not gaps_untrusted(pymupdf.open(stream=data).load_page(page - 1), _FLAGS)


BARE = (
    "[(and) {gap} (attracted) {gap} (the) {gap} (attention) {gap} (played) {gap} (so) {gap}"
    " (far.) {gap} (For) {gap} (example,) {gap} (the) {gap} (NBA) {gap} (player) {gap}"
    " (Russel) {gap} (Westbrook) {gap} (played) {gap} (predominantly) {gap} (asashootingguard)] TJ"
)


def _bare(gap: int, tracking: float = 0.0) -> bytes:
    """Tight justified lines with no space glyph at all (Springer): words moved right by ``gap``
    thousandths of an em, letters spread by ``tracking`` points (Tc)."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_font(fontname="tiro")
    content = "\n".join(
        f"BT /tiro 10 Tf {tracking} Tc 72 {700 - 14 * i} Td {BARE.format(gap=gap)} ET"
        for i in range(6)
    )
    xref = doc.get_new_xref()
    doc.update_object(xref, "<<>>")
    doc.update_stream(xref, content.encode())
    doc.xref_set_key(page.xref, "Contents", f"{xref} 0 R")
    return doc.tobytes()


def test_a_line_with_no_space_glyph_gets_its_word_spaces() -> None:
    data = _bare(-140)
    assert "sofar.Forexample" in pymupdf.open(stream=data)[0].get_text()  # MuPDF's own read
    text = extract_pdf(data).text
    assert "played so far. For example, the NBA player Russel Westbrook" in text
    quote = "For example, the NBA player Russel Westbrook played predominantly"
    assert check_text(PreparedText(text), quote).status in {Status.EXACT, Status.NORMALIZED}


def test_a_letter_spaced_line_with_no_space_glyph_keeps_its_words() -> None:
    # letters spread by a tenth of an em each: the gaps between words are wider still
    text = extract_pdf(_bare(-140, tracking=1.0)).text
    assert "Westbrook" in text and "W estbrook" not in text and "predominantly" in text


def test_a_line_of_a_script_without_word_spaces_is_left_alone() -> None:
    chars = [{"c": c, "bbox": (10.0 * k + (2 if k % 5 == 0 else 0), 0, 10.0 * k + 9, 10)}
             for k, c in enumerate("我们研究了这个问题并且得到了一个新的结果和方法")]  # fmt: skip
    line = {"spans": [{"size": 10.0, "chars": chars}]}
    assert word_gaps({"blocks": [{"lines": [line]}]}) == 0
    latin = [{"c": c, "bbox": (10.0 * k + (2 if k % 5 == 0 else 0), 0, 10.0 * k + 9, 10)}
             for k, c in enumerate("andattractedtheattentionofthem")]  # fmt: skip
    line = {"spans": [{"size": 10.0, "chars": latin}]}
    assert word_gaps({"blocks": [{"lines": [line]}]}) == 5


def _bare_with_bold(gap: int, change: int) -> bytes:
    """``_bare``'s lines with one word set in bold (a term a German seminar paper stresses, "die
    sogenannten **Hackerparagraphen**"), after a gap of ``change`` thousandths of an em: the
    font changes at the gap."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_font(fontname="tiro")
    page.insert_font(fontname="tibo")
    before = BARE.format(gap=gap).replace("(asashootingguard)] TJ", f"(asa) {change}] TJ")
    content = "\n".join(
        f"BT /tiro 10 Tf 72 {700 - 14 * i} Td {before} /tibo 10 Tf [(shooting)] TJ"
        f" /tiro 10 Tf [{gap} (guard)] TJ ET"
        for i in range(6)
    )
    xref = doc.get_new_xref()
    doc.update_object(xref, "<<>>")
    doc.update_stream(xref, content.encode())
    doc.xref_set_key(page.xref, "Contents", f"{xref} 0 R")
    return doc.tobytes()


def test_a_word_in_another_font_after_a_gap_gets_its_space() -> None:
    data = _bare_with_bold(-140, change=-140)
    assert "asashootingguard" in pymupdf.open(stream=data)[0].get_text()  # MuPDF's own read
    text = extract_pdf(data).text
    assert "played predominantly asa shooting guard" in text
    # a word whose letters change font with no gap between them stays one word
    assert "predominantly asashooting guard" in extract_pdf(_bare_with_bold(-140, 0)).text


SPREAD = (
    "[(has not been clearly demonstrated) {gap} (to) {gap} (improve IDA. The American) {gap}"
    " (College of Gastroenterology suggests)] TJ",
    "[(which had provided) {gap} (only) {gap} (Hb) {gap} (changes, and one) {gap} (RCT which"
    " was not blinded)] TJ",
)


def _spread(gap: int) -> bytes:
    """Two pages of a tight layer (as ``_tight``), each with one line whose words are moved
    apart instead of spaced: too few runs of 18 letters to tell, and too few gaps on either
    page alone (a BMJ paper: "demonstratedtoimprove", "AmericanCollege", "onlyHbchanges")."""
    doc = pymupdf.open()
    for line in SPREAD:
        page = doc.new_page()
        page.insert_font(fontname="helv")
        content = f"BT /helv 10 Tf 30 Tz 72 700 Td {line.format(gap=gap)} ET"
        xref = doc.get_new_xref()
        doc.update_object(xref, "<<>>")
        doc.update_stream(xref, content.encode())
        doc.xref_set_key(page.xref, "Contents", f"{xref} 0 R")
    return doc.tobytes()


def test_words_glued_to_a_capitalised_word_and_gaps_over_two_pages_tell() -> None:
    data = _spread(-260)
    assert "AmericanCollege" in pymupdf.open(stream=data)[0].get_text()  # MuPDF's own read
    text = extract_pdf(data).text
    assert "clearly demonstrated to improve IDA. The American College of" in text
    assert "provided only Hb changes, and one RCT which" in text
