"""Accents a PDF draws as glyphs of their own ("f¨ur") read as the letters a reader reads."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf

from quote_tui.cli import main
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_accents import accent_pending, compose_accents

Part = str | tuple[str, str]


def _accented(parts: list[Part], *, after: bool = False) -> bytes:
    """A line of text where each (accent, letter) pair is drawn as TeX draws an accent with an
    OT1 font: the accent's glyph over the letter's box, before the letter (or after it)."""
    doc = pymupdf.open()
    page = doc.new_page()
    writer = pymupdf.TextWriter(page.rect)
    font = pymupdf.Font("helv")
    x, size = 72.0, 11.0
    for part in parts:
        if isinstance(part, str):
            writer.append((x, 100), part, font=font, fontsize=size)
            x += font.text_length(part, size)
            continue
        accent, letter = part
        width = font.text_length(letter, size)
        over = (x + (width - font.text_length(accent, size)) / 2, 100)
        if not after:
            writer.append(over, accent, font=font, fontsize=size)
        writer.append((x, 100), letter, font=font, fontsize=size)
        if after:
            writer.append(over, accent, font=font, fontsize=size)
        x += width
    writer.write_text(page)
    return doc.tobytes()


def test_an_accent_drawn_over_the_letter_after_it_is_composed() -> None:
    # as pdfTeX sets "f\"ur" in an OT1 font: the text layer reads "Die Pr¨ufung f¨ur"
    parts: list[Part] = ["Die Pr", ("\u00a8", "u"), "fung f", ("\u00a8", "u"), "r d"]
    parts += [("\u00b4", "e"), "j", ("`", "a"), " ", ("\u02c6", "e"), "tre"]
    assert extract_pdf(_accented(parts)).text == "Die Prüfung für déjà être"


def test_an_accent_drawn_after_its_letter_is_composed_with_it() -> None:
    # as some journals set "López" and "Ž": the accent follows the letter it stands over
    parts: list[Part] = ["L", ("\u00b4", "o"), "pez and ", ("\u02c7", "Z"), ", Garc"]
    parts += [("\u00b4", "\u0131"), "a"]
    assert extract_pdf(_accented(parts, after=True)).text == "López and Ž, García"


def test_accents_beside_letters_or_without_a_composed_letter_stay() -> None:
    # a backtick in code and a tilde in a URL stand beside the letters, not over them; "x̃"
    # has no one character in Unicode
    parts: list[Part] = ["n `mod` 2 and /\u02dcongaro/ and ", ("\u02dc", "x")]
    assert extract_pdf(_accented(parts)).text == "n `mod` 2 and /\u02dcongaro/ and \u02dcx"


def _char(c: str, x0: float, x1: float) -> dict:
    return {"c": c, "bbox": (x0, 10.0, x1, 20.0), "origin": (x0, 18.0)}


def test_a_span_that_held_only_the_accent_goes_with_it() -> None:
    # de-ba.pdf's "Verst¨andlichkeit": the diaeresis a span of its own between two others
    spans = [
        {"size": 10.0, "chars": [_char("s", 400.0, 405.0), _char("t", 405.0, 411.1)]},
        {"size": 10.0, "chars": [_char("\u00a8", 411.1, 416.1)]},
        {"size": 10.0, "chars": [_char("a", 411.1, 416.1), _char("n", 416.1, 421.7)]},
    ]
    raw = {"blocks": [{"type": 0, "lines": [{"spans": spans}]}]}
    kept = compose_accents(raw)["blocks"][0]["lines"][0]["spans"]
    assert ["".join(c["c"] for c in s["chars"]) for s in kept] == ["st", "\u00e4n"]


def test_only_an_accent_beside_a_letter_asks_for_the_glyphs() -> None:
    assert accent_pending("f\u00a8ur") and accent_pending("Lo\u00b4pez")
    assert not accent_pending("für déjà") and not accent_pending("a ` b (\u02dc200")


def test_highlights_cover_the_words_with_composed_letters(tmp_path: Path) -> None:
    parts: list[Part] = ["Die Pr", ("\u00a8", "u"), "fung f", ("\u00a8", "u"), "r alle ist gut"]
    pdf = tmp_path / "de.pdf"
    pdf.write_bytes(_accented(parts))
    batch = tmp_path / "batch.json"
    quote = "Prüfung für alle"
    batch.write_text(
        json.dumps(
            {
                "sources": [{"id": "s1", "ref": str(pdf)}],
                "citations": [{"id": "c1", "source": "s1", "quote": quote}],
            }
        ),
        encoding="utf-8",
    )
    out = tmp_path / "annotated"
    report = tmp_path / "r.json"
    assert main(["check", str(batch), "-o", str(report), "--annotate", str(out)]) == 0
    assert json.loads(report.read_text(encoding="utf-8"))["citations"][0]["status"] == "exact"
    page = pymupdf.open(out / "s1-de.pdf")[0]
    (annot,) = page.annots(types=[pymupdf.PDF_ANNOT_HIGHLIGHT])
    vertices = annot.vertices
    rects = [pymupdf.Quad(vertices[i : i + 4]).rect for i in range(0, len(vertices), 4)]
    under = [
        w[4]
        for w in page.get_text("words")
        if any(r.contains(pymupdf.Point((w[0] + w[2]) / 2, (w[1] + w[3]) / 2)) for r in rects)
    ]
    assert under == ["Pr\u00a8ufung", "f\u00a8ur", "alle"]


def test_corpus_pdfs_read_their_accented_names(corpus_dir: Path) -> None:
    # pdfTeX's OT1 accents before the letter (ACL), and a journal's after it (Federal Register)
    acl = extract_pdf((corpus_dir / "pdf" / "s2orc-acl2020.pdf").read_bytes()).text
    assert "Färber" in acl and "Mitrović" in acl and "F\u00a8arber" not in acl
    register = (corpus_dir / "pdf" / "federal-register-2020-17221.pdf").read_bytes()
    text = extract_pdf(register).text
    assert "Agência" in text and "Aviação" in text
    ki67 = extract_pdf((corpus_dir / "pdf" / "faragalla-ki67-curroncol.pdf").read_bytes()).text
    assert "Tőkés" in ki67
