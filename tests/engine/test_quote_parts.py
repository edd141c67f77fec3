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


def _parts(quote: str) -> list[list[tuple[str, int, int]]]:
    plan = plan_quote(quote, bracket_max_words=6)
    assert plan is not None
    return [[(p.kind, p.start, p.end) for p in f.parts] for f in plan.fragments]


def test_parts_cover_their_own_characters() -> None:
    """Offsets in the folded quotation ("kann-[etwa] aus"): the dash is one character between
    the text and the bracket; a bracket glued to a word's end leaves no empty text after it."""
    assert _parts("kann – [etwa] aus") == [
        [("text", 0, 4), ("dash", 4, 5), ("bracket", 5, 11), ("text", 12, 15)]
    ]
    assert _parts("[es] – etwa aus Sorge") == [[("bracket", 0, 4), ("dash", 4, 5), ("text", 5, 19)]]
    assert _parts("the bi[g]") == [[("text", 0, 6), ("bracket", 6, 9)]]
    assert _parts("the bi[g] ... flows") == [
        [("text", 0, 6), ("bracket", 6, 9)],
        [("text", 14, 19)],
    ]


@pytest.mark.parametrize(
    ("quote", "parts"),
    [
        ("river ... -a", [[("text", 0, 5)], [("text", 10, 11)]]),  # two characters: stripped
        ("river ... -", [[("text", 0, 5)], [("text", 9, 10)]]),  # one: a dash alone stays
        ("the 1a- ... river", [[("text", 0, 6)], [("text", 11, 16)]]),
        ("x ... a- ... y", [[("text", 0, 1)], [("text", 6, 7)], [("text", 12, 13)]]),
        # at the quotation's own edges a dash is kept: no ellipsis stands beside it
        ("-abc ... x", [[("text", 0, 4)], [("text", 9, 10)]]),
        ("x ... abc-", [[("text", 0, 1)], [("text", 6, 10)]]),
    ],
)
def test_a_dash_beside_an_ellipsis_is_stripped_when_it_touches_a_letter(
    quote: str, parts: list
) -> None:
    assert _parts(quote) == parts


def test_a_leading_bracket_trimmed_is_a_bracket_rule() -> None:
    plan = plan_quote("[It] the river", bracket_max_words=6)
    assert plan is not None
    assert plan.rules == (Rule.BRACKET,)


@pytest.mark.parametrize("quote", ["the bi[g]", "the bi[g] ... flows", "the bi[G] river"])
def test_a_bracket_glued_to_a_word_end_changes_only_its_letters(quote: str) -> None:
    result = check_text("the big river flows", quote)
    assert result.status is Status.NORMALIZED
    assert not result.matches[0].critical
