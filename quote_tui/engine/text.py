"""PreparedText: the checked text with its line, page, UTF-16, UTF-8 and box indexes.

One index serves everyone: the engine builds match locations from it, the report prints them, and
the app's viewer draws its gutter from the same line and page starts. Indexes are computed once per
text; matchers may stash their own derived structures (folded views, token tables) in ``cache``,
whose lifetime is the text's.
"""

from __future__ import annotations

import hashlib
import re
from array import array
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from quote_tui.engine.marks import printed, printed_pieces
from quote_tui.engine.records import Box, Difference, Fragment, Match, Rule, Status

# CRLF counts as one break; a lone CR (old Mac files) is a break too.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_ASTRAL = re.compile(r"[\U00010000-\U0010FFFF]")
# The longest text whose UTF-16 units are counted by encoding it (``utf16``): a longer one
# would hold twice its size again while it is encoded.
_UNITS_CHARS = 1 << 16
_UTF8_STEP = 1024


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def _after_each_newline(text: str) -> Iterator[int]:
    """The offset after each "\\n" of ``text``, in order.

    ``str.find`` skips to each one with ``memchr``; the regular expression engine compared
    every character with it and made a match object for each (43 against 25 million
    instructions on 5 MB of prose with 10,700 breaks). Yielded, not listed: a text of
    millions of short lines would hold a list of them besides the array.
    """
    find = text.find
    i = find("\n")
    while i >= 0:
        i += 1
        yield i
        i = find("\n", i)


LineBox = tuple[int, int, int, float, float, float, float]
"""(start, end, page, x0, y0, x1, y1): where one extracted PDF line lies on its page."""


class PreparedText:
    """A checked text and its indexes.

    Args:
        text: exactly the text that is searched and shown (every offset refers to it).
        page_starts: code-point offset where each page begins (first is 0), or empty if unpaged.
        page_labels: the printed label of each page when known (same length as page_starts).
        line_boxes: for PDFs, where each extracted line lies, sorted by start offset.
        truncated: True when the source was cut at a size limit, so absence is inconclusive.
    """

    __slots__ = (
        "text",
        "page_starts",
        "page_labels",
        "line_boxes",
        "truncated",
        "line_starts",
        "_astral",
        "_utf8_marks",
        "_sha256",
        "_box_starts",
        "cache",
    )

    def __init__(
        self,
        text: str,
        *,
        page_starts: Sequence[int] = (),
        page_labels: Sequence[str | None] = (),
        line_boxes: Sequence[LineBox] = (),
        truncated: bool = False,
    ) -> None:
        self.text = text
        self.page_starts: tuple[int, ...] = tuple(page_starts)
        if self.page_starts and self.page_starts[0] != 0:
            raise ValueError("the first page must start at offset 0")
        self.page_labels: tuple[str | None, ...] = tuple(page_labels)
        self.line_boxes: tuple[LineBox, ...] = tuple(line_boxes)
        self.truncated = truncated
        # eight bytes a line, where a tuple of ints spends about thirty-six
        self.line_starts: array[int] = array("q", [0])
        # Without a carriage return every break is a "\n", found by a byte search; the
        # alternation reads character by character (40 ms on 5 MB).
        # A text without a line break (most short ones) needs neither.
        if "\r" in text:
            self.line_starts.extend(m.end() for m in _LINE_BREAK.finditer(text))
        elif "\n" in text:
            self.line_starts.extend(_after_each_newline(text))
        self._astral: list[int] | None = None
        self._utf8_marks: array[int] | None = None
        self._sha256: str | None = None
        self._box_starts: list[int] | None = None
        self.cache: dict[str, Any] = {}

    def __len__(self) -> int:
        return len(self.text)

    def __repr__(self) -> str:
        size = f"{len(self.text)} chars, {self.line_count} lines, {self.page_count} pages"
        return f"PreparedText({size})"

    @property
    def sha256(self) -> str:
        """SHA-256 of the checked text encoded as UTF-8."""
        if self._sha256 is None:
            if self._utf8_marks is None and not self.text.isascii():
                self._index_utf8()  # one encoding pass for both
            else:
                self._sha256 = hashlib.sha256(_encode(self.text)).hexdigest()
        assert self._sha256 is not None
        return self._sha256

    @property
    def line_count(self) -> int:
        return len(self.line_starts)

    @property
    def page_count(self) -> int:
        return len(self.page_starts)

    @property
    def paged(self) -> bool:
        return bool(self.page_starts)

    def line_of(self, offset: int) -> int:
        """1-based line holding the character at ``offset``."""
        return bisect_right(self.line_starts, offset)

    def page_of(self, offset: int) -> int | None:
        """1-based page holding the character at ``offset``; None when unpaged.

        A PDF's asides (running heads, footnotes, captions) follow the whole body, out of
        the sentences' way, so past the last page's start the line boxes, which keep each
        line's own page, say where an offset stands.
        """
        if not self.page_starts:
            return None
        page = bisect_right(self.page_starts, offset)
        if page == len(self.page_starts) and self.line_boxes:
            if self._box_starts is None:
                self._box_starts = [b[0] for b in self.line_boxes]
            i = bisect_right(self._box_starts, offset) - 1
            if i >= 0 and self.line_boxes[i][0] >= self.page_starts[-1]:
                return self.line_boxes[i][2]
        return page

    def page_label(self, page: int | None) -> str | None:
        """The printed label of a 1-based page, when known."""
        if page is None or not self.page_labels or page > len(self.page_labels):
            return None
        return self.page_labels[page - 1]

    def line_span(self, line: int) -> tuple[int, int]:
        """(start, end) of a 1-based line, without its line break."""
        start = self.line_starts[line - 1]
        if line < len(self.line_starts):
            end = self.line_starts[line] - 1
            if end > start and self.text[end - 1] == "\r" and self.text[end] == "\n":
                end -= 1
        else:
            end = len(self.text)
        return start, end

    def utf16(self, offset: int) -> int:
        """UTF-16 code-unit offset of a code-point offset (astral characters count twice)."""
        if self._astral is None:
            text = self.text
            # No astral character when each code point takes one UTF-16 unit: an ASCII text
            # says so at once, a short one in one encoding at C speed, where the pattern's
            # class was tried at every character. A lone surrogate takes one unit, and the
            # pattern does not take it either.
            if text.isascii() or (
                len(text) <= _UNITS_CHARS
                and len(text.encode("utf-16-le", "surrogatepass")) == 2 * len(text)
            ):
                self._astral = []
            else:
                self._astral = [m.start() for m in _ASTRAL.finditer(text)]
        return offset + bisect_right(self._astral, offset - 1) if self._astral else offset

    def utf8(self, offset: int) -> int:
        """UTF-8 byte offset of a code-point offset (what Google's grounding counts).

        An ASCII text needs no index: its byte offsets are its code-point offsets. Otherwise the
        index holds the byte count at every 1,024th code point (eight bytes per 1,024 characters,
        whatever the script), and the few characters past that mark are encoded on demand. Lone
        surrogates count three bytes, as ``surrogatepass`` encodes them.
        """
        if self._utf8_marks is None:
            if self.text.isascii():
                self._utf8_marks = array("q")
            else:
                self._index_utf8()
        assert self._utf8_marks is not None
        if not self._utf8_marks:
            return offset
        mark = min(offset // _UTF8_STEP, len(self._utf8_marks) - 1)
        at = mark * _UTF8_STEP
        return self._utf8_marks[mark] + len(_encode(self.text[at:offset]))

    def _utf8_after(self, utf8_start: int, start: int, end: int) -> int:
        """``utf8(end)`` for a span whose start's byte offset is known: UTF-8 encodes each code
        point alone, so a short span's bytes are counted on from its start (a second ``utf8``
        encoded the text again from the mark before the end)."""
        if not self._utf8_marks:  # ASCII (``utf8`` was asked first)
            return end
        if end - start < _UTF8_STEP:
            return utf8_start + len(_encode(self.text[start:end]))
        return self.utf8(end)

    def _index_utf8(self) -> None:
        """The UTF-8 byte count at every ``_UTF8_STEP``-th code point of a text that is not
        ASCII, and the text's SHA-256 from the same encoded pieces (UTF-8 encodes each code point
        on its own, so the pieces hash as the whole)."""
        marks: array[int] = array("q")
        digest = hashlib.sha256()
        total = 0
        for at in range(0, len(self.text), _UTF8_STEP):
            marks.append(total)
            piece = _encode(self.text[at : at + _UTF8_STEP])
            total += len(piece)
            digest.update(piece)
        self._utf8_marks = marks
        if self._sha256 is None:
            self._sha256 = digest.hexdigest()

    def boxes(self, start: int, end: int) -> tuple[Box, ...]:
        """Rectangles of the extracted lines that the span [start, end) touches."""
        if not self.line_boxes or end <= start:
            return ()
        if self._box_starts is None:
            self._box_starts = [b[0] for b in self.line_boxes]
        i = max(bisect_right(self._box_starts, start) - 1, 0)
        out: list[Box] = []
        while i < len(self.line_boxes) and self.line_boxes[i][0] < end:
            s, e, page, x0, y0, x1, y1 = self.line_boxes[i]
            if e > start:
                out.append(Box(page, x0, y0, x1, y1))
            i += 1
        return tuple(out)

    def match(
        self,
        kind: Status,
        start: int,
        end: int,
        *,
        similarity: float,
        context: int,
        rules: Sequence[Rule] = (),
        differences: Sequence[Difference] = (),
        fragments: Sequence[Fragment] = (),
    ) -> Match:
        """Build a located ``Match`` for the span [start, end) of this text.

        Its ``text``, ``before`` and ``after`` are the wording as a reader quotes it, without the
        note marks a reader leaves out (``Match``); the differences' source offsets, given in
        the span, are moved to that wording.
        """
        if not 0 <= start <= end <= len(self.text):
            raise ValueError(f"span {start}:{end} outside text of {len(self.text)}")
        last = max(start, end - 1)
        lo, hi = max(0, start - context), min(len(self.text), end + context)
        pieces = printed_pieces(self.text, lo, hi, searched=Rule.NOTE_MARKS in rules)
        marks = tuple(_clipped(pieces, start, end))
        if marks:
            differences = tuple(_reworded(d, self.text, start, marks) for d in differences)
            differences = tuple(d for d in differences if d is not None)
        if fragments and any(f.omitted for f in fragments):
            # the words an ellipsis skips are shown as a reader reads them too
            fragments = [
                replace(f, omitted=printed(f.omitted, 0, len(f.omitted))) for f in fragments
            ]
        utf8_start = self.utf8(start)
        return Match(
            kind=kind,
            start=start,
            end=end,
            utf16_start=self.utf16(start),
            utf16_end=self.utf16(end),
            utf8_start=utf8_start,
            utf8_end=self._utf8_after(utf8_start, start, end),
            line_start=self.line_of(start),
            line_end=self.line_of(last),
            page_start=self.page_of(start),
            page_end=self.page_of(last),
            text=_without(self.text, start, end, marks),
            before=_without(self.text, lo, start, pieces),
            after=_without(self.text, end, hi, pieces),
            similarity=similarity,
            rules=tuple(rules),
            differences=tuple(differences),
            fragments=tuple(fragments),
            boxes=self.boxes(start, end),
            marks=marks,
        )


Piece = tuple[int, int]


def _clipped(pieces: Sequence[Piece], start: int, end: int) -> list[Piece]:
    """The pieces' parts inside [start, end)."""
    out: list[Piece] = []
    for a, b in pieces:
        a, b = max(a, start), min(b, end)
        if a < b:
            out.append((a, b))
    return out


def _without(text: str, start: int, end: int, pieces: Sequence[Piece]) -> str:
    """``text[start:end]`` with the pieces (sorted) cut out."""
    if not pieces:
        return text[start:end]
    kept: list[str] = []
    last = start
    for a, b in _clipped(pieces, start, end):
        kept.append(text[last:a])
        last = b
    kept.append(text[last:end])
    return "".join(kept)


def _moved(pos: int, start: int, marks: Sequence[Piece]) -> int:
    """An offset into the span's raw text as an offset into its wording (one inside a cut
    piece lands where the piece was)."""
    at = start + pos
    for a, b in marks:
        if a >= at:
            break
        pos -= min(b, at) - a
    return pos


def _reworded(d: Difference, text: str, start: int, marks: Sequence[Piece]) -> Difference | None:
    """A difference placed in the wording: None when the source words it names were only a
    mark, or differ from the quotation only by one ("Web⁴" against "Web")."""
    if d.source_start is None or d.source_end is None:
        return d
    a, b = start + d.source_start, start + d.source_end
    source = d.source
    if any(x < b and a < y for x, y in marks):
        source = " ".join(_without(text, a, b, marks).split())
        if source == " ".join(d.quote.split()):
            return None
    return replace(
        d,
        source=source,
        source_start=_moved(d.source_start, start, marks),
        source_end=_moved(d.source_end, start, marks),
    )
