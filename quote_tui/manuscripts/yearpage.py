"""APA's year and page after a quotation whose author the paragraph has named with that year:
"Brookfield (1987) argues … Brookfield refers to this process as “…” or “…” (1987, p. 21)".

The parenthesis holds no name, so no reference list is needed to read it: the narrative
citation earlier in the paragraph ("Brookfield (1987)", "(Brookfield, 1987)") with the same
year names the work, and the page is the quotation's place in it.
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.clauses import lead_in_names
from quote_tui.manuscripts.document import Document
from quote_tui.manuscripts.evidence import sentence_start
from quote_tui.manuscripts.locators import PLACE_TERMED, parse_locator
from quote_tui.manuscripts.refs import Mention, find_mentions

__all__ = ["year_page_source"]

# Phrases in marks listed after the quotation, the last one's citation closing the list:
# “reflective skepticism” or “cautious intelligence” (1987, p. 21).
_LISTED_ON = re.compile(
    r"[\"'”’»“`]*(?:\s*[,;]?\s*(?:(?:or|and|nor|und|oder)\s+)?[„“\"‘«»`]"
    r"[^„“\"‘«»`”’\n]{1,80}[”\"’“«»'])*"
)
_YEAR_PAGE = re.compile(
    r"[\"'”’»“`]*\s*\((?P<year>(?:1[5-9]|20)\d\d[a-z]?),\s*(?P<loc>" + PLACE_TERMED + r")\)"
)
_PARAGRAPH = re.compile(r"\n[ \t>]*\n")
_BACK = 3000  # characters before the quotation searched for the paragraph's start


def year_page_source(doc: Document, close_end: int) -> Mention | None:
    """The work a "(1987, p. 21)" after the quotation closing at ``close_end`` (or after the
    phrases in marks listed with it) cites: the paragraph's last earlier citation of that
    year, with the page; None without such a parenthesis or citation."""
    text = doc.text
    listed = _LISTED_ON.match(text, close_end)
    m = _YEAR_PAGE.match(text, listed.end() if listed else close_end)
    if m is None or (locator := parse_locator(m["loc"])) is None:
        return None
    lo = max(0, close_end - _BACK)
    breaks = list(_PARAGRAPH.finditer(text, lo, close_end))
    lo = breaks[-1].end() if breaks else lo
    earlier = [
        mention
        for mention in find_mentions(
            text, lo, close_end, latex=doc.kind == "latex", markdown=doc.kind == "markdown"
        )
        if mention.style == "author_date" and mention.year == m["year"] and mention.names
    ]
    if not earlier:
        return _speaker_named(doc, close_end, m)
    named = earlier[-1]
    return Mention(
        m.start("year") - 1,
        m.end(),
        "author_date",
        f"{named.raw} {m[0].lstrip(chr(34) + chr(39) + '”’»“` ')}",
        names=named.names,
        year=named.year,
        locator=locator,
    )


# "According to Brown, "…" (2018, p. 7)": the author the lead-in names, with no year of its own
_ACCORDING = re.compile(r"\b(?:According\s+to|In\s+the\s+words\s+of)\s+(?P<name>[A-Z][\w'’-]+)\b")


def _speaker_named(doc: Document, close_end: int, m: re.Match[str]) -> Mention | None:
    """The work of the author the quotation's sentence names before it, in the year the
    parenthesis gives: APA's 'According to Brown, "…" (2018, p. 7)', 'Brown writes, "…" (2018,
    p. 7)'; None unless the sentence names one author."""
    text = doc.text
    quote = max(text.rfind(mark, 0, close_end - 1) for mark in '"“„«')
    if quote < 0:
        return None
    lead = text[sentence_start(text, quote) : quote]
    names = {n.group("name") for n in _ACCORDING.finditer(lead)} | set(lead_in_names(lead))
    if len(names) != 1 or (locator := parse_locator(m["loc"])) is None:
        return None
    (name,) = names
    return Mention(
        m.start("year") - 1,
        m.end(),
        "author_date",
        f"{name} {m[0].lstrip(chr(34) + chr(39) + '”’»“` ')}",
        names=(name,),
        year=m["year"],
        locator=locator,
    )
