"""Words a writer sets in marks twice or more, cited at none of their places, are the writer's:
a term they use, the title of their own work, their hypothesis named again ("fake news" twice, a
mémoire's « hypothèse » restated in its conclusion, a column's title in each row). Over every
development set's labels such spans are not a quotation 1,240 times, a quotation 9 times. An
occurrence that is cited or handed to someone named keeps every one of them, and so do words
of a longer quotation taken in the document (a close reading going through a passage), and an
editor's hand in the words or a second sentence (a passage a writer set twice is quoted).
"""

from __future__ import annotations

import re
from collections import defaultdict

from quote_tui.manuscripts.commentary import commented_author
from quote_tui.manuscripts.document import Document, Manuscript
from quote_tui.manuscripts.found import Found
from quote_tui.manuscripts.quotes import find_quotes
from quote_tui.manuscripts.reported import reported_by_name

__all__ = ["without_repeated_own"]


# What only a source's words show: an editor's hand ("[…]", "[...]", "(...)", "[sic]"), or
# sentences of their own after the first (a passage, where a term or a hypothesis is one).
_SOURCES_OWN = re.compile(
    r"\\?\[\s*(?:…|\.{3}|sic)\s*\\?\]|\(\s*(?:…|\.{3})\s*\)|[.!?…][\"'”’»]?\s+[A-ZÄÖÜÀ-Þ„“«\"]"
)


def _key(words: str) -> str:
    return " ".join(re.findall(r"\w+", words.casefold()))


def without_repeated_own(taken: list[Found], ms: Manuscript) -> list[Found]:
    """``taken`` without the quotations in marks whose words stand in marks again in their
    document, none of their places cited. In a commentary on one author's work (its notes cite
    that author throughout) a phrase in a paragraph that names the author is the work's."""
    author = commented_author(ms)
    by_doc: dict[int, list[Found]] = defaultdict(list)
    for found in taken:
        by_doc[id(found.doc)].append(found)
    drop: set[int] = set()
    for found_here in by_doc.values():
        doc = found_here[0].doc
        places = _places(doc)
        groups: dict[str, list[Found]] = defaultdict(list)
        for found in found_here:
            key = _key(found.quote_raw)
            # only words in marks (a block quotation is set off, not named again)
            if (
                key
                and found.location.offset in places.get(key, ())
                and not _SOURCES_OWN.search(found.quote_raw)
            ):
                groups[key].append(found)
        passages = [_key(f.quote_raw) for f in found_here]
        for key, group in groups.items():
            if len(places[key]) < 2:
                continue
            # words of a longer quotation taken in the document, said again phrase by phrase
            if any(key in passage and key != passage for passage in passages):
                continue
            # (a page or a line alone, "schlendern"(Z. 34), is a citation too)
            if any(f.mention or f.reference or f.locator for f in group):
                continue
            if any(
                reported_by_name(doc, start)
                or _THEIRS_AFTER.match(doc.text, close_end)
                or (author is not None and author in _paragraph(doc.text, start))
                for start, close_end in places[key].items()
            ):
                continue
            drop.update(id(f) for f in group)
    return [f for f in taken if id(f) not in drop] if drop else taken


def _paragraph(text: str, at: int) -> str:
    start = text.rfind("\n\n", 0, at) + 1
    end = text.find("\n\n", at)
    return text[start : end if end >= 0 else len(text)]


def _places(doc: Document) -> dict[str, dict[int, int]]:
    """Where each text in marks of ``doc`` opens and its closing mark ends, by its words."""
    scan = doc.scan_text or doc.text
    out: dict[str, dict[int, int]] = defaultdict(dict)
    for span in find_quotes(scan, min_words=1, latex=doc.kind == "latex"):
        out[_key(doc.text[span.start : span.end])][span.start] = span.close_end
    return out


# Handed to someone right after the marks: "'Ways, not works': this phrase of Heidegger's"
_THEIRS_AFTER = re.compile(
    r"[\"'”’»“`]*\s*[:,;–—-]?\s*(?:this|the|a)\s+(?:phrase|words?|expression|term|formula|"
    r"motto|saying|dictum|line)\s+(?:of|by|from)\s+[A-ZÀ-Þ]"
)
