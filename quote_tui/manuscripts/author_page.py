"""Citations without a year right after a quotation: MLA's author and page "(Kewes 1-2)", a
transcript's person and line "(Anhalt, Z. 43)", a source and its section "(Lo, 2.3.2)", a page
alone "(p. 12)", "(76)"."""

from __future__ import annotations

import re

from quote_tui.manuscripts.author_year import NAME, NOT_AUTHORS, YEARS, names_of
from quote_tui.manuscripts.locators import BARE_LOCATOR, PLACE_TERM, parse_locator
from quote_tui.manuscripts.mention import Mention, Scanner
from quote_tui.manuscripts.model import Locator

__all__ = ["PAGE_SCANNERS"]

# MLA's author-page citation right after a quotation: "..." (Kewes 1-2), (Walsh, Unkind, 11),
# (Smith and Jones 45), (Polybius 6.4), (Zammito et.al.,669); a bare page after it, "..." (6),
# names the page of the work the sentence has named. Only right after a closing mark: elsewhere
# "(Figure 3)" reads the same.
_AUTHOR_PAGE = re.compile(
    # the work quoted in, when it is another's: (qtd. in Steinby 59), (Herder; Steinby, 59)
    r"\([*_]{0,2}(?:" + NAME + r"\s*;\s*|(?:" + NAME + r",?\s+)?(?:qtd\.|quoted|cited)\s+in\s+)?"
    r"(?P<names>(?:[A-Z][\w'’-]+\s+){0,2}"  # a first name too: (Marie-Laure Ryan 44)
    + NAME
    + r"(?:\s+(?:and|&)\s+"
    + NAME
    + r"|\s+et\.?\s*al\.?)?)(?:,\s*(?P<short>[^,()\d]{1,60}?))?(?:,\s*|\s+)(?P<loc>"
    + BARE_LOCATOR
    # or MLA's word that the source has no pages: (Amarasingam, n. pag.), (Müller, o. S.)
    + r"|n\.\s?pag\.|o\.\s?S\.|n\.\s?p\.)[*_]{0,2}\)"  # set in emphasis: (**Brazier, p.3**)
)
# A person and a line of a transcript, as an interview study cites its participants' words:
# (Anhalt, Z. 43), (Mazur, Z. 12f.), (Smith, ll. 3-5), (Interview B, Abs. 12), (B2, Pos. 34)
# (MAXQDA's paragraph positions). No year, and no reference list holds the person: the
# citation names the source, and the locator is a line or paragraph, kept as written.
_AUTHOR_LINE = re.compile(
    r"\((?P<names>"
    + NAME
    + r"(?:\s+[A-Z0-9][\w'’\-]*){0,2}),?\s+(?P<loc>(?P<term>Z\.|Zeilen?|ll?\.|"
    r"lines?|Abs\.|Pos\.)\s*\d{1,5}[a-z]{0,2}\.?(?:\s*[-–]+\s*\d{1,5}[a-z]{0,2}\.?)?)\)"
)
# A film's or video's time alone, as MLA cites a scene: '"…" (05:42)', "(1:44:30)", "(12:03-12:40)"
# (read as parse_locator reads it: "(4:12)" may be a volume's page as well; kept as written).
_TIME = r"\d{1,2}:[0-5]\d(?::[0-5]\d)?"
# A source and the section quoted instead of a page, as papers citing web texts and e-books
# write it: "(Schwalbe, 1. Einleitung)", "(Schwalbe, 2.3.2)", "(Smith, section 5.2)",
# "(Müller, Abschnitt: Definition)". The section is kept as written.
_AUTHOR_SECTION = re.compile(
    r"\((?P<names>" + NAME + r"(?:\s+(?:and|&|und)\s+" + NAME + r")?),\s*(?P<loc>"
    r"\d{1,2}(?:\.\d{1,2}){1,3}\.?(?:\s+[A-ZÄÖÜ][^()\n]{1,60})?"
    # (not an edition or a period: "(Berlin, 2. Auflage)", "(Rom, 3. Jahrhundert)")
    r"|\d{1,2}\.\s+(?!(?:Aufl|Ausg|Edition|Jahrh|Jh|Band|Bd|Quartal|Semester|Klasse)\w*)"
    r"[A-ZÄÖÜ][^()\n]{1,60}"
    r"|(?i:section|sec\.|Abschnitt|Abschn\.|Kapitel|Kap\.|chapter|chap\.|ch\.)\s*:?\s*"
    r"(?:[\d.]+|[A-ZÄÖÜ])[^()\n]{0,60})\)"
)
_BARE_PAGE = re.compile(r"\((?P<loc>" + BARE_LOCATOR + rf"|{_TIME}(?:\s*[-–—]+\s*{_TIME})?)\)")
_CLOSING_MARKS = ("”", '"', "’", "'", "»", "«", "“")
# (an HTML comment may close the line: a slide's "<!-- .element: class="rechts" -->")
_LINE_END = re.compile(r"[.*_ \t]*(?:<!--[^\n]{0,200}?-->[ \t]*)?(?:\n|\Z)")
_LOCATOR_ONLY = re.compile(
    r"\((?P<loc>(?:(?:" + PLACE_TERM + r")[\s~]*(?=[\d\w„“\"])|(?:at|Sure|Sura|Surah)\.?\s*)"
    r"[^()]{1,30})\)"
)


def _ends_block(m: re.Match[str]) -> bool:
    """A citation closing a clause (MLA's at a sentence's end: "… polarity (Barfield 35).") or
    a block quotation's last line, after its last stop: "… environment. (Grollig 11)"; or the
    line after it, alone: "> … brauchst." then "(GMS 429)" (slides and notes set it so)."""
    before = m.string[max(0, m.start() - 6) : m.start()].rstrip(" \t~*_")
    if m.string[m.end() : m.end() + 3].lstrip(" \t*_")[:1] in (".", "!", "?", ";"):
        return True
    if not _LINE_END.match(m.string, m.end()):
        return False
    if before.endswith((".", "!", "?")):
        return True
    above = m.string[max(0, m.start() - 12) : m.start()]
    return "\n" in above and above.rstrip(" \t\n>*_").endswith((".", "!", "?", *_CLOSING_MARKS))


def _after_quotation(m: re.Match[str]) -> bool:
    # Emphasis may close after the mark: '*Only as phenomenology, is ontology possible'* (SZ 35).
    # The writer may close the sentence before citing: '"… this century". (85)' (stop_cite.py).
    before = m.string[max(0, m.start() - 6) : m.start()].rstrip(" \t\n~*_")
    if before[-1:] in (".", "!", "?"):
        before = before[:-1]
    return before.endswith(_CLOSING_MARKS)


def _author_page(m: re.Match[str]) -> list[Mention]:
    names = names_of(m.group("names"))
    if not names or names[0] in NOT_AUTHORS or not (_after_quotation(m) or _ends_block(m)):
        return []
    return [Mention(m.start(), m.end(), "author_date", m.group(0), names=names, locator=_loc(m))]


def _loc(m: re.Match[str]) -> Locator | None:
    """The place an author-page citation gives: its term is no short title ("(Smith, para.
    4)" cites a paragraph, "(Lo, n. 3)" a note, "(Palandt, Rn. 5)" a margin number)."""
    short = m.group("short")
    if short and (termed := parse_locator(f"{short.strip()} {m.group('loc')}")) is not None:
        return termed
    return parse_locator(m.group("loc"))


def _author_line(m: re.Match[str]) -> list[Mention]:
    name = " ".join(m.group("names").split())
    if name.split()[0] in NOT_AUTHORS:
        return []
    label = "paragraph" if m.group("term") in ("Abs.", "Pos.") else "line"
    loc = Locator(label=label, value=" ".join(m.group("loc").split()))
    names = (name,)
    return [Mention(m.start(), m.end(), "author_date", m.group(0), names=names, locator=loc)]


def _bare_page(m: re.Match[str]) -> list[Mention]:
    if not _after_quotation(m) or re.fullmatch(YEARS, m.group("loc")):
        return []  # "..." (2020): a work's year; (1914-1970): a life's, never pages
    loc = parse_locator(m.group("loc"))
    return [Mention(m.start(), m.end(), "locator", m.group(0), locator=loc)] if loc else []


def _author_section(m: re.Match[str]) -> list[Mention]:
    names = names_of(m.group("names"))
    if not names or names[0] in NOT_AUTHORS or not (_after_quotation(m) or _ends_block(m)):
        return []
    written = " ".join(m.group("loc").split())
    found = parse_locator(written)
    label = found.label if found is not None and found.label != "page" else "section"
    loc = Locator(label=label, value=written)
    return [Mention(m.start(), m.end(), "author_date", m.group(0), names=names, locator=loc)]


def _locator_only(m: re.Match[str]) -> list[Mention]:
    loc = parse_locator(m.group("loc"))
    return [Mention(m.start(), m.end(), "locator", m.group(0), locator=loc)] if loc else []


# A name alone in brackets right after the closing mark: MLA's author of a work without pages,
# or the body or site that published it, "…" (Heller), "…" (BBC), "…" (Bay Shipyard). resolve
# finds the one listed work it names, else keeps it as the text reference it is.
_NAME_ALONE = re.compile(r"\((?P<name>[A-ZÄÖÜ][\w'’&.-]*(?:[ \t]+[A-ZÄÖÜ&][\w'’&.-]*){0,3})\)")
# What a bracket after quoted words says besides a source: their language, a remark on them.
_NOT_NAMES = frozenset(
    re.findall(
        r"\S+",
        "german english french latin greek spanish italian arabic hebrew chinese japanese russian "
        "dutch portuguese sanskrit persian turkish polish swedish danish norwegian czech korean "
        "hindi urdu yiddish irish welsh scots translation original emphasis sic orig "
        "deutsch englisch französisch lateinisch griechisch übersetzung hervorhebung "
        # who speaks in interview notes and dialogue: "…" (Me), "…" (She)
        "me i you he she we they him her us them it interviewer ich du er sie wir ihr",
    )
)
_OPENING = re.compile(r"[“\"«„‘']")


def _abbreviates(words: str, acronym: str) -> bool:
    """Whether ``acronym``'s capitals are the initials of ``words``, in order ("what you see is
    what you get" and WYSIWYG, "convolutional neural network" and CNN): a term spelt out."""
    letters = [c.casefold() for c in acronym if c.isupper()]
    initials = iter(w[0].casefold() for w in re.findall(r"[^\W_]+", words))
    return bool(letters) and all(any(c == i for i in initials) for c in letters)


def _name_alone(m: re.Match[str]) -> list[Mention]:
    name = " ".join(m.group("name").split())
    if not _after_quotation(m) or name.split()[0] in NOT_AUTHORS or name.casefold() in _NOT_NAMES:
        return []
    before = m.string[max(0, m.start() - 300) : m.start()]
    opening = [o.end() for o in _OPENING.finditer(before)]
    if name.isupper() and len(opening) > 1 and _abbreviates(before[opening[-2] :], name):
        return []  # "what you see is what you get" (WYSIWYG): the words' abbreviation
    return [Mention(m.start(), m.end(), "author_date", m.group(0), names=(name,))]


PAGE_SCANNERS: tuple[Scanner, ...] = (
    (_LOCATOR_ONLY, _locator_only),
    (_AUTHOR_LINE, _author_line),
    (_AUTHOR_SECTION, _author_section),
    (_AUTHOR_PAGE, _author_page),
    (_BARE_PAGE, _bare_page),
    (_NAME_ALONE, _name_alone),
)
