"""A scanned page in French, German, Spanish or Italian is read with its language's data, an
English one in English only (pdf_ocr_language)."""

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
_SPANISH = [
    "El niño de la señora estaba en el jardín con los demás",
    "cuando su madre le pidió que volviera a la casa, porque",
    "la cena ya estaba lista y el pequeño tenía que lavarse.",
    "Según el informe de la comisión, la situación económica",
    "del país no es tan grave como se pensaba, pero los años",
    "que vienen serán difíciles para las familias más pobres.",
]
_ITALIAN = [
    "Il bambino della signora era nel giardino con gli altri",
    "quando sua madre gli chiese di tornare a casa, perché la",
    "cena era già pronta e il piccolo doveva lavarsi le mani.",
    "Secondo la relazione della commissione, la situazione è",
    "meno grave di quanto si pensasse, ma gli anni che vengono",
    "saranno difficili per le famiglie più povere della città.",
]


def test_a_page_is_told_by_its_function_words() -> None:
    every = lambda code: True  # noqa: E731
    assert page_language(_ENGLISH, every) is None
    assert page_language(" ".join(_FRENCH).split(), every) == "fra"
    assert page_language(_GERMAN, every) == "deu"
    # Spanish and Italian share words with French and each other: each is told as its own
    spanish = " ".join(_SPANISH).split()
    italian = " ".join(_ITALIAN).split()
    assert page_language(spanish, every) == "spa"
    assert page_language(italian, every) == "ita"
    # a Spanish page is not read in French where only the French data is installed
    assert page_language(spanish, lambda code: code == "fra") is None
    # only where that language's data is installed
    assert page_language(_GERMAN, lambda code: code == "fra") is None
    # a French title quoted in an English page leaves it English
    assert page_language(_ENGLISH * 2 + " ".join(_FRENCH[:2]).split(), every) is None
    # too few words to tell
    assert page_language(["la", "de", "et"], every) is None


def _scan(lines: list[str], folder: Path) -> Path:
    """``lines`` set in a PDF, rendered to an image: a scan with no text layer."""
    typed = pymupdf.open()
    page = typed.new_page()
    for i, line in enumerate(lines):
        page.insert_text((72, 90 + 20 * i), line, fontsize=13)
    image = page.get_pixmap(dpi=200).tobytes("png")
    doc = pymupdf.open()
    doc.new_page(width=page.rect.width, height=page.rect.height).insert_image(
        page.rect, stream=image
    )
    path = folder / "scan.pdf"
    doc.save(path)
    return path


def _with(code: str) -> pytest.MarkDecorator:
    folder = pdf_ocr.tessdata()
    return pytest.mark.skipif(
        program() is None or folder is None or not (Path(folder) / f"{code}.traineddata").is_file(),
        reason=f"needs the tesseract program with its {code} data (Debian: tesseract-ocr-{code})",
    )


@_with("fra")
def test_a_french_scan_keeps_its_accents(tmp_path: Path) -> None:
    read = extract_pdf(_scan(_FRENCH, tmp_path).read_bytes())
    assert read.ocr
    # read in English only: "a coté de l'alcOve où les bUches"
    assert "à côté de l'alcôve" in read.text and "bûches" in read.text
    quote = "intérieure, à côté de l'alcôve où les bûches se consument dans l'âtre"
    assert check_text(PreparedText(read.text), quote).status in {Status.EXACT, Status.NORMALIZED}


@_with("spa")
def test_a_spanish_scan_keeps_its_enes_and_accents(tmp_path: Path) -> None:
    read = extract_pdf(_scan(_SPANISH, tmp_path).read_bytes())
    # read in English only: "El nifio de la sefora", "la situaci6n econémica"
    assert "El niño de la señora" in read.text
    quote = "Según el informe de la comisión, la situación económica del país no es tan grave"
    assert check_text(PreparedText(read.text), quote).status in {Status.EXACT, Status.NORMALIZED}


@_with("ita")
def test_an_italian_scan_keeps_its_accents(tmp_path: Path) -> None:
    read = extract_pdf(_scan(_ITALIAN, tmp_path).read_bytes())
    # read in English only: "cena era gia pronta", "le famiglie pit povere della citta"
    assert "già pronta" in read.text
    quote = "saranno difficili per le famiglie più povere della città"
    assert check_text(PreparedText(read.text), quote).status in {Status.EXACT, Status.NORMALIZED}


def _pages_scan(pages: list[list[str]]) -> bytes:
    """Each list of lines set on a page of its own, rendered to an image: a scan's pages."""
    doc = pymupdf.open()
    for lines in pages:
        typed = pymupdf.open()
        page = typed.new_page(height=40 + 20 * len(lines))
        for i, line in enumerate(lines):
            page.insert_text((72, 30 + 20 * i), line, fontsize=13)
        scan = doc.new_page(width=page.rect.width, height=page.rect.height)
        scan.insert_image(scan.rect, stream=page.get_pixmap(dpi=200).tobytes("png"))
    return doc.tobytes()


@_with("fra")
def test_a_scans_next_page_is_read_first_in_the_language_of_the_last(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    english = [_ENGLISH_TEXT[:60], _ENGLISH_TEXT[60:120], _ENGLISH_TEXT[120:]]
    read_in: list[str] = []
    real = pdf_ocr.run_tesseract

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        read_in.append(args[3])
        return real(*args, **kwargs)

    monkeypatch.setattr(pdf_ocr, "_cores", lambda: 1)  # the pages in order, in one process
    monkeypatch.setattr(pdf_ocr, "run_tesseract", counted)
    read = extract_pdf(_pages_scan([_FRENCH, _FRENCH[::-1], english]))
    # the first French page read in English, then French; the second in French alone; the
    # English page after them in French first, then as any page, in English
    assert read_in == ["eng", "fra", "fra", "fra", "eng"]
    second = read.text[read.page_starts[1] : read.page_starts[2]]
    assert "à côté de l'alcôve" in second and "bûches" in second
    assert "The position of the plate" in read.text[read.page_starts[2] :]
