"""A match's wording: the span as a reader quotes it, without note marks or the reader's
zero-width separators, while every offset still covers the whole span."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine.records import Difference, DiffKind, Fragment, Match, Status
from quote_tui.engine.text import PreparedText

APART = "\u200b"


def _cut(text: str, match: Match) -> str:
    kept, last = [], match.start
    for a, b in match.marks:
        assert match.start <= last <= a < b <= match.end
        kept.append(text[last:a])
        last = b
    return "".join(kept) + text[last : match.end]


def _match(text: str, start: int, end: int, **kw: object) -> Match:
    return PreparedText(text).match(Status.NEAR, start, end, similarity=0.9, context=20, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "wording"),
    [
        ("The Scan Context method\u200b5 does not", "The Scan Context method does not"),
        ("harmonic (HH) emission\u200b1–3,11,15.", "harmonic (HH) emission."),
        ("via Zotero⁵, BibDesk⁶, ou", "via Zotero, BibDesk, ou"),
        ("containing m\u200b6\u200bA modifications", "containing m6A modifications"),
        ("Apache AirFlow \u200b1 supports it", "Apache AirFlow supports it"),
        ("la fin du XIX\u200bème siècle", "la fin du XIXème siècle"),
        ("a volume of 5 cm³ here", "a volume of 5 cm³ here"),  # a unit, not a mark
        ("in 1998 the war", "in 1998 the war"),
    ],
)
def test_the_wording_leaves_out_marks_and_separators(text: str, wording: str) -> None:
    match = _match(text, 0, len(text))
    assert match.text == wording
    assert (match.start, match.end) == (0, len(text))
    assert match.utf8_end == len(text.encode())
    assert _cut(text, match) == wording


def test_a_span_ending_on_a_separator_leaves_it_out() -> None:
    text = "ce qui l’entourent\u200b15 et le reste"
    end = text.index("15")
    match = _match(text, 0, end)
    assert match.text == "ce qui l’entourent"
    assert match.after.startswith(" et")


def test_a_difference_that_was_only_a_mark_goes_and_the_others_move() -> None:
    text = "cours de troisième année Web⁴, ainsi que"
    start = text.index("troisième")
    end = len(text)
    raw = text[start:end]
    web = raw.index("Web⁴")
    ainsi = raw.index("ainsi")
    differences = (
        Difference("Web", "Web⁴", DiffKind.NUMBER, True, 0, 3, web, web + 4),
        Difference("aussi", "ainsi", DiffKind.WORD, False, 5, 10, ainsi, ainsi + 5),
    )
    match = _match(text, start, end, differences=differences)
    assert match.text == "troisième année Web, ainsi que"
    (left,) = match.differences
    assert left.source == "ainsi"
    assert match.text[left.source_start : left.source_end] == "ainsi"  # type: ignore[misc]
    assert not match.critical


WORD = st.text(alphabet="abcdeélmnorstu", min_size=1, max_size=6)
MARK = st.sampled_from(["\u200b5", "\u200b16–18", "\u200b*", "\u200ba", "⁵", "\u200b3\u200b"])


@settings(max_examples=200, deadline=None)
@given(
    pieces=st.lists(
        st.tuples(WORD, st.one_of(st.just(""), MARK), st.sampled_from(" ,.\n")),
        min_size=1,
        max_size=12,
    ),
    data=st.data(),
)
def test_property_the_wording_is_the_span_without_its_marks(
    pieces: list[tuple[str, str, str]], data: st.DataObject
) -> None:
    text = "".join(w + m + s for w, m, s in pieces)
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    match = _match(text, start, end)
    assert (match.start, match.end) == (start, end)
    assert match.text == _cut(text, match)
    for shown in (match.text, match.before, match.after):
        assert APART not in shown
    # only marks and separators are cut: every letter of the span stays
    kept = [c for c in text[start:end] if c.isalpha()]
    assert [c for c in match.text if c.isalpha()] == kept or any(
        text[a:b].strip(APART).isalpha() for a, b in match.marks
    )


def test_the_words_an_ellipsis_skips_leave_out_their_marks() -> None:
    text = "apodeictic certainty of\u200b3 many good reasons"
    fragments = (
        Fragment("apodeictic certainty", 0, 20, omitted="of\u200b3 many"),
        Fragment("good reasons", 30, len(text)),
    )
    match = _match(text, 0, len(text), fragments=fragments)
    assert match.fragments[0].omitted == "of many"
    assert match.fragments[0].start == 0 and match.fragments[1].start == 30
