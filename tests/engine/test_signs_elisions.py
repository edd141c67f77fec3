"""Meaning traps: a quotation that drops a number's sign, or leaves out a negation or a number.

Whatever the shape (a sign cut off at the quotation's start, an ellipsis written any of the
usual ways, an editorial bracket, or words silently dropped), the verdict is never a clean
``exact`` or ``normalized``: it is ``near``, or it carries a critical difference that names what
was left out.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui import check_text
from quote_tui.engine.meaning import omitted_flags, sign_before
from quote_tui.engine.records import FOUND_STATUSES, CheckResult, Difference, DiffKind, Status

MARKS = ("...", "…", "[...]", "[…]", ". . .")
SIGNS = ("-", "\u2212", "+", "±", "<", ">", "≤", "≥", "~", "≈", "< ", "≤ ", "<= ", "≈ ")
NEGATIONS = (
    "not",
    "never",
    "no",
    "didn't",
    "without",
    "none of",
    "neither",
    "nor",
    "cannot",
    "failed to",
    "fails to",
    "lack",
    "lacked",
)
NUMBERS = ("42", "3.5", "sixty", "twice", "12 percent", "1,200")


def _critical(result: CheckResult) -> list[Difference]:
    match = result.matches[0]
    return [d for d in match.differences if d.critical]


def _well_placed(result: CheckResult, quote: str) -> None:
    """Every difference's offsets hold its words on both sides."""
    match = result.matches[0]
    for d in match.differences:
        assert d.quote_start is not None and d.quote_end is not None
        assert d.source_start is not None and d.source_end is not None
        assert quote[d.quote_start : d.quote_end].replace("\u2212", "-") == d.quote
        assert " ".join(match.text[d.source_start : d.source_end].split()).replace(
            "\u2212", "-"
        ) == " ".join(d.source.split())


# --- signs


@pytest.mark.parametrize(
    ("text", "at", "sign"),
    [
        ("r = -0.42 in", 5, "-"),
        ("r = \u22120.42 in", 5, "\u2212"),
        ("r=-.42", 3, "-"),
        ("p <0.05", 3, "<"),
        ("p < 0.05", 4, "< "),
        ("p <= 0.05", 5, "<= "),
        ("a change of +3 points", 13, "+"),
        ("±3", 1, "±"),
        ("about ~3 h", 7, "~"),
        ("in (-5, 5)", 5, "-"),
    ],
)
def test_a_sign_before_a_number_belongs_to_it(text: str, at: int, sign: str) -> None:
    assert sign_before(text, at) == (at - len(sign), sign)


@pytest.mark.parametrize(
    ("text", "at"),
    [
        ("pages 10-12 of", 9),  # a range: the dash follows a digit
        ("COVID-19 cases", 6),  # a hyphen after a letter
        ("pages 10--12", 10),  # a dash of two hyphens
        ("1+2 is three", 2),
        ("well-known", 5),  # not before a number
        ("r = - 0.42", 6),  # a spaced minus is a dash
        ("the 3 cases", 4),
        ("> 30 patients", 2),  # a quoted line in mail or Markdown
        ("text\n  > 30 patients", 9),
    ],
)
def test_hyphens_ranges_and_dashes_are_not_signs(text: str, at: int) -> None:
    assert sign_before(text, at) is None


@pytest.mark.parametrize("sign", SIGNS)
def test_a_quotation_starting_after_a_sign_is_near_with_a_critical_sign(sign: str) -> None:
    text = f"In the main cohort r = {sign}0.42 in the sample of adults."
    quote = "0.42 in the sample of adults"
    result = check_text(text, quote)
    assert result.status is Status.NEAR
    match = result.matches[0]
    assert match.critical
    assert match.text.startswith(sign)  # the source's wording shows the dropped sign
    (d,) = _critical(result)
    assert d.kind is DiffKind.SIGN and d.quote == "0.42"
    assert match.text[d.source_start : d.source_end] == f"{sign}0.42"
    _well_placed(result, quote)


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        ("see pages 10-12 of the book", "12 of the book"),
        ("the COVID-19 pandemic began", "19 pandemic began"),
        ("a well-known result here", "known result here"),
        ("r = -0.42 in the sample", "-0.42 in the sample"),
        ("p < 0.05 in the sample", "< 0.05 in the sample"),
    ],
)
def test_no_sign_dropped_stays_exact(text: str, quote: str) -> None:
    assert check_text(text, quote).status is Status.EXACT


def test_a_faithful_occurrence_elsewhere_wins() -> None:
    text = "First r = -0.42 in the sample; later r = 0.42 in the sample."
    result = check_text(text, "0.42 in the sample")
    assert result.status is Status.EXACT and result.match_count == 1
    assert result.matches[0].start == text.index("0.42 in the sample", 20)


@pytest.mark.parametrize(
    "quote",
    [
        "0.42 in the sample.",  # the quotation's own closing stop
        "\u201c0.42 in the sample\u201d",  # quotation marks around it
        "0.42 in the\nsample",  # a normalized match
        "r = ... 0.42 in the sample",  # the sign left out by an ellipsis
    ],
)
def test_a_dropped_sign_is_caught_in_every_tier(quote: str) -> None:
    result = check_text("so r = -0.42 in the sample, as before", quote)
    assert result.status is Status.NEAR
    assert [d.kind for d in _critical(result)] == [DiffKind.SIGN]


def test_a_near_passage_never_cuts_off_its_number_sign() -> None:
    result = check_text(
        "so r = -0.42 in the sample of older adults", "0.42 in the sample of adults"
    )
    assert result.status is Status.NEAR
    assert result.matches[0].text.startswith("-0.42")
    assert [d.kind for d in _critical(result)] == [DiffKind.SIGN]


def test_a_dropped_sign_in_a_truncated_text_is_inconclusive_and_critical() -> None:
    result = check_text("r = -0.42 in the sample", "0.42 in the sample", truncated=True)
    assert result.status is Status.INCONCLUSIVE and result.matches[0].critical


# --- elisions


@pytest.mark.parametrize("mark", MARKS)
@pytest.mark.parametrize("words", NEGATIONS + NUMBERS)
def test_every_written_ellipsis_that_hides_a_negation_or_number_is_critical(
    mark: str, words: str
) -> None:
    text = f"The committee found that the new drug {words} reduced mortality in older adults."
    quote = f"the new drug {mark} reduced mortality in older adults"
    result = check_text(text, quote)
    assert result.status is Status.NORMALIZED
    (d,) = _critical(result)
    assert d.kind is (DiffKind.NEGATION if words in NEGATIONS else DiffKind.NUMBER)
    assert (d.quote, d.source) == (mark, words)
    assert result.matches[0].critical
    _well_placed(result, quote)


@pytest.mark.parametrize("words", NEGATIONS + NUMBERS)
def test_words_silently_dropped_are_near_and_critical(words: str) -> None:
    text = f"The committee found that the new drug {words} reduced mortality in older adults."
    quote = "The committee found that the new drug reduced mortality in older adults."
    result = check_text(text, quote)
    assert result.status is Status.NEAR
    (d,) = _critical(result)
    assert d.source == words and d.quote == ""
    assert d.kind is (DiffKind.NEGATION if words in NEGATIONS else DiffKind.NUMBER)


def test_an_ellipsis_over_harmless_words_is_not_critical() -> None:
    text = "The committee found that the new drug, given daily, reduced mortality."
    result = check_text(text, "the new drug ... reduced mortality")
    assert result.status is Status.NORMALIZED
    assert not result.matches[0].critical and result.matches[0].differences == ()


@pytest.mark.parametrize(
    ("quote", "kind", "source"),
    [
        ("the vaccine [was] effective in adults", DiffKind.NEGATION, "was not"),
        ("the vaccine [proved] effective in adults", DiffKind.NEGATION, "was not"),
        ("[it] was not effective in adults", None, None),  # an edge bracket replaces nothing
    ],
)
def test_a_bracket_that_stands_for_a_negation_is_critical(
    quote: str, kind: DiffKind | None, source: str | None
) -> None:
    text = "In the trial the vaccine was not effective in adults over sixty."
    result = check_text(text, quote)
    assert result.status is Status.NORMALIZED
    critical = _critical(result)
    if kind is None:
        assert critical == []
    else:
        (d,) = critical
        assert (d.kind, d.source) == (kind, source)
        _well_placed(result, quote)


def test_a_bracket_that_restates_the_negation_is_not_critical() -> None:
    text = "In the trial the vaccine was not effective in adults over sixty."
    result = check_text(text, "the vaccine [was not] effective in adults")
    assert result.status is Status.NORMALIZED and not result.matches[0].critical


def test_one_vocabulary_for_omitted_words() -> None:
    assert omitted_flags("the pump failed") == ()  # "failed" alone is an event
    assert omitted_flags("the pump failed to start") == ("negation",)
    assert omitted_flags("it lacked power") == ("negation",)
    assert omitted_flags("over sixty") == ("number",)
    assert omitted_flags("did not 3") == ("negation", "number")
    assert omitted_flags("a nothingness, a notable note") == ()


# --- generated sentences

_WORDS = [
    "committee",
    "report",
    "patients",
    "trial",
    "results",
    "clinic",
    "doctors",
    "cohort",
    "measured",
    "observed",
    "study",
    "treatment",
    "outcome",
    "response",
    "baseline",
    "weekly",
    "careful",
    "model",
    "signal",
    "region",
    "village",
    "market",
    "harvest",
    "council",
    "museum",
    "letter",
    "garden",
    "bridge",
    "station",
]
_prose = st.lists(st.sampled_from(_WORDS), min_size=4, max_size=7, unique=True)
_number = st.one_of(
    st.integers(1, 9999).map(str),
    st.tuples(st.integers(0, 99), st.integers(1, 99)).map(lambda t: f"{t[0]}.{t[1]}"),
)


@settings(max_examples=60, deadline=None)
@given(
    st.data(),
    _prose,
    st.sampled_from(NEGATIONS + NUMBERS),
    st.sampled_from((*MARKS, "")),
)
def test_generated_elisions_are_never_clean(
    data: st.DataObject, words: list[str], elided: str, mark: str
) -> None:
    cut = data.draw(st.integers(2, len(words) - 2))
    head, tail = " ".join(words[:cut]), " ".join(words[cut:])
    text = f"We wrote that {head} {elided} {tail}. Then we stopped."
    quote = f"{head} {mark} {tail}" if mark else f"{head} {tail}"
    result = check_text(text, quote)
    assert result.status not in FOUND_STATUSES or result.matches[0].critical
    assert result.status in (Status.NORMALIZED if mark else Status.NEAR,)
    critical = _critical(result)
    # An unmarked gap may be aligned as substitutions ("trial" for "failed", "doctors" for "to"),
    # so only the word that carries the meaning is sure to stand in a critical difference.
    key = elided if mark else elided.split()[0]
    assert critical and key in " ".join(d.source for d in critical)


@settings(max_examples=60, deadline=None)
@given(st.data(), _prose, _number, st.sampled_from(SIGNS))
def test_generated_sign_drops_are_near_and_critical(
    data: st.DataObject, words: list[str], number: str, sign: str
) -> None:
    cut = data.draw(st.integers(1, len(words) - 2))
    head, tail = " ".join(words[:cut]), " ".join(words[cut:])
    text = f"We wrote that {head} {sign}{number} {tail} and stopped."
    for quote in (f"{number} {tail}", f"{head} {number} {tail}"):
        result = check_text(text, quote)
        assert result.status is Status.NEAR, quote
        kinds = [d.kind for d in _critical(result)]
        assert DiffKind.SIGN in kinds, (quote, result.matches[0].differences)
    assert check_text(text, f"{sign}{number} {tail}").status is Status.EXACT
