"""A short note that sends the reader back to an earlier note by its number.

Law and the humanities in many languages shorten a work cited before to its author and the
number of the note that gave it in full: "Sunstein, supra note 12, at 2035." (Bluebook),
"Mayer (n 3) 44." (OSCOLA), "Borrás (nota 21), p. 53." (Portuguese, Spanish, Italian),
"Müller (Fn. 3), S. 44." or "Müller, a.a.O. (Anm. 3), S. 44." (German). The note named holds
the work, often among others ("Cf. Almeida, …, 2017, p. 482; Pinheiro, …, 2019, p. 152"): the
one of that author is meant, at the page the short note gives.
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.document import Manuscript
from quote_tui.manuscripts.locators import parse_locator
from quote_tui.manuscripts.mention import Mention
from quote_tui.manuscripts.notes import note_mention

__all__ = ["back_referenced"]

# The author (a surname, "Magnus et al.", "Mendes e Sousa", "Parker & Hurst", a case name),
# then the pointer to the note: "supra note 12", "(n 3)", "(nota 21)", "(Fn. 3)", "a.a.O.
# (Anm. 3)", "op. cit. (note 4)"; "supra" alone points to the author's last full note.
_NAME = r"[^\W\d_][\w'’\-]+"
_BACK = re.compile(
    r"^\s*(?:(?:vgl\.|cf\.|see(?:\s+also)?|siehe|veja(?:-se)?|ver|v\.|voir)\s*,?\s+)?"
    r"(?!(?:ibid|ebd|ebda|id|idem|eadem|ders|dies)\b)"
    r"(?P<author>(?-i:[A-ZÀ-Þ])[\w'’.\-]*"
    rf"(?:\s+(?:et\s+al\.|(?:[&eyv]|and|und|v\.)\s+{_NAME}))?)"
    r"\s*,?\s*(?:(?P<again>a\.\s?a\.\s?O\.|op\.\s?cit\.|ob\.\s?cit\.)\s*,?\s*)?"
    r"(?:(?P<supra>supra)\s*,?\s*)?"
    r"(?:\(\s*|(?<=supra)\s*)?"
    r"(?:(?:note|nota|nt\.|n\.?|fn\.?|FN|Anm\.?)\s*(?P<number>\d{1,4}))?"
    r"\s*\)?",
    re.I,
)
# What follows the pointer: the page ("at 44", ", p. 53", " 44", ", S. 44"), up to the next
# comma or stop (", ponto 76", ", para. 5" after it is the paragraph within that page's work).
_PLACE = re.compile(r"\s*,?\s*(?:at\s+)?(?P<place>[^,;]+?)\s*(?:[,;]|\.?\s*$|\.\s+(?=[A-ZÀ-Þ]))")
_YEAR = re.compile(r"\b(?:1[5-9]\d\d|20\d\d)\b")
# Given names or initials written before the surname in the full note ("Ruth Mayer", "J. R.
# Smith"), so the work keeps the key the full note gives it; a "See" or "Cf." is no name.
_GIVEN = re.compile(
    r"(?:(?!(?:See|Cf|Vgl|Siehe|Veja|Ver|Voir|Also)\b)(?:[A-ZÀ-Þ][a-zß-ÿ]+|[A-Z]\.)\s+){1,3}$"
)
_LOOK_BACK = 200


def _ordered(ms: Manuscript, doc_index: int) -> list[tuple[int, int]]:
    return sorted((s.start, s.end) for s in ms.footnotes.values() if s.doc == doc_index)


def _segment(text: str, start: int, end: int, author: str) -> tuple[int, int] | None:
    """The part of the note ``text[start:end]`` that cites ``author``'s work: from the name to
    the next semicolon or the parenthesis that closes around it."""
    first = author.split()[0].rstrip(".,")
    m = re.search(rf"(?<![\w-]){re.escape(first)}(?![\w-])", text[start:end])
    if m is None:
        return None
    a = start + m.start()
    given = _GIVEN.search(text, max(start, a - 60), a)
    begin = given.start() if given is not None else a
    depth = 0
    for i in range(a, end):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return begin, i
            depth -= 1
        elif ch == ";" and depth == 0:
            return begin, i
    return begin, end


def back_referenced(ms: Manuscript, note_id: str) -> Mention | None:
    """Note ``note_id`` when it reads "Author, supra note 12, at 44." (or an "a.a.O." / "op.
    cit." of that author): the work of that author the note it names (else the author's last
    note with a year) gives in full, at the short note's own page; ``None`` when the note is no
    such pointer or the work is not found."""
    span = ms.footnotes.get(note_id)
    if span is None:
        return None
    doc = ms.documents[span.doc]
    text = doc.text
    raw = " ".join(text[span.start : span.end].split())
    m = _BACK.match(raw)
    if m is None or not (m.group("number") or m.group("supra") or m.group("again")):
        return None
    author = m.group("author")
    notes = [(a, b) for a, b in _ordered(ms, span.doc) if b <= span.start]
    candidates: list[tuple[int, int]] = []
    if m.group("number"):
        number = int(m.group("number"))
        if 0 < number <= len(notes):
            candidates.append(notes[number - 1])
    # a numbering the reader cannot follow (notes restarted, typed marks): the author's last
    # note with a year, as "supra" alone and "op. cit." mean
    candidates.extend(reversed(notes[-_LOOK_BACK:]))
    for a, b in candidates:
        part = _segment(text, a, b, author)
        if part is None or not _YEAR.search(text, part[0], part[1]):
            continue
        full = note_mention(text, part[0], part[1])
        if full is None or not full.key:
            continue
        place = _PLACE.match(raw, m.end())
        locator = parse_locator(place.group("place")) if place is not None else None
        rest = raw[m.end() :]
        if locator is None and any(ch.isdigit() for ch in rest):
            # a place the short parse cannot read ("at para 8"): as the note's own reading
            # finds it; none after the pointer ("supra note 4.") is no page 4
            own = note_mention(text, span.start, span.end)
            locator = own.locator if own is not None else None
        cited = " ".join(text[part[0] : part[1]].split())
        return Mention(
            span.start, span.end, "note", f"{raw} [{cited}]", key=full.key, locator=locator
        )
    return None
