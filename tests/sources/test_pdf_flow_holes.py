"""Blocks inside a broken sentence (``pdf_flow_holes``): a box of questions at the head of the
next column, set in the body's own type, is skipped as a reader skips it; a list that goes on
with its sentence, a heading, and a line set as a block of its own are left where they stand."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pymupdf
import pytest

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_flow_holes import lift_holes

_FOUND = {Status.EXACT, Status.NORMALIZED}
_PROSE = [
    "the states require that children be vaccinated before",
    "they can attend school and the trend is toward more",
    "vaccines for the young while more and more parents",
    "are seeking exemptions from vaccination for their",
]


def _column(page: pymupdf.Page, x: float, top: float, lines: list[str]) -> None:
    for k, text in enumerate(lines):
        page.insert_text((x, top + 13 * k), text, fontsize=10)


def _page(box: list[str]) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _column(page, 54, 80, [*_PROSE, *_PROSE, "and nearly all of the measles victims had not been"])
    _column(page, 320, 80, box)  # the box at the right column's head, a gap under it
    _column(page, 320, 80 + 13 * len(box) + 40, ["vaccinated, even though they were old", *_PROSE])
    return doc.tobytes()


def _found(pdf: bytes, quote: str) -> bool:
    return check_text(PreparedText(extract_pdf(pdf).text), quote).status in _FOUND


def test_a_box_at_the_next_columns_head_is_skipped_by_the_sentence_running_past_it() -> None:
    box = [
        "Questions to consider: what should doctors and",
        "parents do to help families weigh the risks of",
        "the vaccines? Will you vaccinate your children?",
    ]
    pdf = _page(box)
    quote = "nearly all of the measles victims had not been vaccinated, even though they were old"
    assert _found(pdf, quote)
    assert _found(pdf, "Will you vaccinate your children?")  # still read, set aside


def test_prose_that_goes_on_with_the_sentence_is_no_box() -> None:
    # the block under the break ends in mid-sentence itself: it is the sentence's next part
    box = [
        "Questions to consider: what should doctors and",
        "parents do to help families weigh the risks of",
        "the vaccines they give and the doctors they see",
    ]
    pdf = _page(box)
    assert _found(pdf, "measles victims had not been Questions to consider")
    assert not _found(pdf, "measles victims had not been vaccinated, even though")


@dataclass(frozen=True)
class _Line:
    text: str
    rect: tuple[float, float, float, float]


@dataclass(frozen=True)
class _Block:
    rect: tuple[float, float, float, float]
    lines: tuple[_Line, ...]
    size: float = 10.0

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


def _block(x: float, top: float, *texts: str) -> _Block:
    lines = tuple(
        _Line(t, (x, top + 12 * k, x + 200, top + 12 * k + 10)) for k, t in enumerate(texts)
    )
    return _Block((x, top, x + 200, top + 12 * len(texts) - 2), lines)


def _lifted(main: list[_Block]) -> list[str]:
    [(kept, side)] = lift_holes([(main, [])])
    assert len(kept) + len(side) == len(main)  # nothing lost
    return [b.text for b in side]


def test_a_list_that_goes_on_with_its_sentence_stays_in_the_body() -> None:
    main = [
        _block(
            50, 100, "the study looked at the whole ward and", "the specific aims were to assess"
        ),
        _block(50, 140, "1. the organization of patient flow in the", "department"),
        _block(
            300, 100, "care within the ward was slow and the staff", "were too few for the beds"
        ),
    ]
    assert _lifted(main) == []


def test_a_heading_ending_in_lowercase_breaks_no_sentence() -> None:
    main = [
        _block(50, 100, "Results and Discussion"),
        _block(50, 140, "Questions to Consider", "What would you do?"),
        _block(300, 100, "results of the trial were read as a whole", "and the staff were few"),
    ]
    assert _lifted(main) == []


def test_a_line_set_right_under_the_broken_one_goes_on_with_it() -> None:
    # a word processor's document, each line a block of its own: the next line is no box
    main = [
        _block(50, 100, "the study looked at the whole ward and", "the risk grew with the"),
        _block(50, 124, "Entwicklung and its growth over the years."),
        _block(50, 148, "while the rest of the staff were away from", "the ward for the day"),
    ]
    assert _lifted(main) == []


def test_a_boxed_algorithm_under_the_broken_sentence_is_lifted_to_its_page() -> None:
    main = [
        _block(
            50, 100, "a script was written for the records and", "then the search path function"
        ),
        _block(50, 160, "EQUATION BOX 1 Algorithm to Find the", "Waiting Time for a Given Journey"),
        _block(60, 200, "while"),
        _block(60, 220, "end if"),
    ]
    rest = _block(50, 80, "encapsulates the whole timetable in one", "place for the search")
    [(kept1, side1), (kept2, side2)] = lift_holes([(main, []), ([rest], [])])
    assert [b.text for b in kept1] == [main[0].text]
    assert [b.text for b in side1] == [b.text for b in main[1:]]  # on their own page
    assert kept2 == [rest] and side2 == []


def test_a_charts_lone_word_in_lowercase_under_the_break_is_lifted() -> None:
    # an axis's title ("time") over the next page's text: one word, no line of prose
    main = [
        _block(50, 100, "the other may be solved for as they are and", "let us assume that the")
    ]
    rest = [
        _block(60, 40, "time"),
        _block(50, 300, "kinetic model used in the data is known to", "hold for the whole run"),
    ]
    [(kept1, _), (kept2, side2)] = lift_holes([(main, []), (rest, [])])
    assert kept1 == main
    assert kept2 == [rest[1]] and side2 == [rest[0]]


def _over_pages(gap: int) -> list[tuple[list[_Block], list[_Block]]]:
    """A sentence broken at a page's foot, a page of a figure whose caption's last line is a
    block of its own next, and the sentence's rest ``gap`` pages past the break."""
    pages: list[tuple[list[_Block], list[_Block]]] = [
        (
            [
                _block(
                    50,
                    600,
                    "are present in more than all of the samples",
                    "while some of the other",
                )
            ],
            [],
        ),
        ([_block(250, 700, "abundant.")], []),
    ]
    pages += [([], []) for _ in range(gap - 2)]
    pages.append(([_block(50, 80, "genera are dominant in the samples of the", "whole run")], []))
    return pages


def test_a_sentence_reads_on_past_a_page_of_a_figure_alone() -> None:
    out = lift_holes(_over_pages(2))
    assert out[1] == ([], [_over_pages(2)[1][0][0]])


def test_a_sentence_reads_on_two_pages_past_its_break_at_most() -> None:
    out = lift_holes(_over_pages(3))
    assert out[1] == (_over_pages(3)[1][0], [])


def test_a_holes_text_has_a_limit() -> None:
    words = "Some Words Of A Box Set In Title Case Each"
    filler = [_block(300, 100 + 30 * k, words, words) for k in range(8)]  # 8 x 83 characters
    main = [
        _block(50, 100, "the study looked at the whole ward and", "the risk grew with the"),
        *filler,
        _block(50, 600, "growth of the ward over the whole of the", "years of the study"),
    ]
    assert _lifted(main) == []
    assert len(_lifted([main[0], *filler[:6], main[-1]])) == 6


def test_words_in_lowercase_right_after_the_break_go_on_with_it() -> None:
    # a line's words MuPDF set as a block of their own beside the break ("show that")
    main = [
        _block(50, 100, "the other may be solved for as they are and", "the results we found"),
        _block(300, 40, "show that"),
        _block(50, 300, "kinetic model used in the data is known to", "hold for the whole run"),
    ]
    assert _lifted(main) == []


def _narrow(x: float, top: float, *texts: str) -> _Block:
    """A block whose lines are as wide as their text (a name's, an address's)."""
    lines = tuple(
        _Line(t, (x, top + 12 * k, x + 5 * len(t), top + 12 * k + 10)) for k, t in enumerate(texts)
    )
    right = max(line.rect[2] for line in lines)
    return _Block((x, top, right, top + 12 * len(texts) - 2), lines)


def _under_notes(mark: str) -> list[_Block]:
    return [
        _block(
            50,
            500,
            "Tetrahydrofuran gelöst und das Hydroxidion mit",
            "Hierbei bildete sich das Salz-",
        ),
        _narrow(50, 560, f"{mark}Dr. A. Abu-Rayyan", "Faculty of Pharmacy, Al Isra University"),
        _narrow(50, 600, "Prof. Dr. Norbert Kuhnemann", "Institut für Anorganische Chemie"),
        _block(
            300, 700, "Gemisch, das präparativ jedoch besser durch", "Umsetzung zugänglich ist."
        ),
    ]


def test_a_word_broken_over_a_symbols_notes_reads_on_in_a_line_as_wide() -> None:
    main = _under_notes("* ")
    assert _lifted(main) == [main[1].text, main[2].text]


@pytest.mark.parametrize("hyphen", ["\u00ad", "\u2010", "\u2011"])
def test_a_word_broken_by_any_hyphen_a_text_layer_gives_reads_on_over_the_notes(
    hyphen: str,
) -> None:
    # a text layer's line-end hyphen may be the soft hyphen, Unicode's hyphen or its
    # non-breaking one: each leaves the word open as the hyphen-minus does
    main = _under_notes("* ")
    broken = main[0]
    last = replace(broken.lines[-1], text="Hierbei bildete sich das Salz" + hyphen)
    main[0] = replace(broken, lines=(*broken.lines[:-1], last))
    assert _lifted(main) == [main[1].text, main[2].text]


def test_a_word_broken_over_a_block_with_no_notes_symbol_is_left() -> None:
    assert _lifted(_under_notes("")) == []


def test_a_paragraph_in_lowercase_between_the_halves_goes_on_with_the_sentence() -> None:
    # its first line short ("oocytes in-"), the lines under it prose: no box's words
    main = [
        _block(
            50, 100, "the other may be solved for as they are and", "we developed an assay using"
        ),
        _block(300, 40, "Xenopus"),
        _block(300, 60, "oocytes in-", "jected with recombinant proteins to follow"),
        _block(50, 300, "kinetic model used in the data is known to", "hold for the whole run"),
    ]
    assert _lifted(main) == []


def test_a_caption_set_tight_over_the_columns_rest_is_skipped() -> None:
    # a figure's title and caption at the next column's head, the column's rest right under
    # the caption's last line (a nursing journal's page): the caption ends a sentence, so the
    # broken one runs past it
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _column(page, 54, 80, [*_PROSE, *_PROSE, "and nearly all of the measles victims had not been"])
    caption = [
        "Eczema severity",
        "Results to the question: how bad was the eczema?",
        "Severity scale adapted from reference 1.",
    ]
    rest = ["vaccinated, even though they were old", *_PROSE]
    _column(page, 320, 80 + 12 * len(caption) + 2, rest)
    for k, text in enumerate(caption):  # drawn with the figure, after the text
        page.insert_text((320, 80 + 12 * k), text, fontsize=9, fontname="Helvetica-Oblique")
    pdf = doc.tobytes()
    quote = "nearly all of the measles victims had not been vaccinated, even though they were old"
    assert _found(pdf, quote)
    assert _found(pdf, "Severity scale adapted from reference 1.")  # still read, set aside
