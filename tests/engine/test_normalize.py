"""The fold and its map back: each rule, the sparse offset map, hyphens and word edges."""

from __future__ import annotations

import re
import unicodedata

import pytest

from quote_tui.engine import unicode_classes
from quote_tui.engine.fold_rules import fold_piece, rules_needed
from quote_tui.engine.normalize import fold, fold_quote, hyphens_agree
from quote_tui.engine.records import Rule
from quote_tui.engine.typography import SPACELESS_CLASS, cuts_word, edge_ok, is_spaceless


@pytest.mark.parametrize(
    ("raw", "folded"),
    [
        ("a  b\n\tc\u00a0d\u3000e", "a b c d e"),
        ("“all” ‘one’ ``two'' «\u00a0trois\u00a0» „vier“", '"all" \'one\' "two" "trois" "vier"'),
        ("70–75 x—y a -- b 3−2", "70-75 xy ab 3-2"),
        ("ﬁnal staﬀ members Verzweiﬂ ung", "final staff members Verzweiflung"),
        ("ac\xad\ncurate Arabo\xadLatin", "accurate AraboLatin"),
        ("exam-\nple well-\n  known", "example wellknown"),
        ("cafe\u0301 ＡＢＣ µm", "café ABC μm"),
        ("10⁶ H₂O ½", "10⁶ H₂O ½"),
        ("zero\u200bwidth", "zerowidth"),
    ],
)
def test_fold_text(raw: str, folded: str) -> None:
    assert fold(raw).text == folded


def test_fold_leaves_meaningful_characters_alone() -> None:
    raw = "-0.42 < 1 = x; The Case [2Fe-2S] 3.14"
    assert fold(raw).text == "-0.42 < 1 = x; The Case [2Fe-2S] 3.14"


def test_map_back_every_edit() -> None:
    raw = "The “ﬁnal”  exam-\nple costs\u00a0£5 — cafe\u0301."
    f = fold(raw)
    assert f.text == 'The "final" example costs £5-café.'
    for word in ("final", "example", "costs", "£5", "café"):
        i = f.text.index(word)
        s, e = f.source_span(i, i + len(word))
        assert fold(raw[s:e]).text == word
    i = f.text.index("inal")  # starts inside the ligature: the ligature is included whole
    assert raw[slice(*f.source_span(i, i + 4))] == "ﬁnal"


def test_source_span_never_ends_on_a_line_break() -> None:
    raw = "one two\nthree"
    f = fold(raw)
    s, e = f.source_span(0, 8)  # "one two " in folded text
    assert raw[s:e] == "one two"


def test_identity_when_nothing_to_fold() -> None:
    f = fold("plain ascii text, nothing to do.")
    assert f.region_fold_starts == ()
    assert f.source_span(6, 11) == (6, 11)


def test_hyphens_recorded_with_their_kind() -> None:
    f = fold("exam-\nple e-mail")
    assert f.text == "example email"
    assert dict(zip(f.hyphen_positions, f.hyphen_breaks, strict=True)) == {4: True, 9: False}


def test_hyphens_agree() -> None:
    assert hyphens_agree({}, {4: True})  # "example" against "exam-\nple"
    assert hyphens_agree({4: False}, {4: True})  # "well-known" against "well-\nknown"
    assert hyphens_agree({4: True}, {})  # a quotation pasted with its line-end hyphen
    assert not hyphens_agree({}, {2: False})  # "recover" is not "re-cover"
    assert not hyphens_agree({2: False}, {})


@pytest.mark.parametrize(
    ("quote", "source", "rules"),
    [
        ('"a"', "“a”", {Rule.QUOTES}),
        ("a b", "a\nb", {Rule.WHITESPACE}),
        ("a - b", "a – b", {Rule.DASHES}),
        ("a-b", "a – b", {Rule.DASHES, Rule.WHITESPACE}),
        ("fi", "ﬁ", {Rule.LIGATURES}),
        ("ab", "a\xadb", {Rule.SOFT_HYPHEN}),
        ("é", "e\u0301", {Rule.UNICODE}),
    ],
)
def test_rules_needed_names_only_what_differs(quote: str, source: str, rules: set[Rule]) -> None:
    candidates = set(Rule) - {Rule.ELLIPSIS, Rule.BRACKET, Rule.PUNCTUATION, Rule.NOTE_MARKS}
    assert rules_needed(quote, source, candidates) == rules


def test_fold_piece_applies_only_chosen_rules() -> None:
    assert fold_piece("“a”\u00a0–", [Rule.QUOTES]) == '"a"\u00a0–'
    assert fold_piece("“a”\u00a0–", [Rule.QUOTES, Rule.DASHES, Rule.WHITESPACE]) == '"a"-'


@pytest.mark.parametrize(
    ("left", "right", "cut"),
    [
        ("a", "b", True),
        ("1", "4", True),
        ("a", " ", False),
        ("-", "a", False),
        ("東", "京", False),
        ("a", "東", False),
        ("e", "\u0301", True),
        ("", "a", False),
    ],
)
def test_cuts_word(left: str, right: str, cut: bool) -> None:
    assert cuts_word(left, right) is cut


def test_edge_ok_protects_numbers() -> None:
    text = "in 142 and 0.42 and 10.42 cases"
    assert not edge_ok(text, text.index("42"), text.index("42") + 2)
    i = text.index("0.42 and 10")
    assert edge_ok(text, i, i + 4)
    j = text.index("0.42 cases")
    assert not edge_ok(text, j, j + 4)  # inside 10.42


def test_the_stored_unicode_classes_are_those_of_the_unicode_table() -> None:
    stored = unicode_classes._STORED.get(unicodedata.unidata_version)
    if stored is None:
        pytest.skip(f"no classes stored for Unicode {unicodedata.unidata_version}")
    assert unicode_classes.unicode_ranges() == unicode_classes.scan()


def test_a_character_is_spaceless_as_the_class_says() -> None:
    whole = re.compile(f"[{SPACELESS_CLASS}]")
    points = [*range(0x10000), *range(0x1FFF0, 0x40010)]
    assert [p for p in points if is_spaceless(chr(p)) != bool(whole.match(chr(p)))] == []
    assert not is_spaceless("")


def test_a_quotations_kept_fold_is_its_fold_whoever_asked_before() -> None:
    quotes = [f"the \u201cword\u201d {i}\u2014and\nmore" for i in range(40)]
    for quote in quotes + quotes[::-1]:
        kept, fresh = fold_quote(quote), fold(quote)
        assert kept.text == fresh.text
        assert kept.source == quote
        assert [kept.source_span(0, k) for k in range(len(kept.text))] == [
            fresh.source_span(0, k) for k in range(len(fresh.text))
        ]
