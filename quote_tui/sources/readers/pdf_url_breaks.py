"""A web address or DOI broken over a line end: its line break marked as inside a word.

A publisher breaks a long address where the line is full, after "http://", a slash or a dot,
and sets no hyphen there ("downloaded from http://" over "flowrepository.org under"). That line
break is no word space: a reader quoting the passage types the address whole, and the matcher
folds a line break to a space, so the quotation read ``near``. Each such break gets a soft
hyphen before it, the sign for a word that goes on over a line end, which the normalized tier
folds away and names (``soft_hyphen``); the text still shows the printed line break.

A break is an address's when the line's last word holds an address's start (a scheme, "www.",
"doi:", a DOI's "10.NNNN/") and either ends where an address cannot ("://", a slash, a dot or
"_" inside it) or the next line's first word is plainly the address's rest (it holds a slash,
or a dot between letters). An address that ends at the line end ("at https://x.org" over "and
then") keeps its space; so does one that ends a sentence ("x.org." over "The").
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from quote_tui.engine.text import LineBox

__all__ = ["mark_url_breaks"]

_SOFT_HYPHEN = "\u00ad"

_STARTS = ("://", "www.", "10.")
"""What opens an address, each sought with ``find`` (a pattern tried at every character cost a
novel's read 30 ms): a scheme's "://", a host's "www.", a DOI's "10.NNNN/" (which a "doi:" or a
"doi.org/" before it leaves in the same word or the next)."""
_DOI = re.compile(r"10\.\d{4,9}/")
_NONSPACE = re.compile(r"\S*")

_REST = re.compile(r"[A-Za-z0-9][^\s]*")
"""The next line's first word, when it may go on an address (a letter or a digit first)."""

_CLEARLY_REST = re.compile(r"/|[A-Za-z0-9]\.[A-Za-z0-9]{2}|[A-Za-z0-9][-_=?#&][A-Za-z0-9]")
"""What makes a word an address's rest wherever its piece ended: a slash, a dot inside a host
name or a file name ("flowrepository.org", "msb.20178012"; not "i.e."), a hyphen or a query's
sign between letters or digits ("s41586-019-1234-5")."""

_NEW = re.compile(r"(?:https?|ftp)\s?:|www\.|doi\s?:", re.IGNORECASE)
"""An address's start: a word that opens one is another address."""
_FILE = re.compile(r"\.(?:html?|pdf|php|aspx?|jsp|txt|jpe?g|png|gif|xml|csv|zip)$", re.IGNORECASE)
"""A file's name ending an address's piece: the address is whole."""
_HOST = re.compile(r"[a-z0-9-]+(?:\.[a-z0-9-]+)+/|[a-z0-9-]+(?:\.[a-z]+){2,}$", re.IGNORECASE)
"""A host's name opening a word ("journals.sagepub.com/home"), or a dotted name like one."""
_URL_CHARS = re.compile(r"[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+")
"""The characters an address is written in."""
_TRAILING = ".,;:)]>'\"\u2019\u201d"
"""Punctuation after an address that is the sentence's, not the address's."""


def _breaks(text: str) -> list[int]:
    """The offsets of the line breaks inside an address, ascending."""
    out: set[int] = set()
    size = len(text)
    for key in _STARTS:
        at = text.find(key)
        while at >= 0:
            end = _NONSPACE.match(text, at).end()  # type: ignore[union-attr]
            if (
                end + 1 < size
                and text[end] == "\n"
                and not text[end + 1].isspace()
                and end not in out
                and (key != "10." or _DOI.match(text, at))
            ):
                start = max(text.rfind(" ", 0, at), text.rfind("\n", 0, at)) + 1
                rest = _REST.match(text, end + 1)
                if rest is not None and _goes_on(text[start:end], rest.group().rstrip(_TRAILING)):
                    out.add(end)
            # on from the word's end: a word that holds the start many times ("10.10.10.")
            # is read once, not once for each
            at = text.find(key, max(end, at + 1))
    return sorted(out)


def _goes_on(piece: str, word: str) -> bool:
    """Whether ``word``, first on its line, is the rest of the address ``piece`` ends a line
    with."""
    if not _URL_CHARS.fullmatch(word):
        return False  # a footnote's mark, a copyright line: no address's characters
    if _NEW.match(word):
        # another address, but for the host after a scheme alone ("https://" over "www.")
        return piece.endswith("://") and word[:4].lower() == "www."
    if piece.endswith(("://", "_", "=", "&", "#", "~", "%")):
        return True  # a scheme alone, or a sign no address ends with: its rest follows
    if piece.endswith("/"):
        # the address goes on after its slash, or ends there before a word no address holds
        return bool(_CLEARLY_REST.search(word)) or any(c.isdigit() for c in word)
    if not (word[0].islower() or word[0].isdigit()):
        return False  # a sentence or a reference after the address ("3389." over "Alvarez")
    if piece.endswith((".", "?")):
        # a dot inside a host or a DOI, a query's start; a dot or a question mark ending a
        # sentence is followed by no such word
        return (bool(_CLEARLY_REST.search(word)) or word[0].isdigit()) and not piece.endswith("..")
    if not piece[-1:].isalnum() or _FILE.search(piece) or not _CLEARLY_REST.search(word):
        return False  # an address ending in a file's name is whole ("javafaq.html")
    # broken inside one of its words; once it has a path, a host's name after it is another
    # address's ("10.1177/0272989X17753380" over "journals.sagepub.com/home/mdm")
    return "@" not in word and not (_has_path(piece) and _HOST.match(word))


def _has_path(piece: str) -> bool:
    """Whether an address's piece has gone past its host ("https://x.org/a", "10.1177/0")."""
    host = piece.split("://", 1)[-1]
    return "/" in host


def mark_url_breaks(
    text: str, page_starts: tuple[int, ...], boxes: tuple[LineBox, ...]
) -> tuple[str, tuple[int, ...], tuple[LineBox, ...]]:
    """``text`` with a soft hyphen before each line break inside an address, and the page
    starts and line boxes moved to the longer text's offsets (each soft hyphen belongs to the
    line it ends); the same three when no address is broken."""
    at = _breaks(text)
    if not at:
        return text, page_starts, boxes
    pieces: list[str] = []
    last = 0
    for pos in at:
        pieces.append(text[last:pos])
        pieces.append(_SOFT_HYPHEN)
        last = pos
    pieces.append(text[last:])
    new_boxes = tuple(
        (start + bisect_right(at, start - 1), end + bisect_right(at, end), page, x0, y0, x1, y1)
        for start, end, page, x0, y0, x1, y1 in boxes
    )
    starts = tuple(s + bisect_left(at, s) for s in page_starts)
    return "".join(pieces), starts, new_boxes
