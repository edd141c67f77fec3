"""Citation syntaxes in running text, and the window after a quotation where its reference is.

A ``Mention`` is one reference as written: a Pandoc key, a LaTeX cite, an author-date
citation, a numbered reference, a footnote mark, a URL, DOI or PMID. The reference that applies
to a quotation is the first mention after it in the same sentence (or in the footnote anchored
there); ``sentence_window`` says where that sentence ends.
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from collections.abc import Iterable
from dataclasses import dataclass

from quote_tui.manuscripts.locators import BARE_LOCATOR, parse_locator, postnote_locator
from quote_tui.manuscripts.model import Locator
from quote_tui.manuscripts.notelinks import NOTE_LINK, NOTE_NUMBER, NOTE_TARGET, note_link_id

__all__ = [
    "Mention",
    "find_mentions",
    "first_of_overlapping",
    "is_latex_cite",
    "note_author_year",
    "pandoc_mentions",
    "sentence_window",
]

_KEY = r"[\w][\w:.#$%&\-+?<>~/]*[\w]|[\w]"
_PANDOC_BRACKET = re.compile(
    r"\[((?:[^\[\]]|\[[^\[\]]*\])*?(?<![\w.])-?@(?:" + _KEY + r")[^\[\]]*)\]"
)
_PANDOC_ITEM = re.compile(r"^(?P<prefix>.*?)-?@(?P<key>" + _KEY + r")(?P<suffix>.*)$", re.S)
# A bare key typed inside parentheses with its page after it, "(vgl. @meier2016 S. 20)": Pandoc
# would print the author's name and the words, but the writer meant one parenthetical citation.
_PANDOC_PAREN = re.compile(
    r"\((?P<pre>[^()@\[\]]{0,40}?)(?<![\w@])@(?P<key>" + _KEY + r")(?P<loc>[^()@\[\]]{0,60})\)"
)
_PANDOC_NARRATIVE = re.compile(r"(?<![\w@\[])@(?P<key>" + _KEY + r")(?:\s*\[(?P<loc>[^\[\]@]*)\])?")
_LATEX_CMD = (
    r"cite|Cite|citep|citet|citealp|citealt|citeauthor|citeyear|parencite|Parencite|textcite|"
    r"Textcite|autocite|Autocite|footcite|footcitetext|smartcite|Smartcite|supercite|fullcite|"
    r"footfullcite|textcquote|blockcquote|nocite"
)
_LATEX_CITE = re.compile(
    r"\\(?:" + _LATEX_CMD + r")\*?(?P<opts>(?:\s*\[[^\]]*\]){0,2})\s*\{(?P<keys>[^{}]*)\}"
)
_LATEX_CITES = re.compile(
    r"\\(?:cites|Cites|parencites|Parencites|textcites|Textcites|autocites|Autocites|footcites|"
    r"smartcites|supercites)(?:\s*\([^)]*\)){0,2}(?P<body>(?:\s*(?:\[[^\]]*\]){0,2}\s*\{[^{}]*\})+)"
)
_LATEX_CITES_ITEM = re.compile(r"(?P<opts>(?:\s*\[[^\]]*\]){0,2})\s*\{(?P<keys>[^{}]*)\}")
_OPT = re.compile(r"\[([^\]]*)\]")
# A surname, or a body's name as it writes itself: Gov.UK, tutor2u, eBay (lower case only with a
# digit or a capital inside, so that no plain word is taken for a name).
_NAME = (
    r"(?:(?:van|von|de|der|den|da|di|le|la|du|del|della|dos|das|ten|ter)\s+)*"
    r"(?:[A-Z][\w'’\-]+(?:\.[A-Z][\w'’\-]*)*|[a-z]+(?:\d|[A-Z])[\w'’\-]*)"
)
_YEAR = r"(?:1[5-9]\d\d|20\d\d)[a-z]?(?:/(?:1[5-9]\d\d|20\d\d)[a-z]?)?"  # APA's 1966/2000 too
_YEARS = _YEAR + r"(?:\s*[-–]+\s*" + _YEAR + ")?"
_AUTHOR_ITEM = re.compile(
    r"^(?:(?i:see|cf\.|e\.g\.,?|also|see also|quoted in|qtd\. in|as cited in|vgl\.|siehe|s\.|"
    r"zit\.\s+n\.|zitiert\s+nach|nach)\s+)?"
    r"(?P<names>" + _NAME + r"(?:[^\d;()]*?))(?:,\s*|\s+)(?P<year>" + _YEAR + r")"
    r"(?:\s*[,:]\s*(?P<loc>.+))?$",
    re.S,
)
_PAREN = re.compile(r"\((?P<body>[^()]{3,240})\)")
# A person's life dates in parentheses: "(Dance Historian, b. 1947)", "(geb. 1950)", "(* 1901)".
_LIFE = re.compile(r"\b(?:b|d|geb|gest)\.\s*\d{4}\b|\b(?:born|died)\b|[*†]\s*\d{4}")
# A page typed after a bracketed key that gives none, as the writer closed it: "[@key] S. 53".
_PAGE_AFTER = re.compile(
    r",?[ \t]*((?:S\.|pp?\.|Seite|page)[ \t]*\d{1,5}(?:[ \t]*[-–]+[ \t]*\d{1,5})?)\b"
)
_NARRATIVE = re.compile(
    r"(?P<names>"
    + _NAME
    + r"(?:(?:,\s*"
    + _NAME
    + r")*,?\s+(?:and|&|und|u\.)\s+(?:[A-Z][\w'’-]+\s+)?"  # "… and David Wengrow (2021)"
    + _NAME
    + r"|(?:/"  # German styles join names with a slash: "Bortz/Döring (2006)"
    + _NAME
    + r")+|\s+et\s+al\.?)?)(?:'s|’s)?\s*\((?P<year>"
    + _YEAR
    + r")(?:\s*[,:;]\s*(?P<loc>[^)]*))?\)"
)
_NUMBERED = re.compile(
    r"\[(?P<num>\d{1,4}(?:\s*[-–,]\s*\d{1,4})*)(?:\s*,\s*(?P<loc>[^\]]{1,40}))?\](?!\()"
)
_SUPERSCRIPT = re.compile(
    r"\^(?P<num>\d{1,4}(?:[-–,]\d{1,4})*)\^|<sup>(?P<num2>\d{1,4})</sup>|(?P<uni>[¹²³⁰⁴-⁹]+)"
)
_FOOTNOTE = re.compile(r"\[\^(?P<id>[^\]\s]+)\](?!:)")
# A note mark linked to its note, [\[12\]](#_ftn12) (notelinks.py).
_NOTE_LINK = re.compile(NOTE_NUMBER + r"\(#(?P<id>" + NOTE_TARGET + r")\)(?:\{[^{}\n]*\})?")
_URL = re.compile(r"https?://[^\s<>\"\]\)}]+")
_DOI = re.compile(r"(?:\bdoi:\s*|\bDOI:?\s*)?\b(?P<doi>10\.\d{4,9}/[^\s\"<>{}]+)", re.I)
_PMID = re.compile(r"\bPMID:?\s*(?P<pmid>\d{1,9})\b")
# MLA's author-page citation right after a quotation: "..." (Kewes 1-2), (Walsh, Unkind, 11),
# (Smith and Jones 45), (Polybius 6.4), (Zammito et.al.,669); a bare page after it, "..." (6),
# names the page of the work the sentence has named. Only right after a closing mark: elsewhere
# "(Figure 3)" reads the same.
_AUTHOR_PAGE = re.compile(
    # the work quoted in, when it is another's: (qtd. in Steinby 59), (Herder; Steinby, 59)
    r"\([*_]{0,2}(?:" + _NAME + r"\s*;\s*|(?:" + _NAME + r",?\s+)?(?:qtd\.|quoted|cited)\s+in\s+)?"
    r"(?P<names>(?:[A-Z][\w'’-]+\s+){0,2}"  # a first name too: (Marie-Laure Ryan 44)
    + _NAME
    + r"(?:\s+(?:and|&)\s+"
    + _NAME
    + r"|\s+et\.?\s*al\.?)?)(?:,\s*(?P<short>[^,()\d]{1,60}))?(?:,\s*|\s+)(?P<loc>"
    + BARE_LOCATOR
    + r")[*_]{0,2}\)"  # set in emphasis as a whole: (**Brazier, p.3**)
)
# A person and a line of a transcript, as an interview study cites its participants' words:
# (Anhalt, Z. 43), (Mazur, Z. 12f.), (Smith, ll. 3-5), (Interview B, Abs. 12), (B2, Pos. 34)
# (MAXQDA's paragraph positions). No year, and no reference list holds the person: the
# citation names the source, and the locator is a line or paragraph, kept as written.
_AUTHOR_LINE = re.compile(
    r"\((?P<names>"
    + _NAME
    + r"(?:\s+[A-Z0-9][\w'’\-]*){0,2}),?\s+(?P<loc>(?P<term>Z\.|Zeilen?|ll?\.|"
    r"lines?|Abs\.|Pos\.)\s*\d{1,5}[a-z]{0,2}\.?(?:\s*[-–]+\s*\d{1,5}[a-z]{0,2}\.?)?)\)"
)
_BARE_PAGE = re.compile(r"\((?P<loc>" + BARE_LOCATOR + r")\)")
_NOT_AUTHORS = frozenset(
    re.findall(
        r"\S+",
        "Figure Fig Figs Table Tab Tables Section Sec Chapter Chap Appendix Eq Equation Step Phase "
        "Level Grade Type Version Study Experiment Model Group Day Days Week Month Year Page Vol "
        "Volume Part Article Art Rule Item Line Lines Note Box Panel Exhibit Sample Wave Round "
        "Trial Case Class Act Scene Stage Issue No Number Abb Abbildung Tabelle Kapitel Seite Teil",
    )
)
_CLOSING_MARKS = ("”", '"', "’", "'", "»", "«", "“")
_LINE_END = re.compile(r"[.*_ \t]*(?:\n|\Z)")
_LOCATOR_ONLY = re.compile(
    r"\((?P<loc>(?:p|pp|S|at|chap|ch|sec|para|§|Sure|Sura|Surah)\.?\s*[^()]{1,30})\)"
)
_PARTICLES = frozenset(
    re.findall(r"\S+", "van von de der den da di le la du del della dos das ten ter")
)
_UNI_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_ABBREV = re.compile(
    r"(?:\bal|\bpp?|\bcf|\be\.g|\bi\.e|\bvs|\bch|\bchap|\bvol|\bvols|\bno|\bfig|\beds?|\bDr|\bMr|"
    r"\bMrs|\bMs|\bSt|\bsec|\bpara|\bop|\bcit|\bibid|\bff?|\bS|\b[A-Z])$"
)
_SENT_END = re.compile(r"[.!?]")
_TRAIL = ".,;:!?'’\"”)"
_PARA_BREAK = re.compile(r"\n[ \t>]*\n")
# A list item's start, or a LaTeX environment's edge on its own line, ends the text before it.
_ITEM_START = re.compile(r"\n[ \t>]*(?:(?:\d{1,3}[.)]|[-*+•])[ \t]+|\\(?:begin|end)\{)")
# A parenthetical LaTeX cite after the stop (``''.~[\\cite{a}]``, ``''. \\citep[4]{a}``, on the next
# line) or a Pandoc key glued to it (".[@grey2013]") closes it; \\citet, \\textcite open the next.
_TRAILING_CITE = re.compile(
    r"[ \t]*\n?[ \t]*~?[ \t]*(?P<open>\[)?"
    r"\\(?:cite|citep|parencite|Parencite|autocite|Autocite|supercite|footcite|footfullcite)"
    r"\*?(?:\s*\[[^\]]*\]){0,2}\s*\{[^{}]*\}(?(open)\])"
    # or a bracketed key or typed citation closing its line: "… dar". (@poser2007, S. 161)
    r"|[ \t]*\((?:[^()\n]{0,20}@[\w:.#$%&\-+?<>~/]+"
    r"|[A-ZÄÖÜ][^()\n]{0,60}\b(?:1[5-9]|20)\d\d[a-z]?\b)"
    r"[^()\n]{0,40}\)\\?(?=[ \t]*(?:\n|$))"
    r"|\[[^\[\]\n]{0,40}@[\w:.#$%&\-+?<>~/]+[^\[\]\n]{0,60}\]"  # glued: ".[@grey2013]"
    # or the page alone after the stop inside the marks: "… justice.” (p. 120)."
    r"|[ \t]*\((?:pp?\.|S\.)[ \t]*[\dxivlc]+(?:[ \t]*[-–]+[ \t]*\d+)?\)(?=[ \t]*[.,;:\n]|$)"
)
_FOOT_MARK = re.compile(
    r"\[\^[^\]\s]+\]|\^\d+\^|<sup>\d+</sup>|[¹²³⁰⁴-⁹]+|\\footnote\{|(?:<sup>)?" + NOTE_LINK
)


@dataclass(frozen=True, slots=True)
class Mention:
    """A reference as written in the text; ``start:end`` is its span."""

    start: int
    end: int
    style: str  # pandoc|latex|author_date|numbered|footnote|url|doi|pmid|locator
    raw: str
    key: str | None = None
    locator: Locator | None = None
    names: tuple[str, ...] = ()
    year: str | None = None
    number: str | None = None
    target: str | None = None
    footnote: str | None = None


_BODY_NAME = re.compile(r"[a-z]+(?:\d|[A-Z])[\w'’\-]*")


def _names(text: str) -> tuple[str, ...]:
    text = re.sub(r"\bet\s+al\.?", "", text)
    parts = re.split(r",|\band\b|&|/|\bund\b|\bu\.", text)
    out = []
    for part in parts:
        words = [w for w in part.split() if w[:1].isupper() or _BODY_NAME.fullmatch(w)]
        if words:
            prefix = [
                w for w in part.split() if w in ("van", "von", "de", "der", "den", "da", "di")
            ]
            out.append(" ".join([*prefix, words[-1]]) if prefix else words[-1])
    return tuple(out)


# pandoc-crossref's labels look like keys (figures, tables, sections; Quarto's @fig-map), and so
# do pandoc-ling's numbered examples: "für den Satz [@next]", "[@last]", "[@nnext]".
_CROSSREF = re.compile(
    r"(?:fig|tbl|lst|sec|eq|thm|lem|def|tab|table|figure|chap)[:-]|n?next$|l?last$", re.I
)


def _pandoc(m: re.Match[str]) -> list[Mention]:
    body = m.group(1)
    for item in body.split(";"):
        im = _PANDOC_ITEM.match(item.strip())
        if im and not _CROSSREF.match(im.group("key")):
            suffix = im.group("suffix").strip()
            locator = parse_locator(suffix) if suffix else None
            end = m.end()
            if locator is None and (after := _PAGE_AFTER.match(m.string, end)) is not None:
                locator, end = parse_locator(after.group(1)), after.end()  # "[@key] S. 53"
            return [
                Mention(
                    m.start(),
                    end,
                    "pandoc",
                    m.string[m.start() : end],
                    key=im.group("key"),
                    locator=locator,
                )
            ]
    return []


def _latex(m: re.Match[str]) -> list[Mention]:
    opts = _OPT.findall(m.group("opts") or "")
    post = opts[-1] if opts else ""
    keys = [k.strip() for k in m.group("keys").split(",") if k.strip()]
    if not keys:
        return []
    # a reference typed where the key goes, its page last: \autocite{Bericht IW …, 2013, S. 7}
    typed = not post and " " in keys[0] and len(keys) > 1
    written = keys[-1] if typed else ""
    loc = postnote_locator(post) if post else parse_locator(written, bare_is_page=False)
    return [Mention(m.start(), m.end(), "latex", m.group(0), key=keys[0], locator=loc)]


def _latex_cites(m: re.Match[str]) -> list[Mention]:
    first = _LATEX_CITES_ITEM.search(m.group("body"))
    if not first:
        return []
    return _latex_item(m, first)


def _latex_item(outer: re.Match[str], m: re.Match[str]) -> list[Mention]:
    opts = _OPT.findall(m.group("opts") or "")
    post = opts[-1] if opts else ""
    keys = [k.strip() for k in m.group("keys").split(",") if k.strip()]
    return (
        [
            Mention(
                outer.start(),
                outer.end(),
                "latex",
                outer.group(0),
                key=keys[0],
                locator=parse_locator(post) if post else None,
            )
        ]
        if keys
        else []
    )


def _author_paren(m: re.Match[str]) -> list[Mention]:
    if _LIFE.search(m.group("body")):
        return []
    for item in m.group("body").split(";"):
        im = _AUTHOR_ITEM.match(item.strip())
        if im:
            names = _names(im.group("names"))
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
    names = _names(im.group("names"))
    if not names or names[0] in _NOT_AUTHORS:
        return None
    locator = parse_locator(im.group("loc")) if im.group("loc") else None
    raw = " ".join(body.split())
    return Mention(
        start, end, "author_date", raw, names=names, year=im.group("year"), locator=locator
    )


def _narrative(m: re.Match[str]) -> list[Mention]:
    return [_author_date(m, _names(m.group("names")), m.group("year"), m.group("loc"))]


def _author_date(
    m: re.Match[str], names: tuple[str, ...], year: str | None, loc: str | None
) -> Mention:
    """An author-date mention spanning the whole match ``m`` (a bare number locator is a page)."""
    locator = parse_locator(loc) if loc else None
    return Mention(
        m.start(), m.end(), "author_date", m.group(0), names=names, year=year, locator=locator
    )


def _numbered(m: re.Match[str]) -> list[Mention]:
    num = re.split(r"[-–,]", m.group("num"))[0].strip()
    loc = m.group("loc")
    return [
        Mention(
            m.start(),
            m.end(),
            "numbered",
            m.group(0),
            number=num,
            locator=parse_locator(loc) if loc else None,
        )
    ]


def _superscript(m: re.Match[str]) -> list[Mention]:
    raw = m.group("num") or m.group("num2") or (m.group("uni") or "").translate(_UNI_DIGITS)
    num = re.split(r"[-–,]", raw)[0]
    return [Mention(m.start(), m.end(), "numbered", m.group(0), number=num)] if num else []


def _url(m: re.Match[str]) -> list[Mention]:
    url = m.group(0).rstrip(_TRAIL)
    doi = re.match(r"https?://(?:dx\.)?doi\.org/(10\.\d{4,9}/\S+)", url, re.I)
    if doi:
        return [Mention(m.start(), m.start() + len(url), "doi", url, target="doi:" + doi.group(1))]
    pm = re.match(r"https?://pubmed\.ncbi\.nlm\.nih\.gov/(\d+)", url)
    if pm:
        return [Mention(m.start(), m.start() + len(url), "pmid", url, target="pmid:" + pm.group(1))]
    return [Mention(m.start(), m.start() + len(url), "url", url, target=url)]


def _doi(m: re.Match[str]) -> list[Mention]:
    doi = m.group("doi").rstrip(_TRAIL)
    return [
        Mention(
            m.start(),
            m.start("doi") + len(doi),
            "doi",
            m.group(0).rstrip(_TRAIL),
            target="doi:" + doi,
        )
    ]


def _pmid(m: re.Match[str]) -> list[Mention]:
    return [Mention(m.start(), m.end(), "pmid", m.group(0), target="pmid:" + m.group("pmid"))]


def _footnote(m: re.Match[str]) -> list[Mention]:
    return [Mention(m.start(), m.end(), "footnote", m.group(0), footnote=m.group("id"))]


def _linked_note(m: re.Match[str]) -> list[Mention]:
    note_id = note_link_id(m.group("id"))
    return [Mention(m.start(), m.end(), "footnote", m.group(0), footnote=note_id)]


def _ends_block(m: re.Match[str]) -> bool:
    """A citation closing a clause (MLA's at a sentence's end: "… polarity (Barfield 35).") or
    a block quotation's last line, after its last stop: "… environment. (Grollig 11)"."""
    before = m.string[max(0, m.start() - 6) : m.start()].rstrip(" \t~*_")
    if m.string[m.end() : m.end() + 3].lstrip(" \t*_")[:1] in (".", "!", "?", ";"):
        return True
    return before.endswith((".", "!", "?")) and bool(_LINE_END.match(m.string, m.end()))


def _after_quotation(m: re.Match[str]) -> bool:
    # Emphasis may close after the mark: '*Only as phenomenology, is ontology possible'* (SZ 35).
    before = m.string[max(0, m.start() - 6) : m.start()].rstrip(" \t\n~*_")
    return before.endswith(_CLOSING_MARKS)


def _author_page(m: re.Match[str]) -> list[Mention]:
    names = _names(m.group("names"))
    if not names or names[0] in _NOT_AUTHORS or not (_after_quotation(m) or _ends_block(m)):
        return []
    loc = parse_locator(m.group("loc"))
    return [Mention(m.start(), m.end(), "author_date", m.group(0), names=names, locator=loc)]


def _author_line(m: re.Match[str]) -> list[Mention]:
    name = " ".join(m.group("names").split())
    if name.split()[0] in _NOT_AUTHORS:
        return []
    label = "paragraph" if m.group("term") in ("Abs.", "Pos.") else "line"
    loc = Locator(label=label, value=" ".join(m.group("loc").split()))
    names = (name,)
    return [Mention(m.start(), m.end(), "author_date", m.group(0), names=names, locator=loc)]


def _bare_page(m: re.Match[str]) -> list[Mention]:
    if not _after_quotation(m) or re.fullmatch(_YEARS, m.group("loc")):
        return []  # "..." (2020): a work's year; (1914-1970): a life's, never pages
    loc = parse_locator(m.group("loc"))
    return [Mention(m.start(), m.end(), "locator", m.group(0), locator=loc)] if loc else []


def _locator_only(m: re.Match[str]) -> list[Mention]:
    loc = parse_locator(m.group("loc"))
    return [Mention(m.start(), m.end(), "locator", m.group(0), locator=loc)] if loc else []


def is_latex_cite(text: str) -> bool:
    """Whether ``text`` holds a LaTeX cite command (``\\citep[S. #2]{#1}``)."""
    return bool(_LATEX_CITE.search(text) or _LATEX_CITES.search(text))


def find_mentions(
    text: str,
    start: int = 0,
    end: int | None = None,
    *,
    latex: bool = False,
    markdown: bool = False,
) -> list[Mention]:
    """Every reference written in ``text[start:end]``, sorted by start; overlaps keep the first.

    Args:
        text: the whole text (offsets in the result index it).
        start: where to begin.
        end: where to stop (default: the end).
        latex: read LaTeX cite commands.
        markdown: read Pandoc keys, Markdown footnote marks and ``^n^`` superscripts.
    """
    end = len(text) if end is None else end
    scanners: list[tuple[re.Pattern[str], object]] = []
    if latex:
        scanners += [(_LATEX_CITES, _latex_cites), (_LATEX_CITE, _latex)]
    if markdown:
        scanners += [
            (_NOTE_LINK, _linked_note),  # first: [^1^](#fn1) is a linked mark, not a Pandoc one
            (_FOOTNOTE, _footnote),
            (_PANDOC_BRACKET, _pandoc),
            (_PANDOC_PAREN, _pandoc_paren),
            (_PANDOC_NARRATIVE, _pandoc_narrative),
        ]
    scanners += [
        (_URL, _url),
        (_DOI, _doi),
        (_PMID, _pmid),
        (_PAREN, _author_paren),
        (_NARRATIVE, _narrative),
        (_NUMBERED, _numbered),
        (_SUPERSCRIPT, _superscript),
        (_LOCATOR_ONLY, _locator_only),
        (_AUTHOR_LINE, _author_line),
        (_AUTHOR_PAGE, _author_page),
        (_BARE_PAGE, _bare_page),
    ]
    # endpos acts as if the text ended there, without copying text[:end] on every call
    # (a copy per block quotation was quadratic in a manuscript of many nested ones).
    candidates = (
        mention
        for pattern, build in scanners
        for m in pattern.finditer(text, start, end)
        for mention in build(m)  # type: ignore[operator]
    )
    return sorted(first_of_overlapping(candidates), key=lambda x: x.start)


def first_of_overlapping(mentions: Iterable[Mention]) -> list[Mention]:
    """The mentions that overlap none found before them, in the order given.

    The kept spans never overlap, so sorted by start their ends rise too: a new span overlaps one
    of them exactly when the last kept span starting before its end reaches past its start. One
    bisection per mention, where comparing with every kept one was quadratic in a long window
    (the rest of a 3 MB manuscript after its last quotation).
    """
    found: list[Mention] = []
    spans: list[tuple[int, int]] = []
    for mention in mentions:
        k = bisect_left(spans, (mention.end,))
        if k == 0 or spans[k - 1][1] <= mention.start:
            insort(spans, (mention.start, mention.end))
            found.append(mention)
    return found


def _pandoc_paren(m: re.Match[str]) -> list[Mention]:
    return _pandoc_mention(m, m.group("loc").strip(" ,;:"))


def _pandoc_narrative(m: re.Match[str]) -> list[Mention]:
    return _pandoc_mention(m, m.group("loc"))


def _pandoc_mention(m: re.Match[str], loc: str | None) -> list[Mention]:
    if _CROSSREF.match(m.group("key")):
        return []
    locator = parse_locator(loc) if loc else None
    return [Mention(m.start(), m.end(), "pandoc", m.group(0), key=m.group("key"), locator=locator)]


def sentence_window(text: str, start: int, *, limit: int = 600) -> int:
    """Where the sentence that goes on at ``start`` ends (exclusive), or a paragraph break.

    A period after an abbreviation ("et al.", "p.") or inside brackets does not end it; a
    footnote mark glued to the full stop still belongs to the sentence.
    """
    depth = 0
    stop = min(len(text), start + limit)
    i = start
    while i < stop:
        ch = text[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        elif ch == "\n" and (_PARA_BREAK.match(text, i) or _ITEM_START.match(text, i)):
            return i
        elif depth == 0 and _SENT_END.match(ch):
            before = text[max(start, i - 8) : i]
            after = text[i + 1 : i + 3]
            if ch == "." and _ABBREV.search(before) and not after.startswith("\n"):
                i += 1
                continue
            if after[:1].isdigit():
                i += 1
                continue
            j = i + 1
            while j < len(text) and text[j] in "\"”’')":
                j += 1
            # A Word export may set a space before the note's mark: "changes. [\[8\]](#_ftn8)"
            k = j
            while k < len(text) and text[k] in " \t":
                k += 1
            fm = _FOOT_MARK.match(text, k) or _TRAILING_CITE.match(text, j)
            if fm:
                if fm.group(0) == "\\footnote{":
                    return _close_brace(text, fm.end())
                return fm.end()
            return j
        i += 1
    return stop


def _close_brace(text: str, i: int, *, limit: int = 2_000) -> int:
    """Past the brace that closes the group opened before ``i``, or ``limit`` characters on.

    An unclosed ``\\footnote{`` must not make the window of every quotation before it run to
    the end of the text (each window is then searched for references: quadratic in all).
    """
    depth = 1
    stop = min(len(text), i + limit)
    while i < stop and depth:
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
        i += 1
    return i


def pandoc_mentions(text: str) -> list[Mention]:
    """The Pandoc citations (``[@key, p. 5]``, ``@key [p. 5]``) typed into ``text``, in order:
    a Word document written for Pandoc holds them as plain text."""
    candidates = (
        mention
        for pattern, build in ((_PANDOC_BRACKET, _pandoc), (_PANDOC_NARRATIVE, _pandoc_narrative))
        for m in pattern.finditer(text)
        for mention in build(m)
    )
    return sorted(first_of_overlapping(candidates), key=lambda x: x.start)
