"""Every entry of the meaning vocabularies, each hidden the three ways a quotation can hide it.

The cases are generated from the engine's lists and from a copy of the expected lists kept here,
so an entry dropped from the engine both fails its own cases and the comparison with the copy:
no single word, sign or dash can go missing unnoticed. A negation, a number word, a fail form, a
sign or a relation hidden behind an ellipsis, an editorial bracket or a plain omission gives a
critical difference (or ``near``); a false-prefix word never reads as a negation.
"""

from __future__ import annotations

import pytest

from quote_tui import check_text
from quote_tui.engine import diff, meaning
from quote_tui.engine.diff import word_differences
from quote_tui.engine.meaning import (
    FAIL_FORMS,
    MINUS_PLUS,
    NEGATION_WORDS,
    NUMBER_WORDS,
    RELATIONS,
    is_negation,
    omitted_flags,
    sign_before,
)
from quote_tui.engine.records import CheckResult, DiffKind, Status

# fmt: off
EXPECTED_NEGATIONS = (
    "not", "no", "never", "none", "nothing", "nobody", "nowhere", "neither", "nor", "without",
    "cannot", "hardly", "barely", "lack", "lacks", "lacked", "lacking",
    "ne", "pas", "jamais", "nicht", "nie", "nunca", "não", "nem",
)
# Forms the patterns hold rather than the list: German "kein…" and English "-n't".
PATTERN_NEGATIONS = (
    "kein", "keine", "keinen", "keinem", "keiner", "keines", "Keine",
    "didn't", "won't", "isn't", "don't", "doesn\u2019t", "couldn\u2019t",
)
EXPECTED_FAIL_FORMS = ("fail", "fails", "failed", "failing")
EXPECTED_NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    "hundred", "thousand", "million", "billion", "trillion", "dozen", "once", "twice", "thrice",
    "half", "double", "triple", "percent",
    "tens", "dozens", "hundreds", "thousands", "millions", "billions", "trillions",
    "halves", "thirds", "quarter", "quarters", "quadruple", "twofold", "threefold", "tenfold",
    "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "neun", "zehn", "zwölf",
    "zwanzig", "hundert", "hunderte", "tausend", "tausende", "dutzend", "dutzende",
    "millionen", "milliarde", "milliarden", "einmal", "zweimal", "dreimal", "doppelt",
    "erste", "ersten", "zweite", "zweiten", "dritte", "dritten", "hälfte", "drittel", "viertel",
    "prozent",
)
EXPECTED_SPELLED = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90, "first": 1, "second": 2, "third": 3, "fourth": 4,
    "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "hundred": 100,
    "thousand": 1000, "million": 1000000, "billion": 1000000000, "trillion": 1000000000000,
    "dozen": 12, "once": 1, "twice": 2, "thrice": 3, "half": 0.5,
}
EXPECTED_MINUS_PLUS = "-+\u2212\u2012\u2013\ufe63\uff0d\uff0b"
EXPECTED_RELATIONS = "<>\u2264\u2265\u00b1\u2213~\u2248\u2a7d\u2a7e"
EXPECTED_DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d"
EXPECTED_SIGN_SPACES = " \u00a0\u2009\u202f"
EXPECTED_NEGATING_PREFIXES = ("non", "dis", "un", "in", "im", "il", "ir")
# A word with each prefix, and the word without it.
PREFIXED = {
    "non": ("toxic", "nontoxic"), "dis": ("agree", "disagree"), "un": ("likely", "unlikely"),
    "in": ("correct", "incorrect"), "im": ("possible", "impossible"),
    "il": ("legal", "illegal"), "ir": ("regular", "irregular"),
}
EXPECTED_FALSE_PREFIXED = (
    "inform", "invest", "intent", "inside", "indeed", "income", "insight", "install", "instead",
    "invent", "inward", "impress", "import", "impose", "improve", "impart", "impact", "impair",
    "immerse", "display", "discard", "discover", "discount", "dispose", "dispatch", "distance",
    "dismiss", "discuss", "disease", "uniform", "universe", "unison", "illustrate",
    "illuminate", "interest", "intern",
)
# fmt: on


def _all(actual: object, expected: object) -> list:
    return sorted(set(actual) | set(expected))  # type: ignore[call-overload]


def test_the_vocabularies_hold_exactly_the_expected_entries() -> None:
    assert set(NEGATION_WORDS) == set(EXPECTED_NEGATIONS)
    assert set(FAIL_FORMS) == set(EXPECTED_FAIL_FORMS)
    assert set(NUMBER_WORDS) == set(EXPECTED_NUMBER_WORDS)
    assert set(MINUS_PLUS) == set(EXPECTED_MINUS_PLUS)
    assert set(RELATIONS) == set(EXPECTED_RELATIONS)
    assert set(meaning._DASHES) == set(EXPECTED_DASHES)
    assert set(meaning._SIGN_SPACE) == set(EXPECTED_SIGN_SPACES)
    assert set(diff._NEGATING_PREFIXES) == set(EXPECTED_NEGATING_PREFIXES)
    assert set(diff._FALSE_PREFIXED) == set(EXPECTED_FALSE_PREFIXED)
    assert {k: float(v) for k, v in EXPECTED_SPELLED.items()} == diff._SPELLED


# --- hiding one word (or "fail to") three ways

HEAD, TAIL = "The long trial of the new vaccine", "changed the outcome for older adults"


def _critical(result: CheckResult) -> list[DiffKind]:
    assert result.matches, result.status
    return [d.kind for d in result.matches[0].differences if d.critical]


def _hidden_three_ways(hidden: str, kind: DiffKind) -> None:
    source = f"{HEAD} {hidden} {TAIL}."
    for quote in (f"{HEAD} ... {TAIL}", f"{HEAD} [clearly] {TAIL}"):
        result = check_text(source, quote)
        assert result.status is Status.NORMALIZED, (quote, result.status)
        assert _critical(result) == [kind], quote
    result = check_text(source, f"{HEAD} {TAIL}")
    assert result.status is Status.NEAR
    assert _critical(result) == [kind]


@pytest.mark.parametrize("word", _all(NEGATION_WORDS, EXPECTED_NEGATIONS) + list(PATTERN_NEGATIONS))
def test_every_negation_hidden_is_critical(word: str) -> None:
    assert is_negation(word)
    assert omitted_flags(word) == ("negation",)
    _hidden_three_ways(word, DiffKind.NEGATION)


@pytest.mark.parametrize("form", _all(FAIL_FORMS, EXPECTED_FAIL_FORMS))
def test_every_fail_form_before_to_hidden_is_critical(form: str) -> None:
    _hidden_three_ways(f"{form} to", DiffKind.NEGATION)
    # alone it is an event ("the pump failed"), not a negation
    assert omitted_flags(form) == ()
    assert not is_negation(form)
    result = check_text(f"{HEAD} {form} {TAIL}.", f"{HEAD} {TAIL}")
    assert DiffKind.NEGATION not in _critical(result)


@pytest.mark.parametrize("word", _all(NUMBER_WORDS, EXPECTED_NUMBER_WORDS))
def test_every_number_word_hidden_is_critical(word: str) -> None:
    assert meaning.is_number_word(word)
    assert meaning.is_number_word(word.upper())
    assert omitted_flags(word) == ("number",)
    _hidden_three_ways(word, DiffKind.NUMBER)


@pytest.mark.parametrize("word", ["nothing", "jamais", "não", "keine", "failed to", "dozen"])
def test_a_word_that_only_looks_like_one_is_not_flagged(word: str) -> None:
    """The vocabularies match whole words: "notable", "nobodyish", "dozens" hide nothing."""
    glued = f"x{word.replace(' ', '')}x"
    assert omitted_flags(glued) == ()
    assert not is_negation(glued)


def _digits(value: float) -> str:
    return str(value) if value % 1 else str(int(value))


@pytest.mark.parametrize(("word", "value"), sorted(EXPECTED_SPELLED.items()))
def test_every_spelled_number_has_its_value(word: str, value: float) -> None:
    """The same number spelt and in digits is not critical; one off is."""
    same = word_differences(f"the {_digits(value)} adults", f"the {word} adults")
    assert [(d.kind, d.critical) for d in same] == [(DiffKind.NUMBER, False)]
    off = word_differences(f"the {_digits(value + 1)} adults", f"the {word} adults")
    assert [(d.kind, d.critical) for d in off] == [(DiffKind.NUMBER, True)]


def test_compound_spelled_numbers_add_up() -> None:
    same = word_differences("the 21 adults", "the twenty-one adults")
    assert [(d.kind, d.critical) for d in same] == [(DiffKind.NUMBER, False)]
    off = word_differences("the 22 adults", "the twenty-one adults")
    assert [(d.kind, d.critical) for d in off] == [(DiffKind.NUMBER, True)]


# --- prefixes


@pytest.mark.parametrize("prefix", _all(diff._NEGATING_PREFIXES, EXPECTED_NEGATING_PREFIXES))
def test_every_negating_prefix_flips_the_word(prefix: str) -> None:
    plain, prefixed = PREFIXED[prefix]
    for quote, source in ((plain, prefixed), (prefixed, plain)):
        found = word_differences(f"it is {quote} here", f"it is {source} here")
        assert [(d.kind, d.critical) for d in found] == [(DiffKind.NEGATION, True)]


def test_a_prefixed_word_flips_from_four_letters() -> None:
    four = word_differences("they were able", "they were unable")
    assert [(d.kind, d.critical) for d in four] == [(DiffKind.NEGATION, True)]
    three = word_differences("they were fit", "they were unfit")
    assert [d.critical for d in three] == [False]


def _unprefixed(word: str) -> str:
    prefix = next(p for p in EXPECTED_NEGATING_PREFIXES if word.startswith(p))
    return word[len(prefix) :]


@pytest.mark.parametrize("word", _all(diff._FALSE_PREFIXED, EXPECTED_FALSE_PREFIXED))
def test_no_false_prefix_word_reads_as_a_negation(word: str) -> None:
    rest = _unprefixed(word)
    assert len(rest) >= 4  # shorter remainders never flip: such an entry would be dead
    for quote, source in ((rest, word), (word, rest)):
        found = word_differences(f"we {quote} it", f"we {source} it")
        assert all(not d.critical for d in found), (quote, source)
        assert DiffKind.NEGATION not in [d.kind for d in found]


# --- signs, relations, dashes


def _sign_three_ways(sign: str) -> None:
    source = f"On the first day the probe read {sign}5 degrees at noon in the valley."
    # the quotation starts right after the sign
    result = check_text(source, "5 degrees at noon in the valley")
    assert result.status is Status.NEAR
    assert _critical(result) == [DiffKind.SIGN]
    # it resumes right after the sign, past an ellipsis
    result = check_text(source, "On the first day ... 5 degrees at noon in the valley")
    assert result.status is Status.NEAR
    assert DiffKind.SIGN in _critical(result)
    # the sign is dropped inside the passage
    result = check_text(source, "On the first day the probe read 5 degrees at noon in the valley")
    assert result.status is Status.NEAR
    assert DiffKind.SIGN in _critical(result)


@pytest.mark.parametrize("sign", _all(MINUS_PLUS, EXPECTED_MINUS_PLUS))
def test_every_minus_and_plus_dropped_is_critical(sign: str) -> None:
    assert sign_before(f"read {sign}5", 6) == (5, sign)
    _sign_three_ways(sign)


@pytest.mark.parametrize("relation", _all(RELATIONS, EXPECTED_RELATIONS))
def test_every_relation_dropped_is_critical(relation: str) -> None:
    assert sign_before(f"p {relation}5", 3) == (2, relation)
    assert sign_before(f"p {relation}=5", 4) == (2, relation + "=")
    _sign_three_ways(relation)
    _sign_three_ways(relation + " ")


@pytest.mark.parametrize("space", _all(meaning._SIGN_SPACE, EXPECTED_SIGN_SPACES))
def test_every_space_between_a_relation_and_its_number_belongs_to_the_sign(space: str) -> None:
    assert sign_before(f"p <{space}0.05", 4) == (2, "<" + space)
    assert sign_before(f"p <={space}0.05", 5) == (2, "<=" + space)
    assert sign_before(f"p <{space}{space}0.05", 5) is None  # one space, not two


@pytest.mark.parametrize("dash", _all(meaning._DASHES, EXPECTED_DASHES))
def test_a_minus_after_any_dash_is_part_of_the_dash(dash: str) -> None:
    assert sign_before(f"pages 10{dash}-12", 10) is None
    assert sign_before(f"pages 10 {dash}-12", 11) is None


@pytest.mark.parametrize(
    ("text", "pos", "sign"),
    [
        ("-5", 1, (0, "-")),  # the sign at the text's start
        ("5", 0, None),  # nothing before the text's start
        ("x -5", 3, (2, "-")),
        ("x -.5", 3, (2, "-")),  # a number may start with its decimal point
        ("x -.", 3, None),  # a point at the text's end starts no number
        ("x -.a", 3, None),
        ("x -a", 3, None),
        ("x - 5", 4, None),  # a minus keeps no space
        ("x5 -5", 4, (3, "-")),
        ("x5-5", 3, None),  # after a digit: a range or a subtraction
        ("xa-5", 3, None),  # after a letter: a hyphen (COVID-19)
        ("x_-5", 3, None),
        ("x <= 5", 5, (2, "<= ")),  # the longest sign
        ("x ≥= 5", 5, (2, "≥= ")),
        ("x <=  5", 6, None),
        ("x 5", 3, None),  # the end of the text starts no number
        ("x -", 3, None),
        ("x <", 3, None),
    ],
)
def test_sign_positions_at_their_edges(text: str, pos: int, sign: tuple[int, str] | None) -> None:
    assert sign_before(text, pos) == sign


# --- the mail-quote rule: "> " opening a line quotes the line, anywhere else it is a relation


@pytest.mark.parametrize(
    ("source", "status"),
    [
        ("aged > 30 years were excluded", Status.NEAR),
        ("aged >30 years were excluded", Status.NEAR),
        ("> 30 years were excluded", Status.EXACT),
        ("> 30 years were excluded ", Status.EXACT),
        (" > 30 years were excluded", Status.EXACT),
        ("notes:\n> 30 years were excluded", Status.EXACT),
        ("notes:\r> 30 years were excluded", Status.EXACT),
        ("notes:\n \t> 30 years were excluded", Status.EXACT),
        ("notes:\n>30 years were excluded", Status.NEAR),  # no space: a relation
        ("notes:\nx > 30 years were excluded", Status.NEAR),
        ("notes:\n≥ 30 years were excluded", Status.NEAR),
    ],
)
def test_a_quoted_line_marker_is_not_a_relation(source: str, status: Status) -> None:
    result = check_text(source, "30 years were excluded")
    assert result.status is status
    if status is Status.NEAR:
        assert _critical(result) == [DiffKind.SIGN]
