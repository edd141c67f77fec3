"""The gate's prose checks as pure functions: each rule, its boundary and where it points."""

from __future__ import annotations

import pytest

from quote_tui.engine.errors import BatchInputError
from quote_tui.gate.findings import Code, Severity
from quote_tui.gate.prose import (
    EraRule,
    GateConfig,
    ProseIssue,
    check_prose,
    number_issues,
    numbers,
)


def codes(issues: tuple[ProseIssue, ...]) -> list[str]:
    return [str(i.code) for i in issues]


def test_thousands_separators_do_not_make_a_different_number() -> None:
    assert numbers("1,000 men and 2.5 miles in 1863.") == {"1000", "2.5", "1863"}
    assert number_issues("About 1,000 men fell.", ["a thousand, 1000 in all"]) == ()


def test_a_number_no_quotation_holds_is_a_failure_at_its_words() -> None:
    prose = "It lasted 3 days, from July 1, and 51,000 fell."
    (issue,) = number_issues(prose, ["the battle began on July 1"])
    assert issue.code is Code.NUMBER_NOT_IN_QUOTES and issue.severity is Severity.FAILURE
    assert issue.words == ("3", "51,000")
    assert prose[issue.start : issue.end] == "3"


def test_quantity_words_need_a_quotation_with_the_same_word() -> None:
    quotes = ["thousands of men were engaged on the field"]
    assert codes(check_prose("Thousands fought there.", quotes)) == []
    (issue,) = check_prose("A million people read it.", quotes)
    assert issue.code is Code.QUANTITY_WORD and issue.severity is Severity.WARNING
    assert issue.words == ("million",)


def test_names_mid_sentence_must_be_in_a_quotation_or_allowed() -> None:
    quotes = ["Edward Everett spoke for two hours before the President rose"]
    prose = "Lincoln followed Everett's long oration, as Seward had planned."
    issues = check_prose(prose, quotes)
    assert [(i.code, i.words) for i in issues] == [(Code.UNSOURCED_NAME, ("Seward",))]
    assert prose[issues[0].start : issues[0].end] == "Seward"
    # "Lincoln" opens the sentence; the allow list exempts a name anywhere.
    assert check_prose(prose, quotes, GateConfig(allow=frozenset({"Seward"}))) == ()
    # Function words and sentence openers are not names.
    assert check_prose("Then He spoke. But The crowd stayed.", quotes) == ()


def test_copying_starts_at_copy_run_words() -> None:
    source = "one two three four five six seven eight nine ten eleven twelve"
    ten = "Here: one two three four five six seven eight nine ten, then more."
    eleven = "Here: one two three four five six seven eight nine ten eleven, then more."
    assert check_prose(ten, [source]) == ()
    (issue,) = check_prose(eleven, [source])
    assert issue.code is Code.COPIED_RUN and issue.severity is Severity.WARNING
    assert issue.words == ("one two three four five six seven eight nine ten eleven",)
    assert "11 consecutive words" in issue.message
    assert check_prose(eleven, [source], GateConfig(copy_run=12)) == ()


def test_accent_folding_compares_plain_prose_with_accented_quotations() -> None:
    quotes = ["the road called the Tōkaidō ran along the coast"]
    prose = "Travellers took the Tokaido west."
    assert codes(check_prose(prose, quotes)) == ["unsourced_name"]
    assert check_prose(prose, quotes, GateConfig(fold_accents=True)) == ()


def test_era_rule() -> None:
    era = EraRule(name="Victorian", tie=r"\b18[3-9]\d\b", months=False, letters="æ")
    config = GateConfig(era=era, allow=frozenset({"Victorian"}))
    prose = "In the Victorian era, by March, the Regency period had long gone; an encyclopædia."
    issues = check_prose(prose, ["the shops opened in the spring"], config)
    found = {(i.code, i.words, i.severity) for i in issues}
    assert (Code.ERA_PHRASE, ("Regency period",), Severity.FAILURE) in found
    assert (Code.ERA_MONTH, ("March",), Severity.WARNING) in found
    assert (Code.ERA_NOT_TIED, ("Victorian",), Severity.WARNING) in found
    assert (Code.ERA_LETTERS, ("æ",), Severity.WARNING) in found
    # "Victorian era" is allowed; a quotation with an 1840s year ties the item to the era.
    tied = check_prose(prose, ["in March 1843 the Regency period was over"], config)
    assert {i.code for i in tied} == {Code.ERA_LETTERS}


@pytest.mark.parametrize(
    "raw",
    [
        {"copy_run": "11"},
        {"copy_run": 1},
        {"min_quote_chars": -1},
        {"allow": "Lincoln"},
        {"era": "Victorian"},
        {"era": {"name": "Victorian", "tie": "(unclosed"}},
    ],
)
def test_bad_config_values_are_refused(raw: dict[str, object]) -> None:
    with pytest.raises(BatchInputError) as info:
        GateConfig.from_mapping(raw)
    assert info.value.code == "bad_option"


def test_config_defaults_are_cite_gates() -> None:
    config = GateConfig.from_mapping({"unknown_key": 1})
    assert (config.copy_run, config.min_quote_chars, config.allow) == (11, 20, frozenset())
