"""Author-date citations: parenthetical "(Smith 2020, p. 4)", "(vgl. Bortz/Döring 2006: 12)",
narrative "Graeber and Wengrow (2021: 9)", and a note that is one citation, "Vgl. Arendt 2002,
S. 185."
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.locators import ENTRY_TERM, parse_locator
from quote_tui.manuscripts.mention import Mention, Scanner

__all__ = [
    "AUTHOR_YEAR_SCANNERS",
    "NAME",
    "NOT_AUTHORS",
    "UNDATED",
    "YEARS",
    "names_of",
    "note_author_year",
    "written_year",
]

# A surname, or a body's name as it writes itself: Gov.UK, tutor2u, eBay (lower case only with a
# digit or a capital inside, so that no plain word is taken for a name).
NAME = (
    r"(?:(?:van|von|de|der|den|da|di|le|la|du|del|della|dos|das|ten|ter)\s+)*"
    r"(?:[A-Z][\w'’\-]+(?:\.[A-Z][\w'’\-]*)*|[a-z]+(?:\d|[A-Z])[\w'’\-]*)"
)
_DATED = r"(?:1[5-9]\d\d|20\d\d)[a-z]?(?:/(?:1[5-9]\d\d|20\d\d)[a-z]?)?"  # APA's 1966/2000 too
YEARS = _DATED + r"(?:\s*[-–]+\s*" + _DATED + ")?"
# A work without a date, cited in the year's place: APA's "n.d.", Spanish "s.f." (sin fecha),
# French and Italian "s.d." (sans date, senza data), German "o.J." (ohne Jahr).
UNDATED = r"(?:[nN]\.\s?d|[sS]\.\s?[fd]|o\.\s?J)\.?"
_YEAR = r"(?:" + _DATED + "|" + UNDATED + ")"
_AUTHOR_ITEM = re.compile(
    r"^(?:(?i:see|cf\.|e\.g\.,?|also|see also|quoted in|qtd\. in|as cited in|vgl\.|siehe|s\.|"
    # (ABNT's "apud": the work the words were read in, "(apud BONIATI, 2009, p. 29)")
    r"zit\.\s+n\.|zitiert\s+nach|nach|apud|citado\s+por|cité\s+par|citado\s+en)\s+)?"
    r"(?P<names>" + NAME + r"(?:[^\d;()]*?))(?:,\s*|\s+)(?P<year>" + _YEAR + r")"
    r"(?:\s*[,:]\s*(?P<loc>.+))?$",
    re.S,
)
_PAREN = re.compile(r"\((?P<body>[^()]{3,240})\)")
# A person's life dates in parentheses: "(Dance Historian, b. 1947)", "(geb. 1950)", "(* 1901)".
_LIFE = re.compile(r"\b(?:b|d|geb|gest)\.\s*\d{4}\b|\b(?:born|died)\b|[*†]\s*\d{4}")
_NARRATIVE = re.compile(
    r"(?P<names>"
    + NAME
    + r"(?:(?:,\s*"
    + NAME
    # "… and David Wengrow (2021)"; Portuguese and Italian "e", Spanish "y", French "et"
    + r")*,?\s+(?:and|&|und|u\.|e|y|et)\s+(?:[A-Z][\w'’-]+\s+)?"
    + NAME
    + r"|(?:/"  # German styles join names with a slash: "Bortz/Döring (2006)"
    + NAME
    + r")+|\s+et\s+al\.?)?)(?:'s|’s)?\s*\((?P<year>"
    + _YEAR
    + r")(?:\s*[,:;]\s*(?P<loc>[^)]*))?\)"
)
# A work named by its author's possessive and its year, then what it is: "Vickrey's 1963 Pricing
# and Resource Allocation piece", "Smith’s 2010 study", "Arnott and Small's 1994 paper".
_POSSESSIVE = re.compile(
    r"(?P<names>" + NAME + r"(?:\s+et\s+al\.?|\s+(?:and|&)\s+" + NAME + r")?)['’]s\s+"
    r"(?P<year>"
    + _DATED
    + r")(?=\s+(?:(?:[A-Z][\w'’-]*|and|of|the|on|in|to|[a-z]+-[a-z]+),?\s+){0,8}"
    r"(?:paper|article|book|study|piece|essay|report|work|lecture|review|chapter|monograph"
    r"|survey|analysis|model|speech|address|interview|Studie|Aufsatz|Buch|Artikel)s?\b)"
)
NOT_AUTHORS = frozenset(
    re.findall(
        r"\S+",
        "Figure Fig Figs Table Tab Tables Section Sec Chapter Chap Appendix Eq Equation Step Phase "
        "Level Grade Type Version Study Experiment Model Group Day Days Week Month Year Page Vol "
        "Volume Part Article Art Rule Item Line Lines Note Box Panel Exhibit Sample Wave Round "
        "Trial Case Class Act Scene Stage Issue No Number Abb Abbildung Tabelle Kapitel Seite Teil "
        # "(Ebenda, S. 7)", "(Ibid., 5)": the work cited before, no author of that name
        "Ebd Ebda Ebenda Ibid Ibidem Idem Ders Dies",
    )
)
_BODY_NAME = re.compile(r"[a-z]+(?:\d|[A-Z])[\w'’\-]*")


def names_of(text: str) -> tuple[str, ...]:
    text = re.sub(r"\bet\s+al\.?", "", text)
    parts = re.split(r",|\band\b|&|/|\bund\b|\bu\.|\b[ey]\b|\bet\b", text)
    out = []
    for part in parts:
        words = [w for w in part.split() if w[:1].isupper() or _BODY_NAME.fullmatch(w)]
        if words:
            prefix = [
                w for w in part.split() if w in ("van", "von", "de", "der", "den", "da", "di")
            ]
            out.append(" ".join([*prefix, words[-1]]) if prefix else words[-1])
    return tuple(out)


def _author_paren(m: re.Match[str]) -> list[Mention]:
    if _LIFE.search(m.group("body")):
        return []
    # (a semicolon parts the works cited, not a page from its lexicon entry: "S. 701;
    # Stichwort Haftung")
    for item in re.split(r";(?!\s*" + ENTRY_TERM + ")", m.group("body")):
        im = _AUTHOR_ITEM.match(item.strip())
        if im:
            names = names_of(im.group("names"))
            if not names:
                continue
            return [_author_date(m, names, im.group("year"), im.group("loc"))]
    return []


# What may open a note before its citation: "Vgl. Arendt 2002, S. 185.", "See Lo 2020: 4."
_NOTE_LEAD = re.compile(
    r"\s*(?:(?:vgl\.|siehe(?:\s+auch)?|see(?:\s+also)?|cf\.|zit\.\s+n\.|zitiert\s+nach)\s+)?", re.I
)
_MARKED = re.compile(r"[\"“”„«»*_\\]")  # a title in marks or italics: a note, not a citation
_NOTE_NAMES = 6  # more words before the year are a sentence, not a citation's authors
# A word in lower case among the names, not a particle of one or a joiner: a title's word.
_TITLE_WORD = re.compile(
    r"(?<![\w'’-])(?!(?:van|von|de|der|den|da|di|du|la|le|del|dos|das|zu|ten|ter|and|und|u|e|y|et)\b)"
    r"[a-zäöüéè][\w'’-]*"
)


def note_author_year(text: str, start: int, end: int) -> Mention | None:
    """The note ``text[start:end]`` when it is an author-date citation set without parentheses,
    as German and Harvard notes write it: "Vgl. Arendt 2002, S. 185.", "Müller/Schmidt 2010:
    4.", "Lo et al. 2020, p. 3"."""
    body = text[start:end]
    lead = _NOTE_LEAD.match(body)
    item = re.sub(r"(?<!\d[ ~]f)(?<!\df)(?<!ff)\.+$", "", body[lead.end() if lead else 0 :].strip())
    im = _AUTHOR_ITEM.match(re.sub(r"(?<!\d)\s*/\s*|\s+und\s+", ", ", item))
    if im is None or len(im.group("names").split()) > _NOTE_NAMES or _MARKED.search(im.group(0)):
        return None
    if ":" in im.group("names"):
        return None  # "Schmidt, Peter: Zünfte und Rat. Köln 2003": a name, its title, a place
    if _TITLE_WORD.search(re.sub(r"\bet\s+al\b\.?", "", im.group("names"))):
        # Chicago's short note of a title holding a year: "Foley, Women in France since 1789, 18."
        return None
    names = names_of(im.group("names"))
    if not names or names[0] in NOT_AUTHORS:
        return None
    locator = parse_locator(im.group("loc")) if im.group("loc") else None
    raw = " ".join(body.split())
    year = written_year(im.group("year"))
    return Mention(start, end, "author_date", raw, names=names, year=year, locator=locator)


def _narrative(m: re.Match[str]) -> list[Mention]:
    return [_author_date(m, names_of(m.group("names")), m.group("year"), m.group("loc"))]


def _author_date(
    m: re.Match[str], names: tuple[str, ...], year: str | None, loc: str | None
) -> Mention:
    """An author-date mention spanning the whole match ``m`` (a bare number locator is a page)."""
    locator = parse_locator(loc) if loc else None
    year = written_year(year) if year else year
    return Mention(
        m.start(), m.end(), "author_date", m.group(0), names=names, year=year, locator=locator
    )


def written_year(year: str) -> str:
    """A citation's year as lists write it: "n. d." and "o.J" (its stop taken by the note's)
    are "n.d." and "o.J."; a year is as written."""
    year = year.replace(" ", "")
    return year if year[:1].isdigit() else year.rstrip(".") + "."


def _possessive(m: re.Match[str]) -> list[Mention]:
    names = names_of(m.group("names"))
    if not names or names[0] in NOT_AUTHORS:
        return []
    return [_author_date(m, names, m.group("year"), None)]


AUTHOR_YEAR_SCANNERS: tuple[Scanner, ...] = (
    (_PAREN, _author_paren),
    (_NARRATIVE, _narrative),
    (_POSSESSIVE, _possessive),
)
