"""Whether a citation gives a short phrase in marks to a source, and where: right after its
closing mark, in a note placing it, or closing its sentence.

Split from phrases.py, which weighs this evidence with the rest; these rules only read the
citations around a phrase.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from quote_tui.manuscripts.document import Document, Manuscript, mentions_in
from quote_tui.manuscripts.evidence import PAGE_AFTER
from quote_tui.manuscripts.refs import Mention, sentence_window
from quote_tui.manuscripts.voice import presented_as_word

__all__ = [
    "COMPARE_NOTE",
    "LOCATED",
    "NOTE_PAGE",
    "SENTENCE_REST",
    "cited_right_after",
    "clause_paged",
    "closing_note",
    "names_term",
    "note_after",
    "paged_right_after",
    "paged_right_before",
    "sentence_cite",
    "window",
    "word_cited",
]

# What may stand between the closing mark and a citation that is the phrase's own: a mark, a
# space or LaTeX's tie, a comma or full stop, and a bracketed aside that opens with words of
# its own before the citation (``"…" [The Sentimental Education of the Novel [@cohen, 23]``).
_GAP = re.compile(r"[\"'”’»“`]*[\s~]*[.,;:]?[\s~]*(?:\[[^\[\]\n]{0,80}(?:\n[^\[\]\n]{0,80})?)?")
_REACH = 200  # characters after the closing mark searched for the phrase's citation

# What a citation right after a closing mark opens with: a bracket, a parenthesis, a LaTeX
# command, a note mark or a superscript; a word there is the sentence going on.
_CITE_OPENS = frozenset("[(\\^<¹²³⁴⁵⁶⁷⁸⁹⁰")
_MARKS_AND_SPACE = re.compile(r"[\"'”’»“`]*[\s~]*[.,;:]?[\s~]*")


def cited_right_after(doc: Document, close_end: int) -> bool:
    """Whether a citation (a reference field, a note mark, a cite) opens right after the
    closing mark ending at ``close_end``."""
    text = doc.text
    gap = _GAP.match(text, close_end)
    reach = gap.end() if gap else close_end
    if any(close_end <= a.start <= reach + 1 for a in doc.anchors):
        return True
    first = _first_cite(doc, close_end, reach)
    # A group of works cited at once ("(Lynch, 2011; Jost et al., 2018)") names who use a
    # term; a quotation's words come from one of them.
    return first is not None and not _cites_several(text, first)


# A name known by all, the writer's to use: "their well-known “Client-first approach”", "the
# famous “Stanford prison experiment”". Its source's page still makes it a quotation.
_FAMED = re.compile(
    r"\b(?i:well[- ]known|famous|infamous|notorious|celebrated|much[- ]cited|oft[- ]cited|"
    r"berühmte[nmrs]?|bekannte[nmrs]?|vielzitierte[nmrs]?)\s+[\"'“„‘‚«»`]*$"
)


def names_term(start: int, text: str) -> bool:
    """Whether the two or three words in marks opening at ``start`` are a name the writer calls
    well-known or famous (see ``_FAMED``), not words quoted: a page placing them in a work says
    otherwise (the caller asks)."""
    return _FAMED.search(text, max(0, start - 40), start) is not None


def _first_cite(doc: Document, pos: int, reach: int) -> Mention | None:
    """The first work cited right after ``pos`` (a closing mark's end), opening by ``reach``:
    None where the sentence goes on with words instead."""
    text = doc.text
    # Most phrases go on with words: no citation to parse (parsing one per phrase doubled the
    # time of a text of thousands of short quoted phrases).
    head = _MARKS_AND_SPACE.match(text, pos)
    if text[head.end() : head.end() + 1] not in _CITE_OPENS:  # type: ignore[union-attr]
        return None
    mentions = mentions_in(doc, pos, min(len(text), reach + _REACH))
    first = next((m for m in mentions if m.style not in ("url", "locator", "doi", "pmid")), None)
    return first if first is not None and first.start <= reach + 1 else None


def _cites_several(text: str, cite: Mention) -> bool:
    """Whether ``cite`` is one of a group of works cited at once ("(Lynch, 2011; Jost …)",
    numbered "[1][2][3]" or "[1, 2, 4]" or "[1-4]", "\\cite{a,b}")."""
    if ";" in cite.raw or text[cite.end : cite.end + 3].lstrip().startswith(";"):
        return True
    if _NUMBERS.fullmatch(cite.raw) and (
        _SEVERAL_NUMBERS.search(cite.raw) or _NEXT_NUMBER.match(text, cite.end)
    ):
        return True
    return cite.style == "latex" and _SEVERAL_KEYS.search(cite.raw) is not None


_NUMBERS = re.compile(r"\[\s*\d+(?:\s*[-–,]\s*\d+)*\s*\]")
_SEVERAL_NUMBERS = re.compile(r"\d\s*[-–,]\s*\d")
_NEXT_NUMBER = re.compile(r"[ \t]*\[\s*\d")
_SEVERAL_KEYS = re.compile(r"\{[^{}]*,[^{}]*\}\s*$")


def closing_note(ms: Manuscript, doc: Document, stop: int) -> str:
    """The text of the note whose mark closes the sentence ending at ``stop``, or ""."""
    k = bisect_left(doc.anchors, stop - 8, key=lambda anchor: anchor.start)
    for a in doc.anchors[k : k + 3]:
        if a.start <= stop + 2 and a.footnote and a.footnote in ms.footnotes:
            note = ms.footnotes[a.footnote]
            return ms.documents[note.doc].text[note.start : note.end]
    return ""


SENTENCE_REST = re.compile(r"[\s.,;:!?)\]}\"'”’»~]*")


@lru_cache(maxsize=1024)
def window(text: str, pos: int) -> int:
    """Where the sentence going on at ``pos`` ends, asked once per phrase by several rules (a
    string's hash is kept, so the text is not hashed again)."""
    return sentence_window(text, pos)


# A short note's page at its end: "Rawls, A Theory of Justice, 126.", "Ibid., 24-25."
NOTE_PAGE = re.compile(r",\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?(?:f{1,2}\.?)?\.?\s*$")


# A note that places a word in a work: its page ("S. 33.", "p. 12"), the note before's work
# and page again ("Ebda.", "Ibid."), or an author and year opening it. A note that only links
# a web page (ITWissen, „Quelltext“, unter: http://…) backs the writer's term with a definition.
# A note that cites a paraphrase, not words: "Vgl. Schwaber, K., …", "Cf. Smith", "See Smith".
COMPARE_NOTE = re.compile(r"\s*(?:Vgl\.|Cf\.|See\s+also|Siehe\s+auch)", re.I)


LOCATED = re.compile(
    r"(?<!\w)(?:S\.|pp?\.|Seite|page)\s*[\dxivlc]+|\b(?:ebd|ebda|ibid|ibidem)\b|\ba\.\s?a\.\s?O\.|"
    # An author and year ("Kreutzmüller 2016/2020", "Arendt, 2002"); a letter or a newspaper
    # by its date ("La Farge to Adams, November 19, 1907.").
    r"^\W*(?:Vgl\.\s+|Cf\.\s+|See\s+)?[A-ZÄÖÜ][\w-]+,?\s+(?:1[5-9]|20)\d\d\b|"
    r"\b(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December)\s+\d{1,2},\s+(?:1[5-9]|20)\d\d\b",
    re.I,
)
_MD_NOTE = re.compile(r"[\"'”’»“`]*[.,;:]?\[\^([^\]\s]+)\]")
_TEX_NOTE = re.compile(r"[\"'”’»“`]*[.,;:]?\\footnote\{([^{}]{0,400})")


def note_after(ms: Manuscript, doc: Document, close_end: int) -> str:
    """The text of the note whose mark opens right after the closing mark ending at
    ``close_end`` (a Word footnote, Markdown's [^1], LaTeX's \\footnote), or ""."""
    text = doc.text
    gap = _MARKS_AND_SPACE.match(text, close_end)
    reach = gap.end() if gap else close_end
    # The anchors are in text order: the first at or after the closing mark, by bisection (a
    # thesis may hold thousands of notes and of words in marks).
    k = bisect_left(doc.anchors, close_end, key=lambda anchor: anchor.start)
    for a in doc.anchors[k : k + 3]:
        if a.start <= reach + 1 and a.footnote and a.footnote in ms.footnotes:
            note = ms.footnotes[a.footnote]
            return ms.documents[note.doc].text[note.start : note.end]
    if m := _MD_NOTE.match(text, close_end):
        note = ms.footnotes.get(m[1])
        return text[note.start : note.end] if note and note.doc < len(ms.documents) else ""
    m = _TEX_NOTE.match(text, close_end)
    return m[1] if m else ""


def word_cited(ms: Manuscript | None, doc: Document, start: int, end: int, close_end: int) -> bool:
    """Whether one word in marks is a source's: its note, right after the closing mark, places
    it in a work („Hörautor“ with a note ending „S. 273.“ or „Ebda.“), or a citation in the
    text right after it gives its page („Inflation“ \\parencite[116]{a}, "hype" (Lee, 2019,
    p. 4)). A scare quote („annektiert“) has no note; a term's note links a definition; a
    citation in the text without a page („Abschaffen“ \\parencite{a}) as often names who uses
    a term."""
    text = doc.text
    if ms is None or not re.search(r"[^\W\d_]{3,}", text[start:end]):
        return False
    note = note_after(ms, doc, close_end)
    placed = bool(LOCATED.search(note)) or paged_right_after(doc, close_end)
    return placed and not presented_as_word(text, start, close_end)


def sentence_cite(doc: Document, ms: Manuscript | None, close_end: int) -> str | None:
    """How the sentence going on after the closing mark at ``close_end`` ends: ``"paged"`` with
    one work's citation that gives a place in it (``(Smith, 2013, p. 269)``, a note with its
    page), ``"cited"`` with one work's citation without one (a cite command, a Pandoc or typed
    author-date citation, a note that names its work: „perfekten Sturm“ … sanken.\\autocite{…}),
    else None."""
    text = doc.text
    stop = window(text, close_end)
    # A citation that closes the sentence ends it with a bracket, a brace or a note's digit;
    # most sentences end with a word, and parsing citations per phrase is the dear part.
    tail = text[close_end:stop].rstrip(" \t\n.,;:!?\"'”’»")
    closes = tail[-1:] in (")", "]", "}") or tail[-1:].isdigit() or tail[-1:] in "¹²³⁴⁵⁶⁷⁸⁹⁰"
    mentions = (
        [
            m
            for m in mentions_in(doc, close_end, min(len(text), stop + 2))
            if m.style not in ("locator", "doi", "pmid", "url")
        ]
        if closes
        else []
    )
    if closes and not mentions and _page_closes(tail):
        return "paged"
    if mentions and SENTENCE_REST.fullmatch(text, mentions[-1].end, stop):
        last = mentions[-1]
        if last.style != "footnote":
            if ";" in last.raw:
                return None
            compares = _COMPARES.search(last.raw) is not None
            return "paged" if last.locator is not None and not compares else "cited"
        # A note that only comments cites nothing; one whose text is in another file (a
        # chapter of a book, its notes gathered elsewhere) is taken for a citation.
        found = ms.footnotes.get(last.footnote or "") if ms is not None else None
        if found is None or found.doc >= len(ms.documents):  # type: ignore[union-attr]
            return "cited"
        return _note_kind(ms.documents[found.doc].text[found.start : found.end])  # type: ignore[union-attr]
    if ms is None:
        return None
    note = closing_note(ms, doc, stop)
    if not note:
        at = text.rfind("\\footnote{", close_end, stop + 1)
        note = note_after(ms, doc, at) if at >= 0 else ""
        # The note closes the sentence: only its closing brace and stops come after it.
        if note and not SENTENCE_REST.fullmatch(text, at + len(note) + 11, stop):
            note = ""
    return _note_kind(note) if note else None


# A page alone in brackets closing the sentence, as a close reading of one work cites: “short
# joggers” and kill babies in the pleeblands (164). Not a year, nor a numbered thing's number.
_CLOSING_PAGE = re.compile(r"\(\s*(?:pp?\.\s*)?(\d{1,4}(?:\s*[-–]\s*\d{1,4})?)\s*\)\Z")
_NUMBERED_BEFORE = re.compile(
    r"\b(?:equation|eq|figure|fig|table|section|sec|chapter|step|line|note|no|n|nr|gleichung|"
    r"abb|tabelle|abschnitt|kapitel|schritt|zeile|version|vol|volume|issue|art|article)\.?\s*\Z",
    re.I,
)


def _page_closes(tail: str) -> bool:
    """Whether the rest of a phrase's sentence ``tail`` ends with a page alone in brackets, with
    no other quotation between."""
    m = _CLOSING_PAGE.search(tail)
    # (a year; a scale's range, "(0–3)", "(1–5)", is no page either)
    if m is None or re.fullmatch(r"(?:1[5-9]|20)\d\d|[01]\s*[-–].*", m[1]):
        return False
    before = tail[: m.start()]
    return not _NUMBERED_BEFORE.search(before) and not any(c in before for c in '„“”"«»‘')


def _note_kind(note: str) -> str | None:
    """ "paged" for a note that gives a page, "cited" for one that names its work, else None."""
    paged = _NOTE_PAGED.search(note) or NOTE_PAGE.search(note) or _TEX_PAGED.search(note)
    if paged and not COMPARE_NOTE.match(note):
        return "paged"
    return "cited" if LOCATED.search(note) else None


# A citation that compares ("vgl.", "cf.", "see") points to a paraphrase's place, not words'.
_COMPARES = re.compile(r"\b(?:vgl|cf)\.|\b(?:see|siehe)\b", re.I)
_NOTE_PAGED = re.compile(r"(?<!\w)(?:S\.|pp?\.|Seite|page)\s*[\dxivlc]+", re.I)
# A LaTeX cite in a note's text that gives a page, its postnote the last bracket
# (\footnotetext{\cite[265, 270]{green}}, "\cite[vgl.][12]{a}").
_TEX_PAGED = re.compile(r"\\[A-Za-z]*cite[A-Za-z]*\*?(?:\[[^\]]*\])?\[[^\]]*\d[^\]]*\]\{")


# More phrases in marks listed after the first, the last one's citation closing the list:
# “reflective skepticism” or “cautious intelligence” (1987, p. 21).
_LISTED_ON = re.compile(
    r"[\"'”’»“`]*(?:\s*[,;]?\s*(?:(?:or|and|nor|und|oder)\s+)?[„“\"‘«»`]"
    r"[^„“\"‘«»`”’\n]{1,80}[”\"’“«»'])*"
)


def paged_right_after(doc: Document, close_end: int) -> bool:
    """Whether a citation that gives a page or another place in a work opens right after the
    closing mark ending at ``close_end``, or after the phrases in marks listed with it: the
    writer points to where the words stand, which a term named or coined needs no page for.
    A group of works cited at once names who use a term."""
    text = doc.text
    pos = _LISTED_ON.match(text, close_end).end()  # type: ignore[union-attr]
    if PAGE_AFTER.match(text, pos):
        return True
    gap = _GAP.match(text, pos)
    first = _first_cite(doc, pos, gap.end() if gap else pos)
    return (
        first is not None
        and first.locator is not None
        and _COMPARES.search(first.raw) is None
        and not _cites_several(text, first)
    )


# A comma or colon, then the opening marks, between a citation and the words it gives:
# "Vgl. \cite[24]{Dal}, ,,clausal functions''", "(Smith 2001, p. 4): “…”".
_CITE_THEN_MARKS = re.compile(r"[\s~]*[,:][\s~]*(?:,,|``|[\"'„“«»‚‘`])+[\s~]*\Z")


def paged_right_before(doc: Document, start: int) -> Mention | None:
    """The citation giving a page that the words in marks opening at ``start`` follow, a
    comma or colon between: a note that cites a work and then gives its wording."""
    text = doc.text
    gap = _CITE_THEN_MARKS.search(text, max(0, start - 12), start)
    if gap is None:
        return None
    before = mentions_in(doc, max(0, gap.start() - _REACH), gap.start())
    last = before[-1] if before else None
    if (
        last is not None
        and last.locator is not None
        and not text[last.end : gap.start()].strip(" ~\t\n")
        and not _cites_several(text, last)
    ):
        return last
    return None


# A citation that closes the phrase's clause while the sentence goes on ("He ordered a charge
# `at full run' at the enemy lines,\footcite[6.112]{herodotus} hoping …", "Von einer „…“
# könne nur bedingt die Rede sein \parencite[212]{lang}, dennoch …"): a few words of the
# clause between, no other quotation and no other clause.
_CLAUSE_WORDS = 12
_CLAUSE_BREAK = re.compile(r"[,;:](?=[\s~]*\S)")
_CLAUSE_CLOSES = re.compile(r"[\s~]*(?:[,;:]|\Z)")
_OPENERS = frozenset('"“„‘‚«»`')


def clause_paged(doc: Document, close_end: int) -> bool:
    """Whether the citation that first follows the closing mark ending at ``close_end`` gives a
    page and closes the phrase's clause, only a few of the clause's words between."""
    text = doc.text
    stop = window(text, close_end)
    if not any(c in text[close_end:stop] for c in "\\([^"):
        return False  # most sentences cite nothing: no citation parsed
    first = next(
        (
            m
            for m in mentions_in(doc, close_end, min(len(text), stop + 2))
            if m.style not in ("url", "locator", "doi", "pmid")
        ),
        None,
    )
    if first is None or first.locator is None or first.start < close_end:
        return False
    between = text[close_end : first.start].rstrip(" \t\n~")
    if (
        any(c in _OPENERS for c in between)
        or _CLAUSE_BREAK.search(between.rstrip(",;:"))
        or len(re.findall(r"[^\W\d_]+", between)) > _CLAUSE_WORDS
    ):
        return False
    closes = between.endswith((",", ";", ":")) or _CLAUSE_CLOSES.match(
        text[first.end : stop].rstrip(".!?\"'”’»)]} \t\n")
    )
    return bool(closes) and _COMPARES.search(first.raw) is None and not _cites_several(text, first)
