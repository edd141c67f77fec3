"""A glyph a page draws into a line's gap after the line (a web page's MathJax "t" printed to
PDF) is read in its place: "the t-test", not "the -test" and a "t" among the asides."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_stray_glyphs import has_strays, seat_strays

_FOUND = {Status.EXACT, Status.NORMALIZED}

_BEFORE = "This is at the basis of hypothesis testing for the"
_AFTER = "-test: we have two groups and we measure a difference."


def _page() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for i in range(12):
        page.insert_text((34, 100 + 16 * i), "Null models are a useful tool in ecology, " * 2)
    y = 100 + 16 * 12
    page.insert_text((34, y), _BEFORE, fontsize=11)
    start = 34 + pymupdf.get_text_length(_BEFORE + " ", fontsize=11)
    width = pymupdf.get_text_length("t", fontname="tiit", fontsize=11)
    page.insert_text((start + width + 1, y), _AFTER, fontsize=11)
    for i in range(4):
        page.insert_text((34, y + 16 * (i + 1)), "and more of the running text of the post " * 2)
    # the formula's glyph, drawn after the text, into the gap left for it
    page.insert_text((start + 0.5, y), "t", fontname="tiit", fontsize=11)
    return doc.tobytes()


def test_a_glyph_drawn_into_a_lines_gap_is_read_in_it() -> None:
    data = _page()
    assert "the -test" in pymupdf.open(stream=data)[0].get_text()  # MuPDF's own read
    text = extract_pdf(data).text
    assert "for the t-test: we have two groups" in text
    quote = "hypothesis testing for the t-test: we have two groups"
    assert check_text(PreparedText(text), quote).status is Status.EXACT


def test_a_character_past_the_basic_plane_is_kept_from_the_dict_read() -> None:
    # PyMuPDF's glyph read gives "𝑢" (U+1D462) as half of its surrogate pair: the line's text
    # is the dict read's, the glyph read tells only where its characters stand
    host_text = "and 𝑢 stands for the  -test"
    boxes = [(10.0 + 5 * k, 100.0, 14.0 + 5 * k, 110.0) for k in range(len(host_text))]
    boxes[len("and 𝑢 stands for the  ") :] = [
        (b[0] + 5, b[1], b[2] + 5, b[3]) for b in boxes[len("and 𝑢 stands for the  ") :]
    ]
    line = {
        "bbox": (10.0, 100.0, boxes[-1][2], 110.0),
        "spans": [{"text": host_text, "size": 10.0}],
    }
    gap = boxes[len("and 𝑢 stands for the ")]
    stray = {
        "bbox": (gap[2] + 0.5, 100.0, gap[2] + 4.5, 110.0),
        "spans": [{"text": "t", "size": 10.0}],
    }
    raw = {"blocks": [{"type": 0, "lines": [line]}, {"type": 0, "lines": [stray]}]}
    chars = [
        {"c": "\udc62" if c == "𝑢" else c, "bbox": b} for c, b in zip(host_text, boxes, strict=True)
    ]
    glyphs = {
        "blocks": [{"type": 0, "lines": [{"bbox": line["bbox"], "spans": [{"chars": chars}]}]}]
    }
    out = seat_strays(raw, glyphs)
    assert [ln["spans"][0]["text"] for b in out["blocks"] for ln in b["lines"]] == [
        "and 𝑢 stands for the  t-test"
    ]


def test_a_raised_note_mark_drawn_after_its_line_is_read_in_its_place(corpus_dir: Path) -> None:
    # the DMCA summary draws each note's number after its line, raised over a gap: read in
    # its place and kept apart from its word, so the quotation without it is found (the
    # note-marks rule) and no "1" stands between this line and the next
    read = extract_pdf((corpus_dir / "pdf" / "dmca-summary-1998.pdf").read_bytes())
    assert "Copyright Act (DMCA)\u200b1 was signed" in read.text
    quote = "The Digital Millennium Copyright Act (DMCA) was signed into law by"
    assert check_text(PreparedText(read.text), quote).status in _FOUND


def _marked_page(gap_after: bool) -> bytes:
    """A word processor's page: a line with a gap after a closing quote, its note's raised
    number drawn last into the gap, and the next line."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for i in range(8):
        page.insert_text((72, 100 + 22 * i), "Alcohol had been well established in the lives ")
    y = 100 + 22 * 8
    head = 'in less than two decades."'
    page.insert_text((72, y), head, fontsize=12)
    x = 72 + pymupdf.get_text_length(head, fontsize=12)
    mark = pymupdf.get_text_length("1", fontsize=7.2)
    rest = " Coffee and tea were expensive, water was" if gap_after else ", maybe even the job"
    page.insert_text((x + mark, y), rest, fontsize=12)
    page.insert_text((72, y + 22), "dirty, and milk was often hard to get.", fontsize=12)
    for i in range(4):
        page.insert_text((72, y + 44 + 22 * i), "and more of the running text of the paper ")
    page.insert_text((x, y - 4.8), "1", fontsize=7.2)  # raised, drawn after the text
    return doc.tobytes()


def test_a_raised_mark_drawn_into_a_lines_gap_is_read_in_its_place() -> None:
    data = _marked_page(gap_after=True)
    text = extract_pdf(data).text
    assert 'decades."\u200b1 Coffee and tea were expensive, water was\n\ndirty' in text
    quote = "Coffee and tea were expensive, water was dirty, and milk was often hard to get."
    assert check_text(PreparedText(text), quote).status in _FOUND


def test_a_space_under_a_raised_mark_alone_is_no_word_space() -> None:
    text = extract_pdf(_marked_page(gap_after=False)).text
    assert 'decades."\u200b1, maybe even the job' in text
    quote = 'in less than two decades.", maybe even the job'
    assert check_text(PreparedText(text), quote).status is Status.NORMALIZED


def test_a_fractions_numerator_is_no_raised_mark() -> None:
    # "within ½ unit": the numerator stands raised inside the line, the denominator under it
    def line(text: str, bbox: tuple[float, float, float, float], size: float) -> dict:
        return {"bbox": bbox, "spans": [{"text": text, "size": size}]}

    host = line("are within unit from", (393.9, 86.3, 483.0, 96.3), 10.0)
    over = line("1", (438.8, 84.0, 443.0, 91.2), 8.5)
    under = line("2", (438.8, 92.2, 443.0, 100.7), 8.5)
    raw = {"blocks": [{"type": 0, "lines": [host]}, {"type": 0, "lines": [over, under]}]}
    assert not has_strays(raw)
    raw = {"blocks": [{"type": 0, "lines": [host]}, {"type": 0, "lines": [over]}]}
    assert has_strays(raw)
