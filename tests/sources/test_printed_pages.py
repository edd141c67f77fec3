"""Printed page numbers from PDF labels, running heads and bibliography page ranges."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from quote_tui.sources.readers.printed_pages import derive_printed_pages


def _pages(path: Path) -> tuple[list[str], list[str]]:
    with pymupdf.open(path) as doc:
        return [p.get_text() for p in doc], [p.get_label() for p in doc]


@pytest.mark.corpus
def test_nist_running_footer(corpus_dir: Path) -> None:
    texts, labels = _pages(corpus_dir / "pdf" / "nist-sp800-223.pdf")
    result = derive_printed_pages(texts, pdf_labels=labels)
    assert result.method == "printed_numbers"
    assert result.labels[18] == "11"  # PDF page 19
    assert result.labels[4:9] == ("i", "ii", "iii", "iv", "1")
    assert result.labels[0] is None  # the cover carries no number


@pytest.mark.corpus
def test_federal_register_pages(corpus_dir: Path) -> None:
    texts, labels = _pages(corpus_dir / "pdf" / "federal-register-2020-17221.pdf")
    result = derive_printed_pages(texts, pdf_labels=labels, bib_pages="47698--47712")
    assert result.method == "printed_numbers"
    assert result.labels == tuple(str(n) for n in range(47698, 47713))


@pytest.mark.corpus
def test_s2orc_pages_and_bib_range(corpus_dir: Path) -> None:
    texts, labels = _pages(corpus_dir / "pdf" / "s2orc-acl2020.pdf")
    result = derive_printed_pages(texts, pdf_labels=labels)
    assert result.labels == tuple(str(n) for n in range(4969, 4984))
    # Without readable numbers, the bibliography's page range gives the same answer.
    blank = ["body text only"] * len(texts)
    ranged = derive_printed_pages(blank, bib_pages="4969--4983")
    assert ranged.method == "bib_range"
    assert ranged.labels == result.labels


def test_bib_range_with_cover_sheet() -> None:
    result = derive_printed_pages(["cover"] + ["text"] * 5, bib_pages="101-5")
    assert result.method == "bib_range"
    assert result.labels == (None, "101", "102", "103", "104", "105")
    assert derive_printed_pages(["x"] * 3, bib_pages="1-10").method is None


def test_pdf_labels_win_when_they_agree() -> None:
    texts = [f"Header\nbody\n{n}" for n in ("vii", "viii", "1", "2")]
    labels = ["vii", "viii", "1", "2"]
    result = derive_printed_pages(texts, pdf_labels=labels)
    assert result.method == "pdf_labels"
    wrong = derive_printed_pages(texts, pdf_labels=["1", "2", "3", "4"])
    assert wrong.method == "printed_numbers"
    assert wrong.labels == ("vii", "viii", "1", "2")


def test_header_numbers_with_page_words() -> None:
    texts = [f"Journal of Tests\nPage {n} of 9\nbody" for n in range(3, 8)]
    result = derive_printed_pages(texts)
    assert result.labels == ("3", "4", "5", "6", "7")
    assert derive_printed_pages(["no numbers here"] * 3) == derive_printed_pages(["nothing"] * 3)


def test_unnumbered_pages_take_their_numbers_from_their_neighbours() -> None:
    """An article's first page prints its number only inside a footer line (Faragalla's
    "Curr. Oncol. 2023, 30, 3079–3090."), and a full-page figure prints none."""
    texts = [
        # an affiliation's mark ("1") stands alone near the top, as on Faragalla's first page
        "Title\nHala Faragalla 1,*\n1\nDepartment of Laboratory Medicine\nbody\n"
        "Curr. Oncol. 2023, 30, 3079-3090.",
        "Curr. Oncol. 2023, 30\n3080\nbody",
        "Curr. Oncol. 2023, 30\n3081\nbody",
        "Figure 4",
        "Curr. Oncol. 2023, 30\n3083\nbody",
        "Curr. Oncol. 2023, 30\n3084\nbody",
    ]
    result = derive_printed_pages(texts)
    assert result.method == "printed_numbers"
    assert result.labels == ("3079", "3080", "3081", "3082", "3083", "3084")


def test_no_number_is_made_up_below_one_or_between_runs_that_disagree() -> None:
    texts = ["cover", "1\nbody", "2\nbody", "an insert", "a plate", "9\nbody", "10\nbody"]
    result = derive_printed_pages(texts)
    assert result.labels[0] is None  # page 0 is no page number
    # the run 9, 10 reaches back one page (8); between 2 and 8 the insert's number is unknown
    assert result.labels[3] is None
    assert result.labels[1:3] == ("1", "2") and result.labels[4:] == ("8", "9", "10")


_OCR_HEADS = [
    "III4 JOURNAL OF POLITICAL ECONOMY",
    "MODEL OF BUSINESS CYCLE I I I 5",
    "I I I 6 JOURNAL OF POLITICAL ECONOMY",
    "MODEL OF BUSINESS CYCLE 1117",
    "ii i8 JOURNAL OF POLITICAL ECONOMY",
    "MODEL OF BUSINESS CYCLE I I I 9",
    "II20 JOURNAL OF POLITICAL ECONOMY",
    "MODEL OF BUSINESS CYCLE I I21",
    "I I22 JOURNAL OF POLITICAL ECONOMY",
    "MODEL OF BUSINESS CYCLE I I23",
]
"""A scanned journal article's running heads as its OCR layer reads them: the numbers' 1s read
as I, i or l, their digits spaced apart (pp. 1114-1123)."""


def _scanned_article() -> list[str]:
    return [
        f"{head}\nthe text of the page, which runs on\nfrom the page before" for head in _OCR_HEADS
    ]


def test_ocr_read_running_heads_number_the_pages() -> None:
    found = derive_printed_pages(_scanned_article())
    assert found.method == "printed_numbers"
    assert found.labels == tuple(str(1114 + i) for i in range(10))


def test_a_pdf_label_with_its_p_is_compared_as_a_number() -> None:
    """JSTOR labels its pages "p. 1113" from its cover sheet on: one page off the numbers the
    pages print. The printed numbers win; labels that agree (the "p." aside) are kept."""
    texts = ["JSTOR cover sheet\nStable URL", "AN EQUILIBRIUM MODEL\nabstract", *_scanned_article()]
    found = derive_printed_pages(texts, pdf_labels=[f"p. {1113 + i}" for i in range(12)])
    assert found.method == "printed_numbers"
    assert found.labels[1:] == tuple(str(1113 + i) for i in range(11))
    right = [None, *(f"p. {1113 + i}" for i in range(11))]
    assert derive_printed_pages(texts, pdf_labels=right).method == "pdf_labels"
