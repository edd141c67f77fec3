"""Property tests: round trips through every normalization, offsets, misquotations, a reference.

The reference is deliberately slow and obvious: a per-character fold into a list of (characters,
source start, source end) and a naive scan at every position. On small inputs the fast path (one
regex scan, sparse offset map, ``str.find``) must agree with it.
"""

from __future__ import annotations

import unicodedata

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from quote_tui.engine.check import check, quote_variants
from quote_tui.engine.exact import find_normalized
from quote_tui.engine.fold_rules import fold_unicode_cluster
from quote_tui.engine.records import FOUND_STATUSES, MatchOptions, Status
from quote_tui.engine.text import PreparedText
from quote_tui.engine.typography import DOUBLE_QUOTES, LIGATURES, SINGLE_QUOTES, edge_ok

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ALL = MatchOptions(max_matches=10_000)
QUOTE_CHARS = "\"'" + DOUBLE_QUOTES + SINGLE_QUOTES

# --- round trip: decorate a span of the source, quote it plainly, find exactly that span

WORD = st.text(alphabet="abcdefilnorstuéø", min_size=1, max_size=7)
DECORATIONS = ["plain", "lig", "shy", "shybreak", "hyph", "nfd", "quote", "apos", "en"]
SEPARATORS = [" ", "\n", "  ", "\u00a0", " \n  ", "\t", "\r\n"]


def decorate(word: str, how: str) -> tuple[str, str]:
    """(source form, quotation form) of a word."""
    if how == "lig" and "fi" in word[:-1] and not word.endswith("fi"):
        return word.replace("fi", "ﬁ"), word
    if how in ("shy", "shybreak", "hyph") and len(word) >= 2:
        mark = {"shy": "\xad", "shybreak": "\xad\n", "hyph": "-\n"}[how]
        return word[0] + mark + word[1:], word
    if how == "nfd":
        return unicodedata.normalize("NFD", word), word
    if how == "quote":
        return f"“{word}”", f'"{word}"'
    if how == "apos":
        return f"{word}’s", f"{word}'s"
    if how == "en":
        return f"{word}–{word}", f"{word}-{word}"
    return word, word


@st.composite
def decorated_documents(draw: st.DrawFn) -> tuple[str, str, tuple[int, int]]:
    words = draw(st.lists(WORD, min_size=1, max_size=12))
    i = draw(st.integers(0, len(words) - 1))
    j = draw(st.integers(i + 1, len(words)))
    parts, quote_words = [], []
    span_start = span_end = 0
    offset = 0
    for k, word in enumerate(words):
        if k:
            sep = draw(st.sampled_from(SEPARATORS))
            parts.append(sep)
            offset += len(sep)
        source_form, quote_form = decorate(word, draw(st.sampled_from(DECORATIONS)))
        if k == i:
            span_start = offset
        parts.append(source_form)
        offset += len(source_form)
        if i <= k < j:
            quote_words.append(quote_form)
        if k == j - 1:
            span_end = offset
    return "".join(parts), " ".join(quote_words), (span_start, span_end)


@SETTINGS
@given(decorated_documents())
def test_decorated_span_is_found_and_maps_back(doc: tuple[str, str, tuple[int, int]]) -> None:
    text, quote, (start, end) = doc
    result = check(PreparedText(text), quote, options=ALL)
    assert result.status in FOUND_STATUSES
    spans = {(m.start, m.end) for m in result.matches}
    expected = text[start:end]
    inner = (start + expected.startswith("“"), end - expected.endswith("”"))
    if (start, end) in spans or inner in spans:
        return
    # An exact occurrence elsewhere outranks the decorated one: it must really be verbatim.
    # Occurrences a line break interrupts are listed after the verbatim ones, each with the
    # rule that joins it ("a\xad\na" beside "a\xada").
    assert result.status == Status.EXACT, (text, quote, spans)
    verbatim = [m for m in result.matches if not m.rules]
    assert verbatim and result.matches[: len(verbatim)] == tuple(verbatim), (text, quote)
    assert all(m.text in quote_variants(quote) for m in verbatim)


# --- offsets in every unit agree

TEXT_ALPHABET = st.sampled_from(list("ab cé😀\n.“”-") + ["ﬁ", "\u00a0", "e\u0301"])


@SETTINGS
@given(st.lists(TEXT_ALPHABET, min_size=1, max_size=40).map("".join), st.data())
def test_offsets_in_every_unit_agree(text: str, data: st.DataObject) -> None:
    a = data.draw(st.integers(0, len(text) - 1))
    b = data.draw(st.integers(a + 1, len(text)))
    quote = text[a:b]
    assume(quote.strip())
    result = check(PreparedText(text), quote, options=ALL)
    for m in result.matches:
        assert m.text == text[m.start : m.end]
        assert m.utf16_start == len(text[: m.start].encode("utf-16-le")) // 2
        assert m.utf16_end == len(text[: m.end].encode("utf-16-le")) // 2
        assert text.encode()[m.utf8_start : m.utf8_end].decode() == m.text
        assert m.utf8_start == len(text[: m.start].encode())
        assert m.line_start == text.count("\n", 0, m.start) + 1
        assert m.line_end == text.count("\n", 0, max(m.start, m.end - 1)) + 1
        assert m.text == m.text.strip() or m.text.strip() == ""


# --- one changed letter or digit is never exact or normalized

PLAIN_WORD = st.text(alphabet="abcde01234", min_size=1, max_size=6)


@SETTINGS
@given(st.lists(PLAIN_WORD, min_size=1, max_size=15), st.data())
def test_changed_letter_or_digit_is_never_found(words: list[str], data: st.DataObject) -> None:
    seps = data.draw(
        st.lists(st.sampled_from(SEPARATORS), min_size=len(words), max_size=len(words))
    )
    text = "".join(w + s for w, s in zip(words, seps, strict=True))
    i = data.draw(st.integers(0, len(words) - 1))
    j = data.draw(st.integers(i + 1, len(words)))
    quote_words = list(words[i:j])
    k = data.draw(st.integers(0, len(quote_words) - 1))
    word = quote_words[k]
    pos = data.draw(st.integers(0, len(word) - 1))
    replacement = "x" if word[pos].isalpha() else "9"
    quote_words[k] = word[:pos] + replacement + word[pos + 1 :]
    result = check(PreparedText(text), " ".join(quote_words))
    assert result.status not in FOUND_STATUSES


# --- the slow, obvious reference against the fast path

REF_ALPHABET = st.sampled_from(
    ["a", "b", "fi", "ﬁ", "ﬂ", " ", "  ", "\n", "\u00a0", "\xad", "é", "e\u0301", "“", "”"]
    + ['"', "'", "’", "µ", "μ", "1", "."]
)
_ONE_FOR_ONE = (
    {c: " " for c in "\n\t\r\u00a0"}
    | {c: '"' for c in DOUBLE_QUOTES}
    | {c: "'" for c in SINGLE_QUOTES}
)


def reference_fold(text: str) -> list[tuple[str, int, int]]:
    """Per character: (folded characters, source start, source end)."""
    flat = "".join(_ONE_FOR_ONE.get(c, c) for c in text)
    out: list[tuple[str, int, int]] = []
    i, n = 0, len(flat)
    while i < n:
        c = flat[i]
        if c == "\xad":
            k = i + 1
            while k < n and flat[k] == " ":
                k += 1
            has_break = any(ch in "\n\r" for ch in text[i + 1 : k])
            i = k if has_break else i + 1
            continue
        if c == " ":
            k = i
            while k < n and flat[k] == " ":
                k += 1
            out.append((" ", i, k))
            i = k
            continue
        if c == "'" and i + 1 < n and flat[i + 1] == "'":
            out.append(('"', i, i + 2))
            i += 2
            continue
        if c in LIGATURES:
            spaced = (
                c in "ﬁﬂﬃﬄ"
                and i > 0
                and flat[i - 1].isalpha()
                and i + 2 < n
                and flat[i + 1] == " "
                and "a" <= flat[i + 2] <= "z"
            )
            out.append((LIGATURES[c], i, i + 2 if spaced else i + 1))
            i += 2 if spaced else 1
            continue
        if unicodedata.combining(c) and out and out[-1][2] == i and out[-1][2] - out[-1][1] == 1:
            prev, s, _ = out.pop()
            out.append((fold_unicode_cluster(flat[s : i + 1]), s, i + 1))
            i += 1
            continue
        out.append((fold_unicode_cluster(c), i, i + 1))
        i += 1
    return out


def reference_find(text: str, quote: str) -> set[tuple[int, int]]:
    chars = [(ch, s, e) for piece, s, e in reference_fold(text) for ch in piece]
    folded = "".join(ch for ch, _, _ in chars)
    needle = "".join(piece for piece, _, _ in reference_fold(quote)).strip(" ")
    found = set()
    for k in range(len(folded) - len(needle) + 1):
        if needle and folded[k : k + len(needle)] == needle and edge_ok(folded, k, k + len(needle)):
            s, e = chars[k][1], chars[k + len(needle) - 1][2]
            while e > s and text[e - 1].isspace():
                e -= 1
            while s < e and text[s].isspace():
                s += 1
            found.add((s, e))
    return found


@settings(max_examples=300, deadline=None)
@given(st.lists(REF_ALPHABET, max_size=25).map("".join), st.data())
def test_fast_path_agrees_with_reference(text: str, data: st.DataObject) -> None:
    if text and data.draw(st.booleans()):
        a = data.draw(st.integers(0, len(text) - 1))
        quote = text[a : data.draw(st.integers(a + 1, len(text)))]
    else:
        quote = data.draw(st.lists(REF_ALPHABET, min_size=1, max_size=6).map("".join))
    quote = quote.strip()
    assume(quote and "\xad" not in quote[:1])
    hits = find_normalized(PreparedText(text), quote, options=ALL, literal_only=True)
    assert {(f.start, f.end) for f in hits.found} == reference_find(text, quote)
