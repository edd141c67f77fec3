"""Locators: "p. 4", "pp. 33-35", "chap. 1", a bare number, ... as CSL labels and page lists."""

from __future__ import annotations

import re

from quote_tui.manuscripts.model import Locator

__all__ = [
    "BARE_LOCATOR",
    "ENTRY_TERM",
    "PAGE_ALONE",
    "PLACE_ONE",
    "PLACE_TERM",
    "PLACE_TERMED",
    "MAX_PAGES",
    "further_pages",
    "page_list",
    "parse_locator",
    "postnote_locator",
    "line_after",
    "typed_page_after",
]

MAX_PAGES = 50
"""A cited range wider than this is not expanded into a page list (it is a typo or a chapter)."""

# Pandoc's locator terms (its manual, "Citation syntax"), longest first so "pp." wins over "p.".
# Pandoc's citeproc also takes the terms of the document's locale, long and short (the CSL
# locales): a German thesis writes "[@key, Seite 223]", "Seiten 494-495", "Abschn. 2"; French and
# Spanish ones "chap. 3", "página 12", "págs. 4-5". A term without a stop must end its word.
_TERMS: tuple[tuple[str, str], ...] = tuple(
    sorted(
        (
            (term, label)
            for label, terms in {
                "book": "book|books|bk.|bks.|Buch|Bücher|livre|libro|lib.",
                "chapter": "chapter|chapters|chap.|chaps.|ch.|Kap.|Kapitel|chapitre|chapitres"
                "|capítulo|capítulos|cap.",
                "column": "column|columns|col.|cols.|Sp.|Spalte|Spalten|colonne|colonnes"
                "|columna|columnas",
                "figure": "figure|figures|fig.|figs.|Abb.|Abbildung|Abbildungen|figura|figuras",
                # (an early printed book's signature: "sig. A3r")
                "folio": "folio|folios|fol.|fols.|Blatt|Blätter|sig.|sigs.",
                # a talk's or lecture's slide: "diapo 7" (French), "Folie 12"
                "slide": "slide|slides|diapo|diapos|diapositive|Folie|Folien",
                "number": "number|numbers|no.|nos.|Nr.|Nummer|Nummern|numéro|número|n.º",
                "line": "line|lines|l.|ll.|Z.|Zeile|Zeilen|ligne|lignes|línea|líneas",
                "note": "note|notes|n.|nn.|fn.|Anm.|Fußnote|Fußnoten|nota",
                "opus": "opus|opera|op.|opp.",
                # (and the page's word in the languages whose writers cite by it: Dutch "blz.",
                # Polish, Czech and Croatian "str.", Scandinavian and Polish "s.", Italian "pag.")
                "page": "page|pages|p.|pp.|pg.|pgs.|S.|s.|Seite|Seiten|página|páginas|pág.|págs."
                "|blz.|str.|pag.|pagg.|pagina|pagine",
                "paragraph": "paragraph|paragraphs|para.|paras.|¶¶|¶|Rn.|Rz.|Randnummer"
                "|Randnummern|Abs.|Absatz|Absätze|paragraphe|párrafo|párr.|alinéa|alinéas",
                "part": "part|parts|pt.|pts.|Teil|Teile|partie|parte",
                # (a statute's article is its section: "Art. 17", "Artikel 5 Abs. 2")
                "section": "section|sections|sec.|secs.|§§|§|Abschn.|Abschnitt|Abschnitte|sect."
                "|sección|Art.|Arts.|Artikel|article|articles|artículo|articolo",
                # an e-book reader's place instead of a page: Kindle's "loc. 345", "Pos. 1234"
                "location": "location|locations|loc.|Pos.|Position",
                "sub verbo": "sub verbo|sub verbis|s.v.|s.vv.",
                "verse": "verse|verses|v.|vv.|Vers|verso|versos",
                "volume": "volume|volumes|vol.|vols.|Bd.|Bde.|Band|Bände|volumen",
            }.items()
            for term in terms.split("|")
        ),
        key=lambda pair: -len(pair[0]),
    )
)
# A page's value, with the pages joined to it ("33-35", "4, 7", "3 und 7"); a joined roman
# numeral is a whole word ("p. 3 and discusses" is page 3).
_VALUE = re.compile(
    r"^[\s~]*([0-9ivxlcdmIVXLCDM]+(?:[a-z](?!\d))?(?:\s*(?:[-–—]+|,|&|\band|\bund|\bu\.)\s*"
    r"(?:\d+|[ivxlcdm]+\b))*"
    r"(?:[\s~]?ff?\.|[\s~]?ff?\b|[\s~]s(?:s|qq?)?\.|\.)?)"
)
# Schemes that are not printed pages: shown as written, never compared with a PDF's pages.
_R = r"\s*(?:[-–—]+|,|/)\s*"
_SCHEMES: tuple[tuple[str, re.Pattern[str]], ...] = (
    # Kant's Critique, first and second editions: "B37", "A 51/B 75", "A51".
    ("A/B", re.compile(r"^[AB]\s?\d+(?:" + _R + r"(?:[AB]\s?)?\d+)*")),
    # Aristotle's Bekker numbers: "1094a1", "1094a1-3", "1139b15-18".
    ("Bekker", re.compile(r"^\d{2,4}[ab]\d{1,2}(?:" + _R + r"(?:\d{2,4}[ab])?\d{1,2})*")),
    # Plato's Stephanus pages: "514a", "514a-517c", "327a1".
    ("Stephanus", re.compile(r"^\d{1,3}[a-e]\d{0,2}(?:" + _R + r"\d{0,3}[a-e]\d{0,2})*")),
    # Volume and page of a collected edition, as the Akademie-Ausgabe is cited: "4:296".
    # A front-matter page too: "3: xvi–xvii".
    ("volume:page", re.compile(r"^\d{1,3}\s?:\s?(?:\d+(?:[-–]\d+)?|[ivxlc]+(?:[-–][ivxlc]+)?\b)")),
    # The Qur'an's sura and verse: "Sure 2, Vers 22", "Sura 2:255", "Surah 2, verse 22".
    (
        "sura",
        re.compile(
            r"^Sur(?:e|a|ah)\s*\d{1,3}(?:\s*[,:]\s*(?:(?:Vers|Verse|V\.)\s*)?\d{1,3}(?:[-–]\d{1,3})?)?",
            re.I,
        ),
    ),
    # A book of scripture with chapter and verse, as a postnote gives it: "Heb 11:6",
    # "1 Cor 13:4-7", "Mt 5,3", "Joh. 3:16"
    (
        "verse",
        re.compile(
            r"^(?:[1-3][ \t]?)?[A-Z][a-zäöü]{1,11}\.?[ \t]?\d{1,3}[:,]\d{1,3}(?:[-–]\d{1,3})?"
            r"(?![\d:])"
        ),
    ),
    # A work's book with its chapter and section or verse, the book in roman numerals, as
    # ancient histories and the church fathers are cited: "IV, 23:10", "V, 24:16", "II, 3.4".
    (
        "section",
        re.compile(r"^[IVXL]{1,6},\s*\d{1,3}\s*[:.]\s*\d{1,3}(?:\s*[-–]\s*\d{1,3})?(?![\d.:])"),
    ),
    # Numbered sections or verses written with dots: "2.3.1", "III.4"; a play's act, scene and
    # lines, "3.1.56-58", "I.ii.34" (the range ends in the last part: "3.1.56-8", "3.1.56-3.2.4")
    (
        "section",
        re.compile(
            r"^(?:\d+|[IVXLC]+)(?:\.(?:\d+|[ivxlc]+))*\.\d+(?![\d.])"
            r"(?:\s*[-–]\s*\d+(?:\.\d+)*(?![\d.]))?"
        ),
    ),
)
# A film's, video's or podcast's time, cited as APA has it in place of a page: "(OCD-UK, 2009,
# 4:03)", "(Smith, 2012, 1:35:22)", a scene "48:55 – 49:00", several "00:25 – 2:27, 03:46".
_TIME = r"\d{1,2}(?::[0-5]\d){1,2}"
_TIMES = re.compile(rf"{_TIME}(?:\s*[-–—]+\s*{_TIME})?(?:\s*,\s*{_TIME}(?:\s*[-–—]+\s*{_TIME})?)*")
_RANGE = re.compile(r"(\d+)\s*(?:[-–—]+\s*(\d+))?")
# A number, or a roman numeral as a whole word ("XI", "iv"; not "im", "der")
_NUMBERED = re.compile(
    r"\d|(?i:m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3}))(?<=\w)(?![^\W\d_])"
)
_CSL_LABELS = frozenset(label for _, label in _TERMS) | {"timestamp"}  # CSL 1.0.2's too


def _by_start(terms: tuple[tuple[str, str], ...]) -> dict[str, tuple[tuple[str, str, str], ...]]:
    """The terms by their first letter lower-cased, longest first, each with the form a locator
    is compared with ("S." as written, the rest lower-cased). A locator starting with "p" is
    tried against the dozen terms that can match it, not all of them: a long paragraph's
    citations are read hundreds of thousands of times, and the pass over every term was most
    of a scan's time."""
    out: dict[str, list[tuple[str, str, str]]] = {}
    for term, label in terms:
        out.setdefault(term.lower()[:1], []).append(
            (term, label, term if term == "S." else term.lower())
        )
    return {start: tuple(found) for start, found in out.items()}


_TERMS_BY_START = _by_start(_TERMS)


# A statute's name after its section or article: "§ 1 Abs. 1 BDSG", "Art. 17 DSGVO", "§ 823 BGB",
# "Art. 5 GG", "§ 97 UrhG" (two capitals at least, as German and EU law abbreviate)
_LAW = r"(?-i:[A-ZÄÖÜ][a-zäöü]{0,3}[A-ZÄÖÜ][A-Za-zÄÖÜäöü]{0,6})\b"
_LAW_AFTER = re.compile(r"[ \t~]+" + _LAW)
# The written forms of a place, for the readers that find one in running text (a bracket after a
# quotation, a block's last line, MLA's author and page); what they find is read by
# parse_locator. A place opens with one of its terms ("S. 12 f.", "Art. 17", "loc. 345", "§ 3
# Abs. 2", "Kap. „Einleitung“"), or is a bare number: a page "(4)", "(12-14)", chapter and
# verse "(44:4-5)", a numbered section "(2.3.1)", a time "(00:12:30)", a book in roman numerals
# with its chapter and verse "(IV, 23:10)", a play's act, scene and lines "(I.ii.34)". A
# roman numeral alone is no place: "(Henry V)", "(Part II)".
# (in any case, as parse_locator reads them: "(P.6)", "(PP. 3-4)")
_TERM_WRITTEN = (
    "(?i:" + "|".join(re.escape(term) for term, _ in _TERMS) + r")|(?:S|pp?|pg)(?=[ \t~]?\d)"
)
# The terms that name a place of the quoted work even alone in brackets anywhere in its sentence,
# "(Art. 17)", "(Rn. 12)", "(col. 2)"; a figure, number, note or volume alone ("(Abb. 3)",
# "(Nr. 5)") is as often the writer's own figure or item. A line alone, "(Z. 12)", or a paragraph
# alone, "(Abs. 1)", is the place in the one text a school essay reads (line_after), no citation
# of a work.
PLACE_TERM = (
    "(?i:"
    + "|".join(
        re.escape(term)
        for term, label in _TERMS
        if label in ("page", "chapter", "section", "paragraph", "column", "folio", "location")
        and term not in ("Abs.", "Absatz", "Absätze")
    )
    + r")|(?:S|pp?|pg)(?=[ \t~]?\d)"
)
_POINT = r"\d{1,5}(?:(?!ff?\.)[a-z])?(?:[ \t]?[:.][ \t]?\d{1,4}[a-z]?){0,3}(?:\([0-9a-z]{1,3}\))*"
_SPAN = (
    _POINT
    + r"(?:[ \t]*[-–]+[ \t]*"
    + _POINT
    + r")?(?:[ \t~]?ff?\.|[ \t~]?ff?\b|[ \t~]s(?:s|qq?)?\.)?"
)
_ROMAN_SPAN = r"(?:[IVXLC]{1,7}|[ivxlc]{1,7})(?:[ \t]*[-–]+[ \t]*(?:[IVXLC]{1,7}|[ivxlc]{1,7}))?\b"
_HEADING = r"(?:„[^“”\n()]{1,80}[“”]|“[^”\n()]{1,80}”|\"[^\"\n()]{1,80}\")"
_VALUE_WRITTEN = rf"[ \t~]*(?:{_SPAN}|{_ROMAN_SPAN}|{_HEADING})"
_TERMED_PART = rf"(?:{_TERM_WRITTEN}){_VALUE_WRITTEN}"
PLACE_TERMED = (
    rf"(?:{PLACE_TERM}){_VALUE_WRITTEN}"
    rf"(?:(?:[ \t]*(?:,|;|&|\band\b|\bund\b|\bu\.))?[ \t]*{_TERMED_PART}){{0,3}}"
    rf"(?:[ \t]+{_LAW})?"
)
"""A place that opens with its term (one of PLACE_TERM), and the further parts each with its own:
"S. 3 und S. 7", "Art. 17 Abs. 1", "ch. 3, sec. 2"."""
PLACE_ONE = rf"(?:{PLACE_TERM}){_VALUE_WRITTEN}(?:[ \t]+{_TERMED_PART}){{0,3}}(?:[ \t]+{_LAW})?"
"""One termed place, its smaller parts written after it with no comma ("Art. 5 Abs. 1 GG")."""
BARE_LOCATOR = (
    rf"(?:{PLACE_TERMED}"
    rf"|[IVXL]{{1,6}},[ \t]*\d{{1,3}}[ \t]*[:.][ \t]*\d{{1,3}}(?:[ \t]*[-–][ \t]*\d{{1,3}})?"
    rf"|[IVX]{{1,4}}\.[ivx]{{1,5}}\.\d{{1,4}}(?:[ \t]*[-–]+[ \t]*\d{{1,4}})?|{_SPAN})"
)
"""A place written alone in brackets after a quotation or closing a block: any termed place, or a
bare page, verse, section or time (see above)."""
PAGE_ALONE = (
    rf"(?:(?i:pp?\.|pgs?\.|pages?)[ \t~]*|S\.[ \t~]*|(?:S|pp?|pg)(?=[ \t]?\d)[ \t]?)?{_SPAN}"
)
"""A page (or a bare number) written alone: "(297)", "(p. 4)", "(S 12f.)", "(2.2.36-37)"."""


def page_list(value: str) -> tuple[int, ...]:
    """The numeric pages of a page locator: "33-35" -> (33, 34, 35); "4, 7" -> (4, 7).

    An abbreviated end ("4969-83") is completed. Ranges over ``MAX_PAGES`` keep only their ends.
    """
    pages: list[int] = []
    for m in _RANGE.finditer(value):
        first = int(m.group(1))
        if m.group(2) is None:
            pages.append(first)
            continue
        last_raw = m.group(2)
        last = int(last_raw)
        if last < first and len(last_raw) < len(m.group(1)):
            last = int(m.group(1)[: -len(last_raw)] + last_raw)
        if first <= last and last - first < MAX_PAGES:
            pages.extend(range(first, last + 1))
        else:
            pages.extend((first, last))
    return tuple(dict.fromkeys(pages))


# "and the following": German "f.", "ff.", Spanish and French "s.", "ss.", Latin "sq.", "sqq."
_FOLLOWING = re.compile(r"(?:(?<![^\W\d_])f|ff|(?<![^\W\d_])s|ss|sqq?)\.$")


def make_locator(label: str, value: str, note: str = "") -> Locator:
    """A ``Locator`` with its page list filled in for page labels; ``note`` is the page's note
    written after it ("157, footnote"), kept in the value, not a page."""
    label = label.strip().lower() or "page"
    value = value.replace("~", " ").strip().rstrip(",;").replace("--", "–")
    if value.endswith(".") and not _FOLLOWING.search(value):
        value = value[:-1]  # a sentence's full stop; "ff." keeps the abbreviation's
    pages = page_list(value) if label == "page" else ()
    return Locator(label=label, value=value + note.replace("~", " "), pages=pages)


# biblatex's page suffixes and thin space, as printed: "48\\,f." and "389\\psq" are "48 f.",
# "389 f." ("\\psqq": "ff."); a control space ("Kap.\\ 4") is a space
_BIBLATEX_PAGE = re.compile(r"\s*\\(psqq|psq|,| )\s*")


def _biblatex_page(m: re.Match[str]) -> str:
    return {"psqq": " ff.", "psq": " f."}.get(m.group(1), " ")


# "ohne Seite", "no page": the writer says the work has no pages to give (a web article)
_NO_PAGE = re.compile(r"o\.\s?S\.?|n\.\s?pag\.?|o\.\s?p\.|n\.\s?p\.|unpaginated", re.I)


def parse_locator(text: str, *, bare_is_page: bool = True) -> Locator | None:
    """Read a locator from a citation's suffix or postnote.

    Args:
        text: e.g. "p. 4", "pp.~33--35", "chap. 1", "4", ", p. 4 and passim".
        bare_is_page: a value with no term is a page (Pandoc's and biblatex's rule).

    Returns:
        The locator, or ``None`` when the text carries none.
    """
    # ", p. 4" after a key, or ": 296" (the colon social-science styles set before a page)
    s = _BIBLATEX_PAGE.sub(_biblatex_page, text).strip().lstrip(",:").strip()
    s = re.sub(r"^at\s+(?=\d)", "", s)  # "401-20, at 405": the page cited in an article's
    # the page's abbreviation typed without its stop: "S 197f.", "pg 12", "pp 3-4"
    s = _NO_STOP.sub(r"\1.", s)
    if not s:
        return None
    if _NO_PAGE.fullmatch(s):
        # no page to check: the abbreviation as written, with its stop (a sentence took it)
        return Locator(label="page", value=" ".join(s.split()).rstrip(".") + ".")
    section = _APA_SECTION.match(s)
    inner = parse_locator(s[section.end() :]) if section is not None else None
    if section is not None and inner is not None and inner.label == "paragraph":
        # APA's unpaginated source: the paragraph counts from the heading, so the heading
        # stays in the value ("“Webquest” para. 3", "Symptoms section, para. 2")
        return Locator("paragraph", _written(s[: section.end()] + inner.value))
    lower = s.lower()
    for term, label, t in _TERMS_BY_START.get(lower[:1], ()):
        hay = s if term == "S." else lower
        if hay.startswith(t) and (
            term.endswith(".")
            or term in ("¶", "¶¶", "§", "§§")
            or len(hay) == len(t)
            or not hay[len(t)].isalpha()
        ):
            m = _VALUE.match(s[len(t) :])
            if label != "page" and (named := _NAMED_PART.match(s, len(t))):
                # a part named by its heading in marks: "Abschnitt „1.1 What … is About“",
                # "chapter “Introduction”", "Kap. ‚Methoden‘": shown as written
                return Locator(label=label, value=_written(s[: named.end()]))
            if label == "folio" and (sig := _SIGNATURE.match(s, len(t))):
                return Locator(label=label, value=_written(s[: sig.end()]))  # "sig. A3r"
            if m is None or (term[-1].isalpha() and not _NUMBERED.match(m.group(1))):
                # a whole word is a term only before a number: "Seite 12", not "Seite mit"
                return None
            end = len(t) + m.end(1)
            if label != "page" and (dotted := _DOTTED.match(s, len(t))):
                end = dotted.end()  # "Abschn. 2.1", "sec. 3.2.4": the whole number
            if label != "page" and (sub := _SUBPARTS.match(s, end)):
                end = sub.end()  # "Art. 6(1)(f)", "para. 1(e)": a law's sub-paragraphs
            if label != "page":
                end = _further_parts(s, end)  # "bk. 6, ch. 2", "Kap. 3, Abschn. 2"
            if label in ("section", "paragraph") and (law := _LAW_AFTER.match(s, end)):
                end = law.end()
            if label in _HOLDS_PAGES and (page := _PAGE_IN_VOLUME.match(s, end)):
                # "Bd. 2, S. 4", "chap. 2, p. 45": the page is what is compared; the volume or
                # chapter stays in the value
                inner = parse_locator(s[page.end() :])
                if inner is not None and inner.label == "page" and inner.pages:
                    value = " ".join(f"{s[: page.end()]} {inner.value}".replace("~", " ").split())
                    return Locator("page", value, inner.pages)
            if label != "page":
                # shown, never compared: the writer's own words find the place ("Kap. 4", "Rn. 5")
                return Locator(label=label, value=_written(s[:end]))
            more = further_pages(s, end)
            if more > end:
                # "S. 3 und S. 7": both pages, the first one first
                return make_locator(label, s[len(t) : more])
            return make_locator(label, m.group(1), _in_note(s, end))
    if (stamp := _timestamp(s)) is not None:
        return Locator(label="timestamp", value=stamp)
    for label, pattern in _SCHEMES:
        m = pattern.match(s)
        if m and _ends_value(s, m.end()):
            return Locator(label=label, value=m.group(0).strip())
    if bare_is_page:
        m = _VALUE.match(s)
        if m and any(c.isdigit() for c in m.group(1)):
            more = further_pages(s, m.end(1))
            if more > m.end(1):
                return make_locator("page", s[m.start(1) : more])
            return make_locator("page", m.group(1), _in_note(s, m.end(1)))
        roman = _ROMAN_PAGE.match(s)
        if roman and (roman.end() == len(s) or _in_note(s, roman.end())):
            # a front-matter page: xii, iv-vi
            return make_locator("page", roman.group(0), _in_note(s, roman.end()))
    return None


# A law's sub-paragraphs and points in brackets after its article: "Art. 6(1)(f)", "para. 1(e)"
_SUBPARTS = re.compile(r"(?:\([0-9a-z]{1,3}\))+")
# A printed sheet's signature: a gathering's letter, the leaf, the side ("A3r", "Bb2v")
_SIGNATURE = re.compile(r"[\s~]*[A-Z]{1,3}\d{1,2}[rv]?(?![\w])")
# A page's abbreviation with no stop, before its number: "S 197f.", "pg 12", "pp 3-4" ("p 7"
# too: a bare "p" before a number is a page in every style)
_NO_STOP = re.compile(r"^(S|pp?|pg|pgs)(?=[ \t~]?\d)")
# A part's heading in marks after its term, what a web text without numbered parts is cited by
_NAMED_PART = re.compile(
    r"[\s~:]*(?:„[^“”\n]{1,80}[“”]|“[^”\n]{1,80}”|‚[^‘’\n]{1,80}[‘’]"
    r"|‘[^’\n]{1,80}’|«[^»\n]{1,80}»|»[^«\n]{1,80}«|\"[^\"\n]{1,80}\")"
)


# APA's heading before a paragraph number, for a source without pages: in marks when shortened
# ("“Webquest” para. 3", "“Innovative Mentoring” section, para. 4") or named as a section
# ("Symptoms section, para. 2"); the paragraph term follows.
_APA_SECTION = re.compile(
    r"(?:[“\"‘][^”\"’\n]{1,80}[”\"’](?:\s+section)?|[A-Z][\w’'-]*(?:\s+[\w’'-]+){0,6}\s+section)"
    r"\s*,?\s*(?=(?:paras?\.|paragraphs?\b|¶))",
    re.I,
)
_ROMAN_PAGE = re.compile(r"[ivxlc]{1,7}(?:\s*[-–]+\s*[ivxlc]{1,7})?\.?")
# The page's note, written after it: "157, footnote", "12 n. 3", "S. 45, Anm. 2", "vi, fn."
# Chicago sets the note right after the page: "45n3", "45nn3-5".
_IN_NOTE = re.compile(
    r"\s*,?\s*(?:footnote|note|n\.|nn\.|fn\.|Anm\.|Fn\.|Fußnote|nn?(?=\d))"
    r"(?:\s*\d{1,3}(?:[-–]\d{1,3})?)?(?=\s*[,;.)\]]|\s*$)",
    re.I,
)

# The entry of a dictionary or lexicon on that page, as written after it: "S. 701; Stichwort
# Haftung", "p. 45, s.v. harbour", "S. 12, Lemma „Hafen“"; the page is still the one compared.
ENTRY_TERM = r"(?i:Stichwort|Stichw\.|Stw\.|s\.\s?v\.|sub\s+verbo|Lemma)(?=[\s:])"
"""The term naming a dictionary's or lexicon's entry after its page ("; Stichwort Haftung")."""
_IN_ENTRY = re.compile(
    r"\s*[,;]\s*" + ENTRY_TERM + r"\s*:?\s*"
    r"[^,;()\[\]\n]{1,60}?(?=\s*[.)\]]|\s*$)",
    re.I,
)


# A further page after a page, each with its term: "S. 3 und S. 7", "p. 4 and p. 9", "S. 3, S. 7".
_FURTHER_PAGE = re.compile(
    r"\s*(?:,|&|\bund\b|\band\b|\bu\.|\bsowie\b)\s*(?:S\.|pp?\.)[\s~]*\d+"
    r"(?:\s*[-–—]+\s*\d+)?(?:[\s~]?ff?\.|[\s~]?ff?\b)?"
)
# A numbered part of a work written with dots after its term: "Abschn. 2.1", "Kap. 3.2".
_DOTTED = re.compile(r"[\s~]*(?:\d+|[IVXLC]+)(?:\.\d+)+(?!\d|\.\d)")
# The parts of a work a page may follow: "Bd. 2, S. 4", "chap. 2, p. 45", "Book 1, p. 9".
_HOLDS_PAGES = frozenset(("volume", "book", "chapter", "part", "section"))
# The page term after a volume: "Bd. 2, S. 4", "vol. 2, p. 4", "Bd. 2 S. 4".
_PAGE_IN_VOLUME = re.compile(r"\s*,?\s*(S\.|pp?\.)[\s~]*(?=\d)")


# A smaller part after a part, each with its term: "bk. 6, ch. 2", "ch. 3, sec. 2.1", "Teil 2,
# Kap. 4", "Canto 3, l. 12"; a page after them is read as the page (_PAGE_IN_VOLUME).
_PART_TERMS = "|".join(
    re.escape(term) for term, label in _TERMS if label not in ("page", "sub verbo", "opus")
)
_FURTHER_PART = re.compile(
    r"\s*,?\s*(?:" + _PART_TERMS + r")[\s~]*(?:\d+|[IVXLCivxlc]+\b)(?:\.\d+)*"
    r"(?:\s*[-–]+\s*\d+(?:\.\d+)*)?(?![\w.]\w)",
    re.I,
)


def _further_parts(s: str, end: int) -> int:
    """Where the smaller parts written after a part ending at ``end`` end, or ``end``."""
    while (m := _FURTHER_PART.match(s, end)) is not None and m.end() > end:
        end = m.end()
    return end


def further_pages(s: str, end: int) -> int:
    """Where the further pages written after a page ending at ``end`` end ("S. 3 und S. 7"),
    or ``end`` when none follow."""
    while (m := _FURTHER_PAGE.match(s, end)) is not None:
        end = m.end()
    return end


def _written(text: str) -> str:
    """A locator that is not a page as its writer typed it, less a sentence's full stop after
    its number ("§ 3." -> "§ 3"); an abbreviation's stop ("ff.", "12 f.") stays. LaTeX's tie
    and control space are the spaces they print ("Kap.~4" is "Kap. 4"), as in a page's value."""
    text = " ".join(text.replace("~", " ").split()).rstrip(",;")
    if text.endswith(".") and not _FOLLOWING.search(text) and text[-2:-1].isdigit():
        text = text[:-1]
    return text


def _in_note(s: str, end: int) -> str:
    """The note qualifier after a page value ending at ``end``, as written, or ``""``: the words
    stand in that page's note, and the page is still the page compared."""
    m = _IN_NOTE.match(s, end) or _IN_ENTRY.match(s, end)
    return m.group(0).rstrip() if m else ""


def _timestamp(s: str) -> str | None:
    """The time ``s`` opens with, as written, when it can only be a time: hours, minutes and
    seconds ("1:26:25"), a range of times ("48:55 – 49:00"), or seconds written with their zero
    ("4:03", "0:39"); "4:296" and a lone "8:35" stay a collected edition's volume and page."""
    m = _TIMES.match(s)
    if m is None or not (_ends_value(s, m.end()) or s[m.end() :].strip() == "."):
        return None
    value = m.group(0)
    if re.search(r":\d\d:|\d\s*[-–—]|^0|:0\d", value):
        return value
    return None


def _ends_value(s: str, end: int) -> bool:
    """The scheme's value is the whole locator, or what follows is a new part (", and passim")."""
    rest = s[end:].lstrip()
    return not rest or rest[0] in ",;)]" or rest.startswith(("f.", "ff.", "and ", "&"))


# A postnote or suffix that gives the place in its own words with the page last: "norme NF
# Z47-102, vol. 1, p. 286", "quoted in Smith, p. 4". Kept as written; the page is compared.
_NAMED_PAGE = re.compile(
    r"(?P<words>[^\W\d_][^\d,;:()\[\]]{1,60}),\s*(?P<page>\d{1,5}(?:\s*[-–]+\s*\d{1,5})?)\.?"
)
_PAGE_LAST = re.compile(
    r"(?:^|[\s,;(])(?:pp?\.|S\.|pg\.)[\s~]*(\d{1,5}(?:\s*[-–]+\s*\d{1,5})?)\.?\s*$"
)
# A postnote that names a document's part and ends with a termed place: "Decision 1/CP.13, para.
# 1(e)", "Beschluss 3/2019, Rn. 12": kept whole, with the place's kind
_PLACE_LAST = re.compile(r"(?:^|[\s,;(])(" + PLACE_TERM + r")[\s~]*\d[^,;]{0,20}$")


def postnote_locator(text: str) -> Locator | None:
    """A cite's postnote or a Pandoc suffix read as a locator (``parse_locator``), else, when
    it ends with a page, the whole note as written with that page."""
    found = parse_locator(text)
    if found is not None or not text.strip():
        return found
    m = _PAGE_LAST.search(text)
    if (
        m is None
        and (last := _PLACE_LAST.search(text))
        and (place := parse_locator(text[last.start(1) :]))
    ):
        return Locator(place.label, " ".join(text.replace("~", " ").split()).strip(" ,;"))
    if m is None:
        # MLA's author or short title with the page, typed as a postnote: \cite[Boyd, 3]{key},
        # \cite[The Defense, 152]{key}; the words name the work the key already gives
        named = _NAMED_PAGE.fullmatch(text.replace("~", " ").strip())
        return make_locator("page", named.group("page")) if named else None
    value = " ".join(text.replace("~", " ").split()).strip(" ,;")
    return Locator(label="page", value=value, pages=page_list(m.group(1)))


def from_csl(label: str | None, locator: str | None) -> Locator | None:
    """A locator from CSL citation-item fields (``label`` defaults to page)."""
    if not locator:
        return None
    label = (label or "page").lower()
    if label not in _CSL_LABELS:
        label = "page"
    return make_locator(label, str(locator))


# A page typed right after a citation that gives none, as Word users add it to a reference
# manager's field: "(Leavy, 2020) p569.", "(Smith 2019), p. 4", "(Lo, 2020) (pp. 3-4)".
_TYPED_PAGE = re.compile(
    r"[^\S\n]*,?[^\S\n]*(\()?(?P<page>(?:pp?\.?|pg\.?|S\.)[^\S\n]*\d{1,5}(?:[^\S\n]*[-–]+[^\S\n]*\d{1,5})?"
    r"(?:[^\S\n]?ff?\.)?)(?(1)\))(?![\w-])"
    # the clause ends after it: "(Lo, 2020) p1 said so" is a participant's code, not a page
    r"(?=[^\S\n]*(?:[.,;:!?)\]]|\n|$))"
)


def typed_page_after(text: str, end: int) -> tuple[Locator, int] | None:
    """The page typed right after a citation ending at ``end``, and where it ends."""
    m = _TYPED_PAGE.match(text, end)
    if m is None:
        return None
    written = re.sub(r"^(pp?|pg)(?=[\s\d])", r"\1.", m.group("page"))  # "p569" is "p. 569"
    locator = parse_locator(written)
    return (locator, m.end()) if locator is not None and locator.pages else None


# A line or verse of the text an essay reads, alone in brackets right after the quotation, as
# school interpretations and poem analyses cite it: "Wanderung"(Z. 67), „…“ (vgl. Z. 34f),
# "…" (ll. 3-5), „…“ (V. 12). It names no work (the essay reads one), so it is no citation
# that would make the text one that cites; only the quotation's place.
_LINE_AFTER = re.compile(
    r"[^\S\n]*\((?:(?:vgl|cf|see)\.?[^\S\n]+)?(?P<loc>(?:[Zz]\.|Zeilen?|ll?\.|lines?|V\.|Vv\.|vv\.|"
    r"Verse?|verses?)[^\S\n]*\d{1,5}[a-z]{0,2}\.?(?:[^\S\n]*[-–]+[^\S\n]*\d{1,5}[a-z]{0,2}\.?)?)\)"
)


def line_after(text: str, end: int) -> Locator | None:
    """The line or verse written in brackets right after a quotation closing at ``end``."""
    m = _LINE_AFTER.match(text, end)
    return parse_locator(m.group("loc")) if m is not None else None
