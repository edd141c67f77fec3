"""Word-level differences: kinds, critical flags, typography ignored, source order."""

from __future__ import annotations

import difflib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine.diff import word_differences
from quote_tui.engine.records import Difference, DiffKind


def _kinds(quote: str, source: str) -> list[tuple[str, str, DiffKind, bool]]:
    return [(d.quote, d.source, d.kind, d.critical) for d in word_differences(quote, source)]


def test_dropped_not_is_a_critical_negation() -> None:
    assert _kinds(
        "the president said he would fall silent on the issue.",
        "the president said he would not fall silent on the issue.",
    ) == [("", "not", DiffKind.NEGATION, True)]


def test_added_never_and_contractions_are_negations() -> None:
    assert _kinds("we never measure it", "we measure it") == [
        ("never", "", DiffKind.NEGATION, True)
    ]
    assert _kinds("I can do it", "I can't do it") == [("can", "can't", DiffKind.NEGATION, True)]
    assert _kinds("it is not here", "it is now here") == [("not", "now", DiffKind.NEGATION, True)]


@pytest.mark.parametrize(
    ("quoted", "source"),
    [
        ("significant", "insignificant"),
        ("likely", "unlikely"),
        ("possible", "impossible"),
        ("sound", "unsound"),
        ("agree", "disagree"),
        ("non-significant", "significant"),
    ],
)
def test_negating_prefix_flip_is_critical(quoted: str, source: str) -> None:
    assert _kinds(f"the result was {quoted} here", f"the result was {source} here") == [
        (quoted, source, DiffKind.NEGATION, True)
    ]


def test_prefixed_words_that_do_not_negate_are_plain_words() -> None:
    assert _kinds("we prove it", "we improve it") == [("prove", "improve", DiffKind.WORD, False)]


@pytest.mark.parametrize(
    ("quoted", "source"),
    [("42", "24"), ("-0.42", "0.42"), ("5%", "50%"), ("three", "four"), ("1,200", "1,300")],
)
def test_changed_number_or_sign_is_critical(quoted: str, source: str) -> None:
    assert _kinds(f"a value of {quoted} was seen", f"a value of {source} was seen") == [
        (quoted, source, DiffKind.NUMBER, True)
    ]


def test_same_value_written_differently_is_not_critical() -> None:
    (d,) = word_differences("2 apples", "two apples")
    assert d.kind is DiffKind.NUMBER and not d.critical


def test_dropped_number_is_critical() -> None:
    assert _kinds("in patients older than", "in patients older than 60") == [
        ("", "60", DiffKind.NUMBER, True)
    ]


def test_word_case_spelling_punctuation() -> None:
    assert _kinds("could weaken moderate voices", "could strengthen moderate voices") == [
        ("weaken", "strengthen", DiffKind.WORD, False)
    ]
    assert _kinds("The Theory holds", "the theory holds") == [
        ("The", "the", DiffKind.CASE, False),
        ("Theory", "theory", DiffKind.CASE, False),
    ]
    assert _kinds("the colour of it", "the color of it") == [
        ("colour", "color", DiffKind.SPELLING, False)
    ]
    assert _kinds("a round note", "a sound note") == [("round", "sound", DiffKind.WORD, False)]
    assert _kinds("ils sont inclus", "ils sont exclus") == [
        ("inclus", "exclus", DiffKind.WORD, False)
    ]
    assert _kinds("Hello, world", "Hello world") == [(",", "", DiffKind.PUNCTUATION, False)]
    assert _kinds("end; then", "end, then") == [(";", ",", DiffKind.PUNCTUATION, False)]


def test_missing_and_extra_words() -> None:
    assert _kinds("one two three extra words here", "one two three here") == [
        ("extra words", "", DiffKind.EXTRA, False)
    ]
    assert _kinds("a cat sat", "a black cat sat") == [("", "black", DiffKind.MISSING, False)]


def test_typography_alone_gives_no_difference() -> None:
    assert (
        word_differences(
            "He said \u201cfine\u201d \u2014 then \ufb01ne ex-\nample\u00a0 it\u2019s",
            'He said "fine" - then fine example it\'s',
        )
        == ()
    )
    assert word_differences("the bibliography-paper pair", "the bibliography-\npaper pair") == ()
    assert word_differences("caf\u0065\u0301 soft\u00adware", "caf\u00e9 software") == ()


def test_differences_come_in_source_order() -> None:
    diffs = word_differences(
        "for almost two whole days, we did see it and 5 more",
        "For almost one whole day we did not see it and 6 more",
    )
    assert [d.kind for d in diffs] == [
        DiffKind.CASE,
        DiffKind.NUMBER,
        DiffKind.SPELLING,
        DiffKind.PUNCTUATION,
        DiffKind.NEGATION,
        DiffKind.NUMBER,
    ]
    assert [d.source for d in diffs] == ["For", "one", "day", "", "not", "6"]


def test_replaced_stretch_of_unequal_length_pairs_similar_words() -> None:
    assert _kinds("the quick brown fox", "the quikc fox") == [
        ("quick", "quikc", DiffKind.SPELLING, False),
        ("brown", "", DiffKind.EXTRA, False),
    ]


def test_spaceless_script_tokens_are_characters() -> None:
    assert _kinds("判断能力", "判断力") == [("能", "", DiffKind.EXTRA, False)]


def test_identical_texts_have_no_differences() -> None:
    assert word_differences("Same words, same order.", "Same words, same order.") == ()


def _words(text: str) -> list[str]:
    return text.split()


@settings(max_examples=200, deadline=None)
@given(quote=st.text(max_size=200), source=st.text(max_size=200))
def test_any_unicode_never_crashes(quote: str, source: str) -> None:
    diffs = word_differences(quote, source)
    assert all(isinstance(d, Difference) for d in diffs)
    assert all(d.quote or d.source for d in diffs)
    for d in diffs:
        if d.kind is DiffKind.EXTRA:
            assert d.source == ""
        if d.kind is DiffKind.MISSING:
            assert d.quote == ""


WORDS = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "theta", "kappa"]


@settings(max_examples=150, deadline=None)
@given(
    quote=st.lists(st.sampled_from(WORDS), max_size=12),
    source=st.lists(st.sampled_from(WORDS), max_size=12),
)
def test_word_changes_agree_with_difflib(quote: list[str], source: list[str]) -> None:
    """On plain lowercase words, the changed words are exactly those a word-level difflib sees."""
    diffs = word_differences(" ".join(quote), " ".join(source))
    expected_source: list[str] = []
    expected_quote: list[str] = []
    matcher = difflib.SequenceMatcher(None, quote, source, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "equal":
            expected_quote += quote[i1:i2]
            expected_source += source[j1:j2]
    assert [w for d in diffs for w in _words(d.source)] == expected_source
    assert [w for d in diffs for w in _words(d.quote)] == expected_quote
    assert not any(d.critical for d in diffs)
