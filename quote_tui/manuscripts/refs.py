"""Citation syntaxes in running text, and the window after a quotation where its reference is.

A ``Mention`` is one reference as written: a Pandoc key, a LaTeX cite, an author-date
citation, a numbered reference, a footnote mark, a URL, DOI or PMID. The reference that applies
to a quotation is the first mention after it in the same sentence (or in the footnote anchored
there); ``sentence_window`` says where that sentence ends.

Each syntax has its reader: pandoc_cites, latex_cites, author_year, author_page (MLA's author
and page, a transcript's line, a page alone), mark_cites (numbers and note marks), web_cites
(URL, DOI, PMID), scripture (a Bible book at chapter and verse), site_cites (a reference
work's article by the site's name); sentence_ends finds the window. This module runs them
together.
"""

from __future__ import annotations

from quote_tui.manuscripts.author_page import PAGE_SCANNERS
from quote_tui.manuscripts.author_year import AUTHOR_YEAR_SCANNERS, note_author_year
from quote_tui.manuscripts.latex_cites import LATEX_SCANNERS, is_latex_cite
from quote_tui.manuscripts.mark_cites import NOTE_MARK_SCANNERS, NUMBER_SCANNERS
from quote_tui.manuscripts.mention import Mention, Scanner, first_of_overlapping
from quote_tui.manuscripts.pandoc_cites import PANDOC_SCANNERS, pandoc_mentions
from quote_tui.manuscripts.scripture import SCRIPTURE_SCANNERS
from quote_tui.manuscripts.sentence_ends import ABBREV as _ABBREV  # noqa: F401  (evidence.py's)
from quote_tui.manuscripts.sentence_ends import sentence_window
from quote_tui.manuscripts.site_cites import SITE_SCANNERS
from quote_tui.manuscripts.web_cites import WEB_SCANNERS

__all__ = [
    "Mention",
    "find_mentions",
    "first_of_overlapping",
    "is_latex_cite",
    "note_author_year",
    "pandoc_mentions",
    "sentence_window",
]


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
    scanners: list[Scanner] = []
    if latex:
        scanners += LATEX_SCANNERS
    if markdown:
        scanners += [*NOTE_MARK_SCANNERS, *PANDOC_SCANNERS]
    scanners += [*WEB_SCANNERS, *AUTHOR_YEAR_SCANNERS, *NUMBER_SCANNERS]
    scanners += [*SCRIPTURE_SCANNERS, *SITE_SCANNERS, *PAGE_SCANNERS]
    # endpos acts as if the text ended there, without copying text[:end] on every call
    # (a copy per block quotation was quadratic in a manuscript of many nested ones).
    candidates = (
        mention
        for pattern, build in scanners
        for m in pattern.finditer(text, start, end)
        for mention in build(m)
    )
    return sorted(first_of_overlapping(candidates), key=lambda x: x.start)
