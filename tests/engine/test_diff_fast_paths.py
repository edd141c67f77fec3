"""The short diff's shortcut (``diff_opcodes.head_tail_opcodes``) gives difflib's opcodes."""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine import diff
from quote_tui.engine.diff_opcodes import head_tail_opcodes, opcodes

_KEYS = st.lists(st.sampled_from("abcde"), max_size=12)


def _difflib(a: list[str], b: list[str]) -> list[tuple[str, int, int, int, int]]:
    return SequenceMatcher(None, a, b, autojunk=False).get_opcodes()


@settings(max_examples=3000, deadline=None)
@given(_KEYS, _KEYS, st.sampled_from(["", "x", "a"]), st.sampled_from(["", "y", "a", "b"]))
def test_shortcut_gives_difflibs_opcodes(
    head: list[str], tail: list[str], left: str, right: str
) -> None:
    # a head and tail from a small alphabet (keys repeat across them), one word or none between
    a = [*head, *left, *tail]
    b = [*head, *right, *tail]
    trimmed = head_tail_opcodes(a, b)
    if trimmed is not None:
        assert trimmed == _difflib(a, b)
    assert opcodes(a, b) == _difflib(a, b)


@settings(max_examples=2000, deadline=None)
@given(_KEYS, _KEYS)
def test_shortcut_on_any_lists(a: list[str], b: list[str]) -> None:
    trimmed = head_tail_opcodes(a, b)
    if trimmed is not None:
        assert trimmed == _difflib(a, b)


def test_shortcut_answers_the_usual_near_diffs() -> None:
    quote = ["a", "trial", "enrolled", "120", "patients", "in", "its", "first", "year"]
    changed = ["a", "trial", "enrolled", "210", "patients", "in", "its", "first", "year"]
    negated = ["a", "trial", "never", "enrolled", "120", "patients", "in", "its", "first", "year"]
    dropped = ["a", "trial", "enrolled", "120", "patients", "in", "its", "year"]
    assert head_tail_opcodes(quote, changed) == [
        ("equal", 0, 3, 0, 3),
        ("replace", 3, 4, 3, 4),
        ("equal", 4, 9, 4, 9),
    ]
    assert head_tail_opcodes(quote, negated) == _difflib(quote, negated)
    assert head_tail_opcodes(quote, dropped) == _difflib(quote, dropped)
    assert head_tail_opcodes(quote, quote) == [("equal", 0, 9, 0, 9)]
    assert head_tail_opcodes([], []) == []


def test_a_middle_word_met_again_goes_to_difflib() -> None:
    # "a" put in also stands in the head: difflib may match across it, so no shortcut
    a = ["a", "a", "a", "b", "c"]
    b = ["a", "a", "a", "a", "b", "c"]
    assert head_tail_opcodes(a, b) is None
    assert opcodes(a, b) == _difflib(a, b)
    # a word of the head stands in the tail too: difflib may match across, so no shortcut
    assert head_tail_opcodes(["b", "b", "b"], ["b", "y", "b", "b"]) is None
    assert opcodes(["b", "b", "b"], ["b", "y", "b", "b"]) == _difflib(
        ["b", "b", "b"], ["b", "y", "b", "b"]
    )
    # a word between met again between the other side's: difflib may match them
    assert head_tail_opcodes(["p", "q", "r", "s"], ["p", "x", "q", "s"]) is None
    # the tail stands earlier on the side with nothing between: difflib matches it there
    a, b = ["c", "y", "b", "c", "c"], ["c", "c", "c"]
    assert head_tail_opcodes(a, b) is None
    assert (
        opcodes(a, b)
        == _difflib(a, b)
        != [
            ("equal", 0, 1, 0, 1),
            ("delete", 1, 3, 1, 1),
            ("equal", 3, 5, 1, 3),
        ]
    )
    assert head_tail_opcodes(b, a) is None
    assert opcodes(b, a) == _difflib(b, a)
    # ... starting past the head's first word: [c c c] stands at 1 in [p c c c c]
    a, b = ["p", "c", "x", "c", "c", "c"], ["p", "c", "c", "c", "c"]
    assert head_tail_opcodes(a, b) is None
    assert opcodes(a, b) == _difflib(a, b)


def test_ends_that_share_words_keep_the_shortcut() -> None:
    # "the" in the head and in the tail: the head, the changed words and the tail all the same
    quote = ["the", "river", "was", "not", "the", "border"]
    source = ["the", "river", "was", "the", "border"]
    assert head_tail_opcodes(quote, source) == [
        ("equal", 0, 3, 0, 3),
        ("delete", 3, 4, 3, 3),
        ("equal", 4, 6, 3, 5),
    ]
    assert head_tail_opcodes(source, quote) == _difflib(source, quote)
    # a tail longer than the head, which also stands earlier only on a side with words between
    a, b = ["the", "x", "the", "mill", "the", "end"], ["the", "the", "mill", "the", "end"]
    assert (
        head_tail_opcodes(a, b)
        == _difflib(a, b)
        == [
            ("equal", 0, 1, 0, 1),
            ("delete", 1, 2, 1, 1),
            ("equal", 2, 6, 1, 5),
        ]
    )
    # a tail as long as the head that stands earlier too: the head is taken first
    a, b = ["the", "x", "the"], ["the", "the"]
    assert head_tail_opcodes(a, b) == _difflib(a, b)
    assert head_tail_opcodes(b, a) == _difflib(b, a)
    # the tail once, further on than where it could start in the head
    a, b = ["a", "b", "x", "a", "b", "c"], ["a", "b", "a", "b", "c"]
    assert head_tail_opcodes(a, b) == _difflib(a, b)
    # two words changed for two others
    a, b = ["p", "q", "r", "s"], ["p", "x", "y", "s"]
    assert (
        head_tail_opcodes(a, b)
        == _difflib(a, b)
        == [
            ("equal", 0, 1, 0, 1),
            ("replace", 1, 3, 1, 3),
            ("equal", 3, 4, 3, 4),
        ]
    )


@settings(max_examples=3000, deadline=None)
@given(
    _KEYS,
    _KEYS,
    st.lists(st.sampled_from("axyz"), max_size=3),
    st.lists(st.sampled_from("abuvx"), max_size=3),
)
def test_shortcut_with_several_words_between(
    head: list[str], tail: list[str], left: list[str], right: list[str]
) -> None:
    a, b = [*head, *left, *tail], [*head, *right, *tail]
    trimmed = head_tail_opcodes(a, b)
    if trimmed is not None:
        assert trimmed == _difflib(a, b)
    assert opcodes(a, b) == _difflib(a, b)


_TOKEN_TEXT = st.text(
    alphabet=st.sampled_from(list("ab1 9.,%-+<=~\u2212\u2264\u00b1'\u00e9\u0661\u4e00\n")),
    max_size=40,
)


@settings(max_examples=3000, deadline=None)
@given(_TOKEN_TEXT)
def test_tokens_match_the_unguarded_patterns(text: str) -> None:
    # the numbers' first-character lookahead only spares work: the same tokens as without it
    guard = diff._NUM_FIRST
    assert guard in diff._TOKEN.pattern and guard in diff._ASCII_TOKEN.pattern
    for pattern in (diff._TOKEN, diff._ASCII_TOKEN):
        plain = re.compile(pattern.pattern.replace(guard, ""))
        assert [m.groupdict() for m in pattern.finditer(text)] == [
            m.groupdict() for m in plain.finditer(text)
        ]
