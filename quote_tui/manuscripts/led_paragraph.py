"""A quotation that is a paragraph of its own after a lead-in ending in a colon: the lead-in's
citation is its source, as for a block quotation.

Word writers (and Markdown writers without ">") set a long quotation as a paragraph in marks:
"Freixo e Cabral (2021, p.46), em trabalho sobre …, ressaltam:" then "“Embora a tributação …”".
The paragraph is no block to the reader, so the lead-in is read for the quotation here.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from quote_tui.manuscripts.document import Document
from quote_tui.manuscripts.model import Anchor, Locator, Reference
from quote_tui.manuscripts.quotes import QuoteSpan
from quote_tui.manuscripts.refs import Mention

__all__ = ["led_paragraph"]

# Between the lead-in's colon and the opening mark: the paragraph break and its indent only.
# (a Word indent may be no-break spaces)
_COLON_BEFORE = re.compile(r":[^\S\n]*\n(?:[^\S\n]*\n)*[^\S\n]*\Z")
# After the closing mark, the paragraph ends (a stop may follow the mark).
_PARAGRAPH_END = re.compile(r"[.;]?[^\S\n]*(?:\n|\Z)")

_LeadIn = Callable[[Document, int], tuple[Mention | None, Anchor | None]]


def led_paragraph(
    doc: Document, span: QuoteSpan, locator: Locator | None, lead_in: _LeadIn
) -> tuple[Mention | None, Reference | None, Locator | None]:
    """The citation of the lead-in before the quotation ``span`` when it is a whole paragraph
    after a lead-in ending in a colon, with ``locator`` (the page the quotation gives itself)
    or the lead-in's; ``lead_in`` reads the lead-in ending at a position. Nothing but
    ``locator`` when the quotation is not such a paragraph."""
    opening = span.start - len(span.mark)
    text = doc.text
    if (
        text[opening : span.start] != span.mark
        or not _COLON_BEFORE.search(text, max(0, opening - 40), opening)
        or not _PARAGRAPH_END.match(text, span.close_end)
    ):
        return None, None, locator
    mention, anchor = lead_in(doc, opening)
    reference = anchor.reference if anchor is not None else None
    if reference is not None:
        return None, reference, locator or reference.locator
    return mention, None, locator or (mention.locator if mention is not None else None)
