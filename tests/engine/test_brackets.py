"""Editorial brackets that stand for source words holding a negation or a number.

A bracket is judged wherever it stands: inside a fragment, before punctuation, beside a word it
is glued to, and at the quotation's very start or end, where it stands for the source words next
to the match (``quote_parts.edge_span``). Each case here is a reversal a bracket must not hide,
or a faithful bracket that must stay clean.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from quote_tui import api, check_text
from quote_tui.cli import main
from quote_tui.engine.quote_parts import EdgeBracket, edge_span, plan_quote
from quote_tui.engine.records import CheckResult, DiffKind, Status

COMMITTEE = "The committee decided not to act on it."

# (quotation, source, kind of the critical difference, source words the bracket stands for)
HIDDEN = [
    ("The committee decided [to act]", COMMITTEE, DiffKind.NEGATION, "not to act"),
    ("decided [to act]", "Then the board decided not to act.", DiffKind.NEGATION, "not to act"),
    ("[to act] on it", COMMITTEE, DiffKind.NEGATION, "not to act"),
    ("[Patients] recovered", "No patients recovered.", DiffKind.NEGATION, "No patients"),
    ("[The panel] agreed", "Nobody on the panel agreed.", DiffKind.NEGATION, "Nobody on the panel"),
    ("They gave [the drug], then waited", "They gave no drug, then waited.", DiffKind.NEGATION,
     "no drug"),
    ("They gave [the drug],", "They gave no drug, then waited.", DiffKind.NEGATION, "no drug"),
    ("the patient[s] [improved]", "the patients never improved.", DiffKind.NEGATION,
     "never improved"),
    ("[the] patient[s] recovered", "no patients recovered", DiffKind.NEGATION, "no"),
    ("The study enrolled [patients]", "The study enrolled 40 patients.", DiffKind.NUMBER,
     "40 patients"),
    ("The study enrolled [them]", "The study enrolled forty adults.", DiffKind.NUMBER,
     "forty adults"),
    ("the vaccine [was] effective", "the vaccine was not effective", DiffKind.NEGATION,
     "was not"),
]  # fmt: skip

FAITHFUL = [
    ("The committee decided [not to act]", COMMITTEE),
    ("The results [were clear]", "The results were clear, and not disputed."),
    ("decided [to act]", "They decided to act, not to wait."),
    ("[The] drug works", "In 2019 the drug works well."),
    ("[It] works", "In 2019, the drug works well."),
    ("the patient[s] recovered", "the patients recovered"),
    ("The committee decided [the matter]", "The committee decided (not lightly) to act."),
]


def _critical(result: CheckResult) -> list:
    return [d for d in result.matches[0].differences if d.critical]


@pytest.mark.parametrize(("quote", "source", "kind", "hidden"), HIDDEN)
def test_a_bracket_hiding_a_negation_or_a_number_is_critical_wherever_it_stands(
    quote: str, source: str, kind: DiffKind, hidden: str
) -> None:
    result = check_text(source, quote)
    assert result.status is Status.NORMALIZED
    critical = _critical(result)
    assert [(d.kind, d.source) for d in critical] == [(kind, hidden)]
    match, d = result.matches[0], critical[0]
    # The offsets hold the words on both sides: the match takes in what the bracket hides.
    assert match.text[d.source_start : d.source_end] == hidden
    assert quote[d.quote_start : d.quote_end] == d.quote
    assert d.quote.startswith("[") and d.quote.endswith("]")


@pytest.mark.parametrize(("quote", "source"), FAITHFUL)
def test_a_bracket_that_hides_nothing_stays_clean(quote: str, source: str) -> None:
    result = check_text(source, quote)
    assert result.status is Status.NORMALIZED
    assert not result.matches[0].critical, result.matches[0].differences


def test_a_clean_edge_bracket_leaves_the_match_on_the_quoted_words() -> None:
    result = check_text("They decided to act, not to wait.", "decided [to act]")
    assert result.matches[0].text == "decided"


def _strict_exit(tmp_path: Path, quote: str, source: str) -> int:
    text = tmp_path / "source.txt"
    text.write_text(source, encoding="utf-8")
    out = tmp_path / "report.json"
    code = main(["quote", quote, str(text), "--strict", "-o", str(out)])
    report = json.loads(out.read_text(encoding="utf-8"))
    assert api.exit_code(report, strict=True) == code
    assert api.exit_code(report, strict=False) == api.EXIT_OK
    return code


def test_the_committee_bracket_fails_strict_on_the_command_line(tmp_path: Path) -> None:
    assert _strict_exit(tmp_path, "The committee decided [to act]", COMMITTEE) == api.EXIT_STRICT
    assert _strict_exit(tmp_path, "The committee decided [not to act]", COMMITTEE) == api.EXIT_OK


# --- the limits: how many words a bracket stands for


def _words(n: int) -> str:
    return " ".join(f"w{'abcdefghijklmnop'[i]}x" for i in range(n))


@pytest.mark.parametrize("max_words", [1, 2, 6])
def test_an_inner_bracket_stands_for_at_most_bracket_max_words_words(max_words: int) -> None:
    options = {"bracket_max_words": max_words}
    quote = "the river [words] ran dry"
    at_limit = check_text(f"the river {_words(max_words)} ran dry", quote, **options)
    assert at_limit.status is Status.NORMALIZED
    past = check_text(f"the river {_words(max_words + 1)} ran dry", quote, **options)
    assert past.status is not Status.NORMALIZED


@pytest.mark.parametrize("max_words", [1, 3, 6])
def test_an_edge_bracket_reads_at_most_bracket_max_words_words(max_words: int) -> None:
    """The negation just inside the limit is critical, one word further it is not read."""
    options = {"bracket_max_words": max_words}
    inside = f"the river ran {_words(max_words - 1)} not"
    outside = f"the river ran {_words(max_words)} not"
    quote = "the river ran [fast]"
    assert check_text(inside, quote, **options).matches[0].critical
    assert not check_text(outside, quote, **options).matches[0].critical
    lead_inside = f"not {_words(max_words - 1)} the river ran"
    lead_outside = f"not {_words(max_words)} the river ran"
    quote = "[It] the river ran"
    assert check_text(lead_inside, quote, **options).matches[0].critical
    assert not check_text(lead_outside, quote, **options).matches[0].critical


# --- edge_span itself


def _edge(quote: str, *, leading: bool) -> EdgeBracket:
    plan = plan_quote(quote, bracket_max_words=6)
    assert plan is not None
    (edge,) = [e for e in plan.edges if e.leading is leading]
    return edge


def test_edge_brackets_are_planned_only_at_the_quotation_edges() -> None:
    quote = "[A b] the river [c] ran ... [x] dry [d] ... on [E F]"
    plan = plan_quote(quote, bracket_max_words=6)
    assert plan is not None
    assert [(e.leading, e.words) for e in plan.edges] == [
        (True, ("a", "b")),
        (False, ("e", "f")),
    ]
    assert [quote[e.start : e.end] for e in plan.edges] == ["[A b]", "[E F]"]
    assert plan_quote("[x] ... the river", bracket_max_words=6).edges == ()  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "words", "span"),
    [
        ("ran not to act on it", ("to", "act"), "not to act"),
        ("ran and so on, not now", ("x",), "and so on"),  # a comma ends the stretch
        ("ran 1,200 times", ("x",), "1,200 times"),  # a thousands comma does not
        ("ran 3.5 km. Not", ("x",), "3.5 km"),
        ("ran \u20135 km", ("x",), "\u20135 km"),  # an en dash glued to a digit is a minus
        ("ran \u2013 not", ("x",), ""),  # between words it ends the stretch
        ("ran (not)", ("x",), ""),
        ("ran\n\nnot", ("x",), ""),
        ("ran\nnot", ("x",), "not"),  # a line break alone does not
        ("ran", ("x",), ""),
        ("ran and so on", (), "and so on"),
    ],
)
def test_a_trailing_bracket_stands_for_the_words_of_the_clause_after_the_match(
    text: str, words: tuple[str, ...], span: str
) -> None:
    edge = EdgeBracket(False, 0, 0, words)
    sa, sb = edge_span(text, 0, 3, edge, max_words=6)
    assert text[sa:sb].strip() == span
    assert sa == 3


@pytest.mark.parametrize(
    ("text", "words", "span"),
    [
        ("No patients ran", ("patients",), "No patients"),
        ("Some patients ran", ("patients",), "patients"),
        ("Some patients x ran", ("patients",), "patients x"),
        ("Some a the b ran", ("the", "x"), "the b"),  # the bracket's first word counts
        ("a, not; c d ran", ("x",), "c d"),  # after the last clause mark
        ("Some patients x ran", (), "Some patients x"),  # a bracket of marks only: all of it
        ("In 2019 patients ran", ("patients",), "patients"),
        ("a b c d e f g ran", ("x",), "b c d e f g"),
        ("a; b c ran", ("x",), "b c"),
        ("not ran", ("x",), "not"),
        ("ran", ("x",), ""),
        ("patients not patients ran", ("patients",), "not patients"),
        ("never mind, the patients ran", ("patients",), "patients"),
        ("not in 2019 the patients ran", ("patients",), "not in 2019 the patients"),
        ("in 2019 not the patients ran", ("patients",), "not the patients"),
    ],
)
def test_a_leading_bracket_stands_for_the_words_of_the_clause_before_the_match(
    text: str, words: tuple[str, ...], span: str
) -> None:
    edge = EdgeBracket(True, 0, 0, words)
    start = len(text) - 3
    sa, sb = edge_span(text, start, len(text), edge, max_words=6)
    assert text[sa:sb].strip() == span
    assert sb == start


@pytest.mark.parametrize(("gap", "critical"), [(393, True), (394, False)])
def test_an_edge_bracket_reads_400_characters_beside_the_match(gap: int, critical: bool) -> None:
    """A word of a thousand letters is no word; the stretch beside a match is read as far as
    400 characters: "never" ending at the 400th is read, ending at the 401st it is cut."""
    quote = "the river ran [fast]"
    text = "the river ran " + "a" * gap + " never again"
    assert check_text(text, quote).matches[0].critical is critical
    text = "never " + "a" * gap + " the river ran"
    assert check_text(text, "[It] the river ran").matches[0].critical is critical
