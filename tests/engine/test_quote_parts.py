"""Reading a quotation as fragments (``plan_quote``): its edges, its dashes beside brackets and
ellipses, and the quotations that leave nothing to search."""

from __future__ import annotations

import pytest

from quote_tui import check_text
from quote_tui.engine.quote_parts import plan_quote
from quote_tui.engine.records import Rule, Status


@pytest.mark.parametrize("quote", ["", "   ", "[x]", "[x] [y]", " ... ", "[...]", "plain words"])
def test_nothing_to_search_as_fragments(quote: str) -> None:
    assert plan_quote(quote, bracket_max_words=6) is None


def test_spaces_around_the_quotation_are_not_part_of_it() -> None:
    plan = plan_quote("  the [big] river  ", bracket_max_words=6)
    assert plan is not None
    (fragment,) = plan.fragments
    assert fragment.text == "the [big] river"
    assert (fragment.start, fragment.end) == (2, 17)
    assert plan.rules == ()
    literal = plan_quote("  the river  ", bracket_max_words=6, literal=True)
    assert literal is not None
    assert [f.text for f in literal.fragments] == ["the river"]


def test_an_ellipsis_and_a_trimmed_bracket_name_their_rules() -> None:
    plan = plan_quote("the river ... ran [dry]", bracket_max_words=6)
    assert plan is not None
    assert set(plan.rules) == {Rule.ELLIPSIS, Rule.BRACKET}
    assert [f.text for f in plan.fragments] == ["the river", "ran"]


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        # a dash between a fragment and an ellipsis stood between two words in the source
        (
            "the dealer Crooks – a man of the city – lived in London",
            "the dealer Crooks – ... lived in London",
        ),
        (
            "the dealer Crooks lived – as all did – in London",
            "the dealer Crooks lived ... – in London",
        ),
        # and a dash beside a bracket may stand where folding removed it in the source
        ("Man sagt, das Amt kann – etwa aus Sorge – handeln.", "das Amt [darf] – etwa aus Sorge"),
        ("Man sagt, das Amt kann – etwa aus Sorge – handeln.", "[es] – etwa aus Sorge"),
    ],
)
def test_a_dash_beside_an_ellipsis_or_a_bracket_is_typography(source: str, quote: str) -> None:
    result = check_text(source, quote)
    assert result.status is Status.NORMALIZED
    assert not result.matches[0].critical


def test_a_dash_before_a_bracketed_word_stays_optional_in_the_plan() -> None:
    plan = plan_quote("[es] – etwa aus Sorge", bracket_max_words=6)
    assert plan is not None
    assert [p.kind for p in plan.fragments[0].parts] == ["bracket", "dash", "text"]
    plan = plan_quote("kann – [etwa] aus", bracket_max_words=6)
    assert plan is not None
    assert [p.kind for p in plan.fragments[0].parts] == ["text", "dash", "bracket", "text"]
