"""The space after a mathematical symbol MuPDF leaves out ("e ∈E" where "e ∈ E" is printed) is
given where the next glyph stands a printed space away (``pdf_operator_gaps``)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_operator_gaps import space_symbols


def _span(text: str, x0: float, x1: float) -> dict[str, object]:
    return {"text": text, "size": 10.0, "bbox": (x0, 700.0, x1, 710.0)}


def test_a_symbol_a_space_before_the_next_glyph_gets_the_space() -> None:
    # "A → B" as TeX sets it: a thick space (0.28 em) after the arrow, the arrow's font its own
    spans = [_span("believe A", 300, 354.8), _span(" →", 354.8, 367.5), _span("B", 370.2, 377.8)]
    space_symbols(spans)
    assert "".join(str(s["text"]) for s in spans) == "believe A → B"


def test_a_symbol_set_against_what_follows_stays_so() -> None:
    # "≥20%" printed without a gap, and "−log" with TeX's thin space (0.17 em): no word space
    spans = [_span("as ≥", 300, 318), _span("20%", 318.2, 333), _span(" −", 333, 342)]
    spans.append(_span("log", 343.6, 355))
    space_symbols(spans)
    assert "".join(str(s["text"]) for s in spans) == "as ≥20% −log"


def test_a_quotation_that_types_the_space_after_a_symbol_is_found(corpus_dir: Path) -> None:
    # Shinyama & Sekine (NAACL 2006), p. 3: "where e ∈ E is an entity within one article"
    read = extract_pdf((corpus_dir / "pdf" / "shinyama-naacl2006.pdf").read_bytes())
    quote = "where e ∈ E is an entity within one article"
    assert check_text(PreparedText(read.text), quote).status == Status.EXACT
    assert "weight(p) = −log(clusters" in read.text  # a thin space is no word space
