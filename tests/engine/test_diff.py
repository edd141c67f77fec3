"""Word-level differences: kinds, critical flags, typography ignored, source order."""

from __future__ import annotations

import difflib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine.diff import difference_spans, word_differences
from quote_tui.engine.records import Difference, DiffKind
from quote_tui.engine.typography import fold_chars


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
    [("42", "24"), ("-0.42", "0.24"), ("5%", "50%"), ("three", "four"), ("1,200", "1,300")],
)
def test_changed_number_is_critical(quoted: str, source: str) -> None:
    assert _kinds(f"a value of {quoted} was seen", f"a value of {source} was seen") == [
        (quoted, source, DiffKind.NUMBER, True)
    ]


@pytest.mark.parametrize(
    ("quoted", "source"),
    [("-0.42", "0.42"), ("0.42", "\u22120.42"), ("+3", "3"), ("0.05", "<0.05"), ("5", "\u2265 5")],
)
def test_changed_sign_of_the_same_number_is_a_critical_sign(quoted: str, source: str) -> None:
    text = f"a value of {source} was seen"
    (d,) = word_differences(f"a value of {quoted} was seen", text)
    assert (d.kind, d.critical, d.quote) == (DiffKind.SIGN, True, quoted)
    assert d.source_start is not None and d.source_end is not None
    assert text[d.source_start : d.source_end] == source  # the sign as the source prints it


def test_a_relation_written_with_or_without_a_space_is_the_same() -> None:
    assert _kinds("significant at p<0.05 here", "significant at p < 0.05 here") == []


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


def _bare(text: str) -> str:
    """Typography folded and whitespace dropped: what an offset slice must read as."""
    return "".join(fold_chars(text)[0].split())


def _assert_placed(quote: str, source: str, *, exact: bool = True) -> None:
    for d in word_differences(quote, source):
        for text, words, start, end in (
            (quote, d.quote, d.quote_start, d.quote_end),
            (source, d.source, d.source_start, d.source_end),
        ):
            assert start is not None and end is not None
            assert 0 <= start <= end <= len(text)
            if exact:
                assert _bare(text[start:end]) == _bare(words), (d, text[start:end])
            else:
                assert _bare(words) in _bare(text[start:end]), (d, text[start:end])
            if not words:
                assert start == end  # an empty side is a zero-width position
            else:
                # The slice is trimmed to the words: no whitespace at either end.
                assert text[start:end] == text[start:end].strip()


_PIECES = [
    "the",
    "The",
    "cat",
    "not",
    "never",
    "42",
    "4.2",
    "-3",
    "50%",
    "unlikely",
    "likely",
    "colour",
    "color",
    ",",
    ".",
    "...",
    "\u2014",
    "\u201cso\u201d",
    "\ufb01ne",
    "cafe\u0301",
    "exam-\nple",
    "can't",
    "re-enter",
    "\u65e5\u672c",
    "  ",
    "\n",
]


@settings(max_examples=300, deadline=None)
@given(
    quote=st.lists(st.sampled_from(_PIECES), max_size=14),
    source=st.lists(st.sampled_from(_PIECES), max_size=14),
)
def test_offsets_hold_exactly_the_reported_words(quote: list[str], source: list[str]) -> None:
    """Every difference's offsets slice out its reported words on both sides (typography
    folded, whitespace aside); a side without words is a zero-width position."""
    _assert_placed(" ".join(quote), " ".join(source))


@settings(max_examples=150, deadline=None)
@given(quote=st.text(max_size=120), source=st.text(max_size=120))
def test_offsets_fit_any_unicode(quote: str, source: str) -> None:
    """Offsets come from the folding map, which knows characters only by the cluster (a letter
    and its accents) they come from: when one cluster yields two tokens ("0" plus a stray
    accent), each token's offsets cover the whole cluster, so here a slice holds its words
    rather than exactly them."""
    _assert_placed(quote, source, exact=False)


def test_offsets_point_at_the_second_of_a_repeated_word() -> None:
    quote = "the cat saw the dog"
    source = "the cat saw a dog"
    (d,) = word_differences(quote, source)
    assert (d.quote, d.source) == ("the", "a")
    assert (d.quote_start, d.quote_end, d.source_start, d.source_end) == (12, 15, 12, 13)


def test_missing_words_sit_after_the_word_before_the_gap() -> None:
    (d,) = word_differences("he would fall", "he would not fall")
    assert (d.source, d.source_start, d.source_end) == ("not", 9, 12)
    assert (d.quote_start, d.quote_end) == (8, 8)  # right after "would"
    (d,) = word_differences("fall silent", "Not fall silent")
    assert (d.quote_start, d.quote_end) == (0, 0)


def test_offsets_cover_folded_typography() -> None:
    (d,) = word_differences("a \ufb01ne cafe\u0301 here", "a fine caf\u00e9 there")
    assert d.quote_start is not None and d.quote_end is not None
    assert "a \ufb01ne cafe\u0301 here"[d.quote_start : d.quote_end] == "here"
    (d,) = word_differences("a cafe\u0301", "a cafe")
    assert (d.quote, d.quote_start, d.quote_end) == ("caf\u00e9", 2, 7)  # the accent is inside


def test_merged_extra_words_span_the_run() -> None:
    (d,) = word_differences("alpha beta gamma delta", "alpha delta")
    assert d.kind is DiffKind.EXTRA
    assert "alpha beta gamma delta"[d.quote_start : d.quote_end] == "beta gamma"
    assert d.to_dict() == {
        "quote": "beta gamma",
        "source": "",
        "kind": "extra",
        "critical": False,
        "quote_start": 6,
        "quote_end": 16,
        "source_start": 5,
        "source_end": 5,
    }


def test_spans_shift_to_the_quotation_as_typed() -> None:
    typed = "  \u201c the cat saw the dog \u201d"
    variant = "the cat saw the dog"
    diffs = word_differences(variant, "the cat saw a dog")
    spans = difference_spans(typed, [(d.quote, d.quote_start, d.quote_end) for d in diffs])
    assert spans == [(typed.index("the dog"), typed.index("the dog") + 3)]
    # Unknown offsets, or offsets that fit no shift, fall back to None.
    assert difference_spans(typed, [("the", None, None)]) == [None]
    assert difference_spans("x y z", [("the", 0, 3)]) == [None]


@pytest.mark.parametrize("marks", ["?!", "(!)", ",-"])
def test_marks_left_out_together_read_as_printed(marks: str) -> None:
    # one run of marks, shown without spaces put between them
    (d,) = word_differences("it was fine really", f"it was fine{marks} really")
    assert (d.quote, d.source, d.kind) == ("", marks, DiffKind.PUNCTUATION)


def test_a_number_written_with_a_thousands_separator_is_the_same_number() -> None:
    assert _kinds("in 1,000 cases", "in 1000 cases") == [("1,000", "1000", DiffKind.NUMBER, False)]


def test_a_word_replaced_at_the_very_start_of_the_source_is_paired_with_it() -> None:
    # the alignment's first source word (index 0) pairs as any other does
    assert _kinds("big red cats sat here", "small cats sat here") == [
        ("big", "", DiffKind.EXTRA, False),
        ("red", "small", DiffKind.WORD, False),
    ]


def test_a_word_added_after_a_changed_first_word_stands_after_it_in_the_source() -> None:
    # the extra word's place in the source is after the source's first word, not before it
    got = [
        (d.quote, d.source, d.kind, d.source_start, d.source_end)
        for d in word_differences("colour big cats sat here", "color cats sat here")
    ]
    assert got == [
        ("colour", "color", DiffKind.SPELLING, 0, 5),
        ("big", "", DiffKind.EXTRA, 5, 5),
    ]
