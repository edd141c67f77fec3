"""The note-marks rule: a footnote or citation mark the PDF reader set apart with a zero-width
space, left out of a quotation, makes the match ``normalized`` (``note_marks``) and never hides a
number of the running text or a mark typed differently."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quote_tui.engine import marks
from quote_tui.engine.check import check
from quote_tui.engine.records import DiffKind, Match, MatchOptions, Rule, Status
from quote_tui.engine.text import PreparedText

APART = "\u200b"
TEXT = PreparedText(
    "We reach the apodeictic\u200b5 certainty of reason. The play is Coriolanus.\u200b11 \u201cThe"
    " rest\u201d is history. A trap could confine up to millions of ions with a 2D or 3D"
    " structure\u200b16\u201318 and more. The war ended in 1998 after talks.\u200b* Then the"
    " treaty\u200ba held.\u200b\u2020"
)


@pytest.mark.parametrize(
    ("quote", "words"),
    [
        ("apodeictic certainty", "apodeictic\u200b5 certainty"),
        ("the apodeictic certainty of reason", "the apodeictic\u200b5 certainty of reason"),
        ("Coriolanus. \u201cThe rest", "Coriolanus.\u200b11 \u201cThe rest"),
        ("3D structure and more", "3D structure\u200b16\u201318 and more"),
        ("after talks. Then the treaty held", "after talks.\u200b* Then the treaty\u200ba held"),
    ],
)
def test_a_mark_left_out_is_normalized_from_first_word_to_last(quote: str, words: str) -> None:
    result = check(TEXT, quote)
    assert result.status is Status.NORMALIZED
    match = result.matches[0]
    assert TEXT.text[match.start : match.end] == words
    assert match.text == quote  # the wording as a reader quotes it: no mark, no separator
    assert Rule.NOTE_MARKS in match.rules
    assert match.differences == ()
    assert _cut(TEXT.text, match) == match.text


def _cut(text: str, match: Match) -> str:
    """The match's span with its ``marks`` cut out."""
    kept, last = [], match.start
    for a, b in match.marks:
        assert match.start <= last <= a < b <= match.end
        kept.append(text[last:a])
        last = b
    return "".join(kept) + text[last : match.end]


def test_a_quotation_that_stops_before_the_mark_stays_exact() -> None:
    result = check(TEXT, "up to millions of ions with a 2D or 3D structure")
    assert result.status is Status.EXACT
    assert result.matches[0].rules == ()


def test_a_mark_left_out_among_other_rules_lists_both() -> None:
    result = check(TEXT, 'Coriolanus. "The rest" is history')
    assert result.status is Status.NORMALIZED
    assert set(result.matches[0].rules) == {Rule.QUOTES, Rule.NOTE_MARKS}


def test_a_different_mark_typed_in_is_not_found_faithfully() -> None:
    result = check(TEXT, "apodeictic6 certainty")
    assert result.status is Status.NEAR
    assert any(d.critical and d.kind is DiffKind.NUMBER for d in result.matches[0].differences)


def test_a_number_of_the_running_text_is_never_a_mark() -> None:
    result = check(TEXT, "The war ended in 1999 after talks")
    assert result.status is Status.NEAR
    assert any(
        d.critical and d.kind is DiffKind.NUMBER and d.source == "1998"
        for d in result.matches[0].differences
    )
    # nor is a number left out of the running text
    assert check(TEXT, "The war ended in after talks").status is not Status.NORMALIZED


def test_a_number_glued_without_the_zero_width_space_is_not_a_mark() -> None:
    text = PreparedText("The apodeictic5 certainty of reason.")
    assert check(text, "apodeictic certainty").status is not Status.NORMALIZED


def test_a_list_of_marks_printed_with_spaces_is_one_mark() -> None:
    # the reader sets a raised list "26 27 32" apart between its numbers too
    text = PreparedText("Three RCTs\u200b26\u200b27\u200b32 involved patients who had anaemia.")
    result = check(text, "Three RCTs involved patients who had anaemia.")
    assert result.status is Status.NORMALIZED
    assert Rule.NOTE_MARKS in result.matches[0].rules
    assert result.matches[0].text == "Three RCTs involved patients who had anaemia."
    # a list glued to the word after it is inside that word, as one mark is ("m\u200b6\u200bA")
    glued = PreparedText("Three RCTs\u200b26\u200b27\u200bwith anaemia.")
    assert check(glued, "Three RCTs with anaemia.").status is not Status.NORMALIZED


def test_a_long_number_set_apart_is_not_a_mark() -> None:
    # four digits set apart is a year the reader split off, not a superscript
    text = PreparedText("It ended in\u200b1998 after talks.")
    assert check(text, "It ended in after talks").status is not Status.NORMALIZED


# --- property: any mark set apart inside a span, left out, gives the span and the rule

WORDS = st.lists(st.text(alphabet="abcdefghijklmnorstu", min_size=2, max_size=8), min_size=3,
                 max_size=8)  # fmt: skip
MARKS = st.one_of(
    st.integers(1, 999).map(str),
    st.tuples(st.integers(1, 99), st.integers(1, 99)).map(lambda t: f"{t[0]}\u2013{t[1]}"),
    st.sampled_from(["*", "\u2020", "\u2021", "a", "b", "z"]),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=WORDS, data=st.data())
def test_property_marks_left_out_are_normalized(words: list[str], data: st.DataObject) -> None:
    at = data.draw(st.integers(0, len(words) - 2))
    mark = data.draw(MARKS)
    marked = [*words]
    marked[at] = words[at] + APART + mark
    source = "Before it. " + " ".join(marked) + ". After it."
    quote = " ".join(words)
    result = check(PreparedText(source), quote)
    assert result.status is Status.NORMALIZED
    match = result.matches[0]
    assert source[match.start : match.end] == " ".join(marked)
    assert match.text == quote
    assert _cut(source, match) == quote
    assert Rule.NOTE_MARKS in match.rules
    # a different number typed where the mark stands is never faithful
    if mark.isdigit():
        wrong = [*words]
        wrong[at] = words[at] + str(int(mark) % 999 + 1)
        assert check(PreparedText(source), " ".join(wrong)).status not in (
            Status.EXACT,
            Status.NORMALIZED,
        )


def test_an_elided_quotation_over_a_mark_places_its_fragments_and_differences() -> None:
    text = PreparedText(
        "Intro. The apodeictic\u200b5 certainty\u200b6 of 42 good reasons\u200b7 holds."
    )
    result = check(text, "apodeictic certainty of \u2026 good reasons holds")
    assert result.status is Status.NORMALIZED
    match = result.matches[0]
    assert match.text == "apodeictic certainty of 42 good reasons holds"
    assert text.text[match.start : match.end] == (
        "apodeictic\u200b5 certainty\u200b6 of 42 good reasons\u200b7 holds"
    )
    assert set(match.rules) >= {Rule.NOTE_MARKS, Rule.ELLIPSIS}
    assert [text.text[f.start : f.end] for f in match.fragments] == [
        "apodeictic\u200b5 certainty\u200b6 of",
        "good reasons\u200b7 holds",
    ]
    (number,) = match.differences
    assert number.critical and number.kind is DiffKind.NUMBER
    assert number.source_start is not None and number.source_end is not None
    assert match.text[number.source_start : number.source_end] == "42"


def test_a_text_without_marks_is_searched_once_and_left_alone() -> None:
    text = PreparedText("The war ended in 1998 after talks.")
    assert check(text, "The war ended after talks").status is Status.NEAR
    assert text.cache["note_marks"] is None


# --- a span, fragment or omission that starts or ends just where a mark stood keeps the mark
# out of its own words: the words run from the quotation's first word to its last


@pytest.mark.parametrize(
    ("source", "quote", "words", "fragments", "omitted"),
    [
        (
            "Intro. The apodeictic\u200b5 certainty\u200b6 of 42 good reasons.",
            "apodeictic certainty",
            "apodeictic\u200b5 certainty",
            [],
            [],
        ),
        (
            "Play: Coriolanus.\u200b11\u201cThe rest\u200b12\u201d is history.",
            "\u201cThe rest\u201d is history",
            "\u201cThe rest\u200b12\u201d is history",
            [],
            [],
        ),
        (
            "Play: Coriolanus.\u200b11\u201cThe rest\u200b12\u201d is history.",
            "Play: Coriolanus \u2026 \u201cThe rest\u201d is history",
            "Play: Coriolanus.\u200b11\u201cThe rest\u200b12\u201d is history",
            ["Play: Coriolanus", "\u201cThe rest\u200b12\u201d is history"],
            [],
        ),
        (
            "We saw apodeictic\u200b5 certainty of 42\u200b7 good reasons.",
            "apodeictic certainty \u2026 good reasons",
            "apodeictic\u200b5 certainty of 42\u200b7 good reasons",
            ["apodeictic\u200b5 certainty", "good reasons"],
            ["of 42"],
        ),
        (
            "We saw apodeictic\u200b5 certainty.\u200b6(42 cases) in reasons.",
            "apodeictic certainty.[...] in reasons",
            "apodeictic\u200b5 certainty.\u200b6(42 cases) in reasons",
            ["apodeictic\u200b5 certainty.", "in reasons"],
            ["(42 cases)"],
        ),
    ],
)
def test_edges_at_a_mark_leave_it_out(
    source: str, quote: str, words: str, fragments: list[str], omitted: list[str]
) -> None:
    text = PreparedText(source)
    result = check(text, quote)
    assert result.status is Status.NORMALIZED
    match = result.matches[0]
    assert text.text[match.start : match.end] == words
    assert match.text == _cut(text.text, match)
    assert "\u200b" not in match.text + match.before + match.after
    assert Rule.NOTE_MARKS in match.rules
    assert [text.text[f.start : f.end] for f in match.fragments] == fragments
    assert [match.text[d.source_start : d.source_end] for d in match.differences] == omitted


def test_every_occurrence_is_counted_past_the_ones_shown() -> None:
    text = PreparedText(" ".join(["The apodeictic\u200b5 certainty of reason."] * 7))
    result = check(text, "apodeictic certainty of reason", options=MatchOptions(max_matches=5))
    assert result.status is Status.NORMALIZED
    assert len(result.matches) == 5
    assert result.match_count == 7


def test_a_mark_left_out_with_the_quotations_own_closing_stop() -> None:
    text = PreparedText("We reach the apodeictic\u200b5 certainty of reason, and then more.")
    result = check(text, "the apodeictic certainty of reason.")
    assert result.status is Status.NORMALIZED
    assert set(result.matches[0].rules) == {Rule.PUNCTUATION, Rule.NOTE_MARKS}
    assert result.matches[0].text == "the apodeictic certainty of reason"


# --- note marks a producer set in Unicode's superscript digits ("pandoc³ offre")

SUPER_TEXT = (
    "Markdown est facile, et pandoc³ offre des outils. Via Zotero⁵, BibDesk⁶, ou autre."
    " Le guide utile⁷ à son cours Web⁴⁻⁶ et Mozilla¹²–¹⁴ ici. C'est l'histoire.³ Ensuite,"
    " un volume de 5 cm³ ou 12 mol² ou 1 GeV² ou 3 ions² et une aire x² ou 10⁶ fois, des ions"
    " Ca²⁺ et Fe³⁻ et la modification m⁶A des ARN, et encore Autre¹²³⁴ ici, et abc⁵ là, et"
    " les mm² de la case.⁸ Puis le bar.⁹ Enfin ab.⁷ fin de ab⁵ mot."
)


@pytest.mark.parametrize(
    ("quote", "words"),
    [
        ("et pandoc offre des outils", "et pandoc³ offre des outils"),
        ("Via Zotero, BibDesk, ou autre", "Via Zotero⁵, BibDesk⁶, ou autre"),
        ("Le guide utile à son", "Le guide utile⁷ à son"),
        ("et Mozilla ici", "et Mozilla¹²–¹⁴ ici"),
        ("C'est l'histoire. Ensuite", "C'est l'histoire.³ Ensuite"),
        ("et abc là", "et abc⁵ là"),
        ("de la case. Puis le bar. Enfin", "de la case.⁸ Puis le bar.⁹ Enfin"),
    ],
)
def test_a_superscript_digit_mark_left_out_is_normalized(quote: str, words: str) -> None:
    result = check(PreparedText(SUPER_TEXT), quote)  # a text of its own: a cache of its own
    assert result.status is Status.NORMALIZED, quote
    match = result.matches[0]
    assert SUPER_TEXT[match.start : match.end] == words
    assert match.text == quote
    assert Rule.NOTE_MARKS in match.rules
    assert match.differences == ()


@pytest.mark.parametrize(
    "quote",
    [
        "un volume de 5 cm ou",  # a unit
        "ou 12 mol ou",  # a unit of three letters after a number
        "ou 1 GeV ou",
        "ou 3 ions et",  # after a number, even a word is read as a unit
        "une aire x ou",  # a variable
        "ou 10 fois",  # an exponent
        "des ions Ca et Fe et",  # a charge
        "la modification mA des",  # inside a term
        "et encore Autre ici",  # four superscript digits are no mark
        "son cours Web et",  # a range of superscripts and a sign: not a mark's list
        "et les mm de la",  # a unit of two letters
        "Enfin ab. fin de ab mot",  # two letters, before punctuation or not
    ],
)
def test_a_superscript_of_a_term_is_not_a_note_mark(quote: str) -> None:
    assert check(PreparedText(SUPER_TEXT), quote).status is not Status.NORMALIZED, quote


@pytest.mark.parametrize(
    ("source", "quote", "normalized"),
    [
        ("Web⁴ est ici", "Web est ici", True),  # a mark's word at the start of the text
        ("cm² est ici", "cm est ici", False),  # a unit at the start
        ("Les cm² vont", "Les cm vont", False),  # a unit's letters stop at the space
    ],
)
def test_a_superscript_at_the_edges_of_the_text(source: str, quote: str, normalized: bool) -> None:
    assert (check(PreparedText(source), quote).status is Status.NORMALIZED) is normalized


def test_a_text_with_superscripts_of_terms_only_sets_no_mark_apart() -> None:
    text = PreparedText("A volume of 5 cm³ and an area x² grow by 10⁶.")
    assert check(text, "A volume of 5 cm and an area x grow").status is Status.NEAR
    assert text.cache["note_marks"] is None


def test_the_search_without_marks_places_an_omission_after_the_mark_it_follows() -> None:
    # in the text's own offsets a piece left out starts after the mark before it and ends
    # before the mark after it (the match's wording, without marks, cannot tell the two apart)
    from quote_tui.engine.note_marks import find_without_marks

    source = "We saw apodeictic\u200b5 certainty.\u200b6(42 cases)\u200b7 in reasons."
    text = PreparedText(source)
    hits = find_without_marks(text, "apodeictic certainty.[...] in reasons", options=MatchOptions())
    (found,) = hits.found
    (omitted,) = found.differences
    assert omitted.source_start is not None and omitted.source_end is not None
    piece = source[found.start + omitted.source_start : found.start + omitted.source_end]
    assert piece == "(42 cases)"


def test_a_citation_number_after_a_comma_is_left_out_only_by_the_search() -> None:
    # "per year,4 indicating": the wording keeps the raised number as printed, the search finds
    # the quotation that leaves it out, and its match reads without it
    text = PreparedText("Costs were $488 million per year,4 indicating a steady rise in costs.")
    result = check(text, "$488 million per year, indicating a steady rise")
    assert result.status is Status.NORMALIZED
    match = result.matches[0]
    assert Rule.NOTE_MARKS in match.rules
    assert match.text == "$488 million per year, indicating a steady rise"
    assert check(text, "$488 million per year,4 indicating").status is Status.EXACT


def test_a_numbered_citation_in_brackets_is_left_out_only_by_the_search() -> None:
    # "9 days [4] and": the wording keeps the citation as printed, the search finds the
    # quotation that leaves it out (PLOS)
    text = PreparedText("It was estimated to be from 7 to 9 days [4] and like the virus [2, 5] it.")
    result = check(text, "from 7 to 9 days and like the virus it.")
    assert result.status is Status.NORMALIZED
    match = result.matches[0]
    assert Rule.NOTE_MARKS in match.rules
    assert (
        text.text[match.start : match.end] == "from 7 to 9 days [4] and like the virus [2, 5] it."
    )
    assert check(text, "from 7 to 9 days [4] and like").status is Status.EXACT
    assert check(text, "from 7 to 8 days and like").status is Status.NEAR  # a number changed
    # the words on either side of a line's end
    broken = PreparedText("Abstract requirements [2] \nare available to be compared.")
    assert check(broken, "Abstract requirements are available").status is Status.NORMALIZED


@pytest.mark.parametrize("before", ["", "history.\u200b3 Then ", "the treaty,12 held and "])
def test_a_changed_number_typed_in_brackets_is_read_against_the_printed_one(before: str) -> None:
    # the quotation types its own citation, "[25]", where the page prints "[22]": a changed
    # reference, never an interpolation matched past the printed one; other marks before it
    # (set apart, after a comma) leave the reading as it is
    text = PreparedText(
        before + "Continuous integration (CI) pipelines [22] and build systems are exposed."
    )
    changed = check(text, "Continuous integration (CI) pipelines [25] and build systems")
    assert changed.status is Status.NEAR
    assert changed.matches[0].critical
    left_out = check(text, "Continuous integration (CI) pipelines and build systems")
    assert left_out.status is Status.NORMALIZED
    assert Rule.NOTE_MARKS in left_out.matches[0].rules
    typed = check(text, "Continuous integration (CI) pipelines [22] and build systems")
    assert typed.status is Status.EXACT


def test_a_bracket_after_a_number_or_a_stop_is_no_citation() -> None:
    # and one a quotation ends with, before a colon, is taken into its span ("en [5]:")
    ends = PreparedText("Las expuestas por Tomasi et al. en [5]: la capacidad.")
    match = check(ends, "expuestas por Tomasi et al. en [5]").matches[0]
    assert ends.text[match.start : match.end] == "expuestas por Tomasi et al. en [5]"
    text = PreparedText("It is shown in Eq. [4] and the rate is 9 [4] per day.")
    assert check(text, "shown in Eq. and the rate").status is not Status.NORMALIZED
    assert check(text, "the rate is 9 per day").status is not Status.NORMALIZED


def test_a_bracketed_citation_after_et_al_is_left_out_as_the_others_are() -> None:
    # "Benson et al. [2] studied": the stop is the abbreviation's, the bracket the citation
    # its authors name (ACM, IEEE); a changed number stays a changed reference
    text = PreparedText("More generally, Benson et al. [2] studied the repeated behaviors.")
    result = check(text, "Benson et al. studied the repeated behaviors")
    assert result.status is Status.NORMALIZED
    assert Rule.NOTE_MARKS in result.matches[0].rules
    broken = PreparedText("as Smith et al.\n[12, 14] showed in their work")
    assert check(broken, "as Smith et al. showed in their work").status is Status.NORMALIZED
    assert check(text, "Benson et al. [3] studied the").status is Status.NEAR
    assert check(text, "Benson et al. [2] studied the").status is Status.EXACT


def test_a_numbered_citation_in_parentheses_counts_only_after_et_al() -> None:
    # "Benson et al. (2) studied", as Science and PNAS set it; an equation's number between
    # two words ("Ansatz (2) together") and a year stay
    text = PreparedText(
        "Benson et al. (2) studied it. We put Ansatz (2) together. Li et al. (2019) saw"
    )
    result = check(text, "Benson et al. studied it.")
    assert result.status is Status.NORMALIZED
    assert Rule.NOTE_MARKS in result.matches[0].rules
    assert check(text, "We put Ansatz together.").status is Status.NEAR
    assert check(text, "Li et al. saw").status is not Status.NORMALIZED
    assert check(text, "Benson et al. (3) studied it.").status is Status.NEAR


def test_a_star_glued_to_the_punctuation_after_a_word_is_left_out_only_by_the_search() -> None:
    # "contraindicated,* in which case": a note's asterisk in the line's size (NICE)
    text = PreparedText(
        "Use MRI except where contraindicated,* in which case CT is used; x* is not."
    )
    result = check(text, "except where contraindicated, in which case CT")
    assert result.status is Status.NORMALIZED
    assert Rule.NOTE_MARKS in result.matches[0].rules
    assert check(text, "contraindicated,* in which").status is Status.EXACT
    # glued to a letter it is a variable's ("x*"), not a mark
    assert check(text, "CT is used; x is not.").status is not Status.NORMALIZED


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="ab ,.\u00b2\u00b9\u2074\u2079\u00e9\u201c\u2070", max_size=30), st.data())
def test_superscripts_are_found_where_a_class_of_them_finds_them(
    text: str, data: st.DataObject
) -> None:
    lo = data.draw(st.integers(0, len(text)))
    hi = data.draw(st.integers(lo, len(text)))
    pattern = re.compile(f"[{marks._SUPERSCRIPTS}]")
    assert marks._holds_superscript(text, lo, hi) == (pattern.search(text, lo, hi) is not None)
    assert marks._holds_superscript("x\u201c \u00b3", 0, 4)
    assert not marks._holds_superscript("x\u201c \u00b3", 0, 3)
