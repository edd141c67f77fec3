"""Notes linked to their marks inside a Word document, as a web page pasted or converted into
Word keeps them: the mark is a hyperlink to a bookmark (``w:hyperlink w:anchor="fn12-3041"``,
``"fn:ledger"``, ``"_ftn3"``) and the bookmark stands in the note's paragraph at the end of the
text, which links back to the mark ("↩", "[3]"). Word draws no note there; the reader sees a
number that leads to the note, so the note is the mark's citation, as a footnote's is.

Links that lead elsewhere (a heading, a figure, a bibliography entry) or that show words rather
than a number are no note marks.
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.notelinks import NOTE_BACK, NOTE_TARGET, note_link_id

__all__ = ["linked_notes"]

# What a note mark shows: its number, bare or in brackets ("1", "[3]", "(2)").
_MARK = re.compile(r"\s*[\[(]?\d{1,4}[\])]?\s*")
# What a note's link back to its mark shows: an arrow ("↩", "↩2", "↑", "^") or the number.
_BACK = re.compile(r"\s*(?:[↩↑^⤴]\ufe0e?\s*\d{0,3}|[\[(]?\d{1,4}[\])]?)\s*")
_SEP = "\n\n"  # the Word reader's paragraph separator
# A note's name in its mark's link and in its link back, when the bookmark did not survive the
# paste: Word's web page (_ftn3, _ftnref3) and the others notelinks.py names; kramdown's
# fn:name and fnref:name (fnref:name:2 for the name's second mark).
_TARGET = re.compile(NOTE_TARGET)
_BACK_NAME = re.compile(NOTE_BACK)
_NAMED = re.compile(r"fn(?P<back>ref)?:(?P<name>[^:]+)(?::\d+)?")


def _note_name(anchor: str) -> tuple[str, bool] | None:
    """One name for a note, from its mark's link or from its link back, and whether the
    anchor is the link back's."""
    if _TARGET.fullmatch(anchor) or _BACK_NAME.fullmatch(anchor):
        return note_link_id(anchor), bool(_BACK_NAME.fullmatch(anchor))
    named = _NAMED.fullmatch(anchor)
    return (f"link:{named.group('name')}", bool(named.group("back"))) if named else None


def _paragraph(text: str, pos: int) -> tuple[int, int]:
    """The span of the paragraph of ``text`` that holds ``pos``."""
    start = text.rfind(_SEP, 0, pos)
    end = text.find(_SEP, pos)
    return (0 if start < 0 else start + len(_SEP)), (len(text) if end < 0 else end)


def _note_body(
    text: str, start: int, end: int, links: list[tuple[int, int, str]]
) -> tuple[int, int]:
    """The note's words in its paragraph: without the links back to its mark at its start
    (Word's web page: "[3] Ibid.") or at its end (Pandoc's and kramdown's "↩")."""
    inside = sorted((s, e) for s, e, _ in links if start <= s and e <= end)
    for s, e in inside:
        if text[start:s].strip() or not _BACK.fullmatch(text[s:e]):
            break
        start = e
    for s, e in reversed(inside):
        if text[e:end].strip() or not _BACK.fullmatch(text[s:e]) or s < start:
            break
        end = s
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def linked_notes(
    text: str, links: list[tuple[int, int, str]], bookmarks: dict[str, int]
) -> tuple[list[tuple[int, int, str]], dict[str, tuple[int, int]]]:
    """The note marks among a part's internal links and the notes they lead to.

    Args:
        text: the part's text, paragraphs joined by blank lines.
        links: each internal hyperlink's span in ``text`` and the bookmark it names.
        bookmarks: where each bookmark stands in ``text``.

    Returns:
        The marks (start, end, note id) in order, and each note's span by its id.
    """
    marks: list[tuple[int, int, str]] = []
    spans: dict[str, tuple[int, int]] = {}
    backs: dict[str, int] = {}  # where each note's link back stands
    for start, _, anchor in links:
        named = _note_name(anchor)
        if named is not None and named[1]:
            backs.setdefault(named[0], start)
    for start, end, anchor in links:
        named = _note_name(anchor)
        at = bookmarks.get(anchor)
        if at is None and named is not None:
            at = backs.get(named[0])
        if at is None or not _MARK.fullmatch(text[start:end]):
            continue  # a link of words, or to nothing
        p_start, p_end = _paragraph(text, at)
        if p_start <= start:
            continue  # a link back from a note, or to a place before it or beside it
        if named is None and not any(
            p_start <= s < p_end and start <= bookmarks.get(a, -1) <= end for s, _, a in links
        ):
            continue  # a number that leads to a heading or a figure, which links nowhere back
        note = _note_body(text, p_start, p_end, links)
        if note[0] >= note[1]:
            continue
        note_id = f"link:{anchor}"
        spans.setdefault(note_id, note)
        marks.append((start, end, note_id))
    return marks, spans
