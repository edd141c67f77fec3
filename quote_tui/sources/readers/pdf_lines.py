"""A PDF line's text from its spans, and marks kept apart from the words they are glued to.

Superscripts (span flag bit 0, set smaller than the line) are kept apart from the word they are
glued to by a zero-width space: "structure16–18" still reads so, but a quotation that stops
before the citation mark is exact. A mark MuPDF reads as a line of its own (a footnote's number
beside its first line) is joined to the line it stands against.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, NamedTuple

from quote_tui.sources.readers.pdf_operator_gaps import SYMBOLS, space_symbols

__all__ = [
    "APART",
    "LIGATURES",
    "SUPER",
    "Line",
    "close_ligature_gaps",
    "glue_marks",
    "is_mark_line",
    "ligature_gap",
    "ligature_gaps",
    "rejoin",
    "spans_text",
]

Rect = tuple[float, float, float, float]

SUPER = 0.85
"""A superscript span is set at most this share of its line's largest size."""
_FLAGGED_MARK = 0.95
"""A number or dagger MuPDF flags as a superscript is a mark when set under this share of its
line's size: a word processor raises a footnote's number in nearly the text's own size
("Wiki-pedia¹" at 9 points in a 10-point line), under ``SUPER``."""
_MARK_LINE = re.compile(r"^(?:\d{1,3}|[*†‡§¶]{1,2})$")
"""A line that is nothing but a footnote or citation mark."""
_MAX_MARKS = 60
"""Most mark-like lines on a page that are joined to their lines; past it they are a table's."""
_MARK_GAP = 3.0
"""Points between a mark and the line it belongs to."""
APART = "\u200b"
"""What keeps a superscript apart from its word: a zero-width space, so the text reads as
printed ("structure16–18"), a quotation that stops before the mark ends on a word boundary and
is exact, and one that includes it is ``normalized`` by the whitespace rule."""
_RAISED = 1.0
"""Points above the line's baseline where a smaller span counts as raised."""
LIGATURES = "\ufb00\ufb01\ufb02\ufb03\ufb04\ufb05\ufb06"
"""The Latin ligatures MuPDF gives as one character (ff, fi, fl, ffi, ffl, long st, st)."""
_LIGATURE_SPACE = re.compile(f"[{LIGATURES}] ")
_TOUCH = 0.5
"""Points within which the glyph after a space meets the ligature before it: no gap."""
_CLOSING = frozenset(".!?\u201d\u2019\"'\u00bb")
"""Punctuation closing a sentence or a phrase that a citation mark follows as printed
("Coriolanus.¹¹ “The", "end.¹²"). Not a comma, colon or semicolon: a mark after one
("S2ORC,¹ a large corpus") is left as printed, so a quotation that types it is exact."""
_OPENED_BY = {"\u201c": "\u201e", "\u2018": "\u201a", "\u00ab": "\u00bb"}
"""Quotation marks that close a quotation the mark after them opened: German „…“ and ‚…‘, and
»…« ("„P1“⁷ sowie"). Where nothing opened them they open one, and what is raised after them is
quoted ("numbered markers (e.g., “¹,²”)")."""
_ENDS = frozenset(".!?")
"""Punctuation ending a sentence."""
_PER = frozenset("%\u2030")
"""A percent or per-mille sign, which closes its number as a word does: a raised number after
it is a citation mark ("less than 50%¹,⁷"), never an exponent (no one squares a percent)."""
_BRACKETS = frozenset(")]")
"""A bracket a mark may follow, when it holds words and not a formula."""
_WORD = re.compile(r"[^\W\d_]{3}")
_YEAR = re.compile(r"(?<!\d)(?:1[5-9]|20)\d\d[a-z]?(?!\d)")
"""A year, as an author-year citation gives it in brackets ("Chomsky (2003)²"): a raised
number after it is a note's mark, not an exponent (no one squares a year)."""
_ROMAN = re.compile(r"(?<![^\W\d_])[IVXLC]+$")
"""A Roman numeral standing as a word of its own at the end of the text so far."""
_ORDINAL_ENDINGS = frozenset({"e", "er", "re", "es", "ème", "ère", "st", "nd", "rd", "th"})
"""The raised endings of an ordinal after a Roman numeral; a footnote's letter ("a", "b") is
not one of them."""
_FORMULA = re.compile(r"[+=^*/<>\u2212]")
_UNRESOLVED = re.compile(r"\?(?: ?\?){0,2}")
"""A citation LaTeX could not resolve, set as the raised bold "?" of a superscript style: no
wording of any sentence, so it stands apart even after a comma ("experiments,? reinforced")."""


_ITALIC = 2
"""MuPDF's span flag for an italic font."""
_PI_FONT = "MathematicalPi-One"
_PI_SIGNS = {"1": "+", "2": "\u2212", "3": "\u00d7", "5": "="}
"""Adobe's Mathematical Pi 1, a symbol font without a Unicode map, draws its plus, minus, times
and equals signs at the codes of "1", "2", "3" and "5" (glyphs H11001, H11002, H11003, H11005):
the text layer reads "Ca21 waves" where the page prints "Ca²⁺ waves"."""
_ADVENT_SIGNS = "AdvP4C4E74"
"""Elsevier's Advent symbol font, which draws its multiplication sign at code 1: the text layer
reads "100 mm \x01 40 mm" where the page prints "100 mm × 40 mm"."""
_MARK_LIST = re.compile(r"[0-9]{1,3}(?:[ ,\u2013-][0-9]{1,3})+")
"""Raised citation numbers in a list or a range: set as one span with spaces between them
("26 27 32"), they are one mark parted by zero-width spaces; glued to a comma ("suggested,¹˒⁶
and") they are no part of what a quotation types, where one number may be ("S2ORC,¹")."""

_JOIN_GAP = 0.75
"""Share of a line's height under which a gap between two pieces of one printed line is no
column's gutter (gutters are an em or more)."""
_TOUCHING = -0.5
"""Points two pieces of one printed line may overlap ("With" ends at 63.117, " the" starts at
63.116: a publisher's PDF set word by word)."""
_OVERLAP = 0.9
"""Share of the lower piece's height two pieces whose feet stand level share, when a raised
mark sets one's top higher."""


class Line(NamedTuple):
    """One extracted line: its text and rectangle (PDF points, top-left origin).

    A named tuple, not a frozen dataclass: one is made for every line of a document, and a
    tuple is made in half the time; it stays inside the reader."""

    text: str
    rect: Rect


def _line_text(spans: Sequence[dict[str, Any]]) -> str:
    """A line's spans joined, a superscript kept apart from the word before and after it."""
    if len(spans) == 1:
        return str(spans[0].get("text", "")).replace("\n", " ")
    largest = max((s.get("size", 0.0) for s in spans if s.get("text", "").strip()), default=0.0)
    if all(s.get("size", 0.0) > largest * SUPER and not _flagged(s, largest) for s in spans):
        return "".join(s.get("text", "") for s in spans).replace("\n", " ")
    baseline = next(
        (s["origin"][1] for s in spans if s.get("size") == largest and "origin" in s), None
    )
    out: list[str] = []
    raised = False  # whether the span before was a mark: "16" "," "18" is one mark
    opened = ""  # the character before the mark being read
    for i, span in enumerate(spans):
        text = span.get("text", "")
        before = out[-1][-1:] if out and out[-1] else ""
        ordinal = _ordinal(before, text, out)
        if text.isspace() and _thin_before_mark(spans, i, largest, baseline):
            if raised:  # a space between two marks ("²⁶ ²⁷ ³²"): one mark's list goes on
                out.append(APART)
            continue  # the mark's own thin space ("Carroll ¹²,"): no word space of the text
        if _superscript(span, largest, baseline) and not ordinal:
            # an ordinal's "st" (1st) is part of its number; a citation mark is not
            if text[:1].isspace() and before.isalnum() and text.strip()[:1].isalnum():
                text = text.lstrip()  # the thin space set with the mark, as above
            if not raised:
                opened = before
                if _glued(before, text, out) or (
                    before == "," and _MARK_LIST.fullmatch(_run(spans, i, largest, baseline))
                ):
                    out.append(APART)
            if " " in text and _MARK_LIST.fullmatch(text):
                text = text.replace(" ", APART)  # one list of marks, read whole as one
            out.append(text)
            after = spans[i + 1].get("text", "")[:1] if i + 1 < len(spans) else ""
            if after.isalnum() and text[-1:].isalnum():
                # a mark after a sentence's end, the next sentence set flush after it
                # ("billion.⁴Many"): the space the mark stands in; else a word goes on ("m⁶A")
                out.append(" " if opened in _ENDS and after.isupper() else APART)
            raised = True
            continue
        raised = False
        out.append(text)
    return "".join(out).replace("\n", " ")


def _run(spans: Sequence[dict[str, Any]], i: int, largest: float, base: float | None) -> str:
    """The text of the run of raised spans that starts at span ``i``."""
    out = []
    for span in spans[i:]:
        if not _superscript(span, largest, base):
            break
        out.append(span.get("text", ""))
    return "".join(out).strip()


def _glued(before: str, mark: str, out: Sequence[str]) -> bool:
    """Whether a mark starting ``mark`` stands glued to the text before it (``out``, ending
    ``before``): to a word's letters or digits; to the punctuation closing a sentence or phrase
    ("end.¹²"), or a quotation the line opened („P1“⁷); to a percent sign ("50%¹,⁷"); to a
    bracket of words or a year ("(GerDraCor)¹⁷", "Chomsky (2003)²", where "(n+1)²" is an
    exponent); or a number set a space after its word ("AirFlow ¹"). In each the mark is no
    part of what a quotation types. After a comma it is not cut off ("S2ORC,¹" is typed as
    printed), unless it is an unresolved citation's "?", which no quotation types."""
    if _UNRESOLVED.fullmatch(mark.strip()):
        return bool(before) and not before.isspace()
    if not mark[:1].isalnum():
        return False
    if before.isalnum() or before in _CLOSING or before in _PER:
        return True
    if before in _OPENED_BY:
        line = "".join(out)[:-1]
        return line.rfind(_OPENED_BY[before]) > line.rfind(before)
    line = "".join(out[-8:])
    if before in _BRACKETS:
        opened = max(line.rfind("("), line.rfind("["))
        inner = line[opened + 1 : -1] if opened >= 0 else ""
        cited = _WORD.search(inner) or _YEAR.search(inner)
        return bool(cited) and not _FORMULA.search(inner)
    return before == " " and mark[:1].isdigit() and line.rstrip(" ")[-1:].isalnum()


def _ordinal(before: str, mark: str, out: Sequence[str]) -> bool:
    """Whether raised letters end a number as its ordinal: "1st", "2e", or a century's Roman
    numeral ("XIXe", "IIIe"), which a quotation types on the line."""
    suffix = mark.strip()
    if not suffix.isalpha():
        return False
    if before.isdigit():
        return True
    word = _ROMAN.search("".join(out[-8:]))
    return word is not None and suffix in _ORDINAL_ENDINGS


def _thin_before_mark(
    spans: Sequence[dict[str, Any]], i: int, largest: float, baseline: float | None
) -> bool:
    """Whether span ``i``, a space, is set in a mark's small size right before the mark: a
    thin space the typesetter put between a word and its note mark, which a quotation leaves
    out with the mark ("Carroll, enfant" for "Carroll ¹², enfant")."""
    if i + 1 >= len(spans) or spans[i].get("size", largest) > largest * SUPER:
        return False
    return _superscript(spans[i + 1], largest, baseline)


def _superscript(span: dict[str, Any], largest: float, baseline: float | None) -> bool:
    """Set smaller than its line and marked superscript, or standing above the line's baseline
    (a footnote's own number is often only raised, not flagged)."""
    text = span.get("text", "").strip()
    if not text:
        return False
    if span.get("size", largest) > largest * SUPER:
        return _flagged(span, largest)
    if span.get("alpha") == 0 and not _MARK_LINE.match(text):
        # an OCR layer's invisible words are sized by their boxes, each on its own baseline:
        # a short word ("as", "to-") reads small and raised, and only a number or a note's
        # sign is a mark there
        return False
    if span.get("flags", 0) & 1:
        return True
    origin = span.get("origin")
    return baseline is not None and origin is not None and origin[1] < baseline - _RAISED


def _flagged(span: dict[str, Any], largest: float) -> bool:
    """A number or dagger flagged superscript, set a little smaller than its line, and visible
    (``_FLAGGED_MARK``)."""
    return (
        bool(span.get("flags", 0) & 1)
        and span.get("size", largest) < largest * _FLAGGED_MARK
        and span.get("alpha") != 0
        and bool(_MARK_LINE.match(span.get("text", "").strip()))
    )


def glue_marks(read: list[list[Any]]) -> None:
    """A footnote or citation mark MuPDF read as a line of its own ("2" beside "“Copying” is
    used ...", set smaller and raised) joined to the line it stands against, so that it does
    not stand between that line and the next as a word of the running text.

    ``read`` holds each block's [lines, total, x0s, x1s, upright]; a block whose lines change
    has its x-range reset, so that its columns are worked out again.
    """
    every = [(bi, li) for bi, entry in enumerate(read) for li in range(len(entry[0]))]
    if sum(1 for bi, li in every if _MARK_LINE.match(read[bi][0][li][0].text)) > _MAX_MARKS:
        return  # a table of small numbers, not marks: each would be tried against every line
    gone: set[tuple[int, int]] = set()
    for bi, li in every:
        mark, mark_counts, _ = read[bi][0][li]
        if len(mark.text) > 3 or not _MARK_LINE.match(mark.text):
            continue
        m0, m1, m2, m3 = mark.rect
        size = max(mark_counts)
        for bj, lj in every:
            if (bj, lj) == (bi, li) or (bj, lj) in gone or (bi, li) in gone:
                continue
            line, counts, upright = read[bj][0][lj]
            r0, r1, r2, r3 = line.rect
            if not (m1 < r3 and m3 > r1) or size > max(counts) * SUPER:
                continue
            if -1 <= r0 - m2 <= _MARK_GAP:  # the mark opens the line (a footnote's number)
                glued = mark.text[-1:].isalnum() and line.text[:1].isalnum()
                text = mark.text + (APART if glued else "") + line.text
            elif -1 <= m0 - r2 <= _MARK_GAP:  # the mark ends the line (a citation mark)
                glued = _glued(line.text[-1:], mark.text, (line.text,))
                text = line.text + (APART if glued else "") + mark.text
            else:
                continue
            rect = (min(m0, r0), min(m1, r1), max(m2, r2), max(m3, r3))
            merged = dict(counts)
            for k, n in mark_counts.items():
                merged[k] = merged.get(k, 0) + n
            read[bj][0][lj] = (Line(text, rect), merged, upright)
            for k, n in mark_counts.items():  # the mark's characters move with it
                read[bi][1][k] = read[bi][1].get(k, 0) - n
                read[bj][1][k] = read[bj][1].get(k, 0) + n
            gone.add((bi, li))
            read[bi][2] = read[bj][2] = float("inf")  # lines changed: columns worked out again
            break
    for bi, entry in enumerate(read):
        entry[0] = [ln for li, ln in enumerate(entry[0]) if (bi, li) not in gone]
        entry[1] = {k: n for k, n in entry[1].items() if n > 0}


def spans_text(spans: Sequence[dict[str, Any]]) -> tuple[str, dict[float, int]]:
    """A line of several spans: its text, and its characters per (rounded) size."""
    counts: dict[float, int] = {}
    largest, smallest = 0.0, float("inf")
    last, rounded = -1.0, 0.0
    # runs once per span of a line of several: a run of spans of one size (most lines) is
    # measured and rounded once
    symbols = False  # a span that may be a symbol font's sign
    gaps = False  # a span that ends with a mathematical symbol: a space after it left out?
    for span in spans:
        chars = span["text"]
        if not chars or chars.isspace():
            continue
        if chars == "e" or chars in _PI_SIGNS or "\x01" in chars:
            symbols = True
        if chars[-1] > "\u00b0" and SYMBOLS.fullmatch(chars[-1]):
            gaps = True
        size = span["size"]
        if size != last:
            last = size
            if size > largest:
                largest = size
            if size < smallest:
                smallest = size
            rounded = round(size * 2) / 2
        counts[rounded] = counts.get(rounded, 0) + len(chars) - chars.count(" ")
    if symbols:
        _symbol_fonts_read(spans)
    if gaps:
        space_symbols(spans)
    if smallest > largest * SUPER and (  # nothing set small enough to be a mark
        smallest >= largest * _FLAGGED_MARK or not any(_flagged(s, largest) for s in spans)
    ):
        return "".join([span["text"] for span in spans]).replace("\n", " "), counts
    return _line_text(spans), counts


def _symbol_fonts_read(spans: Sequence[dict[str, Any]]) -> None:
    """Each sign of Adobe's Mathematical Pi font and Elsevier's Advent symbol font read as the
    sign it prints (``_PI_SIGNS``, ``_ADVENT_SIGNS``), and each upright "e" set alone in a font
    of its own between two digits read as the en dash it prints: a publisher's symbol font
    (Elsevier's Advent fonts) maps its dash to the code of "e", and the text layer reads "from
    2e76 years" and "RCTs25 28e31" for "2–76" and "25 28–31". A letter "e" in a number is set
    in the number's own font ("2e5"), and a math variable in italic."""
    for i, span in enumerate(spans):
        if "\x01" in span["text"] and _ADVENT_SIGNS in span.get("font", ""):
            span["text"] = span["text"].replace("\x01", "\u00d7")
            continue
        sign = _PI_SIGNS.get(span["text"])
        if sign is not None and _PI_FONT in span.get("font", ""):
            span["text"] = sign
            continue
        if not 0 < i < len(spans) - 1 or span["text"] != "e" or span.get("flags", 0) & _ITALIC:
            continue
        before, after = spans[i - 1], spans[i + 1]
        font = span.get("font")
        if (
            before["text"][-1:].isdigit()
            and after["text"][:1].isdigit()
            and font != before.get("font")
            and font != after.get("font")
        ):
            span["text"] = "\u2013"


def is_mark_line(text: str) -> bool:
    """Whether a line's text is nothing but a footnote or citation mark."""
    return len(text) <= 3 and bool(_MARK_LINE.match(text))


def ligature_gap(text: str) -> bool:
    """Whether a line holds a ligature followed by a space ("Inﬂ uenzavirus"), which some
    producers set inside the ligature's own box where no gap is printed."""
    return _LIGATURE_SPACE.search(text) is not None


def ligature_gaps(text: str) -> list[int]:
    """Where ``ligature_gap`` finds a ligature before a space in ``text`` (one search of a whole
    document's text; a match never crosses a line's edge, as no separator is a space)."""
    return [m.start() for m in _LIGATURE_SPACE.finditer(text)]


def close_ligature_gaps(raw: dict[str, Any]) -> dict[str, Any]:
    """A page's ``extractRAWDICT`` as ``extractDICT`` gives it (span texts), each space that
    stands inside the ligature before it, with the next letter touching that ligature, left
    out: it prints no gap, so it splits no word ("Inﬂ uenzavirus" reads "Inﬂuenzavirus")."""
    for block in raw.get("blocks", ()):
        for line in block.get("lines", ()):
            for span in line["spans"]:
                chars = span.pop("chars", ())
                kept: list[str] = []
                for i, char in enumerate(chars):
                    if char["c"] == " " and 0 < i < len(chars) - 1:
                        before, after = chars[i - 1], chars[i + 1]
                        end = before["bbox"][2] + _TOUCH
                        if (
                            before["c"] in LIGATURES
                            and char["bbox"][2] <= end
                            and after["bbox"][0] <= end
                        ):
                            continue
                    kept.append(char["c"])
                span["text"] = "".join(kept)
    return raw


def rejoin(
    lines: list[tuple[Line, dict[float, int], bool]],
) -> list[tuple[Line, dict[float, int], bool]]:
    """Lines MuPDF split where a gap, narrower than a word space is wide, stands in one printed
    line (around a code chip or a formula set in a box) joined again: a column's gutter is wider,
    and the two pieces are no two columns ("works only for" | "Int lists. ... does not")."""
    out = [lines[0]]
    for item in lines[1:]:
        (a, counts_a, up_a), (b, counts_b) = out[-1], item[:2]
        height = a.rect[3] - a.rect[1]
        gap = b.rect[0] - a.rect[2]
        # feet level, and tops too but for a raised mark opening one ("ᵃ This" | " estimate")
        level = abs(b.rect[3] - a.rect[3]) < height * 0.2 and (
            abs(b.rect[1] - a.rect[1]) < height * 0.2
            or min(a.rect[3], b.rect[3]) - max(a.rect[1], b.rect[1])
            >= _OVERLAP * min(height, b.rect[3] - b.rect[1])
        )
        near = 0 <= gap < height * _JOIN_GAP or (
            # a piece set word by word, its space its first character, starts where the one
            # before ends, give or take a rounding
            _TOUCHING <= gap < 0 and (b.text[:1].isspace() or a.text[-1:].isspace())
        )
        if up_a and item[2] and level and near:
            counts = dict(counts_a)
            for k, n in counts_b.items():
                counts[k] = counts.get(k, 0) + n
            rect = (a.rect[0], min(a.rect[1], b.rect[1]), b.rect[2], max(a.rect[3], b.rect[3]))
            out[-1] = (Line(f"{a.text.rstrip()} {b.text.lstrip()}", rect), counts, True)
        else:
            out.append(item)
    return out
