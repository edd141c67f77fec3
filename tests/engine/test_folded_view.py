"""The folded view's memo of where folded quotations first stand changes no verdict.

A long text keeps where each folded quotation first stands; a quotation with plain ASCII edges
whose fold is absent is then known to stand nowhere verbatim, without a scan of the text. Both
claims are checked against the same check with the memo off, on texts full of what the fold
changes (ligatures, combining marks, hyphens at line ends, soft hyphens, quotation marks,
invisible and unusual spaces).
"""

from __future__ import annotations

from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine import folded_view
from quote_tui.engine.check import check, warm
from quote_tui.engine.exact import find_exact
from quote_tui.engine.normalize import fold
from quote_tui.engine.records import MatchOptions
from quote_tui.engine.text import PreparedText

_PIECES = [
    "ab", "cd", "ef", "1", "2", " ", " ", "\n", "-", "-\n", "\u00ad", "\ufb01", "\u0301", "e\u0301",
    "'", "\u2019", "\u201c", '"', "«", "»", "\u200b", "\u00a0", "  ", ".", ",", "''", "\u2013",
]  # fmt: skip
_FILLER = "lorem ipsum dolor sit amet " * 2500  # past the memo's 65,536 characters


def _checks(text: str, quotes: list[str], memo: bool) -> list[tuple]:
    limit = 0 if memo else 10**12
    with mock.patch.object(folded_view, "_FIRSTS_MIN_CHARS", limit):
        prepared = PreparedText(text)
        warm(prepared)
        out = []
        for quote in quotes:
            if not quote.strip():
                continue
            r = check(prepared, quote, near=False)
            out.append((quote, r.to_dict()))
        return out


@st.composite
def _case(draw: st.DrawFn) -> tuple[str, list[str]]:
    body = "".join(draw(st.lists(st.sampled_from(_PIECES), min_size=5, max_size=80)))
    quotes = []
    for _ in range(4):
        a = draw(st.integers(0, len(body)))
        b = draw(st.integers(a, min(len(body), a + 40)))
        quotes.append(body[a:b])
    quotes.append("".join(draw(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=12))))
    return body + " " + _FILLER + body + " " + body[::-1], quotes


@settings(max_examples=150, deadline=None)
@given(_case())
def test_the_memo_changes_no_exact_or_normalized_result(case: tuple[str, list[str]]) -> None:
    text, quotes = case
    assert _checks(text, quotes, memo=True) == _checks(text, quotes, memo=False)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), min_size=3, max_size=60), st.data())
def test_a_plain_edged_verbatim_occurrence_is_in_the_folded_view(
    pieces: list[str], data: st.DataObject
) -> None:
    text = "".join(pieces)
    a = data.draw(st.integers(0, len(text)))
    b = data.draw(st.integers(a, len(text)))
    quote = text[a:b].strip()
    if not quote or not (quote[0].isascii() and quote[0].isalnum()):
        return
    if not (quote[-1].isascii() and quote[-1].isalnum()):
        return
    if (
        find_exact(PreparedText(text), quote, limit=5).count
        or find_exact(PreparedText(text), quote, limit=5).signed
    ):
        assert fold(quote).text in fold(text).text


def test_an_absent_quotation_is_answered_from_the_memo() -> None:
    prepared = PreparedText(_FILLER + "the tumor tissue\n")
    warm(prepared)
    assert check(prepared, "the tumour tissue", near=False).match_count == 0
    assert prepared.cache["engine.exact.firsts"] == {
        "the tumour tissue": folded_view.Places((), True)
    }
    assert check(prepared, "the tumor tissue", near=False).match_count == 1


def test_the_memo_forgets_past_its_size() -> None:
    prepared = PreparedText(_FILLER)
    warm(prepared)
    for i in range(folded_view._FIRSTS_KEPT + 5):
        check(prepared, f"absent{i}x", near=False)
    assert len(prepared.cache["engine.exact.firsts"]) <= folded_view._FIRSTS_KEPT


def test_a_long_quotation_is_not_kept() -> None:
    prepared = PreparedText(_FILLER)
    warm(prepared)
    long_quote = "absent " * (folded_view._FIRSTS_NEEDLE_CHARS // 7 + 2) + "words"
    short_quote = long_quote[: folded_view._FIRSTS_NEEDLE_CHARS - 10].strip()
    assert check(prepared, long_quote, near=False).match_count == 0
    assert check(prepared, short_quote, near=False).match_count == 0
    kept = prepared.cache["engine.exact.firsts"]
    assert all(len(needle) <= folded_view._FIRSTS_NEEDLE_CHARS for needle in kept)
    assert kept


def test_a_quotation_found_a_few_times_is_answered_by_one_scan() -> None:
    # each tier used to scan the text again from the first place: with every place known, the
    # exact tier compares them, and the normalized tier and the line-broken count stop there
    text = _FILLER + "the tumor\ntissue grew. " + _FILLER[:5400] + "the tumor tissue grew. "
    prepared = PreparedText(text)
    warm(prepared)
    result = check(prepared, "the tumor tissue grew", near=False)
    places = prepared.cache["engine.exact.firsts"]["the tumor tissue grew"]
    assert places.complete and len(places.starts) == 2
    assert result.status == "exact" and result.match_count == 2
    assert [m.start for m in result.matches] == [text.rindex("the tumor tissue"), len(_FILLER)]


def test_past_its_kept_places_a_quotation_is_searched_on() -> None:
    kept = folded_view._PLACES_KEPT
    text = _FILLER + "the tumor tissue grew. " * (kept + 3) + "the tumor\ntissue grew."
    prepared = PreparedText(text)
    warm(prepared)
    result = check(
        prepared, "the tumor tissue grew", near=False, options=MatchOptions(max_matches=50)
    )
    places = prepared.cache["engine.exact.firsts"]["the tumor tissue grew"]
    assert not places.complete and len(places.starts) == kept
    assert result.match_count == kept + 4
    assert len([m for m in result.matches if m.kind == "normalized"]) == 1


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), min_size=3, max_size=60), st.data())
def test_a_verbatim_occurrence_starts_where_a_folded_place_maps(
    pieces: list[str], data: st.DataObject
) -> None:
    # the exact tier compares the quotation only at the source places of its fold's places
    text = "".join(pieces)
    a = data.draw(st.integers(0, len(text)))
    quote = text[a : data.draw(st.integers(a, len(text)))].strip()
    with mock.patch.object(folded_view, "_FIRSTS_MIN_CHARS", 10**12):
        scanned = find_exact(PreparedText(text), quote, limit=100) if quote else None
    prepared = PreparedText(text)
    folded_view.folded_source(prepared)
    with mock.patch.object(folded_view, "_FIRSTS_MIN_CHARS", 0):
        places = folded_view.verbatim_places(prepared, quote)
    if scanned is None or places is None or not places.complete:
        return
    assert {f.start for f in scanned.found + scanned.signed} <= set(places.starts)
