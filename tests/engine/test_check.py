"""The status ladder, quotation validation and the result record."""

from __future__ import annotations

import importlib

import pytest

import quote_tui.engine as engine
from quote_tui.engine.check import check, quote_variants
from quote_tui.engine.errors import QuoteError
from quote_tui.engine.exact import folded_source
from quote_tui.engine.records import FOUND_STATUSES, MatchOptions, Rule, Status
from quote_tui.engine.text import PreparedText

check_module = importlib.import_module("quote_tui.engine.check")
TEXT = "The committee met on Monday.\nIt decided “not to proceed” with the plan."


def test_exported_names_are_sorted_and_complete() -> None:
    assert engine.__all__ == sorted(engine.__all__)
    for name in engine.__all__:
        assert hasattr(engine, name)
    assert {"check", "PreparedText", "MatchOptions", "Status", "Rule", "CheckResult"} <= set(
        engine.__all__
    )


@pytest.mark.parametrize(
    ("quote", "code"),
    [
        ("", "empty_quote"),
        ("  \n\t ", "empty_quote"),
        ("x" * 101, "quote_too_long"),
        ("bad\x00char", "control_characters"),
        ("bell\x07", "control_characters"),
    ],
)
def test_invalid_quotations_raise(quote: str, code: str) -> None:
    with pytest.raises(QuoteError) as info:
        check(PreparedText(TEXT), quote, options=MatchOptions(max_quote_length=100))
    assert info.value.code == code
    assert info.value.recovery == "fix_input"


def test_tabs_and_line_breaks_are_whitespace_not_control() -> None:
    result = check(PreparedText(TEXT), "The committee\tmet on\r\nMonday.")
    assert result.status == Status.NORMALIZED
    assert result.matches[0].rules == (Rule.WHITESPACE,)


def test_surrounding_whitespace_trim_is_not_a_rule() -> None:
    result = check(PreparedText(TEXT), "   The committee met   ")
    assert result.status == Status.EXACT
    assert result.quote == "   The committee met   "


def test_author_quotation_marks_are_trimmed_without_a_rule() -> None:
    result = check(PreparedText(TEXT), "“The committee met on Monday.”")
    assert result.status == Status.EXACT
    assert result.matches[0].text == "The committee met on Monday."


def test_quotation_marks_inside_are_tried_first() -> None:
    assert quote_variants('"all" or "some"') == ('"all" or "some"', 'all" or "some')
    text = "a sale of “all” or “substantially all” of it"
    result = check(PreparedText(text), '"all" or "substantially all"')
    assert result.status == Status.NORMALIZED
    assert result.matches[0].text == "“all” or “substantially all”"


def test_exact_result_record() -> None:
    prepared = PreparedText(TEXT)
    result = check(prepared, "It decided")
    assert result.status == Status.EXACT
    assert result.best_similarity == 1.0
    assert result.checked_text_sha256 == prepared.sha256
    match = result.matches[0]
    assert (match.line_start, match.line_end) == (2, 2)
    assert match.text == "It decided"
    assert result.to_dict()["matches"][0]["kind"] == "exact"


def test_normalized_across_lines_and_quotes() -> None:
    result = check(PreparedText(TEXT), 'Monday. It decided "not to proceed"')
    assert result.status == Status.NORMALIZED
    match = result.matches[0]
    assert (match.line_start, match.line_end) == (1, 2)
    assert set(match.rules) == {Rule.WHITESPACE, Rule.QUOTES}
    assert match.similarity == 1.0


def test_absent_quotation() -> None:
    result = check(PreparedText(TEXT), "Quantum chromodynamics explains everything")
    assert result.status == Status.NOT_FOUND
    assert result.matches == ()
    assert result.match_count == 0
    assert 0.0 <= result.best_similarity < 1.0


def test_truncated_text_makes_absence_inconclusive() -> None:
    prepared = PreparedText(TEXT, truncated=True)
    assert check(prepared, "Quantum chromodynamics").status == Status.INCONCLUSIVE
    assert check(prepared, "It decided").status == Status.EXACT


def test_absent_quotation_reports_not_found_with_its_best_similarity() -> None:
    result = check(PreparedText(TEXT), "Penguins migrate across frozen oceans every winter.")
    assert result.status == Status.NOT_FOUND
    assert result.matches == ()
    assert 0.0 <= result.best_similarity < MatchOptions().near_threshold


def test_warm_builds_every_index_once() -> None:
    prepared = PreparedText(TEXT)
    check_module.warm(prepared)
    built = dict(prepared.cache)
    assert len(built) == 2
    check(prepared, "Penguins migrate across frozen oceans every winter.")
    assert all(prepared.cache[key] is value for key, value in built.items())


def test_misquotation_is_never_found() -> None:
    result = check(PreparedText(TEXT), "It decided “to proceed” with the plan.")
    assert result.status not in FOUND_STATUSES


def test_folded_view_is_built_lazily_and_cached() -> None:
    # a text with a line break is folded for an exact quotation's line-broken occurrences
    prepared = PreparedText(TEXT.replace("\n", " "))
    check(prepared, "It decided")
    assert prepared.cache == {}
    check(prepared, "It  decided")
    folded = folded_source(prepared)
    assert folded_source(prepared) is folded


def test_options_echoed() -> None:
    options = MatchOptions(max_matches=1, context=5)
    result = check(PreparedText(TEXT), "the", options=options)
    assert result.options is options
    assert len(result.matches[0].before) <= 5
