"""A web address broken over a line end reads whole: its line break is inside a word."""

from __future__ import annotations

import pymupdf

from quote_tui.api import check_text
from quote_tui.engine.records import Rule, Status
from quote_tui.engine.text import PreparedText
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_url_breaks import mark_url_breaks


def _pdf(lines: list[str]) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=400)
    page.insert_text((40, 60), "\n".join(lines), fontsize=10)
    return doc.tobytes()


def test_an_address_broken_after_its_scheme_reads_whole() -> None:
    # Molecular Systems Biology: "from http://" over "flowrepository.org under"
    text = extract_pdf(
        _pdf(
            [
                "All flow cytometry raw data files can be downloaded from http://",
                "flowrepository.org under accession number FR-FCM-ZY6Y. The code",
                "is kept at https://doi.org/10.15252/",
                "msb.20178012 and the tables at https://github.com/lab/",
                "and more besides.",
            ]
        ),
        ocr=False,
    ).text
    result = check_text(
        PreparedText(text),
        "downloaded from http://flowrepository.org under accession number FR-FCM-ZY6Y.",
    )
    assert result.status is Status.NORMALIZED
    assert Rule.SOFT_HYPHEN in result.matches[0].rules
    doi = check_text(PreparedText(text), "is kept at https://doi.org/10.15252/msb.20178012 and")
    assert doi.status is Status.NORMALIZED
    # an address that ends at the line's end keeps its space before a word no address holds
    assert check_text(PreparedText(text), "https://github.com/lab/ and more").status in (
        Status.EXACT,
        Status.NORMALIZED,
    )
    assert "https://github.com/lab/\nand" in text


def test_which_line_ends_are_inside_an_address() -> None:
    def marked(text: str) -> str:
        return mark_url_breaks(text, (0,), ())[0]

    assert marked("at http://\nexample.org now") == "at http://\u00ad\nexample.org now"
    assert marked("see www.\nexample.org") == "see www.\u00ad\nexample.org"
    assert marked("doi:10.1016/j.\ncell.2015.01.001") == "doi:10.1016/j.\u00ad\ncell.2015.01.001"
    assert (
        marked("at https://\nwww.regulations.gov by") == "at https://\u00ad\nwww.regulations.gov by"
    )
    assert marked("index.php?\ncurid=2170282") == "index.php?\ncurid=2170282"  # no address
    assert (
        marked("https://x.org/index.php?\ncurid=21") == "https://x.org/index.php?\u00ad\ncurid=21"
    )
    assert marked("at https://github.com/a/b/temp\noral-sets/main x") == (
        "at https://github.com/a/b/temp\u00ad\noral-sets/main x"
    )
    for kept in (
        "at https://example.org\nand then",  # the address ends with its line
        "at https://example.org.\nThe next",  # and with the sentence
        "at https://example.org\ni.e. the site",
        "at https://example.org/\nwhich is",
        "the ratio 10.5\nwas high",  # no address at all
        "DOI 10.1093/nar/25.17.3389.\nAlvarez-Ponce D, Aguade M",  # the next reference
        "DOI: 10.1177/0272989X17753380\njournals.sagepub.com/home/mdm",  # a page's head
        "http://www.jstatsoft.org/\nhttp://www.amstat.org/",  # a list of addresses
        "http://sunsite.unc.edu/javafaq/javafaq.html\ncomp.lang.java FAQ",
        "https://x.org/\n3\u200bhttps://y.org",  # a footnote's mark
        "see www.bzpg.de\nbuchhaltung@bzpg.de",
    ):
        assert marked(kept) == kept


def test_the_line_boxes_follow_the_soft_hyphen() -> None:
    text = "from http://\nflow.org now"
    boxes = ((0, 12, 1, 0.0, 0.0, 1.0, 1.0), (13, 25, 1, 0.0, 2.0, 1.0, 3.0))
    out, starts, moved = mark_url_breaks(text, (0, 13), boxes)
    assert [out[a:b] for a, b, *_ in moved] == ["from http://\u00ad", "flow.org now"]
    assert starts == (0, 14)


def test_a_word_holding_an_address_start_many_times_is_read_once() -> None:
    # a damaged text layer's run of "10.1000/" with no space: each start's word was read
    # again from that start, 7 s for 200 kB
    text = "10.1000/" * 25_000 + "\nabc"
    assert mark_url_breaks(text, (0,), ())[0] == text
