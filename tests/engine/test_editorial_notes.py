"""A quoting writer's note inside a quotation ("[sic]", "(!)", "[emphasis added]",
"[Hervorhebung d. Verf.]") is no misquotation: it is read as an editorial bracket standing for
nothing, so the quotation is ``normalized`` with the bracket rule. It never stands for source
words, so a word the quotation drops beside it still shows."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quote_tui.engine.check import check
from quote_tui.engine.records import DiffKind, Rule, Status
from quote_tui.engine.text import PreparedText

SOURCE = (
    "The city grew quickly. In those years thousands of people moved to the coast every "
    "summer, and the old harbour was rebuilt twice before the war."
)
PLAIN = "In those years thousands of people moved to the coast every summer"
NOTES = [
    "(!)",
    "(?)",
    "(sic)",
    "(sic!)",
    "[sic]",
    "[sic!]",
    "[!]",
    "[emphasis added]",
    "(emphasis mine)",
    "[italics in original]",
    "[my emphasis]",
    "[Hervorhebung d. Verf.]",
    "(Hervorhebung im Original)",
    "[Herv. d. Verf.]",
]


def _noted(note: str, after: str) -> str:
    """PLAIN with ``note`` written after the word ``after`` (glued when it starts with "*")."""
    glued = after.startswith("*")
    word = after.lstrip("*")
    return PLAIN.replace(f"{word} ", f"{word}{'' if glued else ' '}{note} ", 1)


@pytest.mark.parametrize("note", NOTES)
@pytest.mark.parametrize("after", ["thousands", "*thousands", "years"])
def test_a_note_inside_the_quotation_is_a_bracket(note: str, after: str) -> None:
    result = check(PreparedText(SOURCE), _noted(note, after))
    assert result.status is Status.NORMALIZED
    (match,) = result.matches
    assert match.rules == (Rule.BRACKET,)
    assert match.differences == ()
    assert match.text == PLAIN


@pytest.mark.parametrize("note", NOTES)
def test_a_note_at_either_end_is_a_bracket(note: str) -> None:
    for quote in (f"{PLAIN} {note}", f"{note} {PLAIN}"):
        result = check(PreparedText(SOURCE), quote)
        assert result.status is Status.NORMALIZED, quote
        assert result.matches[0].rules == (Rule.BRACKET,)
        assert result.matches[0].text == PLAIN


@pytest.mark.parametrize("note", ["[sic]", "(!)", "[emphasis added]"])
def test_a_note_never_stands_for_a_dropped_word(note: str) -> None:
    quote = PLAIN.replace("thousands of", f"thousands {note}")
    result = check(PreparedText(SOURCE), quote)
    assert result.status is Status.NEAR
    missing = [d for d in result.matches[0].differences if d.source == "of"]
    assert missing and missing[0].kind in (DiffKind.MISSING, DiffKind.WORD)


def test_a_note_in_the_source_itself_is_matched_exactly() -> None:
    source = "He wrote that the wall was built in 1066 (!) by the monks."
    result = check(PreparedText(source), "the wall was built in 1066 (!) by the monks")
    assert result.status is Status.EXACT


def test_a_parenthesis_that_is_no_note_is_not_dropped() -> None:
    source = "The effect was small and it faded."
    result = check(PreparedText(source), "The effect was small (p < 0.05) and it faded")
    assert result.status is not Status.NORMALIZED


def test_a_note_beside_a_changed_number_keeps_it_critical() -> None:
    quote = "In those years millions (!) of people moved to the coast every summer"
    result = check(PreparedText(SOURCE), quote)
    assert result.status is Status.NEAR
    assert any(d.critical and d.quote == "millions" for d in result.matches[0].differences)


@given(st.sampled_from(NOTES), st.integers(min_value=1, max_value=10))
def test_a_note_after_any_word_leaves_the_quotation_normalized(note: str, at: int) -> None:
    words = PLAIN.split()
    quote = " ".join([*words[:at], note, *words[at:]])
    result = check(PreparedText(SOURCE), quote)
    assert result.status is Status.NORMALIZED
    assert result.matches[0].text == PLAIN


@pytest.mark.parametrize("note", ["(!)", "[sic]"])
def test_a_note_before_a_comma_is_a_bracket(note: str) -> None:
    quote = f"moved to the coast every summer {note}, and the old harbour"
    result = check(PreparedText(SOURCE), quote)
    assert result.status is Status.NORMALIZED
    assert result.matches[0].text == "moved to the coast every summer, and the old harbour"
