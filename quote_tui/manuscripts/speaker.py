"""The work of the person a quotation's sentence names as its speaker, from the text's own list.

Essays that cite no page name the critic they quote in the sentence and list the book at the
end: "As Phelan has argued ‘…’", "Mikel Dufrenne’s statement that all ‘…’", "Derrida spoke of
the ‘…’", "… ‘…’ to use Phelan’s term". When the typed list holds exactly one work by that
surname (or, for an edition, one work whose title names the person: "The Writings of Marcel
Duchamp"), the quotation is that work's. A name the list lacks, or holds twice, links nothing.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from quote_tui.manuscripts.locators import make_locator
from quote_tui.manuscripts.model import BibEntry, Locator
from quote_tui.manuscripts.reflist import match_author, match_name
from quote_tui.manuscripts.refs import Mention
from quote_tui.manuscripts.saying import SPEAKER, alternation

__all__ = ["named_speaker", "page_author", "short_page"]

_NAME = r"[A-ZÄÖÜ][\w'’\-]+"
# The speaker before the quotation: "As Phelan has argued", "Phelan has called", "Derrida spoke
# of", "Duchamp wrote that", "Dufrenne’s statement", "according to Kaprow".
_VERB = (
    # an adverb before the verb: "convincingly argues", "rightly notes", "treffend schreibt"
    r"(?:has|had|have|hat|once)?\s*(?:also\s+|[a-z]+ly\s+|treffend\s+|zutreffend\s+)?"
    # the verb (saying.SPEAKER): "argues", "quotes", "betont", "zitiert", "ressalta", "souligne"
    + alternation(SPEAKER)
    + r"\b"
)
_BEFORE = re.compile(
    r"(?:(?:[Aa]s|[Ww]ie|[Aa]ccording\s+to|[Ll]aut|[Ff]or)\s+)?(?P<name>" + _NAME + r")"
    # a year or a gloss set off after the name: "Mitchell (2020)", "Mitchell, a psychologist,"
    r"(?:\s+\([^()]{0,60}\)|,\s+(?:a|an|the|die|der|ein|eine)\s+[^,.;:!?\n]{1,50},)?"
    r"(?:\s*[’']s?\s+(?:statement|term|words?|phrase|notion|idea|claim|description|formulation|"
    # the work the sentence names by its author: "Mitchell's study shows", "Müllers Studie"
    r"study|article|book|essay|paper|report|research|analysis|survey|findings|Studie|Untersuchung)"
    r"\b|\s+" + _VERB + ")"
    # or only a preposition before the name, the quotation right after: "According to
    # Mitchell, “…”", "Laut Müller „…“", "Nach Müller „…“", "For Phelan, ‘…’"
    r"|(?:\b[Aa]ccording\s+to|\b[Ll]aut|\b[Nn]ach|\b[Gg]emäß|\b[Ff]or)\s+(?:[A-ZÄÖÜ][\w'’\-]+\s+)?"
    r"(?P<alone>" + _NAME + r")(?:\s+\(\d{4}[a-z]?\))?[ \t]*[,:]?[ \t]*[\"“„‘‚«»]*\Z"
)
# After the quotation, in its sentence: "… ‘…’ to use Phelan’s term", "(in Kaprow’s words)".
_AFTER = re.compile(
    r"\b(?:to\s+use|in|as)\s+(?P<name>" + _NAME + r")[’']s?\s+(?:term|words?|phrase|expression)\b"
)
_SENTENCE_END = re.compile(r"[.!?](?=\s+[A-Z\"“‘])")
_REACH = 300  # characters before the opening mark read for the speaker


# A list's names are folded again for every citation matched against it: once is enough.
@lru_cache(maxsize=8192)
def _fold(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _surname(author: str) -> str:
    return _fold(author.split()[-1]) if author.split() else ""


def _entry_for(name: str, entries: Sequence[BibEntry]) -> BibEntry | None:
    """The one entry by ``name`` (a surname), else the one whose title names the person."""
    want = _fold(name.removesuffix("’s").removesuffix("'s"))
    by_author = [e for e in entries if e.authors and _surname(e.authors[0]) == want]
    if by_author:
        return by_author[0] if len(by_author) == 1 else None
    in_title = [
        e for e in entries if e.title and re.search(rf"\b{re.escape(want)}\b", _fold(e.title))
    ]
    return in_title[0] if len(in_title) == 1 else None


def named_speaker(
    text: str, sentence: int, start: int, end: int, entries: Sequence[BibEntry]
) -> Mention | None:
    """The citation of the one listed work whose author the sentence opening at ``sentence``
    names as the speaker of the quotation ``text[start:end]``, or ``None``."""
    if not entries:
        return None
    lo = max(sentence, start - _REACH)
    found = list(_BEFORE.finditer(text, lo, start))
    stop = _SENTENCE_END.search(text, end, end + _REACH)
    after = _AFTER.search(text, end, stop.start() if stop else min(len(text), end + _REACH))
    # the speaker nearest the quotation: the last named before it, else one named after it
    for m in [*reversed(found), *([after] if after else [])]:
        group = "name" if m.group("name") else "alone"
        entry = _entry_for(m.group(group), entries)
        if entry is not None and entry.authors:
            surname = entry.authors[0].split()[-1]
            return Mention(
                m.start(group),
                m.end(group),
                "author_date",
                m.group(group),
                names=(surname,),
                year=entry.year,
            )
        return None  # the nearest speaker is someone the list does not hold once
    return None


_SURNAME = re.compile(r"(?<![\w@])[A-ZÄÖÜ][\w'’\-]+")
_BACK = 500  # characters before the quotation read for its author (about two sentences)
# An MLA short title with its page: "(“Against” 744)", "(*On Literary Worlds* 6)".
_SHORT_TITLE = re.compile(
    r"\(\s*[\"“*_]+(?P<title>[^\"”*_()]{2,60})[\"”*_]+\s*(?P<page>\d{1,5}|[ivxlc]{1,6})\b"
)
# The author alone in brackets right after the closing mark: '"…" (Heller)'.
_AUTHOR_ALONE = re.compile(
    r"[\"”’']?[ \t]*\([ \t]?(?P<name>[A-ZÄÖÜ][\w'’\-]+)"
    r"(?:\s+et\s+al\.?|\s+(?:and|&)\s+[A-ZÄÖÜ][\w'’\-]+)?[ \t]?\)"
)  # "(Vanecek et al)", "(Smith and Jones)": the first author's one listed work
# The same typed in lower case, perhaps with its page: '"…" (coperhaver 1)'
_TYPED_AUTHOR = re.compile(
    r"[\"”’']?[ \t]*\([ \t]?(?P<name>[a-zäöü][\w'’\-]{3,})"
    r"(?:[ \t]+(?P<page>\d{1,5}(?:[ \t]*[-–]+[ \t]*\d{1,5})?))?[ \t]?\)"
)
_ARTICLE = re.compile(r"^(?:the|a|an|der|die|das)\s+")
_TITLE_WORD = re.compile(r"[^\W_]+")


# The author alone closing the quotation's sentence after the writer's words: '"…" but this
# is new research ( Zastrow).'
_SENTENCE_AUTHOR = re.compile(
    r"\([ \t]?(?P<name>[A-ZÄÖÜ][\w'’\-]+)(?:\s+et\s+al\.?)?[ \t]?\)[ \t]*(?=[.!?;]|\Z)"
)


def _closing_author(text: str, end: int, after: int) -> re.Match[str] | None:
    """The author alone in brackets that closes the sentence the quotation ending at ``end``
    stands in (``after`` its end), with no other quotation between."""
    last = None
    for m in _SENTENCE_AUTHOR.finditer(text, end, min(len(text), after + 1)):
        last = m
    while end < len(text) and text[end] in "\"”’'":
        end += 1  # the quotation's own closing mark
    if last is None or _OTHER.search(text, end, last.start()):
        return None
    return last


def _listed_name(entry: BibEntry) -> str:
    """The surname of the entry's first author as the list spells it."""
    return entry.authors[0].split(",")[0].split()[-1]


def _title_start(title: str) -> str:
    """A title as a short title begins it: folded, without marks or a leading article."""
    return _ARTICLE.sub("", _fold(title).lstrip('*_"“‘ '))


def page_author(
    text: str, start: int, end: int, after: int, entries: Sequence[BibEntry], *, paged: bool
) -> Mention | None:
    """MLA's page-only citation, '"…" (737)' after the quotation ``text[start:end]`` (its
    citation ends at ``after``): the work of the listed author last named before the words, in
    that sentence or the one before ("as Douglas Mao and Rebecca Walkowitz say …"), or the work
    whose title a short title in the parenthesis begins ("(“Against” 744)")."""
    if not entries:
        return None
    short = _short(text, end, after)
    if short is not None:
        want = _title_start(short.group("title").strip(" ,."))
        titled = [e for e in entries if e.title and _title_start(e.title).startswith(want)]
        if not titled:
            # a short title is the title's key words, not always its first: ("Historical"
            # 30) for "A Brief Historical Sketch of the Invention of the Art"
            words = set(_TITLE_WORD.findall(want))
            titled = [
                e
                for e in entries
                if e.title and words and words <= set(_TITLE_WORD.findall(_fold(e.title)))
            ]
        paged = True  # ("Introduction" 16): a part of a work, whose author the text names
        if len(titled) == 1 and titled[0].authors:
            entry = titled[0]
            return Mention(
                short.start(),
                short.end(),
                "author_date",
                short.group(0),
                names=(entry.authors[0].split()[-1],),
                year=entry.year,
                locator=make_locator("page", short.group("page")),
            )
    if (turned := _page_then_author(text, end, entries)) is not None:
        return turned
    alone = (
        _AUTHOR_ALONE.match(text, end)
        or _TYPED_AUTHOR.match(text, end)
        or _closing_author(text, end, after)
    )
    if alone is not None:
        # MLA's author alone for a work without pages: '"…" (Heller).'; typed in lower case
        # or a letter off the list's spelling, "(coperhaver 1)" for Copenhaver
        found = _by_surname(entries).get(_fold(alone.group("name")), [])
        entry = found[0] if len(found) == 1 else None
        if entry is None and (near := match_author(entries, (alone.group("name"),), near=True)):
            entry = near if near.authors else None
        if entry is None and (site := match_name(entries, alone.group("name"))) is not None:
            return _by_name(site, alone)  # "(BBC)": the body or site that published it
        if entry is not None:
            page = alone.groupdict().get("page")
            return Mention(
                alone.start("name"),
                alone.end("page") if page else alone.end("name"),
                "author_date",
                f"{alone.group('name')} {page}" if page else alone.group("name"),
                names=(alone.group("name") if found else _listed_name(entry),),
                year=entry.year,
                locator=make_locator("page", page) if page else None,
            )
    if (named := _SITE_ALONE.match(text, end)) is not None and (
        site := match_name(entries, named.group("name"))
    ) is not None:
        return _by_name(site, named)  # "(Bay Shipyard)", "(BBC News)"
    if not paged:
        return None  # a name alone, without the page MLA cites, links nothing here
    lo = max(0, start - _BACK)
    para = text.rfind("\n\n", lo, start)
    lo = para + 2 if para >= 0 else lo
    surnames = _by_surname(entries)
    named = [
        (m, found)
        for m in _SURNAME.finditer(text, lo, start)
        if (found := surnames.get(_fold(m.group(0).removesuffix("’s").removesuffix("'s"))))
    ]
    if not named:
        return None
    # the clause's subject, the first named in it ("Susan Squier mentions … Scott's anthology
    # as books that "…" (75)"), else the author named last before it
    clause = max(text.rfind(";", lo, start), _last_stop(text, lo, start))
    in_clause = [pair for pair in named if pair[0].start() > clause]
    m, found = in_clause[0] if in_clause else named[-1]
    if len(found) > 1:
        found = _titled_before(text, lo, start, found)
    if len(found) != 1:
        return None  # two works of that author the text does not tell apart
    return Mention(
        m.start(),
        m.end(),
        "author_date",
        m.group(0),
        names=(found[0].authors[0].split()[-1],),
        year=found[0].year,
    )


# A body's or site's name of a few words in brackets right after the closing mark: "(Bay
# Shipyard)", "(BBC News)"; a name of one word is read as an author's first.
_SITE_ALONE = re.compile(
    r"[\"”’']?[ \t]*\([ \t]?(?P<name>[A-ZÄÖÜ][\w'’&.-]*(?:[ \t]+[A-ZÄÖÜ&][\w'’&.-]*){1,3})[ \t]?\)"
)


def _by_name(entry: BibEntry, m: re.Match[str]) -> Mention:
    """The citation of a listed work named by the body or site that published it: by its first
    author where the list names one, else by its title (a web page listed without author)."""
    if entry.authors:
        surname = _listed_name(entry)
        names, style, key = (surname,), "author_date", None
    else:
        names, style, key = (), "note", entry.title
    return Mention(
        m.start("name"),
        m.end("name"),
        style,
        m.group(0).lstrip("\"”’' \t"),
        key=key,
        names=names,
        year=entry.year if entry.authors else None,
    )


# The page first, then the author or a short title: "(p. 95, Phillips)", "(p.93, Lemon)",
# "(p. 130, The Prince)", as some students turn MLA's parenthesis round.
_PAGE_THEN_NAME = re.compile(
    r"[\"”’']?[ \t]*\(\s*(?:pp?\.\s*)?(?P<page>\d{1,5}(?:\s*[-–]+\s*\d{1,5})?)\s*,\s*"
    r"(?P<name>[A-ZÄÖÜ][^()\d,;]{1,60}?)\s*\)"
)


def _page_then_author(text: str, end: int, entries: Sequence[BibEntry]) -> Mention | None:
    """The listed work a "(p. 95, Phillips)" right after the quotation names: the one work of
    that surname, else the one whose title the words begin; None when the list holds neither
    once."""
    m = _PAGE_THEN_NAME.match(text, end)
    if m is None:
        return None
    name = m.group("name").strip()
    found = _by_surname(entries).get(_fold(name.split()[-1]), []) if " " not in name else []
    if not found:
        want = _title_start(name)
        found = [e for e in entries if e.title and _title_start(e.title).startswith(want)]
    if len(found) != 1 or not found[0].authors:
        return None
    entry = found[0]
    return Mention(
        m.start(),
        m.end(),
        "author_date",
        m.group(0).lstrip("\"”’' \t"),
        names=(entry.authors[0].split()[-1],),
        year=entry.year,
        locator=make_locator("page", m.group("page")),
    )


_TITLE_WORDS = 3  # a title's first words that name it in the running text


def _titled_before(text: str, lo: int, start: int, works: list[BibEntry]) -> list[BibEntry]:
    """Of an author's several works, the one whose title's first words the text before the
    quotation names last ("Latour emphasizes in We Have Never Been Modern that "…" (43)")."""
    said = " " + " ".join(_TITLE_WORD.findall(_fold(text[lo:start]))) + " "
    named = []
    for e in works:
        words = _TITLE_WORD.findall(_title_start(e.title or ""))[:_TITLE_WORDS]
        at = said.rfind(f" {' '.join(words)} ") if words else -1
        if at >= 0:
            named.append((at, e))
    if not named:
        return []
    last = max(at for at, _ in named)
    return [e for at, e in named if at == last]


# The list's works by first author's surname, per list (held to tell it is the same): built
# once, not for each of a text's quotations.
_SURNAMES: list[tuple[Sequence[BibEntry], dict[str, list[BibEntry]]]] = []


def _by_surname(entries: Sequence[BibEntry]) -> dict[str, list[BibEntry]]:
    for held, surnames in _SURNAMES:
        if held is entries:
            return surnames
    surnames: dict[str, list[BibEntry]] = {}
    for e in entries:
        if e.authors:
            surnames.setdefault(_surname(e.authors[0]), []).append(e)
    _SURNAMES[:] = [(entries, surnames), *_SURNAMES[:3]]
    return surnames


def _last_stop(text: str, lo: int, start: int) -> int:
    stops = list(_SENTENCE_END.finditer(text, lo, start))
    return stops[-1].end() if stops else lo


def short_page(text: str, end: int, after: int) -> Locator | None:
    """The page of an MLA short title after a quotation ending at ``end``: "(*Gender* v)"."""
    short = _short(text, end, after)
    return make_locator("page", short.group("page")) if short else None


def _short(text: str, end: int, after: int) -> re.Match[str] | None:
    """The short title and page right after the quotation's closing mark, or ``None``."""
    short = _SHORT_TITLE.search(text, end, after + 1)
    gap = text[end : short.start()].lstrip("\"”’'") if short else ""
    if short is None or _OTHER.search(gap):
        return None  # another quotation or clause between: the parenthesis cites that one
    return short


_OTHER = re.compile(r"[\"“”„«»;]|(?<!\w)['‘]\w")
