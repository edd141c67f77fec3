"""A footnote as the reference it is: humanities notes name a work in prose.

``Heidegger, *The Event*, translated by R. Rojcewicz (Bloomington: Indiana University Press,
2013), p. 3.`` holds no key; its parenthesis is the publisher's place and year, not an
author-date citation. The note itself is the reference: its text, the title it names, and the
page it ends with.
"""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape

from quote_tui.manuscripts.locators import (
    BARE_LOCATOR,
    ENTRY_TERM,
    PLACE_ONE,
    PLACE_TERM,
    parse_locator,
)
from quote_tui.manuscripts.model import Locator
from quote_tui.manuscripts.refs import Mention
from quote_tui.manuscripts.scripture import scripture_note
from quote_tui.manuscripts.site_cites import site_note

__all__ = [
    "EMPHASIS_CLOSE",
    "EMPHASIS_OPEN",
    "NOTE_PAGE",
    "PART_LOCATOR",
    "first_cited_end",
    "inline_notes",
    "is_same_as_before",
    "names_work",
    "note_mention",
    "opens_note",
    "page_after",
]

# A note's closing page, with the following pages it may take: "S. 14 f.", "S. 20ff.", "p. xii",
# a volume before it ("2:45", Chicago's multivolume work), and a note on it: "45n3", "45nn3-5",
# "45 n. 12", "S. 45 Anm. 3"
# (or any place the grammar reads with its term, closing the note: "…, S 197f.", "…, Art. 5 GG",
# "…, loc. 345", "…, p241")
NOTE_PAGE = re.compile(
    r"(?:,|\s)\s*((?-i:" + PLACE_ONE + r")(?=\.?\s*$)|"
    r"(?:pp?\.|S\.|at|Sp\.|Rn\.|Rz\.|Abs\.|§§?|col\.|Kap\.|para\.|Anm\.)?\s*"
    r"(?:\d{1,2}:(?=\d))?(?:\d+|[ivxlcdm]+)(?:\s*[-–]+\s*(?:\d+|[ivxlcdm]+))?(?:\s?ff?\.?)?"
    r"(?:nn?\d+(?:[-–]\d+)?|,?\s(?:nn?\.|note|Anm\.|fn\.)\s?\d+(?:[-–]\d+)?)?)\.?\s*$"
)
# A volume right before a note's page: "Bd. 14, S. 570", "vol. 2, p. 45", "3: xvi–xvii"
_VOLUME_BEFORE = re.compile(
    r"(?:\b(?:Bd|Bde|vol|Vol|vols)\.\s*\d{1,3}\s*,?\s*|(?<![\d:])(?P<colon>\d{1,3}\s?:\s))$"
)
# (also the page the quotation stands on: "S. 7—22 (Zitat: S. 7)", "pp. 1-20 (quoted at 7)")
_HERE_PAGE = re.compile(
    r"(?:(?:,|\s)\s*(?:pp?\.|S\.)\s*\d+(?:\s*[-–—]+\s*\d+)?)?\s*(?:[(\[]|,)\s*(?:hier|here|esp\.|especially"
    r"|bes\.|insbes\.|Zitat|zit\.|quoted\s+(?:at|on)|quotation\s+(?:at|on)|cited\s+(?:at|on))"
    r"\s*:?\s*(?P<page>(?:pp?\.|S\.)?\s*\d+(?:\s*[-–—]+\s*\d+)?(?:\s?ff?\.)?)\s*[)\]]?\.?\s*$",
    re.I,
)
# The cited page set in brackets inside a full note, as APA's chapter pages are: "Keller, T.
# (2008). *The reason for God*. (Kindle ed., p. xvi–xviii). New York: Penguin", "… (p. 28). Grand
# Rapids: Baker"; read when no page closes the note
_PAGE_IN_BRACKETS = re.compile(
    r"[(\[](?:[^()\[\]\n]{0,30},\s*)?((?:pp?\.|S\.|pg\.)\s*(?:\d+|[ivxlcdm]+)"
    r"(?:\s*[-–]+\s*(?:\d+|[ivxlcdm]+))?(?:\s?ff?\.)?)\s*[)\]]"
)
# One page of a list in a note: "39", "40-41", "x", "64 f." (a roman numeral is a whole word)
_LISTED = r"(?:\d+|[ivxlcdm]+\b)(?:\s*[-–]+\s*(?:\d+|[ivxlcdm]+\b))?(?:\s?ff?\.?)?"
_NO_YEAR = r"(?!(?:1[5-9]\d\d|20\d\d)\b)"
# A page with its term before a note's closing page: "S. 3 und" before "S. 7." or "7."
# or bare ones after a comma: "Rawls, A Theory of Justice, 39, 40-41."; a Chicago note cites
# a work at several pages in the order its sentence quotes them: "Deleuze, *Empiricism and
# Subjectivity*, 32, 30, 64." or "66, x." (never a year)
_EARLIER_PAGE = re.compile(
    r"(?:(?:,|\s)\s*((?:pp?\.|S\.)\s*\d+(?:\s*[-–]+\s*\d+)?(?:\s?ff?\.?)?)"
    r"|(?<=[^\W\d]|[*”\x22’)]),\s*(" + _NO_YEAR + r"\d+(?:\s*[-–]+\s*\d+)?(?:\s?ff?\.?)?"
    r"(?:\s*,\s*" + _NO_YEAR + _LISTED + r")*))"
    r"\s*(?:,|&|\bund|\band|\bu\.|\bsowie)\s*"
    r"(?=(?:(?:pp?\.|S\.)\s*)?" + _LISTED + r"\.?\s*$)"
)
# A part of the work in place of a page, closing a note: "Olson, Chapter 1: The Postconservative
# Style", "…, 2009), Part II, Chapter 5: The Prince", "Kap. 3" (an e-book has no pages to give);
# the part's own title after a colon is no locator. (The comma may stand inside the title's
# italics: "_Generous Orthodoxy,_ Chapter 10".)
_PART_TERM = (
    r"(?:Part|Book|Chapter|Chap\.|Ch\.|Section|Sec\.|Sect\.|Teil|Kapitel|Kap\.|Abschnitt|Abschn\."
    r"|Chapitre|Partie|Capítulo|Parte)"
)
PART_LOCATOR = (
    rf"{_PART_TERM}\s+(?:\d+|[IVXLC]+\b)(?:\.\d+)*"
    rf"(?:\s*,\s*{_PART_TERM}\s+(?:\d+|[IVXLC]+\b)(?:\.\d+)*)*"
)
"""A part of a work as a note writes it in place of a page (a pattern): "Part II, Chapter 5"."""
_PART_LAST = re.compile(
    rf"(?:^|(?:[,.)]|[,.][*_]+)\s*)(?P<part>{PART_LOCATOR})(?:\s*:\s*[^,;()]{{1,120}}?)?\.?\s*$"
    # a numbered section alone after the author: "Schwalbe, 2.3.2"
    r"|,\s*(?P<dotted>\d{1,2}(?:\.\d{1,2}){2,3})\.?\s*$"
)
_TERMED = re.compile(r"(?:pp?\.|S\.)\s*\d")
_UNPAGED = re.compile(r",\s*((?:o\.\s?S|n\.\s?pag|o\.\s?p|n\.\s?p)\.?)\s*$", re.I)
# "…, n.p. The entire catalog is available online …": no page, then the writer's own sentence
_UNPAGED_THEN_WORDS = re.compile(
    r",\s*((?:o\.\s?S|n\.\s?pag|o\.\s?p|n\.\s?p)\.)\s+(?=[A-ZÄÖÜ“\"‘])", re.I
)
# A range with its page term, then a comma before the closing page: the range is the extent
_EXTENT = re.compile(r"(?:pp\.|S\.)\s*\d+\s*[-–]+\s*\d+\s*,\s*(?:pp?\.|S\.)")
# A page after a work's year, then the writer's own sentence: "(… 1971), 7. Note that …",
# "Berlin 2001, S. 12. Hier zeigt sich …".
_PAGE_THEN_WORDS = re.compile(
    r"\b(?:1[5-9]\d\d|20\d\d)\)?\s*,\s*(?:pp?\.|S\.)?\s*\d+(?:\s*[-–]+\s*\d+)?\.(\s+)[A-ZÄÖÜ]"
)
# A page named by its term, then the writer's remark: "… New York. Pg. 83. [Whose] used
# instead of “Its”.", "S. 12. Hervorhebung nicht im Original."
_TERMED_PAGE_THEN_WORDS = re.compile(
    r"(?:,|\s)\s*(?i:pp?\.|pgs?\.|S\.|Seite|pages?)\s*\d+(?:\s*[-–]+\s*\d+)?(?:\s?ff?\.?)?\."
    r"(\s+)(?:[A-ZÄÖÜ“\"‘]|\\?\[)"
)
# A short note's title in italics or marks, its page, then the writer's next sentence:
# "Roger-Milès, *Atelier Rosa Bonheur,* 2:79. Rosa Bonheur sketchbook, …", "“The Artist,” 26. In
# the period, …"
_TITLE_PAGE_THEN_WORDS = re.compile(
    r"^[^*_“\"]{0,80}(?:\*[^*\n]{2,200}\*|_[^_\n]{2,200}_|“[^”\n]{2,200}”|\"[^\"\n]{2,200}\")"
    r",?\s*(?:(?:pp?\.|S\.)\s*)?(?:\d{1,3}:\s?)?(?:\d+|[ivxlc]+)(?:\s*[-–]+\s*(?:\d+|[ivxlc]+))?"
    r"\.(?=\s+[A-ZÄÖÜ“\"‘])"
)
_ITALIC = re.compile(r"(?<![\w*])\*([^*\n]{4,200})\*(?!\*)|(?<!\w)_([^_\n]{4,200})_(?!\w)")
_EMPH = re.compile(r"\\(?:emph|textit)\{([^{}]{4,200})\}")
_YEAR = re.compile(r"\b(?:1[5-9]\d\d|20\d\d)\b")
# A short note of an article or page by its author and title in marks, without a page: "Damore
# Ramwa, “Union Fights Chartwells…”" (the title's first words, the rest left out)
_NAME_THEN_QUOTED = re.compile(
    r"\s*(?:[A-ZÄÖÜ][\w.'’-]*\s+){0,3}[A-ZÄÖÜ][\w'’-]+,\s*[“\"]([^“”\"]{3,200}?)[”\"]\.?\s*$"
)
# A place of several parts closing a note, each with its term: "S. 12, Fn. 3", "p. 12, n. 3",
# "ch. 2, § 4", "Abschnitt III, Absatz C", "§ 823 Rn. 5": kept whole, its first page compared.
_FIRST_TERM = re.compile(r"(?:" + PLACE_TERM + r")")
_NEXT_TERM = re.compile(
    r"(?:,|;|\s)\s*(?:and\s+|und\s+)?(?:nn?\.|fn\.|Anm\.|notes?|Rn\.|Rz\.|§§?|Abs\.|Absatz|para\.|¶"
    r"|sec\.|ch\.|chap\.|Kap\.)\s*[\dIVXLivxlA-Z]",
    re.I,
)


def _compound_place(note: str) -> tuple[Locator, int] | None:
    """The place of several parts that closes ``note`` after a comma, and where it starts."""
    body = note.rstrip(" .")
    for comma in re.finditer(r",\s*", body):
        rest = body[comma.end() :]
        first = _FIRST_TERM.match(rest)
        if first is None:
            continue
        if _NEXT_TERM.search(rest, first.end()) is None:
            return None  # one part: the page rules read it
        found = parse_locator(rest)
        return (found, comma.start()) if found is not None else None
    return None


_ENTRY_AFTER = re.compile(r"\s*[,;]\s*" + ENTRY_TERM + r"\s*:?\s*[^,;()\[\]\n]{1,60}?\.?\s*$")
_TAG = re.compile(r"</?[A-Za-z][^<>\n]{0,200}>")
# Emphasis around a term of the notes ("*Ibid.*", "_op. cit._", "\\emph{Ibid.}",
# "\\textit{ebd.}"), as older styles and many writers set the Latin ones: the opening mark,
# and the closing one after the term.
EMPHASIS_OPEN = r"(?:\*{1,2}|_{1,2}|\\(?:emph|textit|textsl|mkbibemph)\s*\{)?"
EMPHASIS_CLOSE = r"[*_}]{0,2}"
# "Ibid.", "Ebd." ("ebda." in older German), also after the "Vgl." or "Cf." a note may open with
_SAME = re.compile(
    r"^\s*(?:(?:vgl|cf|see|siehe)\.?\s+)?"
    + EMPHASIS_OPEN
    # Spanish writes "Ibíd.", Italian "Ivi" (the same work, another page)
    + r"(?:ibid|ibidem|ibíd|ivi\b|id\.|ebd|ebenda|a\.\s?a\.\s?O\.|op\.\s?cit)",
    re.I,
)
# The page a note gives right after its citation: "Arendt (1998), 190-191.", "Arendt (1954),
# 151, emphasis added."; "Lo (2020): S. 4f."; "Vgl. \\cite{key}, S. 11-17."
# A further page joined to a page: "und S. 7", "and 7", "& p. 9".
_JOINED = r"\s*(?:&|\bund|\band|\bu\.|\bsowie)\s*(?:(?:S\.|pp?\.)\s*)?\d"
# The place typed after a cite in its note, in the grammar's forms: "\\cite{a}, S. 12",
# "\\cite{a}, xii", "\\cite{a}, Art. 5", "\\cite{a}, Abschnitt „1.1 Einleitung“"
_PAGE_AFTER = re.compile(
    r"\s*[,:]\s*((?:at\s*)?(?:" + BARE_LOCATOR + r"|(?:(?:pp?\.|S\.)\s*)?[ivxlcdm]+"
    r"(?:\s*[-–]+\s*[ivxlcdm]+)?(?![\w-])))\.?(?=\s*(?:[,;.]|$)|" + _JOINED + ")"
)
# What may open a note before its author-date citation: "See Lo (2020)", "Vgl. Lo (2020)".
_LEAD = re.compile(r"^\s*(?:see(?: also)?|cf\.|vgl\.|e\.g\.,?|siehe|so)?\s*$", re.I)


def opens_note(text: str, note_start: int, mention_start: int) -> bool:
    """Whether an author-date citation opens the note (after "See", "Cf.", "Vgl.").

    Deeper in a note, "(New York: Fordham University Press, 2003)" is a publisher's place
    and year, which reads as an author-date citation but names no author.
    """
    return bool(_LEAD.match(text[note_start:mention_start]))


def note_mention(text: str, start: int, end: int, title: str | None = None) -> Mention | None:
    """The note ``text[start:end]`` as a reference, when it reads as one: a title, a year, a
    page or "Ibid." in a few words of prose."""
    # LaTeX's S.~194; a Word web page's note keeps its styles' tags: "<span>Agamben, *Homo
    # Sacer* p. 175</span>"
    note = " ".join(_TAG.sub(" ", unescape(text[start:end])).replace("~", " ").split())
    if (bible := scripture_note(note)) is not None:
        # "Revelation 17:1b-2, 4-6 (NRSV)": the book, at chapter and verse
        return Mention(start, end, "note", note, key=bible[0], locator=bible[1])
    if (site := site_note(note, start, end)) is not None:
        return site  # "Wikipedia, Freie Software, Abschnitt: Open Source"
    if len(note.split()) < 2 and not _SAME.match(note):
        return None
    if _PAGE_ONLY.fullmatch(note) and (only := parse_locator(note)) is not None:
        # "Page 5", "pp. 12-14.": a page and no work; the work is the one the sentence names
        return Mention(start, end, "locator", note, locator=only)
    if title is None:
        m = _ITALIC.search(note) or _EMPH.search(note) or _NAME_THEN_QUOTED.match(note)
        title = next((g for g in m.groups() if g), None) if m else None
    whole, note = note, _REMARK.sub("", _HEREAFTER.sub("", first_work(note)))
    entry = _ENTRY_AFTER.search(note)  # "…, S. 702, Stichwort Verjährung.": the page's entry
    note = note[: entry.start()] + "." if entry else note
    compound = _compound_place(note)
    # An article's pages, then the one cited: "S. 393-411 (hier S. 395)", "pp. 1-20 (here 7)"
    note = _HERE_PAGE.sub(r", \g<page>", note)
    if (cited := _TITLE_PAGE_THEN_WORDS.search(note)) is not None:
        # "Hemingway, *Artists on the Left,* 136. See also …, 241.": the note's first work and
        # its page; the writer's words or further works after it are not its place
        note = note[: cited.end()]
    page = NOTE_PAGE.search(note)
    if page is None and (
        said := _PAGE_THEN_WORDS.search(note) or _TERMED_PAGE_THEN_WORDS.search(note)
    ):
        note = note[: said.start(1)]  # the writer's own words after the page
        page = NOTE_PAGE.search(note)
    if page and _is_year(note, page):
        page = None  # "Stuttgart: Kohlhammer 2010.": the edition's year, not a page
    if page is None and (inner := _PAGE_IN_BRACKETS.search(note)) is not None:
        page = inner  # "(Kindle ed., p. xvi–xviii). New York: …": the page given mid-note
    if page is None and (unpaged := _UNPAGED.search(note)) is not None:
        page = unpaged  # "Handelsblatt, Report, 2021, o. S.": no page, as the writer says
    if page is None and (unpaged := _UNPAGED_THEN_WORDS.search(note)) is not None:
        note = note[: unpaged.end(1)]
        page = _UNPAGED.search(note)
    part = _PART_LAST.search(note) if page is None else None
    if not (title or _YEAR.search(note) or page or part or compound or _SAME.match(note)):
        return None
    earlier = _EARLIER_PAGE.search(note) if page else None
    if page and earlier and _EXTENT.match(note, earlier.start(1) if earlier.group(1) else 0):
        # "S. 281-310, S. 287.": an article's extent, then the page cited in it
        locator = parse_locator(page.group(1))
        page_start = earlier.start()
    elif page and earlier and earlier.group(2) and _TERMED.match(page.group(1)):
        # "Book I, 27-29, pp. 80-81": the numbers without a term are the book's own sections;
        # the page is the one its term names
        locator = parse_locator(page.group(1))
        page_start = earlier.start()
    elif page and earlier:
        # "S. 3 und S. 7.": the first page is the one the note gives, the second kept with it
        first = earlier.start(1) if earlier.group(1) else earlier.start(2)
        locator = parse_locator(note[first : page.end(1)])
        page_start = earlier.start()
    elif (
        page
        and (volume := _VOLUME_BEFORE.search(note, 0, page.start(1))) is not None
        and (volume.group("colon") or page.group(1).startswith(("S.", "p.", "pp.")))
    ):
        # "Korczak (1998ff.), Bd. 14, S. 570.", "…, 3: xvi–xvii.": the volume stays with the page
        locator = parse_locator(note[volume.start() : page.end(1)])
        page_start = min(page.start(), volume.start())
    elif part is not None:
        # "…, Chapter 20: How Can We …": the chapter is the place, its title no part of it
        locator = parse_locator(part.group("part") or part.group("dotted"))
        page_start = part.start()
    else:
        locator = parse_locator(page.group(1)) if page else None
        page_start = page.start() if page else len(note)
    if compound is not None:
        locator, page_start = compound
    key = title or _untitled_key(note, page_start)
    if entry and locator is not None and locator.label == "page":
        written = entry.group(0).strip().rstrip(".")
        locator = replace(locator, value=f"{locator.value}{written}")
    return Mention(start, end, "note", whole, key=key, locator=locator)


# A note that gives a page and nothing else (a writer who names the one work read elsewhere)
_PAGE_ONLY = re.compile(
    r"(?:(?i:pages?|pp?\.|pgs?\.)|S\.)\s*\d+(?:\s*[-–—]+\s*\d+)?(?:\s?ff?\.?)?\s*\.?"
    r"|(?:S|pp?|pg)[ \t]?\d+(?:\s*[-–—]+\s*\d+)?(?:\s?ff?\.?)?\s*\.?"  # "S 197f.", "p241"
)


def _is_year(note: str, page: re.Match[str]) -> bool:
    """Whether a note's closing number is its only year, written bare: no page term, no
    year before it."""
    value = page.group(1).strip()
    if not _YEAR.fullmatch(value):
        return False
    # "Bonn 1989.", "Kohlhammer 2010.": a place's or publisher's year, set after its name
    return note[: page.start(1)].rstrip()[-1:].isalpha() or not _YEAR.search(note, 0, page.start())


def names_work(note: str) -> bool:
    """Whether a note's words name a work (a year, or title words besides its page), not only
    a page ("S. 9.", "p. 4")."""
    if _YEAR.search(note):
        return True
    return len(re.findall(r"[^\W\d_]{3,}", NOTE_PAGE.sub("", note))) >= 2


# The short form a full note announces after its page: "… S. 846. [Im Folgenden zitiert als:
# Straßner: Medienwissenschaft. 1999.]", "… 12 (hereafter cited as Town)."
_HEREAFTER = re.compile(
    r"\s*[\[(](?:im\s+folgenden|künftig|fortan|hereafter|henceforth|further\s+cited)[^\[\]()]*"
    r"[\])]\.?\s*$",
    re.I,
)
# What a note says after its page about the quotation's wording, not about the work: "68.
# Emphasis added.", "S. 45 (Hervorhebung im Original).", "12; translation modified.", "p. 3,
# my translation", "S. 7, Herv. d. Verf.", "p. 9 (je souligne)".
_REMARK = re.compile(
    r"\s*[,;.:]?\s*[(\[]?\s*(?:"
    r"(?:emphas[ie]s|italics?|underlining)\s+(?:added|supplied|mine|removed|omitted|original"
    r"|in\s+(?:the\s+)?original)|(?:my|our|original)\s+(?:emphas[ie]s|italics|translation)"
    r"|(?:translation|trans\.|transl\.|tr\.)\s+(?:(?:slightly\s+)?(?:modified|altered|amended"
    r"|revised|adapted)|mine|my\s+own|by\s+the\s+author)"
    r"|(?:Hervorhebung(?:en)?|Herv\.|Hervorh\.|Kursivierung|Kursivsetzung)\s+(?:im\s+Original"
    r"|i\.\s?O\.|in\s+der\s+Vorlage|nicht\s+im\s+Original|von\s+mir|hinzugefügt|weggelassen"
    r"|entfernt|(?:durch\s+|d\.\s?)(?:den\s+|die\s+)?(?:Verf|Vf|Autor)\w*\.?|[A-ZÄÖÜ]\.\s?[A-ZÄÖÜ]\.)"
    r"|(?:eigene|meine)\s+Übersetzung|(?:Übersetzung|Übers\.)\s+(?:von\s+mir|(?:durch\s+|d\.\s?)"
    r"(?:den\s+|die\s+)?(?:Verf|Vf|Autor)\w*\.?|[A-ZÄÖÜ]\.\s?[A-ZÄÖÜ]\.)"
    r"|(?:c'est\s+(?:moi|nous)\s+qui\s+soulign\w+|je\s+souligne|nous\s+soulignons"
    r"|soulign[ée]\s+dans\s+l[e']\s?(?:texte|original)|(?:ma|notre)\s+traduction"
    r"|traduction\s+modifi[ée]e)"
    r"|(?:énfasis\s+añadido|(?:el\s+)?énfasis\s+(?:es\s+)?mío|cursivas?\s+en\s+el\s+original"
    r"|traducción\s+(?:propia|mía))"
    # whose words the work quotes: "Pohlsander, 90, quoting Paul Keresztes"
    r"|(?:quoting|citing|zitiert\s+nach)\s+[^,;.()\d]{2,60})"
    r"\s*[)\]]?\s*\.?\s*$",
    re.I,
)
# Where a note's first work ends and another begins: "See Miller, Town, 60; cf. Smith, 70."
_NEXT_WORK = re.compile(
    r";\s*(?!" + ENTRY_TERM + r")(?=(?:(?:cf|vgl|see|siehe|s)\.?\s+(?:also\s+|auch\s+)?)?[A-ZÄÖÜ])",
    re.I,
)


def first_cited_end(text: str, start: int, end: int) -> int:
    """Where the first work of the note ``text[start:end]`` and its page end, when the writer's
    words or further works follow ("Hemingway, *Artists on the Left,* 136. See also Helen
    Harrison, “John Reed Club …”"): a title quoted after it is another work's."""
    m = _TITLE_PAGE_THEN_WORDS.match(text[start:end])
    return start + m.end() if m else end


def first_work(note: str) -> str:
    """A note's first work, when it cites several separated by semicolons (the quotation's is
    the first); a semicolon inside parentheses ("London; New York") parts no works."""
    for m in _NEXT_WORK.finditer(note):
        if note.count("(", 0, m.start()) == note.count(")", 0, m.start()):
            return note[: m.start()]
    return note


def is_same_as_before(text: str, start: int, end: int) -> bool:
    """Whether the note is "Ibid." (ebd., a.a.O.): the work of the note before it."""
    return bool(_SAME.match(text[start:end]))


def page_after(text: str, pos: int, end: int) -> Locator | None:
    """The page written right after a citation ending at ``pos`` in a note ending at ``end``."""
    rest = text[pos:end].replace("~", " ")
    m = _PAGE_AFTER.match(rest)
    if m is None or _YEAR.fullmatch(m.group(1).strip()):
        return None  # "\\cite{a}, 2010": a year, not a page
    if re.match(_JOINED, rest[m.end(1) :]):
        # "Lo (2020), S. 3 und S. 7.": the further pages are kept with the first
        return parse_locator(rest[m.start(1) :])
    return parse_locator(m.group(1))


# What opens a note before the work it names: "Vgl. hierzu", "Zitiert nach:", "Siehe auch".
_LEAD_WORDS = re.compile(
    r"^\s*(?:(?:vgl\.|cf\.|see|siehe|s\.|zit\.\s?n\.|zitiert\s+nach|quoted\s+in)\s*"
    r"(?:hierzu|dazu|auch|also|etwa|z\.\s?B\.)?\s*:?\s*)+",
    re.I,
)


def _untitled_key(note: str, stop: int) -> str:
    """A name for the work of a note whose title is not set off (Word text loses italics):
    the author and what follows up to the place and year or the page, "Hannah Arendt, The
    Human Condition"; two works of one author are then two sources, not one."""
    head = _LEAD_WORDS.sub("", note[:stop]).split("(")[0]
    parts = [p.strip(" .;:") for p in head.split(",")][:2]
    return ", ".join(p for p in parts if p) or note.split(",")[0].strip()


_INLINE_NOTE = re.compile(r"\^\[")
_MAX_INLINE_NOTE = 5_000  # a Pandoc inline note longer than this is an unclosed bracket


def inline_notes(text: str) -> tuple[tuple[int, int], ...]:
    """Pandoc's inline notes, ``^[…]``: the spans of their bodies, in text order. They are notes
    as ``\\footnote{…}`` is, so read as LaTeX notes are; brackets inside (``[@key]``, ``[sic]``)
    nest, and a note that never closes is none."""
    spans = []
    pos = 0
    while (m := _INLINE_NOTE.search(text, pos)) is not None:
        depth, i, stop = 1, m.end(), min(len(text), m.end() + _MAX_INLINE_NOTE)
        while i < stop and depth:
            depth += {"[": 1, "]": -1}.get(text[i], 0)
            i += 1
        if depth == 0:
            spans.append((m.end(), i - 1))
            pos = i
        else:
            pos = m.end()
    return tuple(spans)
