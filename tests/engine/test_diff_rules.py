"""The word-difference rules at their edges: what counts as a spelling, what pairs with what, the
bounds where the pairing and the opcodes change algorithm, and where reported words stand."""

from __future__ import annotations

import pytest

from quote_tui.engine.diff import difference_spans, word_differences
from quote_tui.engine.records import DiffKind
from quote_tui.engine.typography import fold_chars


def _kinds(quote: str, source: str) -> list[tuple[DiffKind, bool]]:
    return [(d.kind, d.critical) for d in word_differences(quote, source)]


@pytest.mark.parametrize(
    ("quote", "source", "kind"),
    [
        ("at", "att", DiffKind.WORD),  # under three letters: never a spelling
        ("day", "days", DiffKind.SPELLING),  # three letters: one letter added
        ("cat", "car", DiffKind.WORD),  # three letters: one changed is another word
        ("sound", "round", DiffKind.WORD),  # another first letter
        ("house", "hoise", DiffKind.SPELLING),  # five letters: one edit
        ("house", "hosue", DiffKind.SPELLING),  # a swapped pair counts once
        ("house", "hxuxe", DiffKind.WORD),  # five letters: two edits is another word
        ("garden", "gxrdxn", DiffKind.SPELLING),  # six letters: two edits
        ("garden", "gxrxxn", DiffKind.WORD),  # six letters: three edits
    ],
)
def test_a_spelling_is_a_letter_or_two_apart_by_length(
    quote: str, source: str, kind: DiffKind
) -> None:
    assert _kinds(f"the {quote} here", f"the {source} here") == [(kind, False)]


def test_a_mark_paired_with_a_word_is_a_changed_word() -> None:
    assert _kinds("the river , ran", "the river flows ran") == [(DiffKind.WORD, False)]


def test_a_number_against_a_word_is_critical() -> None:
    assert _kinds("the 12 adults", "the many adults") == [(DiffKind.NUMBER, True)]
    assert _kinds("the many adults", "the 12 adults") == [(DiffKind.NUMBER, True)]


def test_a_word_with_digits_is_a_number() -> None:
    assert _kinds("the covid19 wave", "the covid20 wave") == [(DiffKind.NUMBER, True)]


def test_a_hyphenated_word_starting_with_a_number_word_is_a_word() -> None:
    assert _kinds("a one-sided view", "a two-sided view") == [(DiffKind.WORD, False)]


def test_a_missing_run_holding_one_number_is_critical_and_placed() -> None:
    source = "the adults aged 12 years"
    (d,) = word_differences("the adults", source)
    assert (d.kind, d.critical, d.source) == (DiffKind.NUMBER, True, "aged 12 years")
    assert source[d.source_start : d.source_end] == "aged 12 years"
    assert (d.quote_start, d.quote_end) == (10, 10)


def test_fail_to_at_the_very_end_is_a_negation() -> None:
    assert _kinds("they", "they failed to") == [(DiffKind.NEGATION, True)]


def test_an_unpaired_word_is_left_out_rather_than_paired_across_a_better_pair() -> None:
    """Gaps cost less than pairing two unlike words: "alpha" is extra, "marblex" pairs with its
    spelling, two source words are missing."""
    found = word_differences("river alpha marblex sea", "river marbley thunder delta sea")
    assert [(d.kind, d.quote, d.source) for d in found] == [
        (DiffKind.EXTRA, "alpha", ""),
        (DiffKind.SPELLING, "marblex", "marbley"),
        (DiffKind.MISSING, "", "thunder delta"),
    ]
    # each side without words has a zero-width position after the last token before the gap
    assert [(d.quote_start, d.quote_end, d.source_start, d.source_end) for d in found] == [
        (6, 11, 5, 5),
        (12, 19, 6, 13),
        (19, 19, 14, 27),
    ]


@pytest.mark.parametrize("number", ["12%", "-5"])
def test_a_missing_run_reads_as_its_words(number: str) -> None:
    (d,) = word_differences("the rise", f"the {number} more rise")
    assert (d.kind, d.critical, d.source) == (DiffKind.NUMBER, True, f"{number} more")


def _code(i: int) -> str:
    return "abcdefghijklmnopqrstuvwxyz"[i // 26] + "abcdefghijklmnopqrstuvwxyz"[i % 26]


def _stretch(quoted: int, source: int) -> list[DiffKind]:
    """A replaced stretch: the quoted words are spellings of the source's last ones."""
    fillers = source - quoted
    quote = " ".join(f"marble{_code(i)}" for i in range(quoted))
    words = [f"thunder{_code(i)}" for i in range(fillers)]
    words += [f"marble{_code(i)}s" for i in range(quoted)]
    return [d.kind for d in word_differences(f"[{quote}]", f"[{' '.join(words)}]")]


def test_a_replaced_stretch_is_paired_by_least_cost_up_to_2500_pairs() -> None:
    kinds = _stretch(25, 100)  # 2,500 pairs: least cost pairs each word with its spelling
    assert kinds[0] is DiffKind.MISSING
    assert kinds[1:] == [DiffKind.SPELLING] * 25


def test_past_2500_pairs_a_replaced_stretch_is_paired_in_order() -> None:
    kinds = _stretch(41, 61)  # 2,501 pairs: paired in order, the rest missing
    assert kinds[0] is DiffKind.WORD
    assert kinds[-1] is DiffKind.MISSING
    assert len(kinds) == 42


def test_past_2500_pairs_the_quotation_words_left_over_are_extra() -> None:
    quote = " ".join(f"marble{_code(i)}" for i in range(61))
    source = " ".join(f"thunder{_code(i)}" for i in range(41))
    kinds = [d.kind for d in word_differences(f"[{quote}]", f"[{source}]")]
    assert kinds == [DiffKind.WORD] * 41 + [DiffKind.EXTRA]


def test_difflib_runs_up_to_two_million_token_pairs() -> None:
    """Where the opcodes change algorithm: difflib up to the bound (its longest block first),
    least edits past it. Pinned so the change is deliberate."""
    quote = " ".join(["x"] * 1999 + ["y"] * 1000)  # 1999 * 1000 + 1000 * 1 pairs
    first = word_differences(quote, " ".join(["x"] * 1000 + ["y"]))[0]
    assert (first.kind, first.quote_start) == (DiffKind.EXTRA, 0)
    quote = " ".join(["x"] * 2000 + ["y"])  # 2000 * 1000 + 1 pairs
    first = word_differences(quote, " ".join(["x"] * 1000 + ["y"]))[0]
    assert (first.kind, first.quote_start) == (DiffKind.EXTRA, 2000)


# --- difference_spans


@pytest.mark.parametrize(
    ("text", "placed", "spans"),
    [
        ("the river ran", [("river", 4, 9), ("ran", 10, 13)], [(4, 9), (10, 13)]),
        ("the river ran", [("the", 0, 3), ("", 3, 3)], [(0, 3), (3, 3)]),
        ("  the river ran", [("river", 4, 9)], [(6, 11)]),  # whitespace trimmed
        ('"the river ran"', [("river", 4, 9)], [(5, 10)]),  # the quotation mark trimmed
        ('  " the river ran"', [("river", 4, 9)], [(8, 13)]),
        ('""x', [('"', 0, 1)], [(1, 2)]),  # marks trimmed is tried first
        ("the river ran", [("river", None, None), ("ran", 10, 13)], [None, (10, 13)]),
        ("the river ran", [("river", 4, None), ("ran", 10, 13)], [None, (10, 13)]),
        ("the river ran", [("river", None, None)], [None]),
        ("the river ran", [("river", 4, 9), ("xxx", 0, 3)], [None, None]),  # one misfit: none
        ("xthe river", [("the", 0, 3)], [None]),
        ("the river", [("the", 1, 4)], [None]),
        (" the river", [("the", -1, 3)], [None]),
        ("the river", [("river", 4, 10)], [None]),  # past the end
        ("   ", [("", 0, 0)], [(3, 3)]),
    ],
)
def test_difference_spans_fit_one_shift_or_none(
    text: str, placed: list[tuple[str, int | None, int | None]], spans: list
) -> None:
    assert difference_spans(text, placed) == spans


@pytest.mark.parametrize("source", ["¨¸", "a ¨¸ b", "´`"])
def test_spacing_accents_read_back_as_they_stand(source: str) -> None:
    """Folding makes a spacing accent a space and a combining mark; the reported words keep the
    space, so folding them again reads as the source's slice does (and not reordered)."""
    for d in word_differences("", source):
        assert d.source_start is not None and d.source_end is not None
        assert _bare(source[d.source_start : d.source_end]) == _bare(d.source)


def _bare(text: str) -> str:
    return "".join(fold_chars(text)[0].split())
