"""Which citation a quotation's clause gives it: a cite around it, a typed "ibid." after it,
a narrative citation that starts a clause of its own."""

from __future__ import annotations

import re
from bisect import bisect_left

from quote_tui.manuscripts import saying
from quote_tui.manuscripts.document import Document
from quote_tui.manuscripts.model import Locator
from quote_tui.manuscripts.notes import EMPHASIS_CLOSE, EMPHASIS_OPEN
from quote_tui.manuscripts.quotes import QuoteSpan
from quote_tui.manuscripts.refs import Mention, find_mentions

__all__ = [
    "NARRATIVE_CITE",
    "NARRATIVE_COMMAND",
    "SAYS_AT_END",
    "TYPED_IBID",
    "apart",
    "cited_keys",
    "enclosing_cite",
    "lead_in_names",
    "paged",
]

# LaTeX's cites that name the author in the running text: biblatex's \\textcite, natbib's \\citet,
# \\citeauthor, abnTeX2's \\citeonline ("conforme \\citeonline[p. 132]{a}, “…”"), apacite's \\citeA
NARRATIVE_COMMAND = r"\\(?:[Tt]extcite|citet|[Cc]iteauthor|[Cc]iteonline|citeA)\b"
NARRATIVE_CITE = re.compile(r"@|" + NARRATIVE_COMMAND + r"|[^(\[\\]")
# "(Ebd., 142)", "[vgl. Ebd. S.54]", "(cf. ibid., p. 3)", "(Ibidem, p. 293)": the work cited
# last, at this page; "(Smith, a.a.O., S. 4)", "(op. cit., p. 4)": the work cited earlier of the
# author named (the sentence's, when the parenthesis names none).
TYPED_IBID = re.compile(
    r"[\s~]*(?:\(|\[)(?:(?:vgl|cf|see|siehe|s)\.?\s+)?(?:(?P<author>[A-ZÄÖÜ][\w'’-]+),\s*(?=[aol]))?"
    + EMPHASIS_OPEN
    # the law's "Id." (Bluebook's "(id. at 7)") only with its stop: "(ID 12)" is a participant
    + r"(?:ebd|ebda|ebenda|ibidem|ibid|ibíd|ib|id(?=\.)"
    r"|(?P<cit>a\.\s?a\.\s?O|op\.\s?cit|loc\.\s?cit))"
    r"(?![^\W\d_])\.?"
    + EMPHASIS_CLOSE
    + r"\.?,?\s*(?:(?:S|p|pp)\.\s*)?([^()\[\]\n]{1,20})?(?:\)|\])",
    re.I,
)
_WORDS_APART = 4  # words between a quotation and a narrative citation of another clause


def apart(text: str, pos: int, mention: Mention) -> bool:
    """Whether ``mention`` is a narrative citation that opens a clause of its own some words
    after the quotation that ends at ``pos``, rather than attributing it."""
    if mention.style == "locator" or not NARRATIVE_CITE.match(mention.raw):
        return False
    return len(re.findall(r"[^\W\d_]+", text[pos : mention.start])) >= _WORDS_APART


_PRENOTE = re.compile(r"\\[A-Za-z]*cite[A-Za-z]*\*?\s*\[\s*[„“\"'‘«»`]*$")


def enclosing_cite(doc: Document, start: int) -> Mention | None:
    """The cite whose prenote holds the quotation (`\\autocite[„You shall know a word by the
    company it keeps.``][11]{firth}`): the quotation is that work's, at its locator. Pandoc's
    bracket likewise: `[@benner2004, S. 600, „Diese Wendung …“]`, `[„…“, @key, p. 4]`."""
    if doc.kind in ("markdown", "plain"):
        return _enclosing_bracket(doc, start)
    if doc.kind != "latex":
        return None
    m = _PRENOTE.search(doc.text, max(0, start - 60), start)
    if m is None:
        return None
    end = min(len(doc.text), m.start() + 2000)
    cites = find_mentions(doc.text, m.start(), end, latex=True, markdown=False)
    return next((c for c in cites if c.start == m.start() and c.style == "latex"), None)


_BRACKET_REACH = 300  # a quotation in a citation's bracket opens this near the bracket


def _enclosing_bracket(doc: Document, start: int) -> Mention | None:
    text = doc.text
    i = text.rfind("[", max(0, start - _BRACKET_REACH), start)
    if i < 0 or "]" in text[i:start] or "\n\n" in text[i:start]:
        return None
    if "@" not in text[i : i + 2000].split("]", 1)[0]:
        return None  # an editor's bracket, a link's words
    cites = find_mentions(text, i, min(len(text), i + 2000), latex=False, markdown=True)
    return next((c for c in cites if c.start == i and c.style == "pandoc" and c.end > start), None)


def paged(doc: Document, span: QuoteSpan, mention: Mention | None, locator: Locator | None) -> bool:
    """Capitalised words cited at once with a page (`„Checklist Theories of Meaning``
    \\autocite*[123]{fillmore}`) are words quoted from that page, not a title named."""
    if mention is None or locator is None or not locator.pages:
        return False
    # or by a note mark whose note gives the page: „Furie des Verschwindens“[^5], or Word's
    # own footnote reference, which stands in no text (an anchor at the mark's place)
    if _NOTE_MARK.match(doc.text, span.close_end) or _word_note_at(doc, span.close_end):
        return True
    # a note's citation stands in the note's own text (another file or .docx part): its
    # offsets are not this text's, so only a mark right after the words ties the two
    if mention.start < span.close_end or doc.text[mention.start : mention.end] != mention.raw:
        return False
    return not doc.text[span.close_end : mention.start].strip(" ~\t\n")


_NOTE_MARK = re.compile(r"[.,;:]?(?:\[\^[^\]\s]+\]|\\footnote\b|[¹²³⁴-⁹⁰]+)")
_MARK_GAP = re.compile(r"[.,;:]?")


def _word_note_at(doc: Document, pos: int) -> bool:
    """Whether a note reference without text (a .docx footnote) stands right at ``pos``."""
    reach = _MARK_GAP.match(doc.text, pos)
    end = reach.end() if reach else pos
    k = bisect_left(doc.anchors, pos, key=lambda anchor: anchor.start)
    return any(a.footnote and a.start <= end for a in doc.anchors[k : k + 2])


# "Emil Post writes:", "As Kant puts it", "Luhmann schreibt": the surname before a verb of saying.
_SPEAKER = re.compile(
    r"(?:^|[\s(])(?P<name>[A-Z][\w'’-]+)(?:\s+et\s+al\.)?\s*(?:[,~]\s*)?(?:\\[a-z]*cite[^:]*?)?\s*"
    + saying.alternation(saying.LEAD_IN)
    + r"\b"
)
_LATEX_KEYS = re.compile(r"\{([^{}]*)\}\s*$")
_PANDOC_KEYS = re.compile(r"-?@([\w][\w:.#$%&\-+?<>~/]*[\w]|[\w])")


def lead_in_names(text: str) -> tuple[str, ...]:
    """The surnames a lead-in gives its speaker ("Emil Post writes:" gives Post)."""
    return tuple(m.group("name") for m in _SPEAKER.finditer(text))


def cited_keys(mention: Mention) -> list[str]:
    """Every key of a citation that holds several (``\\cite{a, b}``, ``[@a; @b]``)."""
    if mention.style == "latex":
        m = _LATEX_KEYS.search(mention.raw)
        return [k.strip() for k in m.group(1).split(",") if k.strip()] if m else []
    if mention.style == "pandoc":
        return _PANDOC_KEYS.findall(mention.raw)
    return [mention.key] if mention.key else []


# A verb of saying that ends a block quotation's lead-in with no colon, its note or key right
# after it ("Tribe writes^[@tribe, 1070]", "wie Kant schreibt[^3]"): lookbehinds, each its own.
SAYS_AT_END = "|".join(rf"(?<=\b{verb})" for verb in saying.SAYS_AT_END)
