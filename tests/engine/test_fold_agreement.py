"""The tiers agree on every typographic rule: one table (``typography``), read by every fold.

For each rule and each of its characters, a quotation that differs from the source only by that
character is accepted by the normalized tier, folds to the same characters in the near tier's
fold (``fold_chars``), and is found by the near tier with a similarity of 1.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine.check import check
from quote_tui.engine.near import find_near
from quote_tui.engine.records import FOUND_STATUSES
from quote_tui.engine.text import PreparedText
from quote_tui.engine.typography import (
    DASHES,
    DOUBLE_QUOTES,
    GUILLEMETS,
    LIGATURES,
    SINGLE_QUOTES,
    SOFT_HYPHEN,
    WHITESPACE_CHARS,
    ZERO_WIDTH,
    fold_chars,
)

_CLOSING = {"«": "»", "‹": "›"}
_STRAIGHT = {c: GUILLEMETS[c] for c in _CLOSING}
# rule -> its characters, and (source piece, quotation piece) for one of them
_RULES: dict[str, tuple[str, object]] = {
    "double quotes": (DOUBLE_QUOTES, lambda c: (f"said {c}calm{c} today", 'said "calm" today')),
    "single quotes": (SINGLE_QUOTES, lambda c: (f"you don{c}t know", "you don't know")),
    "guillemets": (
        "«‹",
        lambda c: (f"the {c}calm{_CLOSING[c]} sea", f"the {_STRAIGHT[c]}calm{_STRAIGHT[c]} sea"),
    ),
    "dashes in numbers": (DASHES, lambda c: (f"pages 10{c}12 here", "pages 10-12 here")),
    "dashes in words": (DASHES, lambda c: (f"a well{c}known fact", "a well-known fact")),
    "ligatures": ("".join(LIGATURES), lambda c: (f"the {c}ure", f"the {LIGATURES[c]}ure")),
    "spaces": (WHITESPACE_CHARS, lambda c: (f"calm{c}waters run", "calm waters run")),
    "zero width": (ZERO_WIDTH, lambda c: (f"zero{c}width marks", "zerowidth marks")),
    "soft hyphen": (SOFT_HYPHEN, lambda c: (f"an exam{c}ple here", "an example here")),
}


@st.composite
def _rule_cases(draw: st.DrawFn) -> tuple[str, str, str]:
    rule = draw(st.sampled_from(sorted(_RULES)))
    chars, make = _RULES[rule]
    piece, quote = make(draw(st.sampled_from(chars)))  # type: ignore[operator]
    return rule, piece, quote


@settings(max_examples=300, deadline=None)
@given(_rule_cases(), st.sampled_from(["Before it ", "", "One. "]))
def test_every_rule_is_accepted_alike_by_every_tier(case: tuple[str, str, str], lead: str) -> None:
    rule, piece, quote = case
    source = f"{lead}{piece} and then more words follow."
    start = len(lead)
    prepared = PreparedText(source)

    result = check(prepared, quote)
    assert result.status in FOUND_STATUSES, (rule, piece, result.status)
    assert any(m.start == start and m.end == start + len(piece) for m in result.matches), rule

    assert fold_chars(piece)[0] == fold_chars(quote)[0], rule
    best = find_near(prepared, quote, limit=1)
    assert best and best[0].similarity == 1.0, (rule, best)


def test_every_character_of_every_rule_is_covered() -> None:
    for rule, (chars, make) in _RULES.items():
        for c in chars:
            piece, quote = make(c)  # type: ignore[operator]
            assert fold_chars(piece)[0] == fold_chars(quote)[0], (rule, c)
            result = check(PreparedText(piece), quote)
            assert result.status in FOUND_STATUSES, (rule, hex(ord(c)), result.status)
