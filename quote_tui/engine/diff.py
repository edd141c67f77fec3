"""Word-level differences between a quotation and the source's wording, with critical flags.

Both sides are folded typographically first (quotes, dashes, ligatures, whitespace, hyphenated
line breaks), so typography alone never shows up as a difference. The rest is compared token by
token: numbers (with their sign or relation, decimals, thousands separators and percent) are one
token, words keep inner hyphens and apostrophes, and each punctuation mark stands alone. A changed
number, a dropped, added or changed sign (``sign``), and a dropped, added or flipped negation are
always critical, however similar the passage is; what counts as a negation, a number word or a
number's sign is defined once, in ``meaning``.

Each difference carries where its words stand in the strings compared: the offsets run from the
first reported token's first character to the last one's last (accents included), so the slice,
folded typographically and with whitespace dropped, reads as the reported words do with
whitespace dropped. A side with no words gets a zero-width position: just after the token before
the gap, or at the start of the next token when the gap opens the text. (Offsets are known per
character cluster, a letter with its accents: a cluster that yields two tokens, such as a digit
with a stray accent, gives both the whole cluster.)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from operator import attrgetter
from typing import NamedTuple

from rapidfuzz.distance import OSA, Levenshtein

from quote_tui.engine.diff_opcodes import opcodes
from quote_tui.engine.meaning import FAIL_FORMS, MINUS_PLUS, RELATIONS, is_negation, is_number_word
from quote_tui.engine.records import Difference, DiffKind
from quote_tui.engine.typography import SPACELESS_CLASS, fold_chars

__all__ = ["difference_spans", "word_differences"]

# Scripts written without spaces: each character is a token of its own.
_SPACELESS = SPACELESS_CLASS
_WORD_CHAR = rf"(?:(?![{_SPACELESS}])\w)"
# A number's sign is part of its token (see ``meaning``; text here is folded, so every minus is
# "-"): "-0.42" and "< 0.05" each compare as one value.
_SIGN = rf"(?:[{re.escape(RELATIONS)}]=? ?|(?<![\w.-])[{re.escape(MINUS_PLUS)}])"
_NUM = rf"(?:{_SIGN}(?=\.?\d))?(?<![\w.])(?:\d+(?:,\d{{3}})*(?:\.\d+)?|\.\d+)%?"
# What a number's token can start with: tried first, it spares words and marks the number's
# lookbehinds (a third of the tokenizer's time), and matches exactly what ``_NUM`` does.
_NUM_FIRST = rf"(?=[\d.{re.escape(RELATIONS + MINUS_PLUS)}])"
_TOKEN = re.compile(
    rf"(?P<num>{_NUM_FIRST}{_NUM}(?!{_WORD_CHAR}))"
    rf"|(?P<word>{_WORD_CHAR}+(?:['-]{_WORD_CHAR}+)*)"
    rf"|(?P<char>[{_SPACELESS}])"
    r"|(?P<punct>-+|\.\.\.|[^\w\s])"
)
# The same tokens for an ASCII text, where no character is of a script without spaces: the
# lookahead that keeps such characters out of words cost a third of a short diff.
_ASCII_TOKEN = re.compile(
    rf"(?P<num>{_NUM_FIRST}{_NUM}(?!\w))|(?P<word>\w+(?:['-]\w+)*)|(?P<punct>-+|\.\.\.|[^\w\s])"
)
# What a token's text and kind alone decide (whether it negates, its key, whether it is a form
# of "fail"), remembered up to a bound: the same words recur in every diff.
_TOKEN_FACTS: dict[tuple[str, str], tuple[bool, str, bool]] = {}
_MOST_TOKEN_FACTS = 1 << 14
# The same for an ASCII token by ``_ASCII_TOKEN``'s groups, with its text and kind.
_FLAT_FACTS: dict[tuple[str, str, str], tuple[str, str, bool, str, bool]] = {}

# fmt: off
_NEGATING_PREFIXES = ("non", "dis", "un", "in", "im", "il", "ir")
# Prefixed words that are not the negation of the rest ("improve" is not "not prove"). Only
# words whose rest has four letters or more: a shorter rest never flips ("input", "iron").
_FALSE_PREFIXED = frozenset((
    "inform", "invest", "intent", "inside", "indeed", "income", "insight", "install", "instead",
    "invent", "inward", "impress", "import", "impose", "improve", "impart", "impact", "impair",
    "immerse", "display", "discard", "discover", "discount", "dispose", "dispatch", "distance",
    "dismiss", "discuss", "disease", "uniform", "universe", "unison", "illustrate",
    "illuminate", "interest", "intern",
))
_UNITS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
)
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_ORDINALS = (
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
)
# fmt: on
_FORMS: dict[str, str] = {
    **dict.fromkeys(_ORDINALS, "ordinal"),
    **dict.fromkeys(("once", "twice", "thrice"), "times"),
    "dozen": "dozen",
}
_SPELLED: dict[str, float] = {
    **{w: float(i) for i, w in enumerate(_UNITS)},
    **{w: float(20 + 10 * i) for i, w in enumerate(_TENS)},
    **{w: float(i + 1) for i, w in enumerate(_ORDINALS)},
    "hundred": 100.0,
    "thousand": 1e3,
    "million": 1e6,
    "billion": 1e9,
    "trillion": 1e12,
    "dozen": 12.0,
    "once": 1.0,
    "twice": 2.0,
    "thrice": 3.0,
    "half": 0.5,
}
_GAP_COST = 0.7
_MAX_PAIRING_CELLS = 2500


class _Token(NamedTuple):
    """One token with its offsets; a named tuple, as a diff of a long quotation makes thousands
    and a frozen dataclass costs several times as much to build."""

    text: str
    kind: str  # "num", "word", "char" or "punct"
    start: int  # offsets into the unfolded text
    end: int
    negating: bool  # a negation by itself, or "fail(ed) to" (which needs the next word)
    key: str  # what must agree for two tokens to count as the same (see ``_key``)


def _key(text: str, kind: str) -> str:
    """What must agree for two tokens to count as the same (case and hyphens aside)."""
    if kind == "punct":
        return "-" if text.startswith("-") else text
    if kind == "num":
        return text.replace(" ", "")  # a sign is part of the number; "< 5" is "<5"
    return text.lower().replace("-", "")


def _token_facts(word: str, kind: str) -> tuple[bool, str, bool]:
    """Whether a token negates by itself, its key (``_key``), and whether it is a form of "fail"."""
    facts = _TOKEN_FACTS.get((word, kind))
    if facts is None:
        if len(_TOKEN_FACTS) >= _MOST_TOKEN_FACTS:
            _TOKEN_FACTS.clear()
        facts = _TOKEN_FACTS[word, kind] = (
            kind == "word" and is_negation(word),
            _key(word, kind),
            word.lower() in FAIL_FORMS,
        )
    return facts


def _tokens(text: str) -> list[_Token]:
    """The tokens of a text, folded, with their offsets in the text as given."""
    folded, where = fold_chars(text)
    if isinstance(where, range) and folded.isascii():
        out, fails = _flat_tokens(folded)
    else:
        out, fails = _mapped_tokens(text, folded, where)
    for i in fails:
        if i + 1 < len(out) and out[i + 1].text.lower() == "to":
            out[i] = out[i]._replace(negating=True)
    return out


def _flat_tokens(folded: str) -> tuple[list[_Token], list[int]]:
    """The tokens of a text that folds character for character (``fold_chars`` gave a range),
    and which of them are forms of "fail".

    Each character stands at its own offset and the fold is ASCII, so a token's offsets are
    its place in the fold: ``findall`` gives the tokens at C speed, and each is found from the
    end of the one before (only whitespace stands between tokens, and none starts with it).
    """
    out: list[_Token] = []
    fails: list[int] = []
    pos = 0
    find = folded.find
    facts_of = _FLAT_FACTS.get
    new = tuple.__new__
    for groups in _ASCII_TOKEN.findall(folded):
        token, kind, negating, key, fail = facts_of(groups) or _flat_facts(groups)
        start = find(token, pos)
        pos = start + len(token)
        if fail:
            fails.append(len(out))
        out.append(new(_Token, (token, kind, start, pos, negating, key)))
    return out, fails


def _flat_facts(groups: tuple[str, str, str]) -> tuple[str, str, bool, str, bool]:
    """A token's text, kind and facts (``_token_facts``) from ``_ASCII_TOKEN``'s groups,
    remembered by the groups: the same words recur in every diff, and reading their kind
    cost a third of the loop over them."""
    num, word, punct = groups
    token, kind = (num, "num") if num else (word, "word") if word else (punct, "punct")
    if len(_FLAT_FACTS) >= _MOST_TOKEN_FACTS:
        _FLAT_FACTS.clear()
    facts = _FLAT_FACTS[groups] = (token, kind, *_token_facts(token, kind))
    return facts


def _mapped_tokens(text: str, folded: str, where: Sequence[int]) -> tuple[list[_Token], list[int]]:
    """The tokens of ``text`` from its fold and the fold's offsets, and which of them are forms
    of "fail"."""
    out: list[_Token] = []
    fails: list[int] = []
    # an ASCII text has no accents for a token's last letter to take in
    combining = None if text.isascii() else unicodedata.combining
    pattern = _ASCII_TOKEN if folded.isascii() else _TOKEN
    n = len(where)
    facts_of = _TOKEN_FACTS.get
    new = tuple.__new__  # a named tuple's own __new__ is a Python call per token
    for m in pattern.finditer(folded):
        m_start, m_end = m.span()
        end = where[m_end - 1] + 1
        if combining is not None:
            limit = where[m_end] if m_end < n else len(text)
            while end < limit and combining(text[end]):
                end += 1  # accents the token's last letter took in when folded
        word, kind = m.group(), m.lastgroup or "punct"
        negating, key, fail = facts_of((word, kind)) or _token_facts(word, kind)
        if fail:
            fails.append(len(out))
        out.append(new(_Token, (word, kind, where[m_start], end, negating, key)))
    return out, fails


def _gap(tokens: Sequence[_Token], index: int) -> int:
    """The zero-width position before ``tokens[index]``: after the token before it, if any."""
    if index > 0:
        return tokens[index - 1].end
    return tokens[0].start if tokens else 0


def _negated(token: _Token) -> bool:
    return token.negating


def _value(token: _Token) -> tuple[str, float, bool] | None:
    """Sign (or relation), magnitude and whether it is a percentage; None for a token that is
    not a number. "+3" and "3" are the same value but not the same statement, so the sign is
    kept apart from the magnitude rather than folded into it."""
    if token.kind == "num":
        text = token.key.replace(",", "")
        digits = text.lstrip(RELATIONS + MINUS_PLUS + "=")
        percent = digits.endswith("%")
        try:
            return text[: len(text) - len(digits)], float(digits.rstrip("%")), percent
        except ValueError:
            return None
    parts = token.text.lower().split("-")
    if parts and all(p in _SPELLED for p in parts):
        return "", sum(_SPELLED[p] for p in parts), False
    return None


def _form(token: _Token) -> str | None:
    """How a spelt number counts: "" for a cardinal, else "ordinal" ("tenth", "twenty-first"),
    "times" ("once", "twice") or the word ("dozen"); None for digits, which may stand for any
    form ("the 10th", "chapter 10"). Two spelt forms of one magnitude are two statements: "ten
    birds" and "the tenth bird", "two visits" and "twice"."""
    if token.kind == "num":
        return None
    parts = token.text.lower().split("-")
    return next((_FORMS[p] for p in parts if p in _FORMS), "")


def _same_form(q: _Token, s: _Token) -> bool:
    qf, sf = _form(q), _form(s)
    return qf is None or sf is None or qf == sf


def _numeric(token: _Token) -> bool:
    return (
        _value(token) is not None
        or any(c.isdigit() for c in token.text)
        or is_number_word(token.text)
    )


def _flips(a: str, b: str) -> bool:
    """True when one word is the other with a negating prefix ("likely" / "unlikely")."""
    short, long_ = sorted((a, b), key=len)
    return (
        len(short) >= 4
        and long_ not in _FALSE_PREFIXED
        and any(long_ == p + short for p in _NEGATING_PREFIXES)
    )


def _spelling(a: str, b: str) -> bool:
    """Same word spelt differently ("colour" / "color", a typo): a letter or two apart, same first
    letter (a changed first letter is more often another word: "sound" / "round")."""
    shortest = min(len(a), len(b))
    if shortest < 3 or a[0] != b[0]:
        return False
    distance = OSA.distance(a, b)  # a swapped pair of letters counts once
    if shortest == 3:
        return distance == 1 and len(a) != len(b)  # "day" / "days", not "cat" / "car"
    return distance <= (1 if shortest < 6 else 2)


def _pair(q: _Token, s: _Token) -> Difference:
    """Classify one quoted token against the source token it replaces, with both positions."""
    kind, critical = _classify(q, s)
    return Difference(q.text, s.text, kind, critical, q.start, q.end, s.start, s.end)


def _classify(q: _Token, s: _Token) -> tuple[DiffKind, bool]:
    """The kind of a replaced token, and whether the change is critical.

    Replaced tokens never share a key: the opcodes match every token whose key the other side's
    stretch holds (difflib without junk), so a change of case alone, or a number written alike,
    is named on an equal stretch (``word_differences``), never here
    (``test_diff_replaced_keys.py``).
    """
    if q.kind == "punct" and s.kind == "punct":
        return DiffKind.PUNCTUATION, False
    if _negated(q) != _negated(s) or _flips(q.key, s.key):
        return DiffKind.NEGATION, True
    if _numeric(q) or _numeric(s):
        qv, sv = _value(q), _value(s)
        if qv is not None and sv is not None and _same_form(q, s):
            if qv == sv:
                return DiffKind.NUMBER, False
            if qv[1:] == sv[1:]:
                return DiffKind.SIGN, True
        return DiffKind.NUMBER, True
    if _spelling(q.key, s.key):
        return DiffKind.SPELLING, False
    return DiffKind.WORD, False


def _unpaired(tokens: Sequence[_Token], *, in_quote: bool, other_at: int) -> list[Difference]:
    """Words only one side has, as runs of punctuation and runs of words; ``other_at`` is the
    zero-width position on the side without them."""
    out: list[Difference] = []
    runs: list[list[_Token]] = []
    for t in tokens:
        if runs and (runs[-1][-1].kind == "punct") == (t.kind == "punct"):
            runs[-1].append(t)
        else:
            runs.append([t])
    for run in runs:
        joined = _join(run)
        if run[0].kind == "punct":
            kind, critical = DiffKind.PUNCTUATION, False
        elif any(_negated(t) for t in run):
            kind, critical = DiffKind.NEGATION, True
        elif any(_numeric(t) for t in run):
            kind, critical = DiffKind.NUMBER, True
        else:
            kind, critical = (DiffKind.EXTRA if in_quote else DiffKind.MISSING), False
        quote, source = (joined, "") if in_quote else ("", joined)
        here, there = (run[0].start, run[-1].end), (other_at, other_at)
        (qa, qb), (sa, sb) = (here, there) if in_quote else (there, here)
        out.append(Difference(quote, source, kind, critical, qa, qb, sa, sb))
    return out


def _join(tokens: Sequence[_Token]) -> str:
    out = ""
    for t in tokens:
        glue = out and t.kind != "punct" and (out[-1].isalnum() or out[-1] in ".,;:!?%")
        # A mark that folded from a spacing accent ("¨" is a space and U+0308) keeps its space:
        # glued to the mark before it, folding the words again would reorder the two.
        glue = glue or (out and unicodedata.combining(t.text[0]))
        out += (" " if glue else "") + t.text
    return out


def _cost(q: _Token, s: _Token) -> float:
    if (q.kind == "punct") != (s.kind == "punct"):
        return 2 * _GAP_COST + 1  # never pair a mark with a word
    return 1.0 - Levenshtein.normalized_similarity(q.key, s.key)


def _align(
    q_all: Sequence[_Token], s_all: Sequence[_Token], i1: int, i2: int, j1: int, j2: int
) -> list[Difference]:
    """Pair the tokens of a replaced stretch (``q_all[i1:i2]`` against ``s_all[j1:j2]``) by least
    cost; what stays unpaired is extra/missing."""
    qs, ss = q_all[i1:i2], s_all[j1:j2]
    if len(qs) == len(ss):
        return [_pair(q, s) for q, s in zip(qs, ss, strict=True)]
    if len(qs) * len(ss) > _MAX_PAIRING_CELLS:
        n = min(len(qs), len(ss))
        return (
            [_pair(q, s) for q, s in zip(qs[:n], ss[:n], strict=True)]
            + _unpaired(qs[n:], in_quote=True, other_at=_gap(s_all, j1 + n))
            + _unpaired(ss[n:], in_quote=False, other_at=_gap(q_all, i1 + n))
        )
    rows, cols = len(qs) + 1, len(ss) + 1
    cost = [[0.0] * cols for _ in range(rows)]
    move = [[0] * cols for _ in range(rows)]  # 0: pair, 1: quote token alone, 2: source alone
    for i in range(1, rows):
        cost[i][0], move[i][0] = i * _GAP_COST, 1
    for j in range(1, cols):
        cost[0][j], move[0][j] = j * _GAP_COST, 2
    for i in range(1, rows):
        for j in range(1, cols):
            cost[i][j], move[i][j] = min(
                (cost[i - 1][j - 1] + _cost(qs[i - 1], ss[j - 1]), 0),
                (cost[i - 1][j] + _GAP_COST, 1),
                (cost[i][j - 1] + _GAP_COST, 2),
            )
    steps: list[tuple[int, int]] = []  # (quote index or -1, source index or -1)
    i, j = len(qs), len(ss)
    while i or j:
        m = move[i][j]
        steps.append((i - 1 if m != 2 else -1, j - 1 if m != 1 else -1))
        i, j = (i - 1 if m != 2 else i), (j - 1 if m != 1 else j)
    out: list[Difference] = []
    q_next, s_next = i1, j1  # the next unconsumed token on each side
    for qi, si in reversed(steps):
        if qi >= 0 and si >= 0:
            out.append(_pair(qs[qi], ss[si]))
        elif qi >= 0:
            out.extend(_unpaired([qs[qi]], in_quote=True, other_at=_gap(s_all, s_next)))
        else:
            out.extend(_unpaired([ss[si]], in_quote=False, other_at=_gap(q_all, q_next)))
        q_next, s_next = q_next + (qi >= 0), s_next + (si >= 0)
    return _merge(out)


def _merge(diffs: list[Difference]) -> list[Difference]:
    """Join neighbouring plain extra (or missing) words into one item."""
    out: list[Difference] = []
    for d in diffs:
        prev = out[-1] if out else None
        if prev and d.kind == prev.kind and d.kind in (DiffKind.EXTRA, DiffKind.MISSING):
            out[-1] = Difference(
                f"{prev.quote} {d.quote}".strip(),
                f"{prev.source} {d.source}".strip(),
                d.kind,
                quote_start=prev.quote_start,
                quote_end=d.quote_end,
                source_start=prev.source_start,
                source_end=d.source_end,
            )
        else:
            out.append(d)
    return out


_TEXT = attrgetter("text")
_KEY = attrgetter("key")


def word_differences(quote: str, source: str) -> tuple[Difference, ...]:
    """Word-level differences between a quotation and the source passage it stands for.

    Args:
        quote: the quotation as typed.
        source: the source's wording (the span of the checked text).

    Returns:
        The differences in source order. Each names the quoted and the source wording (one is
        empty for extra or missing words), its kind, whether it is critical (every changed
        number or sign and every dropped, added or flipped negation is), and its offsets into
        ``quote`` and ``source`` (see the module's docstring).
    """
    qs, ss = _tokens(quote), _tokens(source)
    out: list[Difference] = []
    quoted, written = list(map(_TEXT, qs)), list(map(_TEXT, ss))
    for op, i1, i2, j1, j2 in opcodes(list(map(_KEY, qs)), list(map(_KEY, ss))):
        if op == "equal":
            if quoted[i1:i2] == written[j1:j2]:
                continue  # the same words as written: nothing differs (compared at C speed)
            for q, s in zip(qs[i1:i2], ss[j1:j2], strict=True):
                # Equal keys: only case (or a hyphen, which is typography) can differ; equal
                # numbers differ at most in the space after a relation ("< 5", "<5").
                if q.kind == "num":
                    continue
                if q.text != s.text and q.text.replace("-", "") != s.text.replace("-", ""):
                    out.append(
                        Difference(
                            q.text, s.text, DiffKind.CASE, False, q.start, q.end, s.start, s.end
                        )
                    )
        elif op == "delete":
            out.extend(_unpaired(qs[i1:i2], in_quote=True, other_at=_gap(ss, j1)))
        elif op == "insert":
            out.extend(_unpaired(ss[j1:j2], in_quote=False, other_at=_gap(qs, i1)))
        else:
            out.extend(_align(qs, ss, i1, i2, j1, j2))
    return tuple(out)


def _bare(text: str) -> str:
    return "".join(fold_chars(text)[0].split())


def difference_spans(
    text: str, placed: Sequence[tuple[str, int | None, int | None]]
) -> list[tuple[int, int] | None]:
    """Where each difference's words stand in ``text``, from their recorded offsets.

    The check compares the quotation trimmed of whitespace and, when it has them, of the
    quotation marks around it, so recorded offsets may be relative to that trimmed form. The
    first shift (marks trimmed, whitespace trimmed, none) under which every recorded slice reads
    as its reported words (folded, whitespace aside) is used; offsets that fit no shift are
    dropped rather than mark the wrong words.

    Args:
        text: the quotation as typed, or the source's wording (the match's ``text``).
        placed: per difference, its words on this side and their start and end offsets (None
            when unknown, as in files written before offsets were recorded).

    Returns:
        Per difference, its (start, end) in ``text``, or None when unknown: search for the words
        instead.
    """
    lead = len(text) - len(text.lstrip())
    shifts = [lead, 0]
    if lead < len(text) and not text[lead].isalnum():
        after = text[lead + 1 :]
        shifts.insert(0, lead + 1 + len(after) - len(after.lstrip()))
    known = [(w, a, b) for w, a, b in placed if a is not None and b is not None]
    for shift in dict.fromkeys(shifts):
        if known and all(
            0 <= a <= b
            and b + shift <= len(text)
            and _bare(text[a + shift : b + shift]) == _bare(w)
            for w, a, b in known
        ):
            return [
                (a + shift, b + shift) if a is not None and b is not None else None
                for _, a, b in placed
            ]
    return [None] * len(placed)
