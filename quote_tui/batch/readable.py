"""When a miss in a text that cannot be fully read still says something: ``near`` and
``not_found`` kept where the text truly tells, ``inconclusive`` only where it cannot.

Two kinds of text are partly unreadable. A PDF may hold regions a font without a Unicode map
left unreadable (``unmapped_font``): a logo, a sidebar, an ad's phone numbers. A scan read by
OCR (``ocr``) holds misread letters everywhere. A miss in either is not evidence the quotation
is absent, but it is not always blind either, and a reader looking at the page decides:

- ``unmapped_font``: a near passage that stands on pages with no unreadable region, with no
  unread glyph in or beside it, differs from the quotation in words the text layer reads
  cleanly: the quotation is ``near``. A quotation not found at all is ``not_found`` when the
  unreadable regions together hold fewer characters than it has, and the nearest passage does
  not run into one (the quotation cannot stand there, whole or in part).
- ``ocr``: a near passage is ``near`` when one of its changed words, numbers or negations cannot
  be an OCR misreading (``ocr_misreading``): "all" read as "most" is no confusion of shapes,
  "1833" read as "1883" is. A quotation not found at all stays ``inconclusive``. A scan's own
  OCR layer is judged by how it reads (``layer_reads``): where it reads cleanly around a near
  passage, a changed letter or digit there is the quotation's, not the layer's (``near``); where
  the whole layer reads well, a quotation with no passage near it is ``not_found``.

Pure: no I/O. The service passes the engine's result and the source's retrieval counts.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from quote_tui.engine.records import CheckResult, Difference, DiffKind, Match, Status
from quote_tui.sources.readers.ocr_quality import odd, odd_share
from quote_tui.sources.readers.pdf_unmapped import has_unreadable

__all__ = [
    "GARBLED",
    "ReadVerdict",
    "garbled",
    "layer_reads",
    "misquoted_word",
    "ocr_misreading",
    "ocr_verdict",
    "readable_ends",
    "unmapped_verdict",
]

CONFUSIONS: tuple[tuple[str, str], ...] = (
    ("rn", "m"),
    ("in", "m"),
    ("ni", "m"),
    ("nn", "m"),
    ("ri", "n"),
    ("cl", "d"),
    ("li", "h"),
    ("ll", "h"),
    ("lm", "hn"),
    ("ii", "u"),
    ("n", "u"),
    ("im", "un"),
    ("vv", "w"),
    ("fi", "ti"),
    ("fl", "ti"),
    ("th", "ih"),
    ("th", "di"),
    ("th", "tli"),
    ("th", "tii"),
    ("l", "1"),
    ("l", "i"),
    ("i", "1"),
    ("l", "|"),
    ("i", "|"),
    ("1", "|"),
    ("i", "!"),
    ("l", "!"),
    ("1", "!"),
    ("o", "0"),
    ("s", "5"),
    ("b", "8"),
    ("3", "8"),
    ("z", "2"),
    ("g", "6"),
    ("e", "c"),
    ("h", "b"),
    ("r", "f"),
    ("y", "v"),
    ("b", "r"),
    ("f", "p"),
    ("j", "]"),
    ("i", "\u0131"),
    ("s", "f"),
    ("k", "l"),
    ("k", "t"),
)
"""Shapes OCR reads one as the other (case folded), after the proofreaders' tables of OCR
errors (MobileRead's "OCR villains", SikhiWiki's "OCR gremlins"): "rn" for "m", "cl" for "d",
"1", "l", "I" and "|" for each other, "3" for "8", "e" for "c", "h" for "b", "ii" for "u"; and
a dotless "ı" for "i" (a small capital I: "Dır" for "DIE" after a drop cap); and the long s
"ſ" read as "f" ("fucht" for "ſucht", "Congrefs": books set before 1800, and Fraktur) and a
Fraktur "k" as "l" or "t" ("Direltorentonferenz" for "Direktorenkonferenz")."""

GARBLED = 3
"""Changed words no OCR misreading explains, in one near passage, from which the OCR text there
is taken as garbled rather than the quotation as changed: a misquotation changes a word or two
of a passage OCR read well (r8's "most" for "all", r10's "three" for "two")."""
_CHANGED = frozenset({DiffKind.WORD, DiffKind.SPELLING, DiffKind.NUMBER, DiffKind.SIGN})
"""Differences that change a word or a number: the kinds an OCR misreading could make."""
_CONTEXT = 8
"""Characters either side of a passage looked at for an unread glyph next to it: a few, as
a garbled region may open with a few characters that happen to read (an ad's "604-")."""


@dataclass(frozen=True, slots=True)
class ReadVerdict:
    """What a partly unreadable text says of a quotation: ``status`` (``near``, ``not_found``
    or ``inconclusive``), and a ``note`` saying why in a few words (the report's ``note``, and
    the outcome's ``partly_unreadable`` notice beside a ``near`` or ``not_found``)."""

    status: Status
    note: str | None = None


# -- OCR ---------------------------------------------------------------------------------


def ocr_misreading(quoted: str, printed: str) -> bool:
    """Whether OCR could have read ``quoted`` (what the page may show) as ``printed`` (what the
    OCR text holds): the two are the same once case, accents, punctuation and spaces are set
    aside and known confusions of shape (``CONFUSIONS``) applied, but for at most one
    character."""
    a, b = _plain(quoted), _plain(printed)
    return a == b or _distance(a, b) <= 1


def misquoted_word(match: Match) -> Difference | None:
    """The first difference of a near match in OCR text that no OCR misreading explains: a
    changed word or number, or a negation the OCR text holds that the quotation drops or
    changes. None when every difference could be the OCR's.

    A word the quotation holds and the OCR text lacks is never evidence (OCR drops words it
    cannot read), nor a word missing from one side but a negation; touching differences (a
    space OCR dropped between two words) are judged together. Where ``GARBLED`` changed words
    or more are no misreading the OCR text there is garbled, not misquoted ("Eeairing to keep
    you posted ... you Kill tee interested to knot that to defce"): None too.
    """
    unexplained = _unexplained(match)
    return unexplained[0] if 0 < len(unexplained) < GARBLED else None


def garbled(match: Match) -> bool:
    """Whether a near match in OCR text has ``GARBLED`` changed words or more that no OCR
    misreading explains: a page OCR read badly, not a misquotation."""
    return len(_unexplained(match)) >= GARBLED


def _unexplained(match: Match) -> list[Difference]:
    found: list[Difference] = []
    for group in _touching(match.differences, match.text):
        kinds = {d.kind for d in group}
        negation = DiffKind.NEGATION in kinds and any(d.source for d in group)
        changed = bool(kinds & _CHANGED) and any(d.quote and d.source for d in group)
        if not (negation or changed):
            continue
        held = _source_words(match, group)
        printed = " ".join(held.split())  # a line break read as a space
        quoted = " ".join(d.quote for d in group if d.quote)
        if not _clean(printed):
            continue  # a printed side OCR garbled ("c0mm|ons") says nothing of the page
        if _lost_at_break(quoted, held):
            continue
        if not ocr_misreading(quoted, printed):
            found.append(Difference(quoted, printed, group[0].kind, any(d.critical for d in group)))
            if len(found) >= GARBLED:
                break
    return found


def _lost_at_break(quoted: str, held: str) -> bool:
    """Whether the OCR text ``held`` is the quotation's ``quoted`` words with letters lost at a
    line's end (and the next line's start) only: on a book's page bent towards its spine, OCR
    loses a line's curved end ("vielmehr nac" over "scheidet man" for "vielmehr nach dem Bau
    unter-" over "scheidet man"). Words the OCR text lacks are no evidence, as elsewhere."""
    if "\n" not in held:
        return False
    head, tail = (_plain(part) for part in held.split("\n", 1))
    whole = _plain(quoted)
    return len(head) + len(tail) < len(whole) and whole.startswith(head) and whole.endswith(tail)


def ocr_verdict(
    result: CheckResult,
    layer: str | None = None,
    nearest: Match | None = None,
    pages: Sequence[int] = (),
) -> ReadVerdict:
    """A miss in OCR text: ``near`` when a difference cannot be OCR's, else ``inconclusive``.

    ``layer`` is the checked text when it is a scan's own OCR layer (not Tesseract's reading),
    whose quality then settles what its words cannot (``layer_reads``), with its ``pages``'
    starts; ``nearest`` is the closest passage to a quotation not found, looked for down to the
    OCR line (the service's 0.5 similarity): None when nothing came that near.
    """
    if layer is not None:
        settled = _layer_verdict(result, layer, nearest, pages)
        if settled is not None:
            return settled
    if result.status is not Status.NEAR or not result.matches:
        return ReadVerdict(Status.INCONCLUSIVE)
    word = misquoted_word(result.matches[0])
    if word is None and garbled(result.matches[0]):
        return ReadVerdict(
            Status.INCONCLUSIVE,
            f"the OCR text there is garbled: {GARBLED} words or more differ beyond misreadings",
        )
    if word is None:
        misread = _first_changed(result.matches[0])
        if misread is None:
            return ReadVerdict(Status.INCONCLUSIVE)
        return ReadVerdict(
            Status.INCONCLUSIVE,
            f"OCR may have misread {misread.quote!r} as {misread.source!r}",
        )
    if not word.quote:
        return ReadVerdict(
            Status.NEAR, f"the OCR text's {word.source!r} is no misreading; the quotation drops it"
        )
    return ReadVerdict(Status.NEAR, f"no OCR misreading turns {word.source!r} into {word.quote!r}")


CLEAN = 0.03
"""Share of words that are no word (``ocr_quality.odd``: "in6nite", "difFerent", "&om") at
most, among a passage's words and ``AROUND`` either side of it, where a scan's own OCR layer
reads cleanly: 2 in 80 words (a name's initial, a lone "(a)"). Measured on the OCR layers of
eight scanned physics papers of the 1990s: 6-40% of their 100-word stretches read so, the
formulas' and the misread lines' stretches not; the r11 memo's layer has none."""
AROUND = 40
"""Words either side of a passage whose reading is judged with it."""
READS_WELL = 0.10
"""Share of a whole layer's words that are no word at most, where the layer reads well enough
that a quotation whose closest passage stands where the layer reads cleanly is absent rather
than misread: prose pages' layers read 0.00-0.09 (Science 1968, two JSTOR articles, a law
review); eight scanned physics papers of the 1990s 0.08-0.19 (four at 0.08-0.10, their
formulas' symbols and initials counted); the r11 memo's 0.24."""
MOSTLY_NOISE = 0.5
"""Share of a whole layer's words that are no word above which it is mostly noise. Below it, a
quotation that nothing in the layer comes near (no passage at the OCR line's similarity) is
absent: OCR misreads letters and words, not whole sentences. Measured: the r11 memo's printed
lines, a quarter of its layer's words no word, still score 0.66-0.97 against it; four sentences
absent from 70 papers' texts (scanned layers among them, 0.06-0.25 of their words no word)
come no nearer than 0.46."""
_PAGE_WORDS = 5
"""Words a page of the layer holds at least, where every page counts as read (a page image the
layer left empty may hold the quotation)."""


def layer_reads(text: str, start: int, end: int) -> tuple[float, int]:
    """How a scan's OCR layer reads at ``text[start:end]``: the share of the words there and
    ``AROUND`` either side that are no word, and how many words that is."""
    before = text[:start].split()[-AROUND:] if start else []
    after = text[end:].split()[:AROUND]
    return odd_share([*before, *text[start:end].split(), *after])


@lru_cache(maxsize=2)
def _whole_layer(text: str) -> float:
    """The share of a layer's words that are no word (counted once per text: a source's
    citations all ask it)."""
    return odd_share(text.split())[0]


def _layer_verdict(
    result: CheckResult, layer: str, nearest: Match | None, pages: Sequence[int]
) -> ReadVerdict | None:
    """What a scan's own OCR layer's reading settles, or None where it settles nothing."""
    if result.status is Status.NEAR and result.matches:
        match = result.matches[0]
        share, words = layer_reads(layer, match.start, match.end)
        changed = _letters_changed(match)
        if share > CLEAN or words < AROUND or changed is None:
            return None
        return ReadVerdict(
            Status.NEAR,
            f"the scan's OCR layer reads cleanly here ({share:.0%} of {words} words are no "
            "word): "
            f"its {changed.source!r} for the quotation's {changed.quote!r} is taken as printed",
        )
    if result.status is not Status.NOT_FOUND:
        return None
    share = _whole_layer(layer)
    if nearest is None:
        if share > MOSTLY_NOISE or not _every_page_read(layer, pages):
            return None
        return ReadVerdict(
            Status.NOT_FOUND,
            f"nothing in the scan's OCR layer comes near the quotation ({share:.0%} of its "
            "words are no word: OCR misreads words, not whole sentences)",
        )
    if share > READS_WELL or layer_reads(layer, nearest.start, nearest.end)[0] > CLEAN:
        return None  # the closest passage stands where the layer misreads: it may be that one
    return ReadVerdict(
        Status.NOT_FOUND,
        f"the scan's OCR layer reads well ({share:.0%} of its words are no word) and holds no "
        "passage near the quotation",
    )


def _every_page_read(layer: str, pages: Sequence[int]) -> bool:
    """Whether each page of the layer holds words (none is an image the layer left empty)."""
    starts = pages or (0,)
    ends = [*starts[1:], len(layer)]
    return all(
        len(layer[start:end].split(None, _PAGE_WORDS)) >= _PAGE_WORDS
        for start, end in zip(starts, ends, strict=True)
    )


def _letters_changed(match: Match) -> Difference | None:
    """The first changed word of a near match whose letters or digits differ from the printed
    ones (a space or a stop OCR lost or added changes none), the printed side a plain word."""
    for group in _touching(match.differences, match.text):
        if not any(d.kind in _CHANGED or d.kind is DiffKind.NEGATION for d in group):
            continue
        printed = " ".join(_source_words(match, group).split())
        quoted = " ".join(d.quote for d in group if d.quote)
        if not (quoted and printed) or any(odd(w) for w in printed.split()):
            continue  # a word OCR dropped, or read as no word: nothing to compare
        if _plain(quoted) != _plain(printed):
            return Difference(quoted, printed, group[0].kind, any(d.critical for d in group))
    return None


def _first_changed(match: Match) -> Difference | None:
    """The first critical difference with words on both sides, else the first changed word."""
    both = [d for d in match.differences if d.quote and d.source]
    return next((d for d in both if d.critical), None) or next(
        (d for d in both if d.kind in _CHANGED), None
    )


# -- unmapped fonts -----------------------------------------------------------------------


def readable_ends(quote: str, held: int) -> tuple[str, str] | None:
    """The words a quotation must show in readable text, were it to run on into unreadable
    regions holding ``held`` characters: its shortest leading and trailing runs of whole
    words with the letters the regions could not hold. None when they could hold it all."""
    words = quote.split()
    needed = _letters(quote) - held
    if needed <= 0 or not words:
        return None
    head, tail = _run(words, needed), _run(words[::-1], needed)
    return " ".join(head), " ".join(reversed(tail))


def _run(words: Sequence[str], letters: int) -> list[str]:
    taken: list[str] = []
    for word in words:
        taken.append(word)
        letters -= len(word)
        if letters <= 0:
            break
    return taken


def unmapped_verdict(
    result: CheckResult,
    quote: str,
    pages: Sequence[int],
    chars: Sequence[int],
    nearest: Match | None = None,
    ends: Sequence[Match] = (),
) -> ReadVerdict:
    """A miss in a PDF with unreadable regions on ``pages``, ``chars`` characters each (empty
    when unknown, as in a snapshot stored before they were counted).

    A quotation not found may run on into an unreadable region, leaving only its readable part
    to see: ``nearest`` is the closest passage below the near threshold (its greater part
    readable), ``ends`` where the quotation's readable ends stand (``readable_ends``: its
    lesser part readable). Either beside unreadable text leaves it inconclusive.
    """
    shown = _pages(pages)
    holds = "holds" if len(pages) == 1 else "hold"
    if result.status is Status.NEAR and result.matches:
        match = result.matches[0]
        if _readable(match, pages):
            where = _pages(_span(match))
            return ReadVerdict(
                Status.NEAR,
                f"{where} reads cleanly; {shown} {holds} unreadable text",
            )
        return ReadVerdict(
            Status.INCONCLUSIVE,
            f"the nearest passage stands on or beside unreadable text ({shown})",
        )
    if result.status is not Status.NOT_FOUND or len(chars) != len(pages):
        return ReadVerdict(Status.INCONCLUSIVE)
    held, needed = sum(chars), _letters(quote)
    if held >= needed:
        return ReadVerdict(
            Status.INCONCLUSIVE,
            f"the unreadable text of {shown} ({held} characters) could hold the quotation "
            f"({needed})",
        )
    if any(not _readable(m, ()) for m in ends):
        return ReadVerdict(
            Status.INCONCLUSIVE,
            "the quotation's first or last words stand beside unreadable text, where the rest "
            "may stand",
        )
    if nearest is not None and not _readable(nearest, ()):
        return ReadVerdict(
            Status.INCONCLUSIVE,
            "the closest passage runs into unreadable text, where the rest may stand",
        )
    return ReadVerdict(
        Status.NOT_FOUND,
        f"the unreadable text of {shown} ({held} characters) is too short for the "
        f"quotation ({needed})",
    )


def _readable(match: Match, pages: Sequence[int]) -> bool:
    """Whether a passage stands off the unreadable pages, with no unread glyph in or beside it."""
    if any(page in pages for page in _span(match)):
        return False
    near = match.before[-_CONTEXT:] + match.text + match.after[:_CONTEXT]
    return not has_unreadable(near)


def _span(match: Match) -> range:
    first = match.page_start
    if first is None:
        return range(0)
    return range(first, (match.page_end or first) + 1)


def _pages(pages: Sequence[int]) -> str:
    numbers = list(pages)
    if not numbers:
        return "no page"
    shown = ", ".join(str(p) for p in numbers[:10]) + (", ..." if len(numbers) > 10 else "")
    return f"page {shown}" if len(numbers) == 1 else f"pages {shown}"


def _letters(text: str) -> int:
    return sum(1 for ch in text if not ch.isspace())


# -- word comparison ----------------------------------------------------------------------


def _touching(differences: Sequence[Difference], text: str = "") -> list[list[Difference]]:
    """Differences in runs whose source words touch, or stand a space apart (two words OCR ran
    together, "mayalso"; a word it split, "au thor")."""
    runs: list[list[Difference]] = []
    for diff in differences:
        last = runs[-1][-1] if runs else None
        if (
            last is not None
            and last.source_end is not None
            and diff.source_start is not None
            and last.source_end <= diff.source_start
            and not text[last.source_end : diff.source_start].strip()
        ):
            runs[-1].append(diff)
        else:
            runs.append([diff])
    return runs


def _source_words(match: Match, group: Sequence[Difference]) -> str:
    start, end = group[0].source_start, group[-1].source_end
    if start is None or end is None:
        return " ".join(d.source for d in group if d.source)
    return match.text[start:end]


def _clean(printed: str) -> bool:
    """Whether the OCR text's words are plain words or plain numbers, as printed words are: a
    capital after a small letter inside a word ("obtMn", "aMoms": OCR's reading of a blurred
    "ai" and "xi") is no printed word either."""
    words = printed.split()
    return bool(words) and all(
        (
            _lettered(w.strip(".,;:!?\"'()[]\u2018\u2019\u201c\u201d"))
            and not _INNER_CAPITAL.search(w)
        )
        or w.strip(".,;:!?\"'()[]%").replace(",", "").replace(".", "").isdigit()
        for w in words
    )


def _lettered(word: str) -> bool:
    """Letters, or runs of letters joined by hyphens: a compound ("thirty-eight"), or a word
    broken at a line's end ("twenty-" over "eight"), is printed words too."""
    first, *rest = word.split("-")
    return (
        first.isalpha()
        and all(part.isalpha() for part in rest[:-1])
        and (not rest or rest[-1].isalpha() or not rest[-1])
    )


_INNER_CAPITAL = re.compile(r"[a-z][A-Z]")


def _plain(text: str) -> str:
    """Case folded, accents and punctuation and spaces dropped: what OCR loses or adds freely."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    for tied, letters in _TIED:
        folded = folded.replace(tied, letters)
    return "".join(ch for ch in folded if ch.isalnum() or ch in "|!]")


_TIED = (("\u0153", "oe"), ("\u00e6", "ae"), ("\u00df", "ss"))
"""Letters OCR may read as the two they tie ("oeuvre" for "œuvre"): no accent to drop."""


@cache
def _distance(a: str, b: str) -> int:
    """Fewest single-character edits between ``a`` and ``b`` once known confusions cost
    nothing (a weighted edit distance; the words compared are short)."""
    inf = len(a) + len(b) + 1
    best = [[inf] * (len(b) + 1) for _ in range(len(a) + 1)]
    best[0][0] = 0
    for i in range(len(a) + 1):
        for j in range(len(b) + 1):
            here = best[i][j]
            if here == inf:
                continue
            if i < len(a) and j < len(b):
                cost = 0 if a[i] == b[j] else 1
                best[i + 1][j + 1] = min(best[i + 1][j + 1], here + cost)
            if i < len(a):
                best[i + 1][j] = min(best[i + 1][j], here + 1)
            if j < len(b):
                best[i][j + 1] = min(best[i][j + 1], here + 1)
            for x, y in _PAIRS.get(a[i : i + 1], ()):
                if a.startswith(x, i) and b.startswith(y, j):
                    ni, nj = i + len(x), j + len(y)
                    best[ni][nj] = min(best[ni][nj], here)
    return best[len(a)][len(b)]


def _by_first_letter() -> dict[str, tuple[tuple[str, str], ...]]:
    """Each confusion both ways, filed by the first character of the side looked for: a cell
    of the edit table tries only the few that can start there."""
    pairs: dict[str, list[tuple[str, str]]] = {}
    for seen, read in CONFUSIONS + tuple((y, x) for x, y in CONFUSIONS):
        pairs.setdefault(seen[0], []).append((seen, read))
    return {first: tuple(found) for first, found in pairs.items()}


_PAIRS = _by_first_letter()
