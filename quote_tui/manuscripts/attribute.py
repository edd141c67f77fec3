"""Which citation a quotation found inline in the text is given: the one right after its
closing mark, a note's, a typed Ebd., or one in the lead-in before it."""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import replace
from urllib.parse import unquote

from quote_tui.manuscripts.clauses import NARRATIVE_CITE as _NARRATIVE_CITE
from quote_tui.manuscripts.clauses import NARRATIVE_COMMAND
from quote_tui.manuscripts.clauses import TYPED_IBID as _TYPED_IBID
from quote_tui.manuscripts.clauses import apart as _apart
from quote_tui.manuscripts.document import Document, Manuscript, mentions_in
from quote_tui.manuscripts.evidence import sentence_start as _sentence_start
from quote_tui.manuscripts.lead_page import lead_in_page
from quote_tui.manuscripts.locators import (
    PAGE_ALONE,
    line_after,
    parse_locator,
    typed_page_after,
)
from quote_tui.manuscripts.model import Anchor, Locator, Reference
from quote_tui.manuscripts.notecite import from_footnote, from_latex_note, note_right_after
from quote_tui.manuscripts.own_line_cite import cite_on_own_line
from quote_tui.manuscripts.quotes import find_quotes
from quote_tui.manuscripts.refs import Mention
from quote_tui.manuscripts.statutes import named_statute
from quote_tui.manuscripts.stop_cite import cited_after_stop

__all__ = ["CLOSERS", "cited_at_page", "first_reference", "resolve"]

_NOTE_READ = frozenset(("author_date", "latex", "url", "doi"))

# A narrative LaTeX cite ("\\citet{a} schreibt") after a full stop opens the next sentence.
_OPENS_SENTENCE = re.compile(NARRATIVE_COMMAND)
_ANCHOR_SLACK = 2  # a field or footnote mark may follow the closing mark after a full stop


def first_reference(
    ms: Manuscript, doc: Document, start: int, end: int, *, immediate_only: bool = False
) -> tuple[Mention | None, Anchor | None]:
    anchors = [a for a in doc.anchors if start <= a.start <= end + _ANCHOR_SLACK]
    mentions = [
        m
        for m in mentions_in(doc, start, end)
        if not any(a.start < m.end and m.start < a.end for a in doc.anchors)
        and not _word_link(doc.text, start, m)
    ]
    if immediate_only:
        gap = len(doc.text[start:end]) - len(doc.text[start:end].lstrip(" \t\n.,;:"))
        # After a full stop only a mark that belongs to the quotation counts: a bracket, a
        # parenthesis, a footnote or superscript; "Lo et al. (2020) say" starts a new sentence.
        mentions = [
            m
            for m in mentions
            if m.start <= start + gap + 1
            and (m.raw[:1] in "([\\^<" or m.style in ("footnote", "numbered"))
            and not _OPENS_SENTENCE.match(m.raw)
        ]
        anchors = [a for a in anchors if a.start <= start + gap + 1]
    first_anchor = anchors[0] if anchors else None
    first_mention = next((m for m in mentions), None)
    if first_anchor and (first_mention is None or first_anchor.start <= first_mention.start):
        return None, first_anchor
    return first_mention, None


def resolve(
    ms: Manuscript,
    doc: Document,
    window_start: int,
    window_end: int,
    quote_start: int,
    immediate_only: bool,
) -> tuple[Mention | None, Reference | None, Locator | None]:
    """The citation of the quotation opening at ``quote_start`` and closing at
    ``window_start``: its mention or its reference (a Word field's), and its locator."""
    mention, reference, locator = _resolve(
        ms, doc, window_start, window_end, quote_start, immediate_only
    )
    if reference is None and (mention is None or locator is None):
        after = cited_after_stop(doc, window_start)  # '"…". (85)': the stop typed first
        if after is not None and mention is None:
            mention, locator = after, after.locator
        elif after is not None and after.style == "locator":
            locator = after.locator
    if (mention, reference) == (None, None) and (
        below := cite_on_own_line(doc, quote_start, window_start)
    ):
        # '"… keine Rolle spielt."' then a paragraph "(Frischalowski, 2008:52)."
        mention, locator = below, below.locator
    if locator is None and (line := line_after(doc.text, window_start)) is not None:
        # '"Wanderung"(Z. 67)': the line of the text the essay reads
        locator = line
    cited = mention is not None or reference is not None
    if locator is None and (lead := lead_in_page(doc, quote_start, cited=cited)) is not None:
        # "As Kant writes on p. 12 [@kant], "…"": the page the lead-in names; with no
        # citation at all, a page alone, as "(12)" after the quotation would be
        if mention is None and reference is None and lead.locator.pages:
            mention = lead  # (a law's article or a verse leaves the source to the context)
        locator = lead.locator
    return mention, reference, locator


def _resolve(
    ms: Manuscript,
    doc: Document,
    window_start: int,
    window_end: int,
    quote_start: int,
    immediate_only: bool,
) -> tuple[Mention | None, Reference | None, Locator | None]:
    note = note_right_after(doc, window_start) if doc.notes else None
    if note is not None:
        # The \footnote{} set right after the closing mark is the quotation's note.
        mention, anchor = from_latex_note(doc, note)
        if anchor is not None and anchor.reference is not None:
            return None, anchor.reference, anchor.reference.locator
        if mention is not None:
            return mention, None, mention.locator
    mention, anchor = first_reference(
        ms, doc, window_start, window_end, immediate_only=immediate_only
    )
    if anchor is not None and anchor.footnote is not None:
        mention, anchor = from_footnote(ms, anchor.footnote)
    elif mention is not None and mention.style == "footnote" and mention.footnote:
        mark = mention
        mention, anchor = from_footnote(ms, mention.footnote)
        if mention is None and anchor is None:
            # A note that names no work (a translation, a remark) leaves the quotation the
            # citation after its mark: "...the customer” [^6] [@robinson2001]
            mention, anchor = first_reference(
                ms, doc, mark.end, window_end, immediate_only=immediate_only
            )
    if anchor is not None and anchor.reference is not None:
        return None, anchor.reference, anchor.reference.locator
    if mention is None and doc.notes:
        # A LaTeX \footnote{} that names the work in prose, or says "Ibid.". The notes are in
        # text order, so the one in the window is found by bisection, not by a pass over all.
        k = bisect_left(doc.notes, (window_start, -1))
        if k < len(doc.notes) and doc.notes[k][0] <= window_end + 12:
            mention, anchor = from_latex_note(doc, k)
            if anchor is not None and anchor.reference is not None:
                return None, anchor.reference, anchor.reference.locator
            if mention is not None:
                return mention, None, mention.locator
    elif mention is not None and mention.style in _NOTE_READ and doc.notes:
        # A citation in a \footnote{} is read as the note's (an address too: the note names the
        # work it was read in before it): "Arendt (1998), 185." and
        # "\cite{key}, S. 12." give their page after them; "(New York: Schocken, 2005)" deeper
        # in is a publisher's.
        k = bisect_left(doc.notes, (mention.start + 1, -1)) - 1
        if k >= 0 and mention.end <= doc.notes[k][1]:
            mention, anchor = from_latex_note(doc, k)
            if anchor is not None and anchor.reference is not None:
                return None, anchor.reference, anchor.reference.locator
    if mention is None or (
        mention.start <= window_end and _quoted_before(doc, window_start, mention.start)
    ):
        # MLA's page at the end of the quotation's clause: '"normal modernist studies" in
        # accounting for Stein (297); Chisholm … "modernist studies" (82).'
        limit = mention.start if mention is not None else window_end
        mention = _clause_page(doc, window_start, limit) or mention
    if (
        mention is not None
        and mention.locator is None
        and mention.style == "author_date"
        and (typed := typed_page_after(doc.text, mention.end)) is not None
    ):
        # "(Reynolds, 1987), p. 25.": the page typed after the citation that gives none
        mention = replace(mention, locator=typed[0])
    locator = mention.locator if mention else None
    ibid = _TYPED_IBID.match(doc.text, window_start)
    if ibid is not None:
        # "„…“ (Ebd., 142)": the work cited last before, at the page given here.
        prior = [
            m
            for m in mentions_in(doc, max(0, quote_start - 3000), quote_start)
            if m.style not in ("locator", "footnote", "url")
        ]
        if ibid.group("cit") and prior:
            named = (
                ibid.group("author")
                or doc.text[_sentence_start(doc.text, quote_start) : quote_start]
            )
            prior = [m for m in prior if m.names and m.names[0] in named] or prior
        if prior:
            # "(ebd.)" alone: the page of the last "Ebd., S. 9" since that citation, else its own
            paged = [
                m.group(3)
                for m in _TYPED_IBID.finditer(doc.text, prior[-1].end, quote_start)
                if m.group(3)
            ]
            given = ibid.group(3) or (paged[-1] if paged else None)
            loc = parse_locator(given) if given else prior[-1].locator
            return replace(prior[-1], locator=loc), None, loc
    # (a note's citation stands in the note, elsewhere: only one in the window opens a clause;
    # counting the words up to a note at the end of the text was quadratic in many notes)
    if (
        mention is not None
        and mention.start <= window_end
        and _apart(doc.text, window_start, mention)
    ):
        # "\\textcite[13]{a} X „…“ und ..., der sich auch \\textcite{b} anschließen": b
        # names the subject of a later clause; a is the quotation's.
        prior = [m for m in mentions_in(doc, _sentence_start(doc.text, quote_start), quote_start)]
        if prior and _NARRATIVE_CITE.match(prior[-1].raw) and prior[-1].style != "locator":
            return prior[-1], None, prior[-1].locator
    if (
        mention is not None
        and mention.style not in ("locator", "footnote")
        and mention.start <= window_end
        and (just := _paged_just_before(doc, quote_start)) is not None
        and _quoted_before(doc, window_start, mention.start)
    ):
        # "Feststellung von Frau \\autocite[4]{a}, dass ein "…" fehlt, "…" nicht \\autocite[5]{b}":
        # the citation after is the nearer quotation's; the paged one just before is this one's.
        return just, None, just.locator
    if mention is None or mention.style == "locator":
        # "As Lo et al. (2020) put it, "..." (p. 4)": the work is named before the quotation.
        before = _sentence_start(doc.text, quote_start)
        # A footnote mark annotates what it follows, never a quotation further on.
        earlier = [
            m
            for m in mentions_in(doc, before, quote_start)
            if m.style not in ("locator", "footnote")
            and not _closes_earlier(doc.text, before, m.start, m.raw)
            and not _gloss_link(doc.text, m)
            # a typed note's mark (<sup>2</sup> before a typed "Notes" list) is a note's too,
            # and a superscript opening the sentence is a typed note's own number
            and not any(a.footnote and a.start < m.end and m.start < a.end for a in doc.anchors)
            and not (m.raw[:1] in "<^¹²³⁴⁵⁶⁷⁸⁹" and not doc.text[before : m.start].strip())
            # a narrative cite ("sieht @a [p. 15] in einer "...") speaks on past a quotation
            and (_NARRATIVE_CITE.match(m.raw) or not _quoted_before(doc, before, m.start))
        ]
        earlier_anchor = [
            a
            for a in doc.anchors
            if before <= a.start < quote_start
            and a.reference
            and not _closes_earlier(doc.text, before, a.start, "(")
        ]
        if earlier_anchor:
            ref = earlier_anchor[-1].reference
            return None, ref, locator or (ref.locator if ref else None)
        if earlier:
            last = earlier[-1]
            if (
                last.locator is None
                and last.style in ("latex", "pandoc")
                and (typed := typed_page_after(doc.text, last.end))
            ):
                # "\footnote{\cite{key}, p. 37 : “…”}": the page typed after the cite
                last = replace(last, locator=typed[0])
            return last, None, locator or last.locator
        return None, None, locator
    if mention is not None and mention.style == "url":
        law = named_statute(doc.text, quote_start)
        if law is not None:
            # a law named with its article, read at the address after the quotation
            return replace(law, target=mention.target), None, law.locator
    return mention, None, locator


CLOSERS = "\"”’»«'"


def _closes_earlier(text: str, lo: int, pos: int, raw: str = "") -> bool:
    """Whether the reference at ``pos`` directly follows a closing quotation mark, or is a
    parenthetical one right after the end of a sentence: it then belongs to what it follows,
    never to a quotation further on. A narrative one ("Smith (2020) writes") opens a sentence.
    """
    # The sentence may have been taken to start at the reference itself ("...are." [@a] Next),
    # so look back past ``lo``, though never across a paragraph break.
    back = text[max(0, lo - 400) : pos]
    para = back.rfind("\n\n")
    before = back[para + 2 :] if para >= 0 else back
    before = before.rstrip(" \t\n~")
    if before.endswith("''") or (before and before[-1] in CLOSERS):
        return True
    # A parenthetical cite after a full stop, or after a LaTeX group (\\enquote{...}), is
    # what that sentence or group ends with.
    return bool(before) and before[-1] in ".!?…}" and not _NARRATIVE_CITE.match(raw)


def _quoted_before(doc: Document, lo: int, pos: int) -> bool:
    """Whether a quotation closes between the sentence's start and a citation: the citation
    ("like in Searle [-@searle1995]") then speaks of that quotation, not of one after it."""
    return bool(find_quotes(doc.text[lo:pos], min_words=1, latex=doc.kind == "latex"))


_WORDS_BEFORE = 3  # words between a paged citation and the quotation it introduces ("dass ein")


def _paged_just_before(doc: Document, quote_start: int) -> Mention | None:
    """A citation with its own page a few words before the quotation, in its sentence and after
    no quotation of its own: "Frau \\autocite[4]{frau}, dass ein „…“", "Lo (2020, p. 4) that "…"."""
    before = _sentence_start(doc.text, quote_start)
    prior = [m for m in mentions_in(doc, before, quote_start) if m.end <= quote_start]
    if not prior:
        return None
    last = prior[-1]
    if (
        last.style in ("locator", "footnote", "url")
        or last.locator is None
        or not last.locator.pages
    ):
        return None
    if len(re.findall(r"[^\W\d_]+", doc.text[last.end : quote_start])) > _WORDS_BEFORE:
        return None
    if _closes_earlier(doc.text, before, last.start, last.raw) or _quoted_before(
        doc, before, last.start
    ):
        return None
    return last


# A page alone in brackets that ends a clause; and what a number there can be besides a page.
# (a page only: a "(§4)" closing a clause is as often the writer's own cross-reference)
_CLAUSE_PAGE = re.compile(r"\((" + PAGE_ALONE + r")\)(?=\s*(?:[;.,:]|$))")  # or "(2.2.36-37)"
_NOT_PAGE = re.compile(
    r"\b(?:equation|eq|eqs|formula|figure|fig|table|tab|section|sec|chapter|step|line|note|no|n|"
    r"nr|gleichung|abb|tabelle|abschnitt|kapitel|schritt|zeile)\.?\s*$",
    re.I,
)
_CLAUSE_WORDS = 12  # words between a quotation and the page that ends its clause


def _clause_page(doc: Document, start: int, end: int) -> Mention | None:
    """A bare page that ends the clause of the quotation closing at ``start``, before ``end``
    (the next citation, or the sentence's end), with no quotation mark between."""
    text = doc.text
    m = _CLAUSE_PAGE.search(text, start, end)
    if m is None:
        return None
    between = text[start : m.start()]
    if any(ch in between for ch in '"“”„«»‘’') or _NOT_PAGE.search(between):
        return None
    if len(re.findall(r"[^\W\d_]+", between)) > _CLAUSE_WORDS or re.fullmatch(
        r"(?:1[5-9]\d\d|20\d\d)(?:\s*[-–]+\s*(?:1[5-9]\d\d|20\d\d))?", m.group(1)
    ):
        return None
    loc = parse_locator(m.group(1))
    return Mention(m.start(), m.end(), "locator", m.group(0), locator=loc) if loc else None


def cited_at_page(ms: Manuscript, doc: Document, own: Mention | None, after: int) -> bool:
    """Whether the words in marks ending at ``after`` are cited at a page right there (their
    own cite, or one right after the closing mark): capitalised words so cited are words quoted
    from that page (\\enquote{Arbeit des Begriffs}\\footcite[48]{hegel}), not a title named."""
    if own is None:
        own, _ = first_reference(
            ms, doc, after, min(len(doc.text), after + 80), immediate_only=True
        )
        if own is not None and own.start - after > 2:
            return False
    return own is not None and own.locator is not None and bool(own.locator.pages)


# A Markdown link on the running text's words: "… Personen[ ](https://…/Sozialhilfe)zusammen"
_LINK_TEXT = re.compile(r"\[([^\[\]\n]{0,80})\]\($")


def _word_link(text: str, start: int, mention: Mention) -> bool:
    """Whether ``mention`` is the address of a link the writer set on words of the sentence some
    way after the quotation (closing at ``start``): a link, not the quotation's citation. An
    address right after the quotation, or one whose link text is itself an address, cites."""
    if mention.style not in ("url", "doi"):
        return False
    link = _LINK_TEXT.search(text, max(0, mention.start - 82), mention.start)
    if link is None or "://" in link.group(1) or "doi" in link.group(1).lower():
        return False
    return bool(re.search(r"[^\W\d_]{2,}", text[start : link.start()]))


_SLUG_WORDS = re.compile(r"[^\W\d_]{2,}")
_PARTICLES = frozenset(("van", "von", "de", "der", "den", "da", "di", "du", "le", "la", "del"))


def _gloss_link(text: str, mention: Mention) -> bool:
    """Whether ``mention`` is the address of a Markdown link whose address names the linked
    words, "[Hayden White](https://en.wikipedia.org/wiki/Hayden_White)", "[Marxism](https://…
    /browse/marxism)": a page about a person or term the sentence names, not the source of a
    quotation after it ("[the report](https://…/report.pdf)" names no "the")."""
    if mention.style != "url":
        return False
    link = _LINK_TEXT.search(text, max(0, mention.start - 82), mention.start)
    if link is None:
        return False
    # a name's particle may be spelt otherwise in the address ("Leopold van Ranke" links to
    # Leopold_von_Ranke)
    words = [
        w for w in map(str.casefold, _SLUG_WORDS.findall(link.group(1))) if w not in _PARTICLES
    ]
    path = unquote(mention.raw.split("://", 1)[-1].split("?")[0].rstrip("/"))
    slug = {w.casefold() for w in _SLUG_WORDS.findall(path.rsplit("/", 1)[-1])}
    return bool(words) and all(w in slug for w in words)
