"""Generalization: failure shapes found by generated cases on the corpus, and accuracy floors.

The unit tests pin each weakness the generated cases revealed, on small synthetic texts. The
corpus test runs a compact version of ``benchmarks/stress_cases.py`` (a few cases per document,
fixed seed) and asserts the floors reached, and that no generated misquotation is ever reported
``exact`` or ``normalized``.
"""

from __future__ import annotations

from quote_tui.engine.check import check
from quote_tui.engine.records import Status
from quote_tui.engine.text import PreparedText

FILLER = (
    "Rivers carry silt toward the delta every spring. Farmers plant rice along the banks, and "
    "markets open early in the dry months. "
)


def _check(text: str, quote: str):
    return check(PreparedText(text), quote)


# --- near: the span covers the words the author quoted


def test_near_span_keeps_a_changed_first_word() -> None:
    text = FILLER + "Sites such as testing, log collection and analysis, or traffic inspection."
    result = _check(text, "pages, log collection and analysis, or traffic inspection.")
    assert result.status is Status.NEAR
    assert result.matches[0].text == "testing, log collection and analysis, or traffic inspection."


def test_near_span_keeps_a_changed_last_word() -> None:
    text = FILLER + "is able to produce full maps of specific chemical compounds in the field."
    result = _check(text, "is able to produce full maps of specific study")
    assert result.status is Status.NEAR
    assert result.matches[0].text == "is able to produce full maps of specific chemical"


def test_near_span_does_not_grow_for_an_inserted_word() -> None:
    text = FILLER + "But his coat was another matter. Concerning his coats, I reasoned with him."
    result = _check(text, "coat was not another matter. Concerning his coats, I reasoned with him")
    assert result.status is Status.NEAR
    assert (
        result.matches[0].text
        == "coat was another matter. Concerning his coats, I reasoned with him"
    )
    assert result.matches[0].critical


def test_near_span_takes_a_word_hyphenated_across_lines_whole() -> None:
    text = FILLER + "We reviewed 10 incorrect rows from various ta-\nbles and found 4 of them."
    result = _check(text, "We reviewed 10 incorrect rows from various what")
    assert result.status is Status.NEAR
    assert result.matches[0].text == "We reviewed 10 incorrect rows from various ta-\nbles"


# --- normalized: a dash beside an editorial bracket or an ellipsis


def test_bracket_beside_a_spaced_dash() -> None:
    text = FILLER + "Man kann – etwa aus dem Webbrowser heraus – die Daten laden."
    result = _check(text, "kann – [so] aus dem Webbrowser heraus")
    assert result.status is Status.NORMALIZED
    assert result.matches[0].text == "kann – etwa aus dem Webbrowser heraus"


def test_dash_left_out_beside_a_bracket_never_cuts_a_word() -> None:
    text = FILLER + "Du kannst etwa aus dem Webbrowser heraus die Daten laden."
    assert _check(text, "kann – [so] aus dem Webbrowser heraus").status is not Status.NORMALIZED


def test_ellipsis_beside_a_spaced_dash() -> None:
    text = FILLER + "Queen Mary, London EC1 6BQ, UK.\nFAU - Crooks, Gavin E"
    result = _check(text, "Queen Mary, London EC1 ... - Crooks, Gavin")
    assert result.status is Status.NORMALIZED
    assert result.matches[0].text == "Queen Mary, London EC1 6BQ, UK.\nFAU - Crooks, Gavin"
