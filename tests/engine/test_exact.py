"""The exact and normalized tiers: word edges, rules per match, ellipses and brackets."""

from __future__ import annotations

import pytest

from quote_tui.engine.check import check
from quote_tui.engine.records import FOUND_STATUSES, MatchOptions, Rule, Status
from quote_tui.engine.text import PreparedText


def run(text: str, quote: str, **options: int):
    return check(PreparedText(text), quote, options=MatchOptions(**options))


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        ("this is insignificant", "significant"),
        ("a value of 142 here", "42"),
        ("the sample size was", "ample size"),
        ("a value of 42.5 here", "42"),
        ("this is an exam-\nple", "an exam"),
    ],
)
def test_edges_never_cut_a_word(text: str, quote: str) -> None:
    assert run(text, quote).status not in FOUND_STATUSES


def test_punctuation_edges_match_anywhere() -> None:
    result = run("the end.Next", ".")
    assert result.status == Status.EXACT
    assert result.matches[0].start == 7


def test_cjk_without_spaces() -> None:
    result = run("東京都に住んでいます。", "住んで")
    assert result.status == Status.EXACT
    assert result.matches[0].text == "住んで"


def test_exact_counts_all_and_returns_first_in_order() -> None:
    text = " ".join(["the cat sat"] * 7)
    result = run(text, "cat", max_matches=3)
    assert result.status == Status.EXACT
    assert result.match_count == 7
    assert result.matches_truncated
    assert [m.start for m in result.matches] == [4, 16, 28]


def test_exact_wins_over_normalized_occurrences() -> None:
    text = 'He said “yes” once; later he said "yes" again.'
    result = run(text, 'said "yes"')
    assert result.status == Status.EXACT
    assert result.match_count == 1
    assert result.matches[0].text == 'said "yes"'


@pytest.mark.parametrize(
    ("text", "quote", "span", "rules"),
    [
        ("The “big” dog", 'The "big" dog', "The “big” dog", {Rule.QUOTES}),
        ("one\ntwo  three", "one two three", "one\ntwo  three", {Rule.WHITESPACE}),
        ("pages 70–75 only", "pages 70-75 only", "pages 70–75 only", {Rule.DASHES}),
        ("a ﬁne day", "a fine day", "a ﬁne day", {Rule.LIGATURES}),
        ("Verzweiﬂ ung war", "Verzweiflung war", "Verzweiﬂ ung war", {Rule.LIGATURES}),
        ("le cœur a ses raisons", "le coeur a ses", "le cœur a ses", {Rule.LIGATURES}),
        ("ŒUVRES COMPLÈTES", "OEUVRES COMPLÈTES", "ŒUVRES COMPLÈTES", {Rule.LIGATURES}),
        ("ma soeur est là", "ma sœur est", "ma soeur est", {Rule.LIGATURES}),
        ("ac\xad\ncurate work", "accurate work", "ac\xad\ncurate work", {Rule.SOFT_HYPHEN}),
        ("an exam-\nple here", "an example here", "an exam-\nple here", {Rule.DEHYPHENATE}),
        ("a well-\nknown fact", "a well-known fact", "a well-\nknown fact", {Rule.DEHYPHENATE}),
        ("le cafe\u0301 noir", "le café noir", "le cafe\u0301 noir", {Rule.UNICODE}),
        ("10\u00a0µm wide", "10 μm wide", "10\u00a0µm wide", {Rule.WHITESPACE, Rule.UNICODE}),
    ],
)
def test_normalized_rules_per_match(text: str, quote: str, span: str, rules: set[Rule]) -> None:
    result = run(text, quote)
    assert result.status == Status.NORMALIZED
    match = result.matches[0]
    assert match.text == span
    assert set(match.rules) == rules


def test_mixed_hyphenation_in_one_quotation() -> None:
    text = "an exam-\nple of a well-\nknown state-of-the-art method"
    result = run(text, "an example of a well-known state-of-the-art method")
    assert result.status == Status.NORMALIZED
    assert result.matches[0].text == text


def test_hyphen_spelling_difference_is_not_normalized() -> None:
    assert run("we re-cover the seats", "we recover the seats").status not in FOUND_STATUSES
    assert run("we recover the seats", "we re-cover the seats").status not in FOUND_STATUSES


def test_rules_only_for_the_match_that_needed_them() -> None:
    text = 'said “no” to it. Later: said "no"\nto it.'
    result = run(text, 'said "no" to it')
    assert result.status == Status.NORMALIZED
    assert [set(m.rules) for m in result.matches] == [{Rule.QUOTES}, {Rule.WHITESPACE}]


def test_superscripts_and_fractions_keep_meaning() -> None:
    assert run("about 10⁶ cells", "about 106 cells").status not in FOUND_STATUSES
    assert run("drink H₂O daily", "drink H2O daily").status not in FOUND_STATUSES
    assert run("add ½ cup", "add 12 cup").status not in FOUND_STATUSES


def test_case_and_signs_never_fold() -> None:
    assert run("The effect was -0.42 overall", "the effect was -0.42").status not in FOUND_STATUSES
    assert run("The effect was -0.42 overall", "The effect was 0.42").status not in FOUND_STATUSES


def test_ellipsis_fragments_in_order_and_close() -> None:
    text = (
        "Forte said that even if it did have such clout, this would be risky; "
        "that would undermine it."
    )
    result = run(text, "Forte said that even if it did have such clout … that would undermine it")
    assert result.status == Status.NORMALIZED
    match = result.matches[0]
    assert Rule.ELLIPSIS in match.rules
    assert [f.quote for f in match.fragments] == [
        "Forte said that even if it did have such clout",
        "that would undermine it",
    ]
    assert match.fragments[0].omitted == ", this would be risky;"
    assert text[match.fragments[1].start : match.fragments[1].end] == "that would undermine it"
    assert not match.critical


@pytest.mark.parametrize("mark", ["...", "…", ". . .", "[...]", "[…]"])
def test_ellipsis_marks(mark: str) -> None:
    text = "the landlord is not permitted to terminate the lease"
    result = run(text, f"the landlord is {mark} permitted to terminate")
    assert result.status == Status.NORMALIZED
    fragment = result.matches[0].fragments[0]
    assert fragment.omitted == "not"
    assert fragment.omitted_flags == ("negation",)
    assert result.matches[0].critical


def test_ellipsis_flags_numbers_and_respects_gap_and_order() -> None:
    text = "revenue rose 12 percent in the third quarter of the year"
    result = run(text, "revenue rose ... in the third quarter")
    assert result.matches[0].fragments[0].omitted_flags == ("number",)
    assert run(text, "in the third quarter ... revenue rose").status not in FOUND_STATUSES
    far = "alpha beta " + "filler words here " * 20 + "gamma delta"
    assert run(far, "alpha beta ... gamma delta", ellipsis_max_gap=50).status not in FOUND_STATUSES
    assert run(far, "alpha beta ... gamma delta").status == Status.NORMALIZED


def test_leading_and_trailing_ellipsis_trim() -> None:
    result = run("so the words stand here.", "... the words stand …")
    assert result.status == Status.NORMALIZED
    assert result.matches[0].text == "the words stand"
    assert result.matches[0].rules == (Rule.ELLIPSIS,)
    assert result.matches[0].fragments == ()


def test_literal_ellipsis_in_source_is_exact() -> None:
    assert run("wait... what", "wait... what").status == Status.EXACT


@pytest.mark.parametrize(
    ("text", "quote", "span"),
    [
        (
            "sketches them with a\npen-plotter.",
            "sketches [the faces] with a pen-plotter.",
            "sketches them with a\npen-plotter.",
        ),
        ("so the committee decided it", "so [the board] decided it", "so the committee decided it"),
        ("the decision was final", "the decision [sic] was final", "the decision was final"),
        ("after that. The rule held", "[t]he rule held", "The rule held"),
        ("The rule held firm", "[T]he rule held firm [emphasis added]", "The rule held firm"),
    ],
)
def test_brackets(text: str, quote: str, span: str) -> None:
    result = run(text, quote)
    assert result.status == Status.NORMALIZED
    assert result.matches[0].text == span
    assert Rule.BRACKET in result.matches[0].rules


def test_bracket_limits_words() -> None:
    text = "so one two three four five six seven eight decided"
    assert run(text, "so [them] decided", bracket_max_words=3).status not in FOUND_STATUSES


def test_literal_brackets_in_source_match_themselves() -> None:
    result = run("binds a [2Fe-2S] cluster", "binds a [2Fe-2S] cluster")
    assert result.status == Status.EXACT
    result = run("binds a [2Fe-2S]\ncluster … at last", "binds a [2Fe-2S] cluster")
    assert result.status == Status.NORMALIZED
    assert Rule.BRACKET not in result.matches[0].rules


def test_bracket_and_ellipsis_together() -> None:
    text = "The board met on Monday. After long talks, the board decided to sell."
    result = run(text, "[T]he board met on Monday … [the directors] decided to sell")
    assert result.status == Status.NORMALIZED
    assert {Rule.ELLIPSIS, Rule.BRACKET} <= set(result.matches[0].rules)


def test_normalized_counts_all_occurrences() -> None:
    text = "“yes” now, “yes” now, “yes” now"
    result = run(text, '"yes" now', max_matches=2)
    assert result.status == Status.NORMALIZED
    assert result.match_count == 3
    assert result.matches_truncated
    assert len(result.matches) == 2
