"""A citation typed inside the closing mark: ``“... national origin. [4]”``.

Writers who paste a sentence with its citation close the marks after it. The citation is then
the quotation's reference, and not part of the quoted words (the source does not print it).
"""

from __future__ import annotations

from quote_tui.manuscripts.document import Document, mentions_in
from quote_tui.manuscripts.refs import Mention

__all__ = ["inner_cite"]

# The styles that only ever cite: a URL or a bare page at the end of quoted words may be the
# source's own.
_CITING = frozenset(("numbered", "pandoc", "latex", "author_date"))
_TAIL = 160  # how far back from the closing mark a citation is looked for


def inner_cite(doc: Document, start: int, end: int) -> Mention | None:
    """The citation that ends the quoted words ``doc.text[start:end]`` after the full stop of
    the quoted sentence, or ``None``. Only a full stop before it tells the writer's citation
    from the source's own (``"... as shown in [4]"``)."""
    lo = max(start, end - _TAIL)
    found = mentions_in(doc, lo, end)
    cites = [m for m in found if m.style in _CITING]
    if not cites:
        return None
    last = cites[-1]
    if doc.text[last.end : end].strip(" \t\n.,;") or last.start <= start:
        return None
    if last.style in ("pandoc", "latex") and ("@" in last.raw or last.raw.startswith("\\")):
        # "[@key, S. 878]", "(@key S. 20)", "\\cite[S.~878]{key}" are the writer's, never the
        # source's (no source prints that markup): no full stop needs to tell them apart
        return last
    before = doc.text[start : last.start].rstrip(" \t\n~")
    return last if before and before[-1] in ".!?…" else None
