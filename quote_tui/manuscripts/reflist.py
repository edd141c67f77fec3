"""The manuscript's own reference list: numbered citations ([12], superscripts) point to its
numbered entries, author-date citations ("Lo et al., 2020, p. 4") to entries by first author and
year. APA, Chicago, Harvard and MLA lists are unnumbered, one entry a paragraph or list item;
Vancouver and IEEE lists are numbered."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from quote_tui.manuscripts.author_year import UNDATED, written_year
from quote_tui.manuscripts.bibtyped import typed_title
from quote_tui.manuscripts.model import BibEntry

__all__ = [
    "LIST_NAMES",
    "ReferenceList",
    "entry_from_text",
    "find_reference_list",
    "match_author",
    "match_author_year",
    "match_name",
    "match_title",
    "miss_reason",
]

LIST_NAMES = (
    r"(?:References|Bibliography|Bibliographie|Works? Cited|Works? Consulted|Literature Cited|"
    r"Reference List|Citations|Sources|Literatur|Literaturverzeichnis|Quellen|"
    r"Quellenverzeichnis|Literaturangaben|"
    r"(?:Literatur|Quellen)-[ \t]+und[ \t]+(?:Literatur|Quellen)(?:verzeichnis)?|"
    # Spanish, French, Italian and Portuguese essays' lists
    r"Referencias(?:[ \t]+bibliográficas)?|Bibliografía|Bibliografia|Obras[ \t]+citadas|"
    r"Références(?:[ \t]+bibliographiques)?|Ouvrages[ \t]+cités|Riferimenti[ \t]+bibliografici|"
    r"Referências(?:[ \t]+bibliográficas)?)"
)
"""What a reference list's heading says (a pattern): the notes list before one ends at it."""
# A heading as written, or as a Word export sets it: bold, italic or underlined on a line of
# its own (***<u>Bibliography</u>***, **References**).
# A number may stand before it ("7 Literatur", "VII. Bibliography"), and German theses join two
# lists in one ("Literatur- und Quellenverzeichnis").
# Emphasis marks are matched one character at a time: "(?:[*_]{1,3})*" could split a run of n
# marks in exponentially many ways, and a thesis's signature line (60 underscores under the
# declaration) then held the scan for hours.
_HEADING = re.compile(
    r"^[ \t]*(?:#{1,6}[ \t]*|\\(?:section|chapter|subsection)\*?\{)?(?:[*_]|<(?:u|b|strong)>)*"
    r"(?:(?:\d{1,2}(?:\.\d{1,2})*|[IVX]{1,5})\.?[ \t]+)?"
    # a thesis's "Selected Bibliography", "Annotated Bibliography"
    r"(?:(?:Selected|Select|Annotated)[ \t]+)?"
    rf"{LIST_NAMES}"
    r"\}?[ \t]*:?(?:[*_]|</(?:u|b|strong)>)*[ \t]*$",
    re.M | re.I,
)
# (a list converted by Pandoc escapes its brackets: "\[1\] S. Felsner, …")
_ENTRY = re.compile(
    r"^[ \t]*(?:\\?\[(?P<a>\d{1,4})\\?\]|(?P<b>\d{1,4})[.)])[ \t]+"
    r"(?P<body>.+(?:\n(?![ \t]*(?:\\?\[\d|\d{1,4}[.)]\s))(?![ \t]*\n).+)*)",
    re.M,
)
_DOI = re.compile(r"10\.\d{4,9}/[^\s\"<>{}]+")
_URL = re.compile(r"https?://[^\s<>\"\]\)}]+")
_PMID = re.compile(r"\bPMID:?\s*(\d{1,9})")
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)([a-z]?)\b")
# An entry without a date says so where the year goes: "Google. (n.d.). Title.", "RAE. (s.f.).",
# "Müller, Hans: Titel. Berlin o.J."; its citations say so too, "(Google, n.d.)".
_NO_YEAR = re.compile(r"(?<=[(\s])" + UNDATED + r"(?=[).,;\s]|$)")
# The end of a list: the next heading (Markdown, LaTeX) or an appendix.
# The notes after a list end it too: Pandoc's [^1]: definitions, a Word export's or a web
# page's rule and notes (<div>, ---, * * *, ___, <div id="ftn1">, [\[1\]](#_ftnref1)), Mammoth's
# list of anchored notes. A citeproc <div id="refs"> holds the list itself.
_NEXT_HEADING = re.compile(
    r"^[ \t]*(?:#{1,6}[ \t]|\\(?:(?:section|chapter|appendix)\b|end\{document\})"
    r"|\[\^[^\]\s]+\]:|<div>|<div\s[^>\n]*\bid=\"_?(?:ftn|edn|fn|footnote)|-{3,}[ \t]*$"
    r"|(?:\*[ \t]*){3,}$|(?:_[ \t]*){3,}$|(?:-[ \t]+){2,}-[ \t]*$"
    r"|\[\*{0,2}\\?\[\d{1,4}\\?\]\*{0,2}\]\(#|\d{1,4}\.[ \t]+<a\s+(?:id|name)=)",
    re.M,
)
# A list item's marker: Markdown's, or the bullet Word text keeps ("\t•\tPeggy Phelan, …").
_ITEM = re.compile(r"^[ \t]*(?:[-*+•·▪◦][ \t]+|\[\^?\]|:[ \t]+)", re.M)
_PARTICLE = r"(?:(?:van|von|de|der|den|da|di|le|la|du|del|della|dos|das|ten|ter|Van|Von|De)\s+)*"
# The first author's family name as lists write it: "Lo, K.", "van der Berg, J.", "Lo K,"
# (Vancouver), "World Health Organization." (a body), "Lo Kyle" is read as "Lo"; a body as it
# writes itself, "Gov.UK.", "tutor2u.".
_FIRST_AUTHOR = re.compile(
    r"^\s*(?P<name>" + _PARTICLE + r"(?:[A-Z\u00c0-\u024f][\w'’\-]+(?:\.[A-Z][\w'’\-]*)*"
    r"(?:\s+[A-Z][\w'’\-]+)*?|[a-z]+(?:\d|[A-Z])[\w'’\-]*))"
    r"(?=\s*,|\s+[A-Z]{1,3}[,.\s]|\s*\.|\s*\(|\s+(?:and|&|und)\s+[A-Z])"
)
# IEEE writes the initials first: "E. Rissland, K. Ashley and R. Loui", "J.-P. Sartre,".
_INITIALS_FIRST = re.compile(
    r"^\s*(?:[A-Z][a-z]?\.[\s-]*)+(?P<name>" + _PARTICLE + r"[A-Z\u00c0-\u024f][\w'’\-]+"
    r"(?:\s+[A-Z][\w'’\-]+)*?)(?=\s*,|\s+and\s|\s+et\s+al\b|\s*\.)"
)
_IEEE_NAME = re.compile(
    r"(?:^|,\s*|and\s+)(?:[A-Z][a-z]?\.[\s-]*)+(" + _PARTICLE + r"[A-Z][\w'’\-]+)(?=\s*,|\s+and\s)"
)
# A title in double marks, or in single curly ones as British lists set it (‘The Politics of
# Performance’); a closing ’ must end a word, not stand in one (Phelan’s).
_QUOTED_TITLE = re.compile(
    r"[\"“]([^\"”]{6,300}?)[,.]?[\"”]|‘([^‘’]{6,300}?(?:’\w[^‘’]*?)*)[,.]?’(?!\w)"
)
# German lists set a colon after the names: "Arendt, Hannah: Vita activa oder Vom tätigen
# Leben. München: Piper, 2002."; "Müller, Hans/Schmidt, Eva (Hrsg.): Titel. Ort 2010."
# German lists: "Adorno, Theodor W./Horkheimer, Max: Dialektik der Aufklärung. Fragmente, …",
# "Kant, Immanuel: Was ist Aufklärung?, in: Berlinische Monatsschrift …" (an initial's stop is
# the name's; the title ends at its stop or at "in:")
_COLON_TITLE = re.compile(
    r"^\s*[A-ZÄÖÜ](?:[^:.()\d\n]|(?<=\b[A-Z])\.(?=\s*[/:,(])){1,80}?(?:\s*\((?:Hrsg|Hg|Ed|Eds)\.?\))?:\s+"
    r"(?P<title>[^\n]{3,300}?)(?:\.\s|\.?$|,?\s+[Ii]n:\s)"
)
_PAGES = re.compile(r"\bpp?\.\s*(\d+\s*[-–]+\s*\d+)")
_TRAIL = ".,;:)]"


@dataclass(frozen=True, slots=True)
class ReferenceList:
    """A manuscript's typed reference list.

    Attributes:
        span: where it stands (quotations there are titles, not quotations), or ``None``.
        numbered: entries by their number ("12" for "[12]" or "12.").
        listed: every entry in list order, numbered or not; author-date citations match these.
    """

    span: tuple[int, int] | None = None
    numbered: dict[str, BibEntry] | None = None
    listed: tuple[BibEntry, ...] = ()


def entry_from_text(key: str, body: str) -> BibEntry:
    """What a formatted reference says: DOI, URL, PMID, year, first surname, title, pages."""
    body = " ".join(body.split())
    doi = _DOI.search(body)
    url = _URL.search(body)
    pmid = _PMID.search(body)
    year = _YEAR.search(body) or _NO_YEAR.search(body)
    title_m = _QUOTED_TITLE.search(body)
    colon = _COLON_TITLE.match(body)
    if title_m:
        title = (title_m.group(1) or title_m.group(2)).strip()
    elif colon:
        title = colon.group("title").strip()
    else:
        title = typed_title(body, year)
    first = _FIRST_AUTHOR.match(body) or _INITIALS_FIRST.match(body)
    pages = _PAGES.search(body)
    url_value = url.group(0).rstrip(_TRAIL) if url else None
    return BibEntry(
        key=key,
        title=title,
        authors=_authors(body[: year.start()] if year else body, first.group("name"))
        if first
        else (),
        year=written_year(year.group(0)) if year else None,
        doi=doi.group(0).rstrip(_TRAIL).lower() if doi else None,
        pmid=pmid.group(1) if pmid else None,
        url=url_value if url_value and "doi.org/" not in url_value else None,
        pages=pages.group(1).replace("–", "--") if pages else None,
    )


_APA_NAME = re.compile(
    r"(?:^|,\s*|&\s*|and\s+)(" + _PARTICLE + r"[A-Z][\w'’\-]+),\s+(?:[A-Z]\.[\s-]*)+"
)


def _authors(part: str, first: str) -> tuple[str, ...]:
    """The family names of an entry's authors as far as the list's style shows them: the first
    always, the others where they are written "Family, I." (APA, Harvard) or "I. Family" (IEEE).
    """
    found = [m.group(1) for m in _APA_NAME.finditer(part)]
    if _INITIALS_FIRST.match(part):
        found += _IEEE_NAME.findall(part)
    names = [first]
    for name in found:
        if name not in names:
            names.append(name)
    return tuple(names)


def find_reference_list(text: str) -> ReferenceList:
    """The entries after the last References/Bibliography heading, numbered or not.

    Returns:
        The list's span and its entries; an empty ``ReferenceList`` when there is no heading.
    """
    headings = list(_HEADING.finditer(text))
    if not headings:
        return ReferenceList()
    # An essay's own list and a later section's (an appendix, a second essay in the file, a
    # chapter's) each list works the text cites: the last list is the list, and the works of
    # the unnumbered ones before it are listed too.
    earlier = [e for h in headings[:-1] for e in _read_list(text, h)[2]]
    span, numbered, listed = _read_list(text, headings[-1])
    if numbered:
        return ReferenceList(span, numbered, listed)
    return ReferenceList(span, {}, (*listed, *(e for e in earlier if e not in listed)))


def _read_list(
    text: str, heading: re.Match[str]
) -> tuple[tuple[int, int], dict[str, BibEntry], tuple[BibEntry, ...]]:
    """The span, numbered entries and entries of the list under ``heading``; the entries of
    a numbered list are its numbered ones, of an unnumbered one those with author and year."""
    start = heading.start()
    body_start = heading.end()
    stop = _NEXT_HEADING.search(text, body_start)
    body_end = stop.start() if stop else len(text)
    entries: dict[str, BibEntry] = {}
    end = start
    for m in _ENTRY.finditer(text, body_start, body_end):
        number = m.group("a") or m.group("b")
        entries.setdefault(number, entry_from_text(number, m.group("body")))
        end = m.end()
    if entries:
        return (start, max(end, start)), entries, tuple(entries.values())
    listed: list[BibEntry] = []
    previous = ""  # the last entry's authors as written, for one that repeats them by a dash
    for chunk in _chunks(text[body_start:body_end]):
        if (dash := _SAME_AUTHORS.match(chunk)) is not None and previous:
            # MLA's "---. Title." and Chicago's "———. Title.": the authors of the entry above
            chunk = previous + chunk[dash.end() :]
        elif (named := _NAMES_WRITTEN.match(chunk)) is not None:
            previous = named.group(0)
        entry = entry_from_text("", chunk)
        if entry.year and entry.authors:
            # Named as the text cites it, so a report reads "Lo 2020", not a list position.
            key = f"{entry.authors[0]} {entry.year}"
            listed.append(replace(entry, key=key))
        elif entry.authors and entry.title:
            # MLA lists a work without its year ("Talbot, W. H. F. "Some Account of …"
            # Newhall, Photography, 23-31."): named by its author and title's first words
            words = re.findall(r"[^\W_][\w'’-]*", entry.title)[:3]
            if words:
                listed.append(replace(entry, key=f"{entry.authors[0]} {' '.join(words)}"))
        elif (titled := _authorless(chunk, entry)) is not None:
            listed.append(titled)
    # Up to the next heading: a section titled "Sources" that holds prose is not a list, and
    # the chapters after it are still read.
    return (start, body_end), {}, tuple(listed)


# An entry that repeats the authors of the one above by a dash, as MLA ("---.") and Chicago
# ("———.") lists do; a Markdown writer may escape the hyphens ("\\-\\-\\-."), a Word
# writer type dots ("…………….").
_SAME_AUTHORS = re.compile(r"^\s*(?:(?:(?:\\?[-‐‑–—―_]){2,}|—)\s*[.,]|[.…]{3,})\s*")
# The authors an entry opens with, to its first full stop after a word of two letters or more
# ("Rankine, Claudia. ", "Deleuze, Gilles, and Félix Guattari. ")
_NAMES_WRITTEN = re.compile(r"^\s*[^.\n]{2,80}?[^\W\d_]{2}\.\s")


# An entry that opens with its title, no author named, as lists give web pages, news and
# encyclopaedia articles: "“Strikes Close Ports.” *BBC News*, 4 May 2021, www.bbc.co.uk/…",
# "*The Shipyard Story*. Bay Press, 2019."; then the site or container that published it,
# the name its citations give ("(BBC)", "(Wikipedia)").
_TITLE_FIRST = re.compile(
    r"^\s*(?:[\"“](?P<quoted>[^\"”]{3,300}?)[,.]?[\"”]|\*(?P<starred>[^*]{3,300}?)\*"
    r"|_(?P<under>[^_]{3,300}?)_)[.,]?\s+(?P<rest>\S.*)$"
)
_CONTAINER = re.compile(
    r"\*(?P<starred>[^*]{2,120})\*|_(?P<under>[^_]{2,120})_|(?P<plain>[A-Z][^,.;\n]{1,80})"
)
_ADDRESS = re.compile(r"\b(?:https?://|www\.)\S+|\b[a-z0-9-]+\.(?:com|org|net|edu|gov|co\.uk)\b")


def _authorless(chunk: str, entry: BibEntry) -> BibEntry | None:
    """The entry of a work listed by its title, keyed by the title's first words and its year
    ("Strikes close ports 2021"), with the site that published it as its container; None when
    the chunk is no such entry (prose under a "Sources" heading gives no year or address)."""
    if entry.authors:
        return None
    m = _TITLE_FIRST.match(" ".join(chunk.split()))
    if m is None:
        return None
    title = (m.group("quoted") or m.group("starred") or m.group("under")).strip(" .,")
    rest = m.group("rest")
    site = _CONTAINER.match(rest)
    container = (
        (site.group("starred") or site.group("under") or site.group("plain")) if site else None
    )
    if not (entry.year or _ADDRESS.search(rest)):
        return None
    words = re.findall(r"[^\W_][\w'’-]*", title)[:3]
    key = " ".join([*words, *([entry.year] if entry.year else [])])
    return replace(entry, key=key, title=title, journal=container.strip() if container else None)


# A rendered list's containers, one per entry: citeproc's <div id="ref-lo2020" class="csl-entry">
# or Pandoc's fenced ::: {#ref-lo2020 .csl-entry}.
_DIV = re.compile(r"^[ \t]*(?:</?div\b[^>\n]*>|:::+[^\n]*)[ \t]*$", re.M)


def _chunks(body: str) -> list[str]:
    """An unnumbered list's entries: list items, or else paragraphs (a .docx paragraph, or
    entries separated by blank lines); lines of one paragraph that each start with a name and
    hold a year are entries each (a list typed one entry a line)."""
    body = _DIV.sub("\n\n", body)
    parts = _ITEM.split(body) if _ITEM.search(body) else re.split(r"\n[ \t]*\n", body)
    out: list[str] = []
    for part in parts:
        lines = [line for line in part.split("\n") if line.strip()]
        if len(lines) > 1 and all(_FIRST_AUTHOR.match(x) and _YEAR.search(x) for x in lines):
            out.extend(lines)
        elif lines:
            out.append(" ".join(lines))
    return out


# A list's names are folded again for every citation matched against it: once is enough.
@lru_cache(maxsize=8192)
def _fold(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def match_author_year(
    entries: Sequence[BibEntry], names: Sequence[str], year: str
) -> BibEntry | None:
    """The entry an author-date citation points to: same first author, same year.

    The first cited name must be the entry's first author's family name (or its last word,
    for a body such as "World Health Organization"); the year must agree, with its a/b
    suffix when both have one. When several entries agree, the one naming the second cited
    author as well wins; still several, none (a guess would check the wrong work).
    """
    if not names:
        return None
    first = _fold(names[0])
    bare = year[:4]
    found = []
    for entry in entries:
        if not entry.authors or not entry.year:
            continue
        family = _fold(entry.authors[0])
        if first not in (family, family.split()[-1]):
            continue
        # "2020" finds "2020a" and "2020a" finds "2020" when only one side writes the letter.
        one_letter = (len(entry.year) == 4) != (len(year) == 4)
        if entry.year == year or (entry.year[:4] == bare and one_letter):
            found.append(entry)
    if len(found) > 1 and len(names) > 1:
        second = _fold(names[1])
        named = [e for e in found if second in _fold(" ".join([*e.authors, e.title or ""]))]
        found = named or found
    if len(found) > 1:
        exact = [e for e in found if e.year == year]
        found = exact if len(exact) == 1 else found
    return found[0] if len(found) == 1 else None


def match_author(
    entries: Sequence[BibEntry],
    names: Sequence[str],
    short: str | None = None,
    *,
    near: bool = False,
) -> BibEntry | None:
    """The one entry whose first author is the first cited name (MLA cites author and page);
    of several works of that author, the one whose title holds the ``short`` title's words
    ("Lonely" for "Don't Let Me Be Lonely"); none when still several, rather than a guess.
    ``near``: a name typed one letter off the one close listed surname is that surname's."""
    if not names:
        return None
    first = _fold(names[0])
    found = [
        e
        for e in entries
        if e.authors and first in (_fold(e.authors[0]), _fold(e.authors[0]).split()[-1])
    ]
    if not found and near:
        found = _misspelt(entries, first)
    if len(found) > 1 and short and (words := _title_words(short)):
        found = [e for e in found if e.title and set(words) <= set(_title_words(e.title))]
    return found[0] if len(found) == 1 else None


_NEAR_LENGTH = 5  # a surname this long typed one letter off is still the listed one


def _misspelt(entries: Sequence[BibEntry], name: str) -> list[BibEntry]:
    """The works of the one listed surname that ``name`` misspells by a letter ("Coperhaver"
    for Copenhaver, "Zastow" for Zastrow): a student's typed citation the list still names.
    None when no surname or several are that close."""
    if len(name) < _NEAR_LENGTH:
        return []
    close = {
        family: e
        for e in entries
        if e.authors and _one_letter_off(name, family := _fold(e.authors[0]).split()[-1])
    }
    if len(close) != 1:
        return []
    family = next(iter(close))
    return [e for e in entries if e.authors and _fold(e.authors[0]).split()[-1] == family]


def _one_letter_off(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one letter changed, added, dropped or swapped."""
    if a == b or abs(len(a) - len(b)) > 1 or min(len(a), len(b)) < _NEAR_LENGTH - 1:
        return False
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        swapped = a[i + 2 :] == b[i + 2 :] and a[i : i + 2] == b[i : i + 2][::-1]
        return a[i + 1 :] == b[i + 1 :] or swapped
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    return longer[i + 1 :] == shorter[i:]


_WORD = re.compile(r"\w+")
_ARTICLES = frozenset(("the", "a", "an", "der", "die", "das", "ein", "eine", "le", "la", "les"))


def _title_words(title: str) -> list[str]:
    words = _WORD.findall(_fold(re.sub(r"\\[A-Za-z]+\*?", " ", title)))
    return words[1:] if words and words[0] in _ARTICLES else words


def match_name(entries: Sequence[BibEntry], name: str, year: str | None = None) -> BibEntry | None:
    """The one entry a citation names by the body or site that published it rather than by a
    person: "(BBC)" for an entry by "BBC News" or in *BBC News*, "(shipyard)" for one on the
    *Bay Shipyard* site. Every word of the name stands in the entry's authors or container;
    with ``year``, the entry's year agrees. None when no entry or several fit."""
    want = set(_WORD.findall(_fold(name)))
    if not want:
        return None
    found = []
    for e in entries:
        if year and (e.year or "")[:4] != year[:4]:
            continue
        said = set(_WORD.findall(_fold(" ".join([*e.authors, e.journal or ""]))))
        if want <= said:
            found.append(e)
    return found[0] if len(found) == 1 else None


def match_title(entries: Sequence[BibEntry], title: str, note: str) -> BibEntry | None:
    """The entry a note names ("Arendt, *On Violence*, 80."; in Word text without the italics,
    "Arendt, On Violence, 80."): the entry whose title begins with the title the note gives (a
    short title is the full one cut), else the entry whose first author opens the note and whose
    title's first words stand in it; its first author named in the note when several have that
    title; none when still several."""
    words = _title_words(title)
    found = [
        e for e in entries if e.title and words and _title_words(e.title)[: len(words)] == words
    ]
    folded = _fold(note)
    if not found:
        # the author opens the note, or the earlier note an "Ibid." repeats: "Ibid. [Arendt, …]"
        head = [w for part in folded.split("[") for w in _WORD.findall(part.split(",")[0])]
        said = " " + " ".join(_WORD.findall(folded)) + " "
        found = [
            e
            for e in entries
            if e.title
            and e.authors
            and _fold(e.authors[0]) in head
            and " " + " ".join(_title_words(e.title)[:_TITLE_WORDS]) + " " in said
        ]
    if len(found) > 1:
        found = [e for e in found if e.authors and _fold(e.authors[0]) in folded]
    return found[0] if len(found) == 1 else None


_TITLE_WORDS = 2  # a title's first words that name it in a note's prose: "On Violence"


def miss_reason(entries: Sequence[BibEntry], names: Sequence[str], year: str | None) -> str | None:
    """Why no entry answers an author-date citation, when the lists hold that author: other
    years, or several works of that year (the citation does not say which)."""
    if not names:
        return None
    first = _fold(names[0])
    same = [
        e
        for e in entries
        if e.authors and first in (_fold(e.authors[0]), _fold(e.authors[0]).split()[-1])
    ]
    if not same:
        return None
    years = sorted({e.year for e in same if e.year})
    of_year = sum(1 for e in same if year and (e.year or "")[:4] == year[:4])
    if of_year > 1:
        return (
            f"the list has {of_year} works by {names[0]} of {year[:4] if year else ''} and the "
            "citation does not say which (a letter after the year tells them apart)"
        )
    return f"the list has works by {names[0]} of {', '.join(years) or 'no year'}, none of {year}"
