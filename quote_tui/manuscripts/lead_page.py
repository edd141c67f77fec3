"""A page named in a quotation's lead-in: "As Kant writes on p. 12, "…"", "The paper states on
p. 116 that "…"", "Die Leitlinie schreibt auf S. 231: „…“".

Writers who name the place in their own words give no page in the citation; the page of the
lead-in is then the quotation's locator. An essay on one book often frames a passage by its page
in the sentence before: "On page 43, Rankine describes a similar incident. She comments, "…"":
a sentence of the paragraph that opens with the page gives it to the quotations after it, up to
the next quotation or citation.
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.document import Document, mentions_in
from quote_tui.manuscripts.evidence import sentence_start
from quote_tui.manuscripts.locators import BARE_LOCATOR, parse_locator
from quote_tui.manuscripts.quotes import find_quotes
from quote_tui.manuscripts.refs import Mention

__all__ = ["lead_in_page"]

# (a front matter's pages in small roman numerals too: "p. x", "pp. xiv-xvi")
_PAGES = (
    r"(?:\d{1,5}(?:\s*[-–]+\s*\d{1,5})?(?:\s?ff?\.)?"
    r"|(?-i:[ivxlc]{1,7})(?:\s*[-–]+\s*(?-i:[ivxlc]{1,7}))?)"
)
_ROMAN = re.compile(r"[ivxlc]+(?:\s*[-–]+\s*[ivxlc]+)?")
# "on p. 12", "at page 45", "on pages 3-4"; "auf S. 12", "auf Seite 5"; "à la page 12", "en la
# página 12". The place is the cited work's, so one this text points to is none ("on p. 12
# of this thesis", "auf S. 4 dieser Arbeit", "see p. 3 below").
_LEAD_PAGE = re.compile(
    r"\b(?:(?:on|at|in)\s+(?:pp?\.|pages?)|auf\s+(?:S\.|Seiten?)|à\s+la\s+page"
    r"|en\s+la\s+(?:página|p\.))"
    r"[\s~]*(?P<page>" + _PAGES + r")(?![\w-])"
    r"(?!\s+(?:of\s+(?:this|the\s+present)|dieser|der\s+vorliegenden|below|above|unten|oben))",
    re.I,
)


# A place in brackets closing a lead-in before its colon: "Over hem schrijft Dionysius het volgende
# (IV, 23:10):", "Kant schreibt (S. 12):", "Luther hält fest (Art. 4):"
_BRACKETED = re.compile(r"\((?P<page>" + BARE_LOCATOR + r")\)[\s~]*:[\s~>*_„“”\"«»]*\Z")
# A law's section or article the lead-in names as what it quotes: "Den Zweck fasst der §1 Absatz
# 1 BDSG zusammen:", "Nach Art. 17 DSGVO müssen folgende Punkte zutreffen:", "Article 5
# provides that"; read by the grammar, with the law's abbreviation when it follows.
_STATUTE = re.compile(
    r"(?<![\w.])(?P<page>(?:§§?|Art\.|Artikel|Article|Paragraph|Paragraf)[ \t~]*\d{1,4}"
    r"(?:\.\d{1,3})*[a-z]?"
    r"(?:[ \t~]*,?[ \t~]*(?:Absatz|Abs\.|Satz|Nr\.|Ziffer|lit\.|para\.)[ \t~]*\d{1,3}[a-z]?)*"
    r"(?:[ \t~]+(?-i:[A-ZÄÖÜ][a-zäöü]{0,3}[A-ZÄÖÜ][A-Za-zÄÖÜäöü]{0,6})\b)?)"
)


def lead_in_page(doc: Document, quote_start: int, *, cited: bool = False) -> Mention | None:
    """The page the sentence names before the quotation opening at ``quote_start``, with no
    other quotation between (that page would be the earlier one's), as a locator mention; or
    the place in brackets its lead-in closes with, or the law's article it names."""
    start = sentence_start(doc.text, quote_start)
    found = list(_LEAD_PAGE.finditer(doc.text, start, quote_start))
    if not found:
        return _lead_place(doc, start, quote_start, cited) or _framing_page(doc, start, quote_start)
    last = found[-1]
    between = doc.text[last.end() : quote_start]
    if find_quotes(between, min_words=1, latex=doc.kind == "latex"):
        return None
    return _page_mention(last)


# What may open a sentence before its page: "On page 48,", "Later, on page 79,", "Then on p. 3"
_FRAME_OPENING = re.compile(r"(?:[A-Z][a-z]+,?\s+){0,2}\Z")
_PARAGRAPH_REACH = 1_500  # characters of the paragraph read back from the quotation's sentence


def _framing_page(doc: Document, sentence: int, quote_start: int) -> Mention | None:
    """The page an earlier sentence of the paragraph opens with, when nothing quoted or cited
    stands between it and the quotation opening at ``quote_start``."""
    text = doc.text
    lo = max(0, sentence - _PARAGRAPH_REACH)
    para = text.rfind("\n\n", lo, sentence)
    lo = para + 2 if para >= 0 else lo
    found = list(_LEAD_PAGE.finditer(text, lo, sentence))
    if not found:
        return None
    last = found[-1]
    opening = text[sentence_start(text, last.start()) : last.start()]
    if not _FRAME_OPENING.fullmatch(opening.lstrip()):
        return None
    if find_quotes(text[last.end() : quote_start], min_words=1, latex=doc.kind == "latex"):
        return None
    if mentions_in(doc, last.end(), quote_start):
        return None
    return _page_mention(last)


def _lead_place(doc: Document, start: int, quote_start: int, cited: bool) -> Mention | None:
    """The place in brackets before the lead-in's colon, else the law's article it names (for a
    quotation that cites nothing: a cited one's lead-in may name another article, "Where
    Article 4.3 had specified …, Bali called for:"), with nothing quoted between."""
    found = _BRACKETED.search(doc.text, start, quote_start)
    if found is None and not cited:
        laws = list(_STATUTE.finditer(doc.text, start, quote_start))
        found = laws[-1] if laws else None
    if found is None or find_quotes(
        doc.text[found.end() : quote_start], min_words=1, latex=doc.kind == "latex"
    ):
        return None
    locator = parse_locator(found.group("page"))
    if locator is None:
        return None
    return Mention(found.start(), found.end(), "locator", found.group(0), locator=locator)


def _page_mention(last: re.Match[str]) -> Mention | None:
    locator = parse_locator(last.group("page"))
    if locator is None or not (locator.pages or _ROMAN.fullmatch(locator.value)):
        return None
    return Mention(last.start(), last.end(), "locator", last.group(0), locator=locator)
