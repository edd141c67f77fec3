"""Words in marks that are a cited work's title, as the bibliography, the manuscript's own
reference list or the citing note gives it.

Writers name a work by its title in marks ("In “Living with risk: a study of coping”
[@smith2020], the authors …", "(„Grabe, wo du stehst“)" with a note on "das gleichnamige
Handbuch"). A title in sentence case passes no test on its form (``voice.is_title`` wants
capitals), but the entry or the note that spells it out says what it is.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

__all__ = ["Titles", "cites_by_title", "dated_title", "italic_titles", "named_with_year"]

_COMMAND = re.compile(r"\\[A-Za-z]+\*?")
_WORD = re.compile(r"[^\W_]+")
# Where a title ends and its subtitle begins: "Living with risk: a study of coping".
_SUBTITLE = re.compile(r"\s*[:.?!]\s+|\s+[-–—]+\s+")
# A note that names a work gives when it appeared.
_YEAR = re.compile(r"\b(?:1[5-9]\d\d|20\d\d)\b")
_MARKS = "\"'“”„‟«»‹›‘’‚`"
_MIN_WORDS = 2  # one word in marks that a title opens with is a term as often as a title


def _fold(text: str) -> tuple[str, ...]:
    text = _COMMAND.sub(" ", unicodedata.normalize("NFKC", text)).casefold()
    return tuple(_WORD.findall(text))


class Titles:
    """The titles of the works a manuscript can cite, each also without its subtitle."""

    def __init__(self, titles: Iterable[str | None]) -> None:
        self._forms: set[tuple[str, ...]] = set()
        for title in titles:
            if not title:
                continue
            self._forms.add(_fold(title))
            main = _SUBTITLE.split(title.strip(), maxsplit=1)[0]
            if len(_fold(main)) >= _MIN_WORDS:
                self._forms.add(_fold(main))

    def named(self, quoted: str, note: str | None = None) -> bool:
        """Whether the words in marks ``quoted`` are a title: one of the known titles (or its
        part before the subtitle), or, with the ``note`` that cites them, words that note
        gives outside marks in a reference that has a year (the work it names is called so)."""
        words = _fold(quoted)
        if len(words) < _MIN_WORDS:
            return False
        if words in self._forms:
            return True
        return note is not None and _in_note(words, note)


def _in_note(words: tuple[str, ...], note: str) -> bool:
    if not _YEAR.search(note):
        return False
    # The note's words with, for each, whether an opening mark stands right before it (a note
    # that quotes the words again, in marks, is quoting them).
    plain = _COMMAND.sub(" ", unicodedata.normalize("NFKC", note))
    tokens = [
        (m.group().casefold(), plain[max(0, m.start() - 1) : m.start()])
        for m in _WORD.finditer(plain)
    ]
    n = len(words)
    for i in range(len(tokens) - n + 1):
        # (at the note's very start nothing stands before the words: "" is in every string)
        before = tokens[i][1]
        if tuple(t for t, _ in tokens[i : i + n]) == words and not (before and before in _MARKS):
            return True
    return False


# MLA names a work by a short title in marks inside its parenthetical citation when the author
# has several works, or none: "(Evans, “In Power” 313)", "(“Drought Watch” 4)". Either the
# author before it or the page after it; "(“…”)" alone is an aside in marks.
_AUTHOR_OPENS = re.compile(
    r"\((?P<author>[A-Z][\w'’.-]*(?:\s+(?:and|&)\s+[A-Z][\w'’.-]*|\s+et\s+al\.)?,?\s*)?$"
)
_PAGE_CLOSES = re.compile(
    r"[ \t]*(?P<page>,?[ \t]*(?:(?:pp?|S)\.[ \t]*)?[\divxlc]+(?:[-–][\divxlc]+)?)?[ \t]*\)"
)
_TITLE_WORDS = 8


def cites_by_title(text: str, start: int, end: int, close_end: int) -> bool:
    """Whether the words in marks ``text[start:end]`` (closing mark ending at ``close_end``) are
    the short title an MLA citation names its work by, inside the citation's brackets."""
    if not text[start : start + 1].isupper() or len(_WORD.findall(text[start:end])) > _TITLE_WORDS:
        return False
    opens = _AUTHOR_OPENS.search(text, max(0, start - 60), max(0, start - 1))
    closes = _PAGE_CLOSES.match(text, close_end)
    return bool(opens and closes and (opens["author"] or closes["page"]))


# A work's title set in italics in the prose, as style guides set books, plays and films:
# Markdown's *…* or _…_ (not bold), LaTeX's \textit{…} and \emph{…}. The same words in marks
# elsewhere name the work (a draft's title typed with its opening dots, "...... et les chiens
# se taisaient", beside *Et les chiens se taisaient*).
_ITALIC = re.compile(
    r"(?<![*\w\\])\*(?!\*)(?P<a>[^*\n]{3,120}?)(?<!\s)\*(?![*\w])"
    r"|(?<![_\w])_(?!_)(?P<b>[^_\n]{3,120}?)(?<!\s)_(?![_\w])"
    r"|\\(?:textit|emph)\{(?P<c>[^{}\n]{3,120})\}"
)
_MARK_BEFORE = re.compile(r"[\"'“”„‘’«»‚`]\s*$")


def italic_titles(text: str) -> list[str]:
    """The phrases set in italics in ``text`` (headings blanked) that look like a work's title:
    two words or more, a capital first, no mark of their own, no closing stop, and not inside
    a quotation's marks (a quotation set in italics is not a title)."""
    out = []
    for m in _ITALIC.finditer(text):
        inner = m["a"] or m["b"] or m["c"] or ""
        if not inner[:1].isupper() or any(mark in inner for mark in _MARKS):
            continue
        # A sentence set in italics for stress ends on its stop; a title rarely does.
        if inner.rstrip()[-1:] in ".!":
            continue
        if len(_fold(inner)) < _MIN_WORDS:
            continue
        if _MARK_BEFORE.search(text, max(0, m.start() - 3), m.start()):
            continue
        out.append(inner)
    return out


# A title that ends on the years it spans, as histories, exhibitions and archival collections
# are named: "Miscellaneous art exhibition catalog collection, 1813–1953.", "Artists on the
# Left, 1926–1956". A quotation that ends on a span of years is rare.
_YEARS_SPANNED = re.compile(r",\s*(?:1[5-9]|20)\d\d\s*[-–—]\s*(?:(?:1[5-9]|20)\d\d|\d\d)[.,]?\s*\Z")


def dated_title(text: str, start: int, end: int) -> bool:
    """Whether the words in marks ``text[start:end]`` are a title ending on the years it spans."""
    inner = text[start:end].strip()
    return (
        inner[:1].isupper()
        and len(_WORD.findall(inner)) <= 2 * _TITLE_WORDS
        and _YEARS_SPANNED.search(inner) is not None
    )


# A work's year in brackets right after its title, the item ending there: a list of works
# ("* \"Kritik der reinen Vernunft\" (1781)") or a clause ("his \"Emile\" (1762), which").
_YEAR_CLOSES = re.compile(r"[ \t]*\((?:1[5-9]|20)\d\d[a-z]?\)[ \t]*(?:[,;]|\.?[ \t]*(?:\n|\Z))")


def named_with_year(text: str, start: int, close_end: int) -> bool:
    """Whether the capitalised words in marks opening at ``start`` are followed by a year in
    brackets that ends their item or clause: a work named with its date."""
    return text[start : start + 1].isupper() and _YEAR_CLOSES.match(text, close_end) is not None
