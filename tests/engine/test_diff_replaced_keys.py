"""A replaced stretch of the word differences never pairs two tokens with the same key.

``diff._classify`` names the kind of a pair of replaced tokens. Tokens whose keys agree (the
same word in another case, the same number) are matched by the opcodes, never replaced: difflib
without junk matches the longest common block of every stretch it is given, so the stretches it
leaves unmatched share no key at all, and the shortcut gives difflib's opcodes. The kinds of
such tokens (CASE, an unchanged NUMBER) are named on the equal stretches instead.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine import diff
from quote_tui.engine.diff_opcodes import opcodes
from quote_tui.engine.records import DiffKind

_KEYS = st.lists(st.sampled_from("abcdef"), max_size=14)
# Words that differ in case, hyphens and typing only, numbers written alike and otherwise, signs
# and negations: every branch of the pairing, and keys that repeat.
_WORDS = st.lists(
    st.sampled_from(
        [
            "the",
            "The",
            "THE",
            "co-operate",
            "cooperate",
            "not",
            "never",
            "5",
            "5.0",
            "five",
            "-5",
            "< 5",
            "<5",
            "12%",
            "1,000",
            "1000",
            "rate",
            "Rate",
            "rates",
            ",",
            ".",
            "-",
        ]
    ),
    max_size=12,
)


@settings(max_examples=3000, deadline=None)
@given(_KEYS, _KEYS)
def test_no_key_stands_on_both_sides_of_a_replaced_stretch(a: list[str], b: list[str]) -> None:
    for op, i1, i2, j1, j2 in opcodes(a, b):
        if op == "replace":
            assert not set(a[i1:i2]) & set(b[j1:j2])


@settings(max_examples=1500, deadline=None)
@given(_WORDS, _WORDS)
def test_paired_tokens_never_share_a_key(quote: list[str], source: list[str]) -> None:
    pairs: list[tuple[str, str]] = []
    classify = diff._classify

    def spy(q: diff._Token, s: diff._Token) -> tuple[DiffKind, bool]:
        pairs.append((q.key, s.key))
        return classify(q, s)

    diff._classify = spy
    try:
        found = diff.word_differences(" ".join(quote), " ".join(source))
    finally:
        diff._classify = classify
    assert all(q != s for q, s in pairs)
    # a change of case alone is still reported, from the equal stretch
    if quote and quote == [w.upper() for w in source] and quote != source:
        assert any(d.kind is DiffKind.CASE for d in found)
