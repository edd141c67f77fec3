"""The prose checks of the claims gate: pure text logic, no I/O.

An item is a piece of prose and the quotations that back it. The prose may state no number the
quotations do not hold (a failure), and draws warnings for quantity words and capitalised names
the quotations do not hold and for long runs of words copied from them; an optional era rule adds
the checks cite-gate defines for scripts set in one period. Each issue carries the offsets of the
words concerned in the prose, so callers can turn them into file, line and column.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.gate.findings import RULES, Code, Severity

__all__ = [
    "EraRule",
    "GateConfig",
    "ProseIssue",
    "check_prose",
    "number_issues",
    "numbers",
    "quote_length",
]

# Capitalised for reasons other than being a name: sentence openers, pronouns, function words,
# small numbers. cite-gate keeps a list of the same kind for the same reason.
_NOT_NAMES_TEXT = """A About Above After Again All Also Although An And Another Any As At Because
Before Below Both But By Can Could Down Each Eight Either Even Every Few Five For Four From He Her
Here Him His How However I If Imagine In Inside Into It Its Just Let Many May Maybe Might Most Much
Must My Neither Nine No Nor Not Nothing Now Of On One Only Onto Or Our Out Outside Over Perhaps
Picture Seven She Should Six So Some Somewhere Still Such Ten That The Their Them Then There These
They This Those Though Three Thus To Today Two Under Up We What When Where Whether Which While Who
Why With Without Would Yes Yet You Your"""
_NOT_NAMES = frozenset(_NOT_NAMES_TEXT.split())
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
_QUANTITY = re.compile(r"\b(hundred|thousand|million|billion)s?\b", re.IGNORECASE)
_MONTH = re.compile(
    r"\b(January|February|March|April|May|June|July|August|September|October|November|December)\b"
)
_ERA_PHRASE = re.compile(r"\b([A-Z][a-z]+) (?:era|period)\b")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_CAPITALISED = re.compile(r"(?<![\w'’-])[A-Z][a-zA-Z'’]+")
_WORD = re.compile(r"[a-z0-9']+")
_QUOTE_MARKS = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})


def _bad_option(message: str) -> BatchInputError:
    return BatchInputError(message, code=ErrorCode.BAD_OPTION, recovery=Recovery.FIX_INPUT)


@dataclass(frozen=True, slots=True)
class EraRule:
    """cite-gate's optional era rule: ``{"name", "tie", "months", "letters"}``.

    Attributes:
        name: the era's name; when the prose uses it, a quotation must match ``tie``.
        tie: a regular expression a quotation must match to tie the item to the era.
        months: False makes every month name in the prose need a quotation that holds it.
        letters: letters the prose should not use (a set of characters, or a ``[...]`` class).
    """

    name: str | None = None
    tie: str | None = None
    months: bool = True
    letters: str | None = None


@dataclass(frozen=True, slots=True)
class GateConfig:
    """cite-gate's config keys, with its defaults."""

    copy_run: int = 11
    min_quote_chars: int = 20
    allow: frozenset[str] = field(default_factory=frozenset)
    fold_accents: bool = False
    era: EraRule | None = None

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any] | None) -> GateConfig:
        """Read a claims file's ``config`` object; unknown keys are ignored as cite-gate does.

        Raises:
            BatchInputError: ``bad_option`` for a value of the wrong kind.
        """
        raw = raw or {}
        if not isinstance(raw, Mapping):
            raise _bad_option("config must be an object.")
        copy_run = raw.get("copy_run", 11)
        min_chars = raw.get("min_quote_chars", 20)
        for key, value in (("copy_run", copy_run), ("min_quote_chars", min_chars)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise _bad_option(f"config.{key} must be a whole number, not {value!r}.")
        if copy_run < 2:
            raise _bad_option("config.copy_run must be at least 2.")
        allow = raw.get("allow", [])
        if not isinstance(allow, list) or not all(isinstance(a, str) for a in allow):
            raise _bad_option("config.allow must be a list of names.")
        era = raw.get("era")
        rule = None
        if era is not None:
            if not isinstance(era, Mapping):
                raise _bad_option('config.era must be an object like {"name": ..., "tie": ...}.')
            rule = EraRule(
                name=_opt_str(era, "name"),
                tie=_opt_str(era, "tie"),
                months=bool(era.get("months", True)),
                letters=_opt_str(era, "letters"),
            )
            for pattern in (rule.tie, _letters_pattern(rule.letters)):
                if pattern:
                    try:
                        re.compile(pattern)
                    except re.error as exc:
                        raise _bad_option(f"config.era: bad pattern {pattern!r}: {exc}.") from exc
        return cls(
            copy_run=copy_run,
            min_quote_chars=min_chars,
            allow=frozenset(allow),
            fold_accents=bool(raw.get("fold_accents", False)),
            era=rule,
        )


def _opt_str(raw: Mapping[str, Any], key: str) -> str | None:
    value = raw.get(key)
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise _bad_option(f"config.era.{key} must be a string.")
    return value


def _letters_pattern(letters: str | None) -> str | None:
    if not letters:
        return None
    return letters if letters.startswith("[") else f"[{re.escape(letters)}]"


@dataclass(frozen=True, slots=True)
class ProseIssue:
    """A problem in one piece of prose; ``start``/``end`` are offsets into it (the first place
    the words stand), ``None`` when the issue concerns the item as a whole."""

    code: Code
    severity: Severity
    start: int | None
    end: int | None
    words: tuple[str, ...]
    message: str


def _issue(
    code: Code, span: tuple[int, int] | None, words: Sequence[str], message: str
) -> ProseIssue:
    start, end = span if span is not None else (None, None)
    return ProseIssue(code, RULES[code].severity, start, end, tuple(words), message)


def _fold_char(ch: str) -> str:
    if ch == "ı":  # the dotless i is a letter of its own, not i with a mark
        return "i"
    return "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))


def _folded(text: str) -> tuple[str, list[int]]:
    """Accents and macrons stripped, with each folded character's offset in ``text``."""
    out: list[str] = []
    back: list[int] = []
    for i, ch in enumerate(text):
        piece = _fold_char(ch) if ord(ch) > 127 else ch
        out.append(piece)
        back.extend([i] * len(piece))
    return "".join(out), back


def _plain(text: str) -> str:
    return " ".join(text.translate(_QUOTE_MARKS).split())


def quote_length(quote: str) -> int:
    """A quotation's length as the minimum-length rule counts it: whitespace collapsed."""
    return len(_plain(quote))


def numbers(text: str) -> set[str]:
    """The numbers written in digits, thousands separators removed: 1,000 equals 1000."""
    return {m.group().replace(",", "") for m in _NUMBER.finditer(text)}


def _number_spans(text: str) -> list[tuple[str, int, int]]:
    out = []
    for m in _NUMBER.finditer(text):
        raw = m.group().rstrip(",")
        out.append((raw.replace(",", ""), m.start(), m.start() + len(raw)))
    return out


def number_issues(prose: str, quotes: Sequence[str]) -> tuple[ProseIssue, ...]:
    """The number rule alone: one failure naming every number of the prose that no quotation
    holds, placed at the first of them.

    Args:
        prose: the item's prose.
        quotes: its quotations.

    Returns:
        No issue, or one ``number_not_in_quotes`` failure.
    """
    held = numbers(" ".join(quotes))
    missing: list[tuple[str, int, int]] = []
    seen: set[str] = set()
    for value, start, end in _number_spans(prose):
        if value not in held and value not in seen:
            seen.add(value)
            missing.append((value, start, end))
    if not missing:
        return ()
    words = [prose[s:e] for _, s, e in missing]
    listed = ", ".join(words)
    return (
        _issue(
            Code.NUMBER_NOT_IN_QUOTES,
            (missing[0][1], missing[0][2]),
            words,
            f"number(s) {listed} in the prose stand in none of the item's quotations",
        ),
    )


def _quantity_issues(body: str, qtext: str) -> list[tuple[Code, tuple[int, int], list[str], str]]:
    held = {m.group(1).lower() for m in _QUANTITY.finditer(qtext)}
    hits = [m for m in _QUANTITY.finditer(body) if m.group(1).lower() not in held]
    if not hits:
        return []
    words = list(dict.fromkeys(m.group() for m in hits))
    return [
        (
            Code.QUANTITY_WORD,
            hits[0].span(),
            words,
            f"quantity word(s) {', '.join(words)} in the prose stand in none of the quotations",
        )
    ]


def _copy_issue(
    body: str, qtext: str, copy_run: int
) -> list[tuple[Code, tuple[int, int], list[str], str]]:
    prose_words = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(body.lower())]
    quote_words = _WORD.findall(_plain(qtext).lower())
    where: dict[str, list[int]] = {}
    for j, word in enumerate(quote_words):
        where.setdefault(word, []).append(j)
    best, best_end = 0, -1
    prev: dict[int, int] = {}
    for i, (word, _, _) in enumerate(prose_words):
        cur: dict[int, int] = {}
        for j in where.get(word, ()):
            run = prev.get(j - 1, 0) + 1
            cur[j] = run
            if run > best:
                best, best_end = run, i
        prev = cur
    if best < copy_run:
        return []
    start = prose_words[best_end - best + 1][1]
    end = prose_words[best_end][2]
    return [
        (
            Code.COPIED_RUN,
            (start, end),
            [body[start:end]],
            f"{best} consecutive words shared with the quotations; retell, don't copy",
        )
    ]


def _name_issues(
    body: str, qtext: str, allow: frozenset[str]
) -> list[tuple[Code, tuple[int, int], list[str], str]]:
    held = set(_WORD.findall(_plain(qtext).lower()))
    out = []
    pos = 0
    for sentence in _SENTENCE_END.split(body):
        offset = body.index(sentence, pos) if sentence else pos
        pos = offset + len(sentence)
        lead = len(sentence) - len(sentence.lstrip(" \t\n\"'“‘([*_>#-"))
        for m in _CAPITALISED.finditer(sentence):
            if m.start() <= lead:  # the sentence's first word is capitalised anyway
                continue
            word = m.group()
            for suffix in ("'s", "’s", "'", "’"):
                word = word.removesuffix(suffix)
            low = word.lower()
            if word in _NOT_NAMES or word in allow or low in held or low.rstrip("s") in held:
                continue
            start = offset + m.start()
            out.append(
                (
                    Code.UNSOURCED_NAME,
                    (start, start + len(word)),
                    [word],
                    f"possible unsourced name: {word} stands in none of the quotations",
                )
            )
    return out


def _era_issues(
    prose: str, body: str, qtext: str, allow: frozenset[str], era: EraRule
) -> list[tuple[Code, tuple[int, int] | None, list[str], str]]:
    out: list[tuple[Code, tuple[int, int] | None, list[str], str]] = []
    pattern = _letters_pattern(era.letters)
    if pattern:
        hits = list(re.finditer(pattern, prose))
        if hits:
            letters = list(dict.fromkeys(m.group() for m in hits))
            out.append(
                (
                    Code.ERA_LETTERS,
                    hits[0].span(),
                    letters,
                    f"special letters {' '.join(letters)} in the prose; use the plain spelling",
                )
            )
    low = qtext.lower()
    for m in _ERA_PHRASE.finditer(body):
        name = m.group(1)
        if name.lower() not in low and name not in allow:
            out.append(
                (
                    Code.ERA_PHRASE,
                    m.span(),
                    [m.group()],
                    f"'{m.group()}' stands in none of the quotations",
                )
            )
    if not era.months:
        seen: set[str] = set()
        for m in _MONTH.finditer(body):
            if m.group() not in seen and m.group().lower() not in low:
                seen.add(m.group())
                out.append(
                    (
                        Code.ERA_MONTH,
                        m.span(),
                        [m.group()],
                        f"month name {m.group()} stands in none of the quotations",
                    )
                )
    if era.name and era.tie and era.name in prose and not re.search(era.tie, qtext):
        at = prose.index(era.name)
        out.append(
            (
                Code.ERA_NOT_TIED,
                (at, at + len(era.name)),
                [era.name],
                f"the prose says {era.name!r} but no quotation ties the item to that era",
            )
        )
    return out


def check_prose(
    prose: str, quotes: Sequence[str], config: GateConfig = GateConfig()
) -> tuple[ProseIssue, ...]:
    """Every prose check on one item.

    Args:
        prose: the item's prose (for a manuscript, the sentence with its quotations and
            reference marks blanked out).
        quotes: the item's quotations.
        config: the claims file's config.

    Returns:
        The issues in the order cite-gate reports them: era, numbers, quantity words, copying,
        names; offsets index ``prose``.
    """
    folding = config.fold_accents or config.era is not None
    qtext = " ".join(_plain(q) for q in quotes)
    body, back = (prose, None)
    allow = config.allow
    if folding:
        qtext = _folded(qtext)[0]
        body, back = _folded(prose)
        allow = allow | {_folded(a)[0] for a in allow}

    def original(span: tuple[int, int] | None) -> tuple[int, int] | None:
        if span is None or back is None:
            return span
        return back[span[0]], back[span[1] - 1] + 1

    raw: list[tuple[Code, tuple[int, int] | None, list[str], str]] = []
    if config.era is not None:
        raw.extend(_era_issues(prose, body, qtext, allow, config.era))
    out = [_issue(c, original(s), w, m) for c, s, w, m in raw]
    for issue in number_issues(body, [qtext]):  # digits and commas survive folding unchanged
        span = (issue.start, issue.end) if issue.start is not None else None
        out.append(_issue(issue.code, original(span), issue.words, issue.message))
    later = [
        *_quantity_issues(body, qtext),
        *_copy_issue(body, qtext, config.copy_run),
        *_name_issues(body, qtext, allow),
    ]
    for code, span, words, message in later:
        fixed = original(span)
        if back is not None and fixed is not None:
            words = [prose[fixed[0] : fixed[1]]] if len(words) == 1 else words
        out.append(_issue(code, fixed, words, message))
    return tuple(out)
