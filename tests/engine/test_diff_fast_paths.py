"""The short diff's shortcut (``diff._one_word_opcodes``) gives difflib's opcodes exactly."""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine import diff
from quote_tui.engine.diff import _one_word_opcodes, _opcodes

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
    trimmed = _one_word_opcodes(a, b)
    if trimmed is not None:
        assert trimmed == _difflib(a, b)
    assert _opcodes(a, b) == _difflib(a, b)


@settings(max_examples=2000, deadline=None)
@given(_KEYS, _KEYS)
def test_shortcut_on_any_lists(a: list[str], b: list[str]) -> None:
    trimmed = _one_word_opcodes(a, b)
    if trimmed is not None:
        assert trimmed == _difflib(a, b)


def test_shortcut_answers_the_usual_near_diffs() -> None:
    quote = ["a", "trial", "enrolled", "120", "patients", "in", "its", "first", "year"]
    changed = ["a", "trial", "enrolled", "210", "patients", "in", "its", "first", "year"]
    negated = ["a", "trial", "never", "enrolled", "120", "patients", "in", "its", "first", "year"]
    dropped = ["a", "trial", "enrolled", "120", "patients", "in", "its", "year"]
    assert _one_word_opcodes(quote, changed) == [
        ("equal", 0, 3, 0, 3),
        ("replace", 3, 4, 3, 4),
        ("equal", 4, 9, 4, 9),
    ]
    assert _one_word_opcodes(quote, negated) == _difflib(quote, negated)
    assert _one_word_opcodes(quote, dropped) == _difflib(quote, dropped)
    assert _one_word_opcodes(quote, quote) == [("equal", 0, 9, 0, 9)]
    assert _one_word_opcodes([], []) == []


def test_a_middle_word_met_again_goes_to_difflib() -> None:
    # "a" put in also stands in the head: difflib may match across it, so no shortcut
    a = ["a", "a", "a", "b", "c"]
    b = ["a", "a", "a", "a", "b", "c"]
    assert _one_word_opcodes(a, b) is None
    assert _opcodes(a, b) == _difflib(a, b)
    # a word of the head stands in the tail too: difflib may match across, so no shortcut
    assert _one_word_opcodes(["b", "b", "b"], ["b", "y", "b", "b"]) is None
    assert _opcodes(["b", "b", "b"], ["b", "y", "b", "b"]) == _difflib(
        ["b", "b", "b"], ["b", "y", "b", "b"]
    )
    # two words changed: no shortcut
    assert _one_word_opcodes(["p", "q", "r", "s"], ["p", "x", "y", "s"]) is None


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
