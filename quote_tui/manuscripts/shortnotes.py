"""A short note read as the full note it abbreviates.

Humanities notes give a work in full once ("Talal Asad, „The Construction of Religion as an
Anthropological Category“, in …, 2002), 116.") and shorten it after ("Vgl. Asad: „The
Construction of Religion“, 116."). The short form names neither year nor place; the full note
before it, whose title the short one begins, does.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from dataclasses import replace
from functools import lru_cache

from quote_tui.manuscripts.document import Document, FootnoteSpan, Manuscript
from quote_tui.manuscripts.notes import PART_LOCATOR, first_cited_end, note_mention
from quote_tui.manuscripts.refs import Mention
from quote_tui.manuscripts.spans import note_title

__all__ = ["AUTHOR_ONLY", "full_latex_note", "full_note"]

_YEAR = re.compile(r"\b(?:1[5-9]\d\d|20\d\d)\b")
_TITLE_YEAR = re.compile(r"[ \t]+(?:1[5-9]\d\d|20\d\d)\b(?:[-–]\d{2,4}\b)?(?![.:]?\s*\d)")
_LOOK_BACK = 200  # earlier notes searched for the full form; a chapter's worth


def full_note(ms: Manuscript, note_id: str, mention: Mention) -> Mention:
    """``mention`` (a note naming a work by its title) completed from the nearest earlier note
    whose longer title begins with its title, or that names the same author and title words;
    itself when it is no short form or none is found."""
    span = ms.footnotes.get(note_id)
    if span is None or mention.style != "note":
        return mention
    doc = ms.documents[span.doc]
    earlier = _earlier(ms, span.doc, span.start)
    return _completed(doc.text, doc.kind == "latex", span.start, span.end, earlier, mention)


def full_latex_note(doc: Document, k: int, mention: Mention) -> Mention:
    """``mention``, read from the ``k``-th LaTeX ``\\footnote`` of ``doc``, completed as
    ``full_note`` completes a note from the notes before it."""
    if mention.style != "note":
        return mention
    start, end = doc.notes[k]
    earlier = list(doc.notes[max(0, k - _LOOK_BACK) : k])
    return _completed(doc.text, True, start, end, earlier, mention)


def _completed(
    text: str, latex: bool, at: int, to: int, earlier: list[tuple[int, int]], mention: Mention
) -> Mention:
    # a comma set inside the italics is the sentence's: "*Atelier Rosa Bonheur,* 2:79."
    title = (mention.key or "").strip().rstrip(_TRAIL)
    if _dated(text, at, to, latex, mention.key):
        return mention  # a note with its work's year is a full one
    if len(title.split()) < 2 or AUTHOR_ONLY.match(mention.raw):
        # ("Waszinck and Van Winden, 52": two names, no title to look for)
        return _by_author_alone(text, earlier, mention)
    short = _unarticled(title)
    longer = None
    for start, end in reversed(earlier):
        full = (_title(text, start, end, latex) or "").strip().rstrip(_TRAIL)
        if not full or not _unarticled(full).startswith(short):
            continue
        # the same title again ("*Being and Time*, p. 13." after "Heidegger, *Being and
        # Time*, … 2010), p. xxix.") is short for the note that gives its year; a yearless
        # note before it is another short one, so the search goes on past it
        if _dated(text, start, end, latex):
            raw = " ".join(text[start:end].split())
            return replace(mention, key=full, raw=f"{mention.raw} [{raw}]")
        if longer is None and len(full) > len(title):
            longer = (full, " ".join(text[start:end].split()))
    if longer is not None:
        return replace(mention, key=longer[0], raw=f"{mention.raw} [{longer[1]}]")
    completed = _by_author_and_words(text, earlier, mention)
    return completed if completed is not mention else _by_title_alone(text, earlier, mention)


_TRAIL = ",;:. "
# A title's leading article, which a short title drops ("Story of Christianity" for "The Story of
# Christianity: Volume 1", "Generous Orthodoxy" for "A Generous Orthodoxy")
_ARTICLE = re.compile(r"(?:the|an?|der|die|das|ein|eine|le|la|les|l['’]|el|los|las|il|lo)\s*", re.I)


def _unarticled(title: str) -> str:
    folded = title.casefold()
    m = _ARTICLE.match(folded)
    return folded[m.end() :] if m and m.end() < len(folded) else folded


# A sentence's end in a note, after a page, a bracket or a word (not an initial's stop, "J. Smith")
_NOTE_SENTENCE_END = re.compile(r"(?:(?<=[\d)\]])|(?<=[^\W\d_]{3}))\.\s+(?=[A-ZÀ-Þ“\"‘])")


def _dated(text: str, start: int, end: int, latex: bool, named: str | None = None) -> bool:
    """Whether the note gives its work's year: in the sentence that names the title, not in the
    title ("“La vie et l’oeuvre de Henri Bouilhet 1830–1910,” preface to …") nor in the writer's
    remarks after the citation ("… 2:177. Her registration dates to 9 August 1838.")."""
    # (a plain note sets no title apart: the author and title words it was read as, ``named``)
    title = _title(text, start, end, latex) or named
    note = text[start:end]
    at = note.find(title) if title else -1
    if at < 0:
        return bool(_YEAR.search(note))
    return _dated_at(note, title, at)


def _dated_at(note: str, title: str, at: int) -> bool:
    """Whether the sentence of ``note`` that names ``title`` at ``at`` gives a year."""
    stops = list(_NOTE_SENTENCE_END.finditer(note))
    begin = max((m.end() for m in stops if m.end() <= at), default=0)
    after = at + len(title)
    # a year the title goes on with ("Women in France since 1789, 18."): the title's, not the note's
    if (goes_on := _TITLE_YEAR.match(note, after)) is not None:
        after = goes_on.end()
    finish = next((m.start() for m in stops if m.start() >= after), len(note))
    return bool(_YEAR.search(note[begin:at]) or _YEAR.search(note[after:finish]))


# "Arendt, Human Condition, 190.": the author, a few words of the title, the page; the title set
# in italics that Word text and plain notes lose (and with it the comma before a volume and
# page: "Bouilhet, L’orfèvrerie française 3:101–2.").
# A note may open with "Vgl." (compare) or "Zit. n." (quoted after) before the short form.
_SHORT = re.compile(
    r"^\s*(?:(?:vgl\.|cf\.|see|siehe|zit\.\s?n\.|zitiert\s+nach|quoted\s+in)\s+)?"
    r"(?P<author>[^\W\d_][\w'’\-]+),\s+(?P<words>[^\W\d_][^,;:()\d]{2,60}?)(?:,|\s+(?=\d))",
    re.I,
)
_WORD = re.compile(r"\w+")
# A title set in italics: Markdown's *Title* or _Title_, LaTeX's \emph{} or \textit{}
_ITALIC = re.compile(
    r"(?<![\w*])\*([^*\n]{4,200})\*(?!\*)|(?<!\w)_([^_\n]{4,200})_(?!\w)"
    r"|\\(?:emph|textit)\{([^{}]{4,200})\}"
)


# The notes of each text in order, per manuscript (its notes dict, held to tell it is the same).
_ORDERED: list[tuple[dict[str, FootnoteSpan], dict[int, list[tuple[int, int]]]]] = []


def _earlier(ms: Manuscript, doc_index: int, start: int) -> list[tuple[int, int]]:
    """The last ``_LOOK_BACK`` notes of the text before ``start``, in order: sorted once per
    manuscript, not once per note."""
    ordered = next((o for notes, o in _ORDERED if notes is ms.footnotes), None)
    if ordered is None:
        ordered = {}
        for other in ms.footnotes.values():
            ordered.setdefault(other.doc, []).append((other.start, other.end))
        for spans in ordered.values():
            spans.sort()
        _ORDERED[:] = [(ms.footnotes, ordered), *_ORDERED[:3]]
    spans = ordered.get(doc_index, [])
    k = bisect_left(spans, (start, -1))
    return spans[max(0, k - _LOOK_BACK) : k]


# Each short note looks back over the notes before it: a note's title and words are read once,
# not once for every note after it (1,500 short notes without a full one took 7 s).
@lru_cache(maxsize=4096)
def _title(text: str, start: int, end: int, latex: bool) -> str | None:
    """The title a note quotes, else the first it sets in italics (a book's); in the note's
    first work ("*Artists on the Left,* 136. See also … “John Reed Club …”" quotes no title)."""
    quoted = note_title(text, start, first_cited_end(text, start, end), latex=latex)
    if quoted is not None:
        return quoted
    m = _ITALIC.search(text, start, end)
    return next((g for g in m.groups() if g), None) if m else None


@lru_cache(maxsize=4096)
def _words(text: str, start: int, end: int) -> str:
    return _said(text[start:end])


def _said(text: str) -> str:
    """The words of ``text``, lower-cased and composed (a Word note may write "è" as "e" and a
    combining accent, which splits the word), between spaces."""
    return " " + " ".join(_WORD.findall(unicodedata.normalize("NFC", text).casefold())) + " "


def _by_author_and_words(text: str, earlier: list[tuple[int, int]], mention: Mention) -> Mention:
    """A short note without a title in marks or italics, completed from the nearest earlier
    note that names the same author and holds the same title words in the same order."""
    m = _SHORT.match(mention.raw)
    if m is None:
        return mention
    author = m.group("author").casefold()
    words, title = _said(m.group("words")), m.group("words").strip()
    for a, b in reversed(earlier):
        said = _words(text, a, b)
        # (its year the work's, not a year its title holds: "Women in France since 1789")
        if f" {author} " in said and words in said and _year_besides(text[a:b], title):
            raw = " ".join(text[a:b].split())
            full = note_mention(text, a, b)  # its key: the same source as the full note's
            key = full.key if full is not None and full.key else m.group("words").strip()
            return replace(mention, key=key, raw=f"{mention.raw} [{raw}]")
    return mention


# What opens a short note before the title: "Cfr.", "Vgl.", "See", "Voir", "Véase".
_NOTE_OPENING = re.compile(
    r"^\s*(?:(?:vgl\.|cf\.|cfr\.|see|siehe|voir|vedi|véase|ver|zit\.\s?n\.|quoted\s+in)\s*)",
    re.I,
)
_TITLE_WORDS = 2  # a title alone is this many words at least: one word names too much


def _by_title_alone(text: str, earlier: list[tuple[int, int]], mention: Mention) -> Mention:
    """A short note of a title alone, the author named nowhere in it ("Cfr. Non perdonerò mai,
    parte prima, p.29."), completed from the nearest earlier note holding that title and a year
    besides it (the note that gave the work in full, among other works perhaps)."""
    title = _NOTE_OPENING.sub("", mention.key or "").split(",")[0].strip(_TRAIL)
    if len(title.split()) < _TITLE_WORDS or not _NOTE_OPENING.sub("", mention.raw).startswith(
        title
    ):
        return mention  # (a note completed already, "Dies., S. 9. [Anna Klein, Märkte …]")
    words = _said(title)
    for a, b in reversed(earlier):
        # (the year in the sentence that names the title: a remark quoting the short form
        # again, "Mengele Josef (1911-1971). … (Cfr. Non perdonerò mai, p.38.)", gives none)
        at = text.find(title, a, b)
        if words in _words(text, a, b) and at >= 0 and _dated_at(text[a:b], title, at - a):
            raw = " ".join(text[a:b].split())
            return replace(mention, key=title, raw=f"{mention.raw} [{raw}]")
    return mention


def _year_besides(note: str, title: str) -> bool:
    """Whether ``note`` gives a year other than one its ``title``'s words go on with."""
    at = note.find(title)
    if at >= 0 and (goes_on := _TITLE_YEAR.match(note, at + len(title))) is not None:
        note = note[:at] + note[goes_on.end() :]
    return bool(_YEAR.search(note))


# "Popkin, 70.", "Watkins, 32-33.", "Vgl. Creider, S. 262.": the author and the page alone, as
# a writer shortens the notes of a work that is the only one of its author cited. The note is
# completed from the earlier full note (here) or, with none, from the typed list (resolve).
# Two authors ("Waszinck and Van Winden, 52"), a part in place of the page ("Olson, Chapter 1:
# The Postconservative Style", an e-book's), and whom the work quotes ("Pohlsander, 90,
# quoting Paul Keresztes") shorten the same way.
_NAME = r"[^\W\d_][\w'’\-]+"
AUTHOR_ONLY = re.compile(
    rf"^\s*(?:(?:vgl\.|cf\.|see|siehe)\s+)?(?P<author>{_NAME})"
    rf"(?:\s+(?:and|&|und)\s+(?:{_NAME}\s+){{0,2}}{_NAME})?,?\s+"
    r"(?:(?:(?:pp?\.|S\.)\s*)?[\dxivlc]+(?:\s*[-–]+\s*[\dxivlc]+)?"
    rf"|(?-i:{PART_LOCATOR})(?:\s*:\s*[^,;()]{{1,120}}?)?)"
    r"(?:,\s*(?:quoting|citing|zitiert\s+nach)\s+[^,;.()\d]{2,60})?\.?\s*$",
    re.I,
)


def _by_author_alone(text: str, earlier: list[tuple[int, int]], mention: Mention) -> Mention:
    """A note of an author's name and a page, completed from the nearest earlier note that
    names that author with a year: the work the writer cited in full before."""
    m = AUTHOR_ONLY.match(mention.raw)
    if m is None:
        return mention
    author = m.group("author").casefold()
    for a, b in reversed(earlier):
        if f" {author} " in _words(text, a, b) and _YEAR.search(text, a, b):
            raw = " ".join(text[a:b].split())
            full = note_mention(text, a, b)
            key = full.key if full is not None and full.key else mention.key
            return replace(mention, key=key, raw=f"{mention.raw} [{raw}]")
    return mention
