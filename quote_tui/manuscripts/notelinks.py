"""Notes linked to their marks, as web pages write them and converters carry into Markdown.

Word's web-page export, Google Docs, LibreOffice, Mammoth and Pandoc's HTML reader each link a
note's mark to the note and the note back to its mark, under names of their own; one name,
``note_link_id``, joins the two.
"""

from __future__ import annotations

import re

__all__ = ["LINK_OPEN", "NOTE_BACK", "NOTE_LINK", "NOTE_NUMBER", "NOTE_TARGET", "note_link_id"]

# A note mark as Word's web-page export writes it and converters carry into Markdown: a link
# from the number to the note, [\[12\]](#_ftn12), [12](#fn12), <sup>[12](#footnote-12)</sup>.
# The note's own text opens with the link back (#_ftnref12), which markdown.py reads.
# Word's web-page export wraps the number in its styles' tags (over lines), which Markdown keeps:
# [<span class="MsoFootnoteReference"><span>\[4\]</span></span>](#_ftn4).
# (emphasis marks one at a time: "\*{1,2}" under the star splits a run of n marks in
# exponentially many ways, and "[" before forty asterisks held a scan for two minutes)
_TAGS = r"(?:<[^<>]{1,600}>|\*)*"
NOTE_NUMBER = (  # [\[12\]], [[12]], [**[12]**], [<span>\[12\]</span>]
    r"\[" + _TAGS + r"(?:\\?\[|\^)?\d{1,4}(?:\\?\]|\^)?" + _TAGS + r"\]"
)
# The note's name in the mark's link: Word's _ftn12/_edn12, Google Docs' ftnt12, Pandoc's fn12,
# Mammoth's footnote-12, LibreOffice's sdfootnote12sym. The note's link back names the mark:
# _ftnref12, ftnt_ref12, fnref12, footnote-ref-12, sdfootnote12anc.
NOTE_TARGET = r"(?:_?(?:ftnt|ftn|edn|fn|footnote-?|endnote-?)|sd(?:foot|end)note)\d{1,4}(?:sym)?"
NOTE_BACK = (
    r"(?:_?(?:ftnt_?ref|ftnref|ednref|fnref|footnote-?ref-?|endnote-?ref-?)|sd(?:foot|end)note)"
    r"\d{1,4}(?:anc)?"
)
# The link opens with the file the export was saved from when Word kept it ("(///C:/Documents
# and Settings/…/Paper.docx#_ftn4)"): the note is still this document's.
LINK_OPEN = r"\((?:[^()\s#]{1,300})?#"
NOTE_LINK = NOTE_NUMBER + LINK_OPEN + NOTE_TARGET + r"\)(?:\{[^{}\n]*\})?"


def note_link_id(target: str) -> str:
    """One name for a linked note, whether read from its mark's link or its link back:
    ``link:fn12`` or ``link:en12``."""
    kind = "en" if re.search(r"edn|endnote", target) else "fn"
    number = re.search(r"\d+", target)
    return f"link:{kind}{number.group(0) if number else target}"
