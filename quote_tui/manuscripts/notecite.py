"""A note's citation: what the note a quotation's mark points to says the source is.

The note may hold a field or a key (Word, Pandoc, LaTeX), an author-date citation with the page
after it ("Arendt (1998), 185."), the work in prose ("Arendt, *On Violence*, 80."), or "Ibid.",
"Ebd." for the work of the note before it, "Arendt, a.a.O." for the work of Arendt cited last.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass, replace

from quote_tui.manuscripts.addressnote import address_with_words
from quote_tui.manuscripts.document import Document, FootnoteSpan, Manuscript, mentions_in
from quote_tui.manuscripts.inner_cite import inner_cite
from quote_tui.manuscripts.locators import parse_locator
from quote_tui.manuscripts.model import Anchor, Locator, Reference
from quote_tui.manuscripts.notelinks import NOTE_LINK, note_link_id
from quote_tui.manuscripts.notes import (
    EMPHASIS_OPEN,
    first_cited_end,
    is_same_as_before,
    names_work,
    note_mention,
    opens_note,
    page_after,
)
from quote_tui.manuscripts.notexref import back_referenced
from quote_tui.manuscripts.refs import Mention, note_author_year, pandoc_mentions
from quote_tui.manuscripts.shortnotes import full_latex_note, full_note
from quote_tui.manuscripts.spans import note_title as _note_title

__all__ = [
    "OP_CIT",
    "InnerNote",
    "from_footnote",
    "from_latex_note",
    "inner_note",
    "note_right_after",
]


_Cite = tuple[Mention | None, Anchor | None]


def from_footnote(ms: Manuscript, note_id: str, *, depth: int = 0) -> _Cite:
    """The citation of note ``note_id``: a field or key in it, an author-date citation opening
    it with the page after it, the work it names in prose, or, for "Ibid.", the note's before.

    A note read for its own quotation is kept: an "Ebd." after a run of "Ebd." notes, as a
    thesis cites the text it reads page after page, then finds the work in the note before,
    however long the run (the chain is followed ``_IBID_CHAIN`` notes back from where it was
    last read, not from the run's start)."""
    read, _ = _read_notes(ms)
    if note_id in read:
        return read[note_id]
    cite = _from_footnote(ms, note_id, depth)
    if depth == 0:
        read[note_id] = cite
    return cite


# Each manuscript's notes as read (held with the manuscript to tell it is the same), and each
# text's notes in order: the notes before a note are found by bisection, not a sort per note.
_READ: list[tuple[Manuscript, dict[str, _Cite], dict[int, tuple[list[int], list[str]]]]] = []


def _read_notes(ms: Manuscript) -> tuple[dict[str, _Cite], dict[int, tuple[list[int], list[str]]]]:
    for held, read, order in _READ:
        if held is ms:
            return read, order
    by_doc: dict[int, list[tuple[int, str]]] = {}
    for note_id, span in ms.footnotes.items():
        by_doc.setdefault(span.doc, []).append((span.start, note_id))
    order = {
        doc: ([start for start, _ in found], [note_id for _, note_id in found])
        for doc, found in ((doc, sorted(found)) for doc, found in by_doc.items())
    }
    read: dict[str, _Cite] = {}
    _READ[:] = [(ms, read, order), *_READ[:3]]
    return read, order


def _from_footnote(ms: Manuscript, note_id: str, depth: int) -> _Cite:
    span = ms.footnotes.get(note_id)
    if span is None:
        return None, None
    doc = ms.documents[span.doc]
    span = _unwrapped(doc.text, span)
    if is_same_as_before(doc.text, span.start, span.end):
        named = _named_before_mark(ms, note_id)
        if named is not None:
            return _repeat(doc, span.start, span.end, (named, None))
    if (pointed := back_referenced(ms, note_id)) is not None:
        return pointed, None  # "Borrás (nota 21), p. 53.": the work note 21 gives

    def earlier() -> list[str]:
        """The notes before this one in its text, nearest first (found only when a note
        refers back: a pass over all notes for each quotation was quadratic)."""
        starts, ids = _read_notes(ms)[1].get(span.doc, ([], []))
        return ids[: bisect_left(starts, span.start)][::-1]

    def before() -> _Cite | None:
        notes = earlier()
        return from_footnote(ms, notes[0], depth=depth + 1) if notes else None

    def by_author(author: str) -> _Cite | None:
        for other_id in earlier()[:_LOOK_BACK]:
            other = ms.footnotes[other_id]
            if author in doc.text[other.start : other.end].casefold():
                return from_footnote(ms, other_id, depth=depth + 1)
        return None

    cite = _note_cite(doc, span.start, span.end, before, depth, by_author)
    mention, anchor = cite
    if (
        mention is not None
        and mention.style == "note"
        and not is_same_as_before(doc.text, span.start, span.end)
        and not OP_CIT.match(doc.text, span.start, span.end)
    ):
        return full_note(ms, note_id, mention), None
    return cite


# Pandoc's bracketed span with attributes around a note's text, as its Word reader writes a
# highlight or an underline: "[Sloan and Yarnall, "Art of an Opaline Mind," 24.]{.mark}". Its
# attributes open with a class, an id or a key=value, which a LaTeX note's own
# "\cite[265]{green}" never does.
_SPAN_CLOSE = re.compile(r"\]\{(?:[.#][\w-]|[\w-]+=)[^{}\n]{0,80}\}[ \t]*\Z")


def _unwrapped(text: str, span: FootnoteSpan) -> FootnoteSpan:
    """The note's text without a bracketed span's markup around it (its opening bracket may
    stand a few letters in: "J[ulie L. Sloan …]{.mark}")."""
    close = _SPAN_CLOSE.search(text, span.start, span.end)
    if close is None:
        return span
    opening = text.find("[", span.start, min(span.start + 4, close.start()))
    start = opening + 1 if opening == span.start else span.start
    return replace(span, start=start, end=close.start())


def from_latex_note(doc: Document, k: int, *, depth: int = 0) -> _Cite:
    """The citation of the ``k``-th LaTeX ``\\footnote{...}`` of ``doc``, read as a note is (a
    note read for its own quotation is kept, as ``from_footnote`` keeps a Word note)."""
    read = next((read for held, read in _LATEX_READ if held is doc), None)
    if read is None:
        read = {}
        _LATEX_READ[:] = [(doc, read), *_LATEX_READ[:3]]
    if k in read:
        return read[k]
    cite = _from_latex_note(doc, k, depth)
    if depth == 0:
        read[k] = cite
    return cite


_LATEX_READ: list[tuple[Document, dict[int, _Cite]]] = []


def _from_latex_note(doc: Document, k: int, depth: int) -> _Cite:
    start, end = doc.notes[k]
    if is_same_as_before(doc.text, start, end):
        named = _named_since(doc, k)
        if named is not None:
            return _repeat(doc, start, end, (named, None))

    def before() -> _Cite | None:
        return from_latex_note(doc, k - 1, depth=depth + 1) if k > 0 else None

    def by_author(author: str) -> _Cite | None:
        for j in range(k - 1, max(-1, k - 1 - _LOOK_BACK), -1):
            a, b = doc.notes[j]
            if author in doc.text[a:b].casefold():
                return from_latex_note(doc, j, depth=depth + 1)
        return None

    mention, anchor = _note_cite(doc, start, end, before, depth, by_author)
    if (
        mention is not None
        and mention.style == "note"
        and not is_same_as_before(doc.text, start, end)
        and not OP_CIT.match(doc.text, start, end)
    ):
        # "Smith, 52.": the work of the full note before it, as a Word or Markdown note is
        return full_latex_note(doc, k, mention), None
    return mention, anchor


# A work named in the running text by its author and year: "der Historiker Benno Nietzel im
# Jahr 2009", "Nietzel (2009)", "Nietzel in 2009".
_NAMED_WORK = re.compile(
    r"(?P<name>[A-ZÄÖÜ][\w'’-]+)\s+(?:im\s+Jahre?\s+|in\s+|\()(?P<year>1[5-9]\d\d|20\d\d)\b"
)


# The capitalised words of each text's notes, read once per text (held with its notes to tell
# it is the same): an "Ebd." looked back over hundreds of notes for each of thousands of notes.
_NOTE_WORDS: list[tuple[tuple[tuple[int, int], ...], frozenset[str]]] = []
_CAPITALISED = re.compile(r"[A-ZÄÖÜ][\w'’-]+")


def _note_words(doc: Document) -> frozenset[str]:
    for notes, words in _NOTE_WORDS:
        if notes is doc.notes:
            return words
    words = frozenset(w for a, b in doc.notes for w in _CAPITALISED.findall(doc.text, a, b))
    _NOTE_WORDS[:] = [(doc.notes, words), *_NOTE_WORDS[:3]]
    return words


def _named_since(doc: Document, k: int) -> Mention | None:
    """The work the running text names since the note before the ``k``-th note (its author an
    author the earlier notes cite): the writer's "Ebd." is that work, not the earlier note's."""
    if k == 0:
        return None
    return _named_in(doc.text, doc.notes[k - 1][1], doc.notes[k][0], _note_words(doc))


# Each manuscript's footnote marks, read once (held with its notes to tell it is the same): for
# a Word note, the text the mark stands in, and where the mark before it in that text ends.
_MARKS: list[tuple[dict[str, FootnoteSpan], dict[str, tuple[int, int, int]], frozenset[str]]] = []


def _named_before_mark(ms: Manuscript, note_id: str) -> Mention | None:
    """The work the running text names between the mark of Word note ``note_id`` and the mark
    before it, as ``_named_since`` reads a LaTeX note's."""
    marks, words = _marks(ms)
    mark = marks.get(note_id)
    if mark is None or mark[1] == 0:
        return None  # the text's first note: no note before it cites an author
    i, lo, start = mark
    return _named_in(ms.documents[i].text, lo, start, words)


def _marks(ms: Manuscript) -> tuple[dict[str, tuple[int, int, int]], frozenset[str]]:
    """Each note's mark (its text, where the mark before it ends, where it stands) and the
    capitalised words of all notes."""
    for notes, marks, words in _MARKS:
        if notes is ms.footnotes:
            return marks, words
    marks = {}
    for i, d in enumerate(ms.documents):
        lo = 0
        for a in d.anchors:
            if a.footnote is not None:
                marks.setdefault(a.footnote, (i, lo, a.start))
                lo = a.end
    words = frozenset(
        w
        for span in ms.footnotes.values()
        for w in _CAPITALISED.findall(ms.documents[span.doc].text, span.start, span.end)
    )
    _MARKS[:] = [(ms.footnotes, marks, words), *_MARKS[:3]]
    return marks, words


def _named_in(text: str, lo: int, start: int, words: frozenset[str]) -> Mention | None:
    """The last work ``text[lo:start]`` names by its author and year, that author a word of
    the notes (``words``)."""
    found = list(_NAMED_WORK.finditer(text, lo, start))
    if not found:
        return None
    m = found[-1]
    if m.group("name") not in words:
        return None  # a capitalised noun before a year, not an author the notes cite
    return Mention(
        m.start(),
        m.end(),
        "author_date",
        m.group(0),
        names=(m.group("name"),),
        year=m.group("year"),
    )


def note_right_after(doc: Document, pos: int) -> int | None:
    """The index of the LaTeX note set right after ``pos`` (a quotation's closing mark, then
    perhaps its full stop): ``...deed.''\\footnote{Ibid., 84.}``; None when words come first."""
    k = bisect_left(doc.notes, (pos, -1))
    if k == len(doc.notes):
        return None
    command = doc.text.rfind("\\footnote", pos, doc.notes[k][0])
    if command < 0 or doc.text[pos:command].strip(" \t\n.,;:!?'\"”’»~"):
        return None
    return k


_IBID_CHAIN = 8  # "Ibid." after "Ibid." after a full note: followed this far back
_LOOK_BACK = 200  # earlier notes searched for the author an "a.a.O." names; a chapter's worth
# "Arendt, a.a.O., S. 12", "Arendt, op. cit., p. 12": the work of that author cited last.
# "Smith, loc. cit." is that work at the same place: the earlier note's page stands.
OP_CIT = re.compile(
    r"\s*(?:vgl\.\s+|cf\.\s+)?(?:[^\W\d_][\w'’\-]*\.?\s+){0,3}?(?P<author>[^\W\d_][\w'’\-]+),?\s+"
    + EMPHASIS_OPEN
    + r"(?:a\.\s?a\.\s?O\.|op\.\s?cit\.|loc\.\s?cit\.|l\.\s?c\.)",
    re.I,
)
# The same author as the note before ("Id.", "Idem", "Eadem", "Ders.", "Dies.", "Derselbe"):
# with a title or a year after it, another work of that author; with only a page, the same work.
_SAME_AUTHOR = re.compile(
    r"\s*(?:vgl\.\s+|cf\.\s+)?"
    + EMPHASIS_OPEN
    + r"(?:id\.|idem|eadem|ders\.|dies\.|derselbe|dieselbe|dieselben)\s*[,:]?\s*",
    re.I,
)
_AUTHOR_HEAD = re.compile(r"^(?:(?:vgl|cf|see|siehe)\.?\s+)?(?P<author>[^,:;(]{2,60}?)\s*[,:]")


def _note_cite(
    doc: Document,
    start: int,
    end: int,
    before: Callable[[], _Cite | None],
    depth: int,
    by_author: Callable[[str], _Cite | None] | None = None,
) -> _Cite:
    """The citation of the note ``doc.text[start:end]``; ``before`` gives the note before's,
    ``by_author`` the latest earlier note's that names an author."""
    same = _SAME_AUTHOR.match(doc.text, start, end)
    if same and depth < _IBID_CHAIN:
        work = note_mention(doc.text, same.end(), end)
        if work is None or work.key is None or not names_work(doc.text[same.end() : end]):
            return _repeat(doc, start, end, before())  # "Dies., S. 9.": the same work
        return _by_same_author(doc, start, end, work, before()), None
    if depth < _IBID_CHAIN and is_same_as_before(doc.text, start, end):
        return _repeat(doc, start, end, before())
    op_cit = OP_CIT.match(doc.text, start, end)
    if op_cit and by_author is not None and depth < _IBID_CHAIN:
        cited = by_author(op_cit.group("author").casefold())
        if cited is not None:
            return _repeat(doc, start, end, cited)
    anchors = [a for a in doc.anchors if start <= a.start < end and a.reference]
    if anchors:
        return None, anchors[0]
    mentions = [m for m in _mentions_of_note(doc, start, end) if m.style != "footnote"]
    real = [
        m
        for m in mentions
        if m.style != "locator"
        and (m.style != "author_date" or opens_note(doc.text, start, m.start))
    ]
    if real and real[0].style in _ADDRESSES:
        # "Polgar, Alfred: … 1956. S.39. [Digitalisiert auf: https://…]": the address says
        # where the work was read; the prose before it names the work.
        cut = _address_cut(doc.text, start, real[0].start)
        if accessed := _ACCESSED.search(doc.text, start, cut):
            # "White, Hayden. "…" (1973), 281. Accessed December 13, 2019. https://…": the
            # work is named before the day it was read; "Abgerufen am 4.9.2014 unter https://…"
            # names none
            cut = _address_cut(doc.text, start, accessed.start())
        prose = _prose(doc, start, cut)
        whole = " ".join(doc.text[start:end].split())
        if prose is not None:
            # the address stays the place to read it, and part of what the note says; the page
            # cited may follow it ("…, 345–367. [DOI …](…), hier S. 358.")
            here = _HERE_AFTER.search(doc.text, cut, end) if prose.locator is None else None
            located = parse_locator(here.group(1)) if here else prose.locator
            return replace(prose, end=end, raw=whole, target=real[0].target, locator=located), None
        if head := _NAME_HEAD.match(doc.text, start, cut):
            # "Wozniak, Thomas: Zitierpflicht …, Billet, <https://…>, Stand: 14.06.2020.": a
            # blog post without a year is its author's all the same, read at the address
            key = " ".join(doc.text[head.start("name") : cut].split())
            return Mention(start, end, "note", whole, key=key, target=real[0].target), None
        if not _ACCESSED.search(doc.text, start, cut):  # the day read names no work
            return address_with_words(doc.text, start, cut, end, real[0]), None
    if real:
        first = real[0]
        if first.style in ("author_date", "latex", "pandoc") and first.locator is None:
            # "Arendt (1998), 185.", "Vgl. \\cite{key}, S. 12.": the page follows the citation
            first = replace(first, locator=page_after(doc.text, first.end, end))
        return first, None
    prose = _prose(doc, start, end)
    if prose is not None:
        return prose, None
    return (mentions[0] if mentions else None), None


def _mentions_of_note(doc: Document, start: int, end: int) -> list[Mention]:
    """The citations of the note ``doc.text[start:end]``. A Pandoc inline note that opens with
    a key, ``^[@key, 8.]``, reads as the bracketed citation ``[@key, 8.]``, which begins and ends
    at the note's brackets, a character outside its body, and ``^[@key [p. 30]]`` as no
    citation at all (a key right after a bracket is never a narrative one): the key is the
    note's, with the page after it."""
    inside = mentions_in(doc, start, end)
    if any(m.style != "locator" for m in inside) or doc.text[start - 2 : start] != "^[":
        return inside
    if doc.text[end : end + 1] == "]":
        around = [m for m in mentions_in(doc, start - 1, end + 1) if m.style == "pandoc"]
        if around:
            return around
    return [
        replace(m, start=m.start + start, end=m.end + start)
        for m in pandoc_mentions(doc.text[start:end])
    ]


def _by_same_author(
    doc: Document, start: int, end: int, work: Mention, cited: _Cite | None
) -> Mention:
    """ "Ders.: Die Burg. München 2005, S. 8.": ``work`` (the note after "Ders.") under the
    author the note before names, "Müller, Die Burg"; the work alone when that note names none."""
    whole = " ".join(doc.text[start:end].split())
    earlier = cited[0] if cited else None
    # the work's key names its author ("John Miller, The Medieval Town") even after an "Ibid."
    said = [earlier.key or "", earlier.raw] if earlier is not None else []
    head = next((m for text in said if (m := _AUTHOR_HEAD.match(text))), None)
    if head is None:
        return replace(work, start=start, raw=whole)
    author = head.group("author").strip()
    title = _SAME_AUTHOR.sub("", work.key or "", count=1).strip(" ,:.") or work.key
    return replace(work, start=start, raw=f"{whole} [{author}]", key=f"{author}, {title}")


def _prose(doc: Document, start: int, end: int) -> Mention | None:
    """A humanities note: Author, “Title,” in Proceedings (2020), 4970; or *Title*, p. 13."""
    if end <= start:
        return None
    cited_end = first_cited_end(doc.text, start, end)  # a title after the cited work's page
    title = _note_title(doc.text, start, cited_end, latex=doc.kind == "latex")
    typed = note_author_year(doc.text, start, end) if title is None else None
    if typed is not None:
        return typed
    return note_mention(doc.text, start, end, title)


# What introduces an address at a note's end: an opening bracket, "URL:", "online unter:",
# "Digitalisiert auf:", "available at".
_ADDRESS_LEAD = re.compile(
    r"(?:[\[(<][^\[\]()<>]{0,60}|\b(?:URL|online|available|abrufbar|verfügbar)\b[^.\n]{0,40})\s*\Z",
    re.I,
)


# A note that says when an address was read names no work by that date.
# The page cited, given after the article's extent and its address: ", hier S. 358", "; here p. 4"
_HERE_AFTER = re.compile(
    r"[,;(]\s*(?:hier|here|esp\.|especially|bes\.|insbes\.)\s*:?\s*((?:S\.|pp?\.)\s*\d+"
    r"(?:\s*[-–]+\s*\d+)?(?:\s?ff?\.)?)",
    re.I,
)
_ACCESSED = re.compile(
    r"\b(?:abgerufen|zugegriffen|geöffnet|aufgerufen|accessed|retrieved|last\s+visited)\b", re.I
)


_ADDRESSES = frozenset(("url", "doi", "pmid"))
# A note that opens with its author, surname first: "Wozniak, Thomas:", "Vgl. Zosel, Ralf,"
_NAME_HEAD = re.compile(
    r"\s*(?:(?i:vgl|cf|see|siehe)\.?\s+)?(?P<name>[A-ZÄÖÜ][\w'’-]+,\s+[A-ZÄÖÜ][\w'’.-]+"
    r"(?:\s+[A-ZÄÖÜ][\w'’.-]+)?)\s*[:,]\s+\S"
)


def _address_cut(text: str, start: int, url: int) -> int:
    """Where the prose before an address in a note ends: "…(1955): 551, https://doi.org/…"
    ends at the page."""
    m = _ADDRESS_LEAD.search(text, start, url)
    cut = m.start() if m else url
    while cut > start and text[cut - 1] in " \t\n,;":
        cut -= 1
    return cut


def _repeat(doc: Document, start: int, end: int, cited: _Cite | None) -> _Cite:
    """ "Ibid., p. 82", "Arendt, a.a.O., S. 12": the work an earlier note cites, at this note's
    page."""
    own = note_mention(doc.text, start, end)
    if cited is None:
        return own, None
    mention, anchor = cited
    if anchor is not None and anchor.reference is not None:
        return None, anchor
    if mention is None or own is None:
        return own or mention, None
    inner = mention.raw
    if is_same_as_before(inner, 0, len(inner)) and inner.endswith("]") and " [" in inner:
        # "Ebd. S. 7 [Ebd. [Arendt, …]]": the work once, not the whole run of Ebd. before it
        # (a run of hundreds of notes made each note's text as long as the run)
        inner = inner[inner.index(" [") + 2 : -1]
    raw = f"{own.raw} [{inner}]"
    locator = own.locator or mention.locator
    return replace(mention, start=own.start, end=own.end, raw=raw, locator=locator), None


@dataclass(frozen=True, slots=True)
class InnerNote:
    """The note whose mark ends the quoted words: what it cites, and where the words end."""

    cut: int
    mention: Mention | None
    reference: Reference | None
    locator: Locator | None


# A Markdown note mark at the end of the quoted words, before the closing mark: "… Ideen[^1]“",
# "… unwahrscheinlich.[^2]“", or a Word export's linked mark.
_MARK_AT_END = re.compile(r"(?:\[\^(?P<id>[^\]\s]+)\]|(?P<link>" + NOTE_LINK + r"))[.,;:!?]?\s*$")
_LINK_ID = re.compile(r"\(#([^)]+)\)")


def inner_note(ms: Manuscript, doc: Document, start: int, end: int) -> InnerNote | None:
    """The writer's note whose mark closes the quoted words ``doc.text[start:end]``, inside the
    closing mark (German typesetting sets it there). A source's own note marks are left out
    when it is quoted, so a mark there is the writer's."""
    words = doc.text[start:end]
    tail = words.rstrip(" \t\n.,;:!?")
    # the anchors are in text order: the last one at or before the end, found by bisection
    k = bisect_right(doc.anchors, end, key=lambda anchor: anchor.start) - 1
    a = doc.anchors[k] if k >= 0 else None
    if a is not None and a.start >= start and not words[a.end - start :].strip(" \t\n.,;:!?"):
        if a.footnote is not None:
            return _inner(a.start, *from_footnote(ms, a.footnote))
        if a.reference is not None:
            return InnerNote(a.start, None, a.reference, a.reference.locator)
    k = bisect_left(doc.notes, (end, -1)) - 1
    if (
        k >= 0
        and start < doc.notes[k][0]
        and doc.text[doc.notes[k][1] + 1 : start + len(tail)] == ""
    ):
        command = doc.text.rfind("\\footnote", start, doc.notes[k][0])
        if command >= 0:
            return _inner(command, *from_latex_note(doc, k))
    m = _MARK_AT_END.search(words) if doc.kind in ("markdown", "plain") else None
    if m is None:
        return None
    note_id = m.group("id")
    if note_id is None:
        link = _LINK_ID.search(m.group("link"))
        note_id = note_link_id(link.group(1)) if link else None
    if note_id is None:
        return None
    return _inner(start + m.start(), *from_footnote(ms, note_id))


def cited_inside(ms: Manuscript, doc: Document, start: int, end: int) -> InnerNote | None:
    """The writer's citation that ends the quoted words ``doc.text[start:end]`` inside the
    closing mark or command's braces: a cite typed there (``inner_cite``: "… Wiedergabe\\
    footcite[23]{key}}", "… origin. [4]”"), else a note whose mark stands there."""
    if (cite := inner_cite(doc, start, end)) is not None:
        return InnerNote(cite.start, cite, None, cite.locator)
    return inner_note(ms, doc, start, end)


def _inner(cut: int, mention: Mention | None, anchor: Anchor | None) -> InnerNote | None:
    if anchor is not None and anchor.reference is not None:
        return InnerNote(cut, None, anchor.reference, anchor.reference.locator)
    if mention is None or mention.style in ("locator", "footnote"):
        return None
    return InnerNote(cut, mention, None, mention.locator)
