"""A scanned page in French or German is read with its language's data, an English one in
English only (pdf_ocr_language)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers import pdf_ocr
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_ocr_language import page_language
from quote_tui.sources.readers.pdf_ocr_tesseract import program

_FRENCH = [
    "Portez ce vieux whisky au juge blond qui fume sur son île",
    "intérieure, à côté de l'alcôve où les bûches se consument",
    "dans l'âtre, ce qui lui permet de penser à la question dont",
    "il est fait mention dans la cause entendue par le tribunal.",
    "Le texte de la note est une phrase qui sert de modèle pour",
    "les essais de la machine et des caractères qui sont dans le",
    "livre, avec les accents de la langue et les signes du texte.",
]
_ENGLISH_TEXT = (
    "The position of the plate is without importance, and we look into the case when the two "
    "regions of flow stand apart, as in this paper, which was written for the society."
)
_ENGLISH = _ENGLISH_TEXT.split()
_GERMAN_TEXT = (
    "Die Ergebnisse der Untersuchung sind nicht mit denen der früheren Arbeit zu vergleichen, "
    "und das ist auch der Grund, warum wir die Frage mit einer neuen Methode stellen."
)
_GERMAN = _GERMAN_TEXT.split()


def test_a_page_is_told_by_its_function_words() -> None:
    every = lambda code: True  # noqa: E731
    assert page_language(_ENGLISH, every) is None
    assert page_language(" ".join(_FRENCH).split(), every) == "fra"
    assert page_language(_GERMAN, every) == "deu"
    # only where that language's data is installed
    assert page_language(_GERMAN, lambda code: code == "fra") is None
    # a French title quoted in an English page leaves it English
    assert page_language(_ENGLISH * 2 + " ".join(_FRENCH[:2]).split(), every) is None
    # too few words to tell
    assert page_language(["la", "de", "et"], every) is None


def _french_scan(folder: Path) -> Path:
    """The French lines set in a PDF, rendered to an image: a scan with no text layer."""
    typed = pymupdf.open()
    page = typed.new_page()
    for i, line in enumerate(_FRENCH):
        page.insert_text((72, 90 + 20 * i), line, fontsize=13)
    image = page.get_pixmap(dpi=200).tobytes("png")
    doc = pymupdf.open()
    doc.new_page(width=page.rect.width, height=page.rect.height).insert_image(
        page.rect, stream=image
    )
    path = folder / "scan-fr.pdf"
    doc.save(path)
    return path


@pytest.mark.skipif(
    program() is None
    or pdf_ocr.tessdata() is None
    or not (Path(pdf_ocr.tessdata() or ".") / "fra.traineddata").is_file(),
    reason="needs the tesseract program with its French data (Debian: tesseract-ocr-fra)",
)
def test_a_french_scan_keeps_its_accents(tmp_path: Path) -> None:
    read = extract_pdf(_french_scan(tmp_path).read_bytes())
    assert read.ocr
    # read in English only: "a coté de l'alcOve où les bUches"
    assert "à côté de l'alcôve" in read.text and "bûches" in read.text
    quote = "intérieure, à côté de l'alcôve où les bûches se consument dans l'âtre"
    assert check_text(PreparedText(read.text), quote).status in {Status.EXACT, Status.NORMALIZED}
