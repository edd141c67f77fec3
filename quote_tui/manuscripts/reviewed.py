"""The work a review (or an essay on one book) is about, for quotations cited by page alone.

A review cites the book it reviews by its page only: "… what can only be described as white
supremacy" (2). The book is named once, at the head: in the front matter a site's review layout
asks for (``book-reviewed:``, ``reviewed:``, ``book:``), in a title "Review of …", "Book
Review: …", "Rezension: …", "Compte rendu de …", "Reseña de …", on a line "Rezension zu:" over
the book's details, or in a first paragraph that gives the book as a catalogue does
("Author. *Title*. New York: NYU Press, 2013. 290 pp."). An essay whose list of works holds one
work reads that one. Quotations the text leaves with a page alone (or a page and no work) take
that work; no other quotation is touched.
"""

from __future__ import annotations

import re
from dataclasses import replace

from quote_tui.manuscripts.document import Document, Manuscript
from quote_tui.manuscripts.found import Found
from quote_tui.manuscripts.mention import Mention

__all__ = ["reviewed_work", "with_reviewed_work"]

_HEAD = 4000  # characters at a text's head the reviewed work is named in
_MAX_WORK = 400  # a book's catalogue line is short; a longer paragraph is the review's prose
_FRONT = re.compile(
    r"\A\ufeff?(?:---|\+\+\+)[ \t]*\n(?P<body>.*?)\n(?:---|\.\.\.|\+\+\+)[ \t]*$", re.S | re.M
)
# Front-matter keys review layouts use for the reviewed book (YAML "key:" or TOML "key =").
_KEY = re.compile(
    r"^(?P<key>book[-_ ]?reviewed|reviewed[-_ ]?(?:book|work|title)?|review[-_ ]?of|"
    r"book|rezensiert|besprochen)[ \t]*[:=][ \t]*(?P<value>[^\n]*)$",
    re.M | re.I,
)
_SUBKEY = re.compile(
    r"^[ \t]+(?P<key>title|author|authors|year|publisher)[ \t]*[:=][ \t]*(?P<value>[^\n]+)$",
    re.M | re.I,
)
# A title that says the text reviews a work, in the languages the sets are written in.
_REVIEW_TITLE = re.compile(
    r"^\W*(?:(?:a\s+)?(?:book\s+)?review(?:\s+essay)?(?:\s+of\b|\s*[:–—-])|"
    r"rezension(?:\s+(?:zu|von|über))?\b\s*:?|buchbesprechung\s*:|besprechung\s+(?:von|zu)\b|"
    r"compte[- ]rendu(?:\s+de\b|\s*:)|recension(?:\s+de\b|\s*:)|rese[ñn]a(?:\s+de\b|\s*:)|"
    r"recensione(?:\s+di\b|\s*:)|resenha(?:\s+de\b|\s*:))\s*(?P<work>\S.*)$",
    re.I,
)
# A front matter that calls its text a review: its layout, type, category or tags say so.
_MARKED = re.compile(
    r"^(?:layout|type|kind|genre|categor(?:y|ies)|tags?)[ \t]*[:=][^\n]*\b(?:book[-_ ]?)?"
    r"(?:reviews?|rezension(?:en)?|reseñas?|recensions?|recensioni|resenhas?)\b",
    re.M | re.I,
)
_FIELD = re.compile(r"^(?P<key>[A-Za-z][\w-]{0,40})[ \t]*[:=][ \t]*(?P<value>\S[^\n]*)$", re.M)
_WORK_TITLE = re.compile(
    r"(?:publication|book|work|paper|reviewed)[-_ ]?title|booktitle|(?:book|work)[-_ ]?name"
)
_TITLE_KEY = re.compile(r"^title[ \t]*[:=][ \t]*(?P<value>[^\n]+)$", re.M | re.I)
_MD_HEADING = re.compile(r"^#{1,3}[ \t]+(?P<value>[^\n]+)$", re.M)
_LATEX_TITLE = re.compile(r"\\title\s*(?:\[[^\]]*\])?\s*\{(?P<value>[^{}]*(?:\{[^{}]*\}[^{}]*)*)\}")
# A line of its own that announces the reviewed work on the next: "Rezension zu:", "Review of:"
_ANNOUNCE = re.compile(
    r"^[ \t]*(?:rezension\s+(?:zu|von)|besprochen(?:\s+wird)?|review\s+of|reviewed(?:\s+work)?|"
    r"book\s+reviewed|compte[- ]rendu\s+de|reseña\s+de|recensione\s+di)[ \t]*:[ \t]*\n+"
    r"(?P<work>[^\n]{10,400})",
    re.M | re.I,
)
# A catalogue line: a place and publisher with the year ("New York: NYU Press, 2013") and the
# book's extent, price or ISBN.
_IMPRINT = re.compile(
    r"[A-Z][\w .,'’&-]{1,60}:\s*[A-Z][^.:;\n]{1,80}?,?\s*[(\[]?(?:1[6-9]|20)\d\d\b"
)
_CATALOGUE = re.compile(
    r"\b\d{2,4}\s*(?:pp\.|pages|S\.|Seiten|p\.)|\bISBN\b|\b97[89][-\d]{10,}|[$€£]\s?\d|\d\s?[$€£]",
    re.I,
)
_MARKUP = re.compile(r"<[^>]+>|[*_`]|\\[A-Za-z]+\*?|[{}]")
_QUOTES = "'\"“”‘’"


def _plain(value: str) -> str:
    value = _MARKUP.sub("", value)
    return " ".join(value.split()).strip(_QUOTES + " |>")


def _front_value(body: str, m: re.Match[str]) -> str:
    """A front-matter value: on the key's line, or the block (``|``, ``>``, a mapping of
    title and author) indented below it."""
    value = m.group("value").strip()
    if value and value not in ("|", ">", "|-", ">-"):
        return _plain(value)
    rest = body[m.end() :].split("\n")[1:]
    lines = []
    for line in rest:
        if line[:1] not in (" ", "\t") or not line.strip():
            break
        lines.append(line)
    block = "\n".join(lines)
    parts = {k.group("key").lower(): _plain(k.group("value")) for k in _SUBKEY.finditer(block)}
    if parts:
        author = parts.get("author") or parts.get("authors") or ""
        return _plain(f"{author}. {parts.get('title', '')}. {parts.get('year', '')}")
    return _plain(block)


def _from_front(text: str) -> tuple[str, int] | None:
    front = _FRONT.match(text)
    if front is None:
        return None
    body = front.group("body")
    for m in _KEY.finditer(body):
        value = _front_value(body, m)
        if len(value) >= 4:
            return value, front.start("body") + m.start()
    title = _TITLE_KEY.search(body)
    if title is not None and (review := _REVIEW_TITLE.match(_plain(title.group("value")))):
        return review.group("work"), front.start("body") + title.start()
    fields = {m.group("key").lower(): _plain(m.group("value")) for m in _FIELD.finditer(body)}
    titles = [v for k, v in fields.items() if _WORK_TITLE.fullmatch(k) and v]
    if _MARKED.search(body) is None and not titles:
        return None
    # A post its layout, type or tags call a review: the work is in the template's fields of
    # the work's author and title ("paperauthors:", "bookAuthor:", "publication_title:"), the
    # post's own title when no field names the work's.
    authors = [v for k, v in fields.items() if "author" in k and k not in ("author", "authors")]
    work_title = titles[0] if titles else fields.get("title", "")
    if not work_title or not (authors or titles):
        return None
    year = fields.get("year", "")
    name = f"{authors[0]}: " if authors else ""
    return _plain(f"{name}{work_title} {year}"), front.start("body")


def _titles(doc: Document) -> list[re.Match[str]]:
    head = doc.text[:_HEAD]
    if doc.kind == "latex":
        return list(_LATEX_TITLE.finditer(head))[:1]
    if doc.kind == "docx":
        # a Word text's title is its first paragraph or two
        return list(re.finditer(r"^(?P<value>[^\n]{4,200})$", head, re.M))[:2]
    return list(_MD_HEADING.finditer(head))[:1]


def _catalogue_paragraph(doc: Document) -> tuple[str, int] | None:
    """The first paragraph of the body, when it is the reviewed book's catalogue line."""
    text = doc.scan_text if doc.scan_text is not None else doc.text
    for m in re.finditer(r"\S[^\n]*(?:\n[ \t]*\S[^\n]*)*", text[:_HEAD]):
        para = m.group(0)
        if para.lstrip().startswith(("#", "\\")) or len(para) < 20:
            continue
        if len(para) <= _MAX_WORK and _IMPRINT.search(para) and _CATALOGUE.search(para):
            return _plain(para), m.start()
        return None  # the first paragraph of prose is not one
    return None


def reviewed_work(ms: Manuscript) -> Mention | None:
    """The work the manuscript reviews or reads alone, as a mention of it by title (what a
    note naming the work would give), or None."""
    if len(ms.listed) == 1 and ms.listed[0].title:
        entry = ms.listed[0]
        name = ", ".join(entry.authors)
        return Mention(0, 0, "note", f"{name}, {entry.title}".strip(", "), key=entry.title)
    if not ms.documents:
        return None
    doc = ms.documents[0]
    found = _from_front(doc.text)
    for m in () if found else _titles(doc):
        review = _REVIEW_TITLE.match(_plain(m.group("value")))
        if review is not None and _named(review.group("work")):
            found = review.group("work"), m.start()
            break
    if found is None and (line := _ANNOUNCE.search(doc.text[:_HEAD])) is not None:
        found = _plain(line.group("work")), line.start("work")
    if found is None:
        found = _catalogue_paragraph(doc)
    if found is None or not _named(found[0]):
        return None
    work, at = found
    return Mention(at, at + 1, "note", work[:_MAX_WORK], key=work[:_MAX_WORK])


def _named(work: str) -> bool:
    """Whether a title's rest names a work: words, not "zu:" of "Rezension zu:" alone."""
    return len(re.findall(r"[^\W\d_]{3,}", work)) >= 2


def _paged(f: Found) -> bool:
    """A quotation the text cites by its page alone: no work, a page locator."""
    return (
        f.reference is None
        and (f.mention is None or f.mention.style == "locator")
        and f.locator is not None
        and f.locator.label == "page"
    )


_SENTENCE_BACK = 1500  # a sentence is read this far back for quotations its page closes
_SENTENCE_END = re.compile(r"[.!?][\"”’)]*\s+(?=[A-Z\"“(])|\n[ \t]*\n")


def with_reviewed_work(ms: Manuscript, founds: list[Found]) -> list[Found]:
    """``founds`` with the quotations cited by a page alone given the work the text reviews;
    an uncited quotation of the same sentence ("the "relationship …," a theme featured "only
    incidentally" (3)") takes the page its sentence closes with too."""
    if not any(_paged(f) for f in founds):
        return founds
    work = reviewed_work(ms)
    if work is None:
        return founds
    out = list(founds)
    for i, f in enumerate(out):
        if not _paged(f):
            continue
        out[i] = replace(f, mention=replace(work, locator=f.locator))
        # the quotations before it in its sentence that nothing cites
        text = f.doc.text
        lo = max(0, f.location.offset - _SENTENCE_BACK)
        stops = [m.end() for m in _SENTENCE_END.finditer(text, lo, f.location.offset)]
        begin = stops[-1] if stops else lo
        j = i - 1
        while j >= 0 and out[j].doc is f.doc and out[j].location.offset >= begin:
            prior = out[j]
            if (prior.mention, prior.reference, prior.locator) == (None, None, None):
                out[j] = replace(prior, mention=out[i].mention, locator=f.locator)
            j -= 1
    return out
