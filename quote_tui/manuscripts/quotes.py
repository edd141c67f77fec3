"""Finding quotations in running text: every common pair of quotation marks.

Straight and curly double quotes, „…“ and „…” (German, Polish), «…» and »…«, LaTeX ``…'',
and single curly quotes ‘…’ / ‚…‘ where they are not apostrophes. A quotation crosses a
paragraph break (a blank line) only where a writer broke its paragraph inside it (see
``_goes_on``); an opening mark that never closes is dropped. A quotation
nested in another is reported as well, with ``parent`` pointing at the outer one.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["EDITOR_BRACKET", "QuoteSpan", "count_words", "find_quotes", "has_words"]

# Chinese and Japanese are written without spaces: each ideograph or kana counts as a word.
# A URL (a link's target, a bare address) is no words at all.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# German gender forms are one word: Vetospieler:innen, Lehrer*innen, Student_innen, Autor/in.
# A LaTeX command's name (\emph, \foreignlanguage) and a Pandoc span's attributes
# ([…]{lang=en}) are markup, no words of the quotation.
_WORD = re.compile(
    r"(?P<markup>\]\([^)\s]*\)|<?https?://[^\s<>\"]+|\\[A-Za-z]+|\]\{[^{}\n]*\})"
    r"|[" + _CJK + r"]|[^\W_" + _CJK + r"]+"
    r"(?:['’\-][^\W_" + _CJK + r"]+)*(?:[:*_/·](?:innen|in|en|e|r)\b)?"
)
_PARAGRAPH_BREAK = re.compile(r"\n[ \t>]*\n")
_QUOTE_CHARS = '”“»«’‘‚„"›‹'
_MARKS = re.compile(f"[{_QUOTE_CHARS}']")
_LATEX_MARKS = re.compile(f"[{_QUOTE_CHARS}`']")

# opening mark -> closing marks that end it
_PAIRS: dict[str, tuple[str, ...]] = {
    # A curly mark closed by a straight one, or the other way round (“…" and "…”): text pasted
    # from another program, or typed where autocorrect was on for one mark and off for the other.
    "“": ("”", '"'),
    # In LaTeX with German babel, `` prints the German closing “: „…`` is a pair, as is ‚…`.
    # A straight mark closes it where the writer's keyboard has no “ (R Markdown's „…\").
    "„": ("“", "”", "``", '"'),
    # Two commas typed for „ (a T1 font's ligature in German LaTeX, a habit in Word): closed by
    # whatever the writer typed for “.
    ",,": ("“", "”", "``", "''", '"'),
    "<<": (">>",),
    "«": ("»",),
    "»": ("«",),
    # Single guillemets: German ›…‹ (inside »…«), Swiss and French ‹…›.
    "‹": ("›",),
    "›": ("‹",),
    # ``…" closes with a straight mark where '' was meant (a common slip, as ``…' is).
    "``": ("''", "”", '"'),
    "''": ("''",),
    '"': ('"', "”"),
    "‘": ("’",),
    "‚": ("‘", "’", "`"),
    # British usage: straight single marks around quotations ('...'), told from apostrophes
    # (it's, the dogs' bowls) by the letters on either side.
    "'": ("'",),
    # LaTeX's single quotation `...', as British usage writes quotations.
    "`": ("'", "’"),
}
# Quotations open at once, at most. Real prose nests three or four deep; a closing mark searches
# the open ones, so a paragraph of tens of thousands of unclosed marks (a damaged or hostile
# file) made every closer a pass over all of them.
_MAX_OPEN = 64

_DOUBLE = frozenset({"“", "„", "«", "»", "``", '"', ",,", "<<", "''"})
# Two commas open a quotation before a word, never after a letter or another comma.
_COMMAS = re.compile(r"(?<![,\w]),,(?=[^\s,])")
# Guillemets typed as two angle brackets, <<…>> (Italian and French writers whose keyboard has
# no « », as a LaTeX T1 font prints them): they open before a word and close after one, never
# inside an arrow, a shift or a run of brackets, nor around a cross-reference's id
# (AsciiDoc's and Markdown extensions' <<fig:setup>>, <<intro,the introduction>>).
_ANGLES_OPEN = re.compile(r"(?<![<\w=-])<<(?=[^\s<=-])(?![\w:.#/-]+(?:,|>>))")
_ANGLES_CLOSE = re.compile(r"(?<=[^\s>=-])>>(?![>\w=])")


@dataclass(frozen=True, slots=True)
class QuoteSpan:
    """A quotation: ``start:end`` is the quoted text between the marks.

    Attributes:
        start: first character after the opening mark.
        end: the closing mark's offset.
        close_end: just after the closing mark.
        mark: the opening mark.
        parent: index (in the returned tuple) of the quotation this one is nested in.
    """

    start: int
    end: int
    close_end: int
    mark: str
    parent: int | None = None


def count_words(text: str) -> int:
    """Words in a quotation (letters/digits, with inner apostrophes and hyphens)."""
    return sum(1 for m in _WORD.finditer(text) if m.lastgroup != "markup")


def has_words(text: str, start: int, end: int, count: int) -> bool:
    """Whether ``text[start:end]`` holds at least ``count`` words (as ``count_words`` counts).

    It stops at the count and copies nothing, so testing thousands of nested spans of one long
    text costs little; counting every word of each span was quadratic.
    """
    if count <= 0:
        return True
    words = (m for m in _WORD.finditer(text, start, end) if m.lastgroup != "markup")
    return any(n >= count for n, _ in enumerate(words, start=1))


def _is_letter(ch: str) -> bool:
    return ch.isalnum()


def _ends_low(text: str, i: int, prev: str, nxt: str) -> bool:
    """Whether the straight " at ``i``, after words and before a space, a line's end or a stop,
    closes a „… typed with it (German babel's shorthands are "a, "-, "=, "~, "|, "`, "', never
    " alone). Not when the „… closes with its own mark further on: the " ends an inner
    quotation typed straight."""
    if prev.isspace() or not (nxt.isspace() or nxt in ".,;:!?)"):
        return False
    ahead = _LOW_CLOSER.search(text, i + 1, i + 600)
    return ahead is None or ahead.group() not in ("“", "``")


_LOW_CLOSER = re.compile(r"“|``|\n[ \t]*\n")


# An editor's bracket in the words, an insertion or an ellipsis ("[collaborative] thinking",
# "[D]er verlassene Rest", "die […] Birne"): the writer changed someone's words, so they are
# quoted, whatever cue presents them (25 of 26 such short phrases in the labelled sets). Not a
# link's text, a note, a number cited in brackets or a Pandoc span ([words]{lang=en}).
EDITOR_BRACKET = re.compile(r"\[(?:\.\.\.|…|[^\W\d_][^\[\]\n@^|]{0,40}?)\\?\](?![(\[:{])")


def find_quotes(
    text: str, *, min_words: int = 4, latex: bool = False, note_marks: Sequence[int] = ()
) -> tuple[QuoteSpan, ...]:
    """Every quotation of at least ``min_words`` words in ``text``, in order of opening.

    Args:
        text: the text; regions to skip (code, comments) should already be blanked out.
        min_words: shorter quotations (scare quotes, titles of one word) are skipped.
        latex: also read ``…'' pairs.
        note_marks: where note marks stand that the text does not hold (a Word document's
            footnote references), in order: an unclosed quotation may end at one.

    Returns:
        The quotations, outer before inner.
    """
    found: list[tuple[int, int, int, str, int]] = []  # start, end, close_end, mark, depth
    stack: list[tuple[str, int]] = []  # (mark, start of quoted text)
    breaks = {m.start() for m in _PARAGRAPH_BREAK.finditer(text)}
    n = len(text)
    # Only quotation marks and paragraph breaks matter: visit those positions, in order, rather
    # than every character (a Python loop over each character of a 20 MB text took 15 s).
    marks = _LATEX_MARKS if latex else _MARKS
    commas = {m.start() for m in _COMMAS.finditer(text)}
    angles, closes = set(), set()
    if "<<" in text:
        angles = {m.start() for m in _ANGLES_OPEN.finditer(text)}
        closes = {m.start() for m in _ANGLES_CLOSE.finditer(text)}
    positions = sorted(
        breaks.union(m.start() for m in marks.finditer(text)).union(commas, angles, closes)
    )
    skip_to = 0
    # LaTeX openings left unclosed, with where their quotation must have ended at the latest.
    stray: list[tuple[int, int]] = []
    unclosed: list[tuple[int, int]] = []  # other double openings left open, to the paragraph's end
    for i in positions:
        if i < skip_to:
            continue
        if i in breaks and not _goes_on(text, stack, i):
            _outer_of_stray(text, stack, found)
            stray.extend((start, i) for mark, start in stack if mark == "``")
            unclosed.extend((start, i) for mark, start in stack if mark in _UNCLOSED)
            stack.clear()
        ch = text[i]
        two = text[i : i + 2]
        prev = text[i - 1] if i else " "
        if i in commas or i in angles:
            _open(stack, (",," if i in commas else "<<", i + 2))
            skip_to = i + 2
            continue
        if i in closes:
            if any(m == "<<" for m, _ in stack):
                _close(stack, ">>", found, i, i + 2)
                skip_to = i + 2
            continue
        if two == "''" and stack and stack[-1][0] == ",,":
            _close(stack, "''", found, i, i + 2)
            skip_to = i + 2
            continue
        if latex and two in ("``", "''"):
            if two == "''" and _close(stack, "''", found, i, i + 2):
                skip_to = i + 2
                continue
            if (
                two == "``"
                and any(m == "„" for m, _ in stack)
                and _close(stack, "``", found, i, i + 2)
            ):
                skip_to = i + 2
                continue
            if two == "``":
                # A quotation inside a LaTeX one opens with a single `: a second `` means the
                # first was closed by a single ' (a typo), not that it goes on. Right after
                # the first (````Ooh!'' she said''), it opens a quotation that opens the outer.
                if stack and stack[-1][0] == "``" and stack[-1][1] != i:
                    stray.append((stack.pop()[1], i))
                _open(stack, ("``", i + 2))
                skip_to = i + 2
                continue
        nxt = text[i + 1] if i + 1 < n else " "
        if latex and ch == "`":
            if any(m == "‚" for m, _ in stack):
                _close(stack, "`", found, i, i + 1)
            elif prev != "\\" and _opens_straight(prev, nxt):
                _open(stack, ("`", i + 1))  # British `...' (not the accent command \`e)
            continue
        if latex and ch == "'" and any(m == "`" for m, _ in stack):
            if not (_is_letter(prev) and _is_letter(nxt)) and not prev.isspace():
                _close(stack, "'", found, i, i + 1)
            continue
        if latex and ch == '"' and prev == "\\" and (nxt.isalpha() or nxt == "{"):
            continue  # an umlaut (G\"odel, \"{o}), not a mark
        if (
            latex
            and ch == '"'
            and any(m == "„" for m, _ in stack)
            and not _ends_low(text, i, prev, nxt)
        ):
            continue  # German babel's shorthands ("-, "~, "|) inside „…“, never its close
        if two == "''" and not latex:
            # Two apostrophes typed for a double mark, opening and closing alike (''…'', a
            # habit of writers without curly marks in Portuguese and Spanish texts)
            if stack and stack[-1][0] == "''" and not prev.isspace():
                _close(stack, "''", found, i, i + 2)
                skip_to = i + 2
                continue
            after = text[i + 2 : i + 3]
            if (prev.isspace() or prev in "([_*>") and after and not after.isspace():
                _open(stack, ("''", i + 2))
                skip_to = i + 2
                continue
        if ch == "'" and not latex:
            if not _try_close_straight(stack, found, i, prev, nxt) and _opens_straight(prev, nxt):
                _open(stack, (ch, i + 1))
            continue
        if ch in _QUOTE_CHARS:
            if _try_close(stack, ch, found, i, prev, nxt, text[i + 1 : i + 3]):
                continue
            if _opens(ch, prev, nxt, "" if stack else text[i + 2 : i + 3]):
                _open(stack, (ch, i + 1))
    _outer_of_stray(text, stack, found)
    if latex:
        stray.extend((start, n) for mark, start in stack if mark == "``")
        found.extend(_single_closed(text, stray))
    unclosed.extend((start, n) for mark, start in stack if mark in _UNCLOSED)
    found.extend(_closed_by_citation(text, unclosed, note_marks))
    found.sort(key=lambda f: (f[0], -f[1]))
    out: list[QuoteSpan] = []
    open_idx: list[int] = []
    for start, end, close_end, mark, _depth in found:
        # Markdown's escaped closing mark (R Markdown's „…\"): the backslash is no word of it.
        if not latex and end > start and text[end - 1] == "\\" and text[end] == '"':
            end -= 1
        while open_idx and out[open_idx[-1]].close_end <= start:
            open_idx.pop()
        parent = open_idx[-1] if open_idx else None
        if has_words(text, start, end, min_words):
            out.append(QuoteSpan(start, end, close_end, mark, parent))
            open_idx.append(len(out) - 1)
    return tuple(out)


# A single ' that may close a LaTeX `` by mistake: after a letter or a stop, before a space, a
# stop, a tie or a command; "dogs' bowls" is a plural's apostrophe and closes nothing.
_SINGLE_CLOSE = re.compile(r"(?<=[^\Ws]|[.,;:!?])'(?=[\s.,;:!?)~\\]|$)")
# ...or any single ' right before the quotation's citation (``... `history plays' ~\cite{x}).
_SINGLE_BEFORE_CITE = re.compile(r"(?<=\S)'(?=[\s~]*(?:\\[A-Za-z]*cite|\(|\[))")


def _single_closed(text: str, stray: list[tuple[int, int]]) -> list[tuple[int, int, int, str, int]]:
    """LaTeX quotations opened with `` and closed with a single ' (``the cat sat'): each ends
    at its first such mark, so it neither disappears nor takes the rest of the paragraph."""
    out: list[tuple[int, int, int, str, int]] = []
    for start, limit in stray:
        m = _SINGLE_BEFORE_CITE.search(text, start, limit) or _SINGLE_CLOSE.search(
            text, start, limit
        )
        if m is not None:
            out.append((start, m.start(), m.end(), "``", 0))
    return out


_UNCLOSED = frozenset({"“", "„", "«", '"'})
# A citation ending the sentence that an unclosed quotation runs into: a LaTeX cite, a Pandoc
# key, an author-date parenthesis or a number in brackets, then the full stop.
_CITATION_ENDS = re.compile(
    r"\s*~?(?:\\\w*cite\w*\*?(?:\[[^\]]*\]){0,2}\{[^{}]*\}|\[-?@[^\[\]]+\]"
    r"|\([^()]{0,80}\b(?:1[5-9]|20)\d\d[a-z]?\b[^()]{0,40}\)|\[\d{1,4}(?:[-–,]\s*\d{1,4})*\])"
    r"\s*[.!?]"
)
_MAX_UNCLOSED = 600  # the longest quotation read up to a citation when its mark never closes


def _closed_by_citation(
    text: str, unclosed: list[tuple[int, int]], note_marks: Sequence[int] = ()
) -> list[tuple[int, int, int, str, int]]:
    """Quotations whose closing mark the writer forgot: '"unnaturally large breasts, ... and
    visible nipples \\cite{waern2005}.' ends where the citation closing its sentence begins;
    „… nicht Freibier[7] wurde versucht' and „… ernste Konkurrenz.[8] Durchaus' end at the
    note mark set where the closing mark belongs (in the same sentence, no mark between).
    Without such a citation the mark opened nothing a reader can bound."""
    out: list[tuple[int, int, int, str, int]] = []
    for start, limit in unclosed:
        stop = min(limit, start + _MAX_UNCLOSED)
        ends = [m.start() for m in _CITATION_ENDS.finditer(text, start, stop)]
        ends += [m.start() for m in _NOTE_MARK.finditer(text, start, stop)]
        k = bisect_left(note_marks, start)
        if k < len(note_marks) and note_marks[k] < stop:
            ends.append(note_marks[k])
        for end in sorted(ends):
            while end > start and text[end - 1] in " \t":
                end -= 1  # "Konkurrenz. [8]": the sentence's stop, then the mark
            if _DOUBLE_MARK.search(text, start, end) or re.search(r"[.!?]\s", text[start:end]):
                break
            if end > start:
                out.append((start, end, end, text[start - 1], 0))
            break
    return out


# A note's mark in the text: Markdown's [^7], LaTeX's \footnote
_NOTE_MARK = re.compile(r"\[\^[^\]\s]+\](?!:)|\\footnote\b")


_DOUBLE_MARK = re.compile('[“”„«»"]')


def _outer_of_stray(
    text: str, stack: list[tuple[str, int]], found: list[tuple[int, int, int, str, int]]
) -> None:
    """A double mark opened inside an open one of the same kind in the same sentence, the outer
    never closed in its paragraph („Versionsverwaltung liegt ein „Client-Server-System
    zugrunde.“): the inner one was the slip (German nests ‚…‘ inside „…“), so the quotation runs
    from the outer mark. Across a sentence end the outer one is the slip, its closing mark
    forgotten („Open Source-Programme … Konkurrenz. Durchaus … „Microsoft Office“)."""
    for depth in range(len(stack) - 1, -1, -1):
        mark, start = stack[depth]
        if mark not in ("„", "“", "«", "»"):
            continue
        first = None
        k = len(found) - 1
        while k >= 0 and found[k][0] > start:  # what closed since the outer mark opened
            if found[k][4] == depth + 1:
                first = k
            k -= 1
        if (
            first is not None
            and found[first][3] == mark
            and found[first][0] - start <= _STRAY_REACH
            and not _SENTENCE_END.search(text, start, found[first][0])
        ):
            found[first] = (start, found[first][1], found[first][2], mark, depth)
            del stack[depth:]
            return


_STRAY_REACH = 200  # the farthest a slipped second opening mark stands from the first
_SENTENCE_END = re.compile(r"[.!?]\s")


def _goes_on(text: str, stack: list[tuple[str, int]], at: int) -> bool:
    """Whether the one quotation open at the paragraph break ``at`` goes on in the next
    paragraph: its curly opening mark is still open, and the next paragraph's first double
    mark closes it ("For example, “Some" ¶ "states share ... [2]” So as it is": Enter pressed
    inside a quotation in Word). The next paragraph opening a quotation of its own, or having
    no mark, ends it as before."""
    if len(stack) == 1 and _opens_paragraph(text, stack[0][1]):
        return _closed_ahead(text, stack[0][0], at)
    if len(stack) != 1 or stack[0][0] not in ("“", "„"):
        return False
    nxt = _PARAGRAPH_BREAK.search(text, at + 1)
    m = _DOUBLE_MARK.search(text, at + 1, nxt.start() if nxt else len(text))
    if m is None or m[0] not in _PAIRS[stack[0][0]] or text[m.start() - 1].isspace():
        return False
    return m[0] != "“" or text[m.start() + 1 : m.start() + 2].isspace() or m.end() == len(text)


# A quotation set as paragraphs of its own (a list of criteria, numbered, its mark opening the
# first paragraph and closing the last) is read this far ahead for its closing mark.
_QUOTED_PARAGRAPHS = 8
_PARAGRAPH_OPENS = re.compile(r"(?:\A|\n[ \t>]*\n)[ \t>]*\Z")


def _opens_paragraph(text: str, start: int) -> bool:
    """Whether the quotation whose text starts at ``start`` opens its paragraph with its mark."""
    return start >= 1 and bool(_PARAGRAPH_OPENS.search(text, max(0, start - 40), start - 1))


def _closed_ahead(text: str, mark: str, at: int) -> bool:
    """Whether a double mark that closes ``mark`` ends one of the next paragraphs, with no other
    double mark before it: the quotation opened a paragraph and goes on over the next ones
    ("Contestation ¶ 1. The executive … ¶ 3. A majority … vote" [@boix, 1530])."""
    pos = at + 1
    for _ in range(_QUOTED_PARAGRAPHS):
        nxt = _PARAGRAPH_BREAK.search(text, pos)
        stop = nxt.start() if nxt else len(text)
        m = _DOUBLE_MARK.search(text, pos, stop)
        if m is not None:
            after = text[m.end() : m.end() + 1]
            return (
                m[0] in _PAIRS[mark]
                and not text[m.start() - 1].isspace()
                and (not after or not after.isalnum())
            )
        if nxt is None:
            return False
        pos = nxt.end()
    return False


def _open(stack: list[tuple[str, int]], item: tuple[str, int]) -> None:
    if len(stack) >= _MAX_OPEN:
        del stack[0]  # the oldest unclosed mark is the least likely to close
    stack.append(item)


def _opens_straight(prev: str, nxt: str) -> bool:
    """A straight single mark opens a quotation after a space, bracket or dash, before a word
    (or an ellipsis, an inner mark, emphasis); before a digit it is an elision ('70s)."""
    if _is_letter(prev) or prev in ".,;:!?'":
        return False
    return nxt.isalpha() or nxt in '"“*_[(.…'


def _try_close_straight(
    stack: list[tuple[str, int]],
    found: list[tuple[int, int, int, str, int]],
    i: int,
    prev: str,
    nxt: str,
) -> bool:
    if _is_letter(prev) and _is_letter(nxt):
        return True  # an apostrophe inside a word (it's)
    if prev.isspace() or not any(m == "'" for m, _ in stack):
        return False
    if _is_letter(nxt):
        return False
    return _close(stack, "'", found, i, i + 1)


def _starts_quoted(ch: str) -> bool:
    """A quotation's first character after a space typed inside its opening mark: a letter, a
    digit, or an editor's bracket ("[N]o proposition …")."""
    return ch.isalnum() or ch == "["


def _opens(ch: str, prev: str, nxt: str, after: str = "") -> bool:
    if ch in ("”", "’"):
        return False
    if ch in ('"', "“", "„") and nxt in " \t" and prev in "\n " and _starts_quoted(after[:1]):
        # a space typed inside the opening mark, nothing open yet: '" Alignment is …"', '“
        # [The] role of …”' (the caller asks only when no quotation is open)
        return True
    if nxt.isspace() and ch not in ("«", "‹"):  # French sets « guillemets » off with spaces
        return False
    if ch in ('"', "‘", "‚", "»", "›"):
        # an opening straight quote or single mark follows a space, a bracket or a dash
        return not _is_letter(prev) and prev not in ".,;:!?"
    return ch in _PAIRS


# A Pandoc citation or note mark right after a straight mark: "[@key", "[-@key", "[^1]".
_CITATION_OPENS = frozenset(("[@", "[-", "[^"))


def _try_close(
    stack: list[tuple[str, int]],
    ch: str,
    found: list[tuple[int, int, int, str, int]],
    i: int,
    prev: str,
    nxt: str,
    after: str = "",
) -> bool:
    if ch == "’" and _is_letter(prev) and _is_letter(nxt):
        return True  # an apostrophe inside a word (don’t): consumed, not a mark
    if _closes_mixed(stack, ch, prev, nxt):
        mark, start = stack.pop()
        found.append((start, i, i + 1, mark, len(stack)))
        return True
    if ch in ("’", "‘") and not any(m in ("‘", "‚") for m, _ in stack):
        return ch == "’"  # a stray right single mark is an apostrophe (the dogs’ bowls)
    if (
        ch == '"'
        and (prev.isspace() or prev in "([{")
        and not (nxt.isspace() or nxt in "().,;:!?")
        and not (prev.isspace() and after[:2] in _CITATION_OPENS)
    ):
        return False  # looks like an opener: ("agency") inside a quotation opens a nested one
    # (a space typed inside the closing mark closes before a citation: '… Platz zu machen.
    # "(Kramper, 2010:8)', '… other kinds of models. "[@cox1995]', '… "[^3]')
    if ch == "»" and not any(m == "«" for m, _ in stack):
        return False
    if ch == "›" and not any(m == "‹" for m, _ in stack):
        return False
    return _close(stack, ch, found, i, i + 1)


def _closes_mixed(stack: list[tuple[str, int]], ch: str, prev: str, nxt: str) -> bool:
    """Marks a writer mixed up, placed as a closing mark (after the quotation's last letter or
    stop, before a space or a stop) and closing the innermost open quotation: “…“ (German
    writers typing the English opening mark, whose closing „…“ looks the same), and ‘…” (a
    single opening closed with a double, where no double quotation is open). A “ between
    spaces closes an open “ too: Word's autocorrect makes a " typed after a space an opening
    mark, so a writer who leaves a space before the close gets “…lifeworld “ (McClean, 2020);
    standing alone (a space or a stop after it), that mark could open nothing."""
    alone = prev.isspace() and (nxt.isspace() or nxt in ".,;:!?)")
    if ch == "“" and alone and stack and stack[-1][0] == "“":
        return True
    if not stack or prev.isspace() or prev in "([{" or _is_letter(nxt):
        return False
    mark = stack[-1][0]
    if ch == "“":
        return mark == "“"
    if ch == "”":
        return mark == "‘" and not any(m in _DOUBLE for m, _ in stack)
    return False


def _close(
    stack: list[tuple[str, int]],
    closer: str,
    found: list[tuple[int, int, int, str, int]],
    i: int,
    close_end: int,
) -> bool:
    for depth in range(len(stack) - 1, -1, -1):
        mark, start = stack[depth]
        if closer in _PAIRS[mark]:
            # A double closer may end a double quotation past an unclosed single one, never
            # the other way round.
            if depth != len(stack) - 1 and mark not in _DOUBLE:
                return False
            del stack[depth:]
            found.append((start, i, close_end, mark, depth))
            return True
    return False
