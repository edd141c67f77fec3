"""A scan's own OCR layer is judged by how it reads: where it reads cleanly, a changed digit or
letter is the quotation's (``near``) and a quotation with no passage near it is absent
(``not_found``); where it reads poorly, or the OCR text is Tesseract's, a miss stays
``inconclusive`` (``batch.readable``)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.batch.readable import (
    AROUND,
    CLEAN,
    MOSTLY_NOISE,
    READS_WELL,
    layer_reads,
    ocr_verdict,
)
from quote_tui.batch.service import check_text_sync
from quote_tui.engine.records import CheckResult, MatchOptions, Status
from quote_tui.engine.text import PreparedText
from quote_tui.sources.readers.local import read_bytes
from quote_tui.sources.store.snapshots import retrieval_from_json, retrieval_to_json
from tests.batch.one_source import check_one_source
from tests.scanned_pdf import blank_scan_page

PROSE = [
    "The harbour board met on the first Monday of every month in the old customs house,",
    "where the clerk kept the minutes in a bound ledger that still survives in the archive.",
    "In the spring of 1833 the board resolved to deepen the channel at the river mouth,",
    "since the larger ships that carried timber and grain could no longer reach the quays",
    "at low tide, and the merchants of the town had complained of the delay for some years.",
    "The work was let to a contractor from the coast who brought his own dredger and crew,",
    "and it took three summers to finish because the autumn storms filled the cut again.",
    "When the channel was opened at last the board held a dinner for the merchants and the",
    "pilots, and the mayor gave a speech in which he thanked the men who had done the work.",
    "The ledger records the cost of the dinner beside the cost of the dredging itself,",
    "which suggests that the clerk thought the two expenses equally worthy of the record.",
    "Later boards were less careful, and the minutes after 1850 are brief and often torn.",
]


def _scan(lines: list[str], folder: Path) -> Path:
    """``lines`` as a scan's own OCR layer: invisible text over a page image."""
    import pymupdf

    doc = pymupdf.open()
    page = blank_scan_page(doc)
    for i, text in enumerate(lines):
        page.insert_text((60, 72 + 14 * i), text, fontsize=9, render_mode=3)
    path = folder / "minutes.pdf"
    doc.save(path)
    return path


QUOTES = {
    # "1833" read as "1883" is a confusion OCR makes; a layer that reads cleanly did not
    "year": "In the spring of 1883 the board resolved to deepen the channel at the river mouth",
    "absent": "The board later sold the dredger to a shipyard in the north for a good price.",
    # a space the quotation has and the layer lost: OCR's, whatever the layer's quality
    "exact": "took three summers to finish because the autumn storms filled the cut again",
}


def test_a_clean_layer_settles_a_misread_year_and_an_absent_quotation(tmp_path: Path) -> None:
    got = check_one_source(_scan(PROSE, tmp_path), QUOTES)
    assert got["_source"]["ocr"] is True
    assert got["year"]["status"] == "near", got["year"]
    assert "'1833'" in got["year"]["note"] and "'1883'" in got["year"]["note"]
    assert got["absent"]["status"] == "not_found", got["absent"]
    assert "comes near" in got["absent"]["note"]
    assert got["exact"]["status"] == "exact"


def test_a_poor_layer_leaves_them_inconclusive(tmp_path: Path) -> None:
    noisy = [
        line.replace("the ", "tbe| ").replace("and", "aNd").replace("of ", "0f; ") for line in PROSE
    ]
    noisy[2] = PROSE[2]  # the year's line itself reads cleanly; the stretch round it does not
    got = check_one_source(_scan(noisy, tmp_path), QUOTES)
    assert got["year"]["status"] == "inconclusive", got["year"]
    assert got["year"]["reason"] == "ocr"
    # OCR misreads words, not whole sentences: nothing comes near the absent one
    assert got["absent"]["status"] == "not_found", got["absent"]
    # a layer that is mostly noise settles nothing
    noise = [
        " ".join(w + "|" if i % 3 else w for i, w in enumerate(line.split())) for line in PROSE
    ]
    got = check_one_source(_scan(noise, tmp_path), QUOTES)
    assert got["absent"]["status"] == "inconclusive", got["absent"]


def test_the_source_says_its_text_is_the_scans_own_layer(tmp_path: Path) -> None:
    path = _scan(PROSE, tmp_path)
    loaded = read_bytes(path.read_bytes(), name="minutes.pdf")
    assert loaded.retrieval.ocr and loaded.retrieval.ocr_layer
    assert retrieval_from_json(retrieval_to_json(loaded.retrieval)).ocr_layer
    assert loaded.retrieval.to_dict()["ocr_layer"] is True
    # a text layer carries no such field
    printed = read_bytes(b"plain words here", name="notes.txt")
    assert "ocr_layer" not in printed.retrieval.to_dict()


# -- the measure, pure ----------------------------------------------------------------------

TEXT = " ".join(PROSE)


def _result(text: str, quote: str, threshold: float = 0.75) -> CheckResult:
    return check_text_sync(PreparedText(text), quote, MatchOptions(near_threshold=threshold))


def test_how_a_layer_reads_around_a_passage() -> None:
    at = TEXT.index("1833")
    before = len(TEXT[:at].split())
    assert before < AROUND
    assert layer_reads(TEXT, at, at + 4) == (0.0, before + 1 + AROUND)
    # the words beyond AROUND either side are not judged; those within are
    plain = " ".join(["word"] * AROUND)
    far = f"Q#x Q#x {plain} 1833 {plain} Q#x"
    start = far.index("1833")
    assert layer_reads(far, start, start + 4) == (0.0, 2 * AROUND + 1)
    within = f"Q#x {plain[5:]} 1833 {plain}"
    start = within.index("1833")
    assert layer_reads(within, start, start + 4) == (1 / (2 * AROUND + 1), 2 * AROUND + 1)
    assert layer_reads("", 0, 0) == (0.0, 0)


def test_the_verdicts_a_layer_settles_and_those_it_does_not() -> None:
    year = _result(TEXT, QUOTES["year"])
    assert year.status is Status.NEAR
    assert ocr_verdict(year).status is Status.INCONCLUSIVE  # Tesseract's text: as before
    assert ocr_verdict(year, TEXT).status is Status.NEAR
    # a short layer: too few words round the passage to judge
    short = " ".join(PROSE[2:4])
    assert ocr_verdict(_result(short, QUOTES["year"]), short).status is Status.INCONCLUSIVE
    absent = _result(TEXT, QUOTES["absent"])
    assert absent.status is Status.NOT_FOUND
    assert ocr_verdict(absent).status is Status.INCONCLUSIVE
    assert ocr_verdict(absent, TEXT).status is Status.NOT_FOUND
    # the closest passage stands where the layer misreads: it may be the quotation, misread
    garbled = TEXT + " Th3| b0ard s0ld tbe; dr3dger."
    assert ocr_verdict(absent, garbled).status is Status.NOT_FOUND
    looser = _result(garbled, "The board sold the dredger", threshold=0.3)
    closest = looser.matches[0]
    assert layer_reads(garbled, closest.start, closest.end)[0] > CLEAN
    assert ocr_verdict(absent, garbled, closest).status is Status.INCONCLUSIVE
    assert ocr_verdict(absent, TEXT, year.matches[0]).status is Status.NOT_FOUND


def test_a_layer_that_reads_poorly_as_a_whole_leaves_a_passage_near_open() -> None:
    # a passage comes near the quotation where the layer reads cleanly, but the layer as a
    # whole reads poorly (its noise far from the passage): the passage may be a misreading
    noise = " ".join(["x|y"] * 30)
    poor = f"{TEXT} {noise}"
    quote = "the harbour board met on the last Friday of every year in the new town hall"
    absent = _result(poor, quote)
    assert absent.status is Status.NOT_FOUND
    closest = _result(poor, quote, threshold=0.5).matches[0]
    assert layer_reads(poor, closest.start, closest.end)[0] <= CLEAN
    assert ocr_verdict(absent, poor, closest).status is Status.INCONCLUSIVE
    # the same with a sixth of the noise reads well: the quotation is absent
    fair = f"{TEXT} {' '.join(['x|y'] * 5)}"
    closest = _result(fair, quote, threshold=0.5).matches[0]
    assert READS_WELL * 2 > 30 / len(poor.split()) > READS_WELL
    assert ocr_verdict(_result(fair, quote), fair, closest).status is Status.NOT_FOUND


def test_only_a_changed_letter_or_digit_is_taken_as_printed() -> None:
    # a space and a stop the layer lost change no letter: still OCR's, not the quotation's
    ran = TEXT.replace("three summers", "threesummers")
    result = _result(ran, "it took three summers to finish because the autumn storms filled")
    assert result.status is Status.NEAR
    assert ocr_verdict(result, ran).status is Status.INCONCLUSIVE
    # a changed letter in the same place is the quotation's
    changed = _result(TEXT, "it took three summers to finish because the autumn storms killed")
    assert changed.status is Status.NEAR
    verdict = ocr_verdict(changed, TEXT)
    assert verdict.status is Status.NEAR
    assert verdict.note is not None and "'filled'" in verdict.note and "'killed'" in verdict.note


def test_nothing_near_a_quotation_in_a_layer_that_is_no_noise_is_absent() -> None:
    absent = _result(TEXT, QUOTES["absent"])
    assert ocr_verdict(absent, TEXT, None, (0,)).status is Status.NOT_FOUND
    # a page the layer left empty may hold it
    blank = TEXT + "\n\n\n\n3"
    starts = (0, len(TEXT) + 2)
    assert ocr_verdict(absent, blank, None, starts).status is Status.INCONCLUSIVE
    assert ocr_verdict(absent, blank, None, (0,)).status is Status.NOT_FOUND
    four = TEXT + "\n\nPlate 3 shows quays"
    assert ocr_verdict(absent, four, None, starts).status is Status.INCONCLUSIVE
    five = TEXT + "\n\nPlate 3 shows the quays."
    assert ocr_verdict(absent, five, None, starts).status is Status.NOT_FOUND
    # noise past the line: nothing settled
    words = TEXT.split()
    noisy = " ".join(w + "|x" if i % 4 else w for i, w in enumerate(words))
    assert MOSTLY_NOISE < 3 / 4
    assert ocr_verdict(absent, noisy, None, (0,)).status is Status.INCONCLUSIVE
    half = " ".join(w + "|x" if i % 5 < 2 else w for i, w in enumerate(words))
    assert ocr_verdict(absent, half, None, (0,)).status is Status.NOT_FOUND
