"""The page number printed on each PDF page (pure: texts and facts in, labels out).

First that holds:

1. the PDF's own page labels, where they agree with the numbers printed on the pages;
2. numbers printed in headers or footers: a number standing alone near the top or bottom of a
   page that rises by one with each page (as Zotero's reader finds them), arabic or roman;
3. the bibliography entry's page range (``pages = {4969--4983}``): the first PDF page is the
   first printed page, unless the PDF has exactly one page more than the range, which means a
   cover sheet comes first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

__all__ = ["PrintedPages", "chapter_label", "derive_printed_pages"]

Method = Literal["pdf_labels", "printed_numbers", "bib_range"]

_EDGE_LINES = 10  # lines at the top and the bottom of a page where running heads stand
_MIN_RUN = 2
_MAX_EDGE = 1  # unnumbered pages before a document's first number (or after its last) numbered
_MAX_GAP = 2  # pages inside a run that show no number (a full-page figure) still get one
_NUMBER_LINE = re.compile(
    r"^(?:page\s+|p\.\s*|[-–—|·•]\s*)?(?P<n>\d{1,6}|[ivxlcdm]{1,8})"
    r"(?:\s*(?:of|/)\s*\d+)?(?:\s*[-–—|·•])?$",
    re.I,
)
_EDGE_NUMBER = re.compile(
    r"^(?P<a>\d{1,6})\s{2,}\S|\S\s{2,}(?P<b>\d{1,6})$|^(?P<c>\d{1,6})\s*\|\s|\s\|\s*(?P<d>\d{1,6})$"
)
_OCR_DIGITS = r"[\dIil|](?: ?[\dIil|]){1,5}"
_OCR_HEAD = re.compile(
    rf"^(?P<a>{_OCR_DIGITS}) +[A-Z]{{2,}}[A-Z ,.:]*$"
    rf"|^[A-Z ,.:]*[A-Z]{{2,}}[.,]? +(?P<b>{_OCR_DIGITS})$"
)
"""A running head in capitals with its page number before or after it, as OCR reads the
number: its 1s as I, i, l or |, its digits spaced apart ("III4 JOURNAL OF POLITICAL ECONOMY",
"MODEL OF BUSINESS CYCLE I I I 5")."""
_AS_ONE = str.maketrans("Iil|", "1111", " ")
_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}
_LABEL_PREFIX = re.compile(r"^(?:p\.|page)\s*", re.I)
_RANGE = re.compile(r"^\s*(\d+)\s*(?:-+|–|—)\s*(\d+)\s*$")


@dataclass(frozen=True, slots=True)
class PrintedPages:
    """Printed page labels, one per PDF page (``None`` where none is known), and how."""

    labels: tuple[str | None, ...]
    method: Method | None


def chapter_label(number: int) -> str:
    """The label an EPUB chapter is known by, and a chapter locator compared with (``ch. 12``)."""
    return f"ch. {number}"


def _roman_value(text: str) -> int | None:
    s = text.lower()
    if not s or any(c not in _ROMAN for c in s):
        return None
    total = 0
    for i, c in enumerate(s):
        v = _ROMAN[c]
        total += -v if i + 1 < len(s) and _ROMAN[s[i + 1]] > v else v
    return total if _to_roman(total) == s else None


def _to_roman(n: int) -> str:
    out = []
    for value, sym in (
        (1000, "m"),
        (900, "cm"),
        (500, "d"),
        (400, "cd"),
        (100, "c"),
        (90, "xc"),
        (50, "l"),
        (40, "xl"),
        (10, "x"),
        (9, "ix"),
        (5, "v"),
        (4, "iv"),
        (1, "i"),
    ):
        while n >= value:
            out.append(sym)
            n -= value
    return "".join(out)


def _candidates(text: str) -> set[tuple[str, int]]:
    """("arabic"|"roman", value) numbers standing alone in the page's first and last lines."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    edge = lines[:_EDGE_LINES] + lines[-_EDGE_LINES:]
    out: set[tuple[str, int]] = set()
    for line in edge:
        m = _NUMBER_LINE.match(line)
        if m:
            n = m.group("n")
            if n.isdigit():
                out.add(("arabic", int(n)))
            elif (value := _roman_value(n)) is not None and n.islower():
                out.add(("roman", value))
            continue
        e = _EDGE_NUMBER.search(line)
        if e and len(line) <= 120:
            out.add(("arabic", int(next(g for g in e.groups() if g))))
            continue
        h = _OCR_HEAD.match(line) if len(line) <= 120 else None
        if h:
            read = (h.group("a") or h.group("b")).translate(_AS_ONE)
            if read.isdigit() and any(c.isdigit() for c in h.group("a") or h.group("b")):
                out.add(("arabic", int(read)))
    return out


def _printed_numbers(page_texts: Sequence[str]) -> list[str | None]:
    n = len(page_texts)
    cands = [_candidates(t) for t in page_texts]
    labels: list[str | None] = [None] * n
    # Each (kind, value - index) is a hypothesis; a run is pages that support it in a row.
    support: dict[tuple[str, int], list[int]] = {}
    for i, cs in enumerate(cands):
        for kind, value in cs:
            support.setdefault((kind, value - i), []).append(i)
    runs: list[tuple[int, str, int, int, int]] = []  # (-length, kind, offset, first, last)
    for (kind, offset), pages in support.items():
        start = prev = pages[0]
        count = 1
        for p in pages[1:] + [None]:  # type: ignore[list-item]
            if p is not None and p - prev <= _MAX_GAP + 1:
                prev, count = p, count + 1
                continue
            if count >= _MIN_RUN:
                runs.append((-count, kind, offset, start, prev))
            if p is not None:
                start = prev = p
                count = 1
    for _neg, kind, offset, first, last in sorted(runs):
        if any(labels[i] is not None for i in range(first, last + 1)):
            continue
        # An article's first page often prints its number elsewhere (or not at all): the run
        # reaches back one page when that page has no number of its own.
        if first > 0 and labels[first - 1] is None and not cands[first - 1]:
            first -= 1
        for i in range(first, last + 1):
            value = i + offset
            if value >= 1:
                labels[i] = str(value) if kind == "arabic" else _to_roman(value)
    _fill_between(labels)
    return labels


def _value(label: str) -> tuple[str, int]:
    return ("arabic", int(label)) if label.isdigit() else ("roman", _roman_value(label) or 0)


def _fill_between(labels: list[str | None]) -> None:
    """Number the pages that show no number from their numbered neighbours.

    A page between two numbered pages whose numbers rise by one a page (a full-page figure, a
    page whose number the layout dropped) takes its place in that run; so do up to
    ``_MAX_EDGE`` pages before the first numbered page and after the last (an article's first
    page, which prints its number in a footer line with the journal's name, or none).
    """
    known = [i for i, label in enumerate(labels) if label is not None]
    if not known:
        return
    for a, b in zip(known, known[1:], strict=False):
        kind_a, va = _value(labels[a] or "")
        kind_b, vb = _value(labels[b] or "")
        if b - a > 1 and kind_a == kind_b and vb - va == b - a:
            for i in range(a + 1, b):
                labels[i] = _as(kind_a, va + i - a)
    first, last = known[0], known[-1]
    kind, v = _value(labels[first] or "")
    for i in range(max(0, first - _MAX_EDGE), first):
        if v - (first - i) >= 1:
            labels[i] = _as(kind, v - (first - i))
    kind, v = _value(labels[last] or "")
    for i in range(last + 1, min(len(labels), last + 1 + _MAX_EDGE)):
        labels[i] = _as(kind, v + i - last)


def _bare(label: str) -> str:
    """A PDF label as a printed number reads: "p. 1113" is 1113 (JSTOR labels its pages so)."""
    return _LABEL_PREFIX.sub("", label.strip()).lower()


def _as(kind: str, value: int) -> str:
    return str(value) if kind == "arabic" else _to_roman(value)


def _bib_range(bib_pages: str | None, count: int) -> list[str | None] | None:
    if not bib_pages:
        return None
    m = _RANGE.match(bib_pages)
    if not m:
        return None
    first, last_raw = int(m.group(1)), m.group(2)
    last = int(last_raw)
    if last < first and len(last_raw) < len(m.group(1)):  # 4969-83
        last = int(m.group(1)[: -len(last_raw)] + last_raw)
    span = last - first + 1
    if span <= 0:
        return None
    if count == span:
        return [str(first + i) for i in range(count)]
    if count == span + 1:  # a cover sheet (a repository's or publisher's) comes first
        return [None] + [str(first + i) for i in range(span)]
    return None


def derive_printed_pages(
    page_texts: Sequence[str],
    *,
    pdf_labels: Sequence[str | None] = (),
    bib_pages: str | None = None,
) -> PrintedPages:
    """The printed page number of every PDF page.

    Args:
        page_texts: each page's extracted text, in PDF order.
        pdf_labels: the PDF's page labels (``page.get_label()``; empty strings mean none).
        bib_pages: the bibliography entry's page range, e.g. ``"4969--4983"``.

    Returns:
        One label per page and the method that gave them (``None`` when nothing did).
    """
    count = len(page_texts)
    printed = _printed_numbers(page_texts)
    labels = [(lab or None) for lab in pdf_labels][:count]
    labels += [None] * (count - len(labels))
    if any(labels):
        both = [(a, b) for a, b in zip(labels, printed, strict=True) if a and b]
        agree = sum(1 for a, b in both if _bare(a) == b)
        if not both or agree >= 0.8 * len(both):
            return PrintedPages(tuple(labels), "pdf_labels")
    if any(printed):
        return PrintedPages(tuple(printed), "printed_numbers")
    ranged = _bib_range(bib_pages, count)
    if ranged is not None:
        return PrintedPages(tuple(ranged), "bib_range")
    return PrintedPages(tuple([None] * count), None)
