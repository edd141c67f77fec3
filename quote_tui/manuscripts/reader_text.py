"""A quotation's words as its reader sees them, one path for every format.

Each reader decodes its own markup first (LaTeX's commands, Markdown's emphasis and escapes,
Word's runs); what is left is the same in every format and settled here once: the writer's
marks around the whole quotation, a citation or signature the span ran on into ("… end.
(Achebe, 1994, p. 162)", "… end.” – Peri: *Le musiche*, S. 294f.", "… end. (p4)"), and a note's
mark. The span's bounds stay as they are:
its citation is still read where it stands, only the reported words leave it out.
"""

from __future__ import annotations

import re

__all__ = ["reader_text", "settled"]


def reader_text(raw: str, kind: str, macros: dict[str, str] | None = None) -> str:
    """The words of a quotation's span ``raw`` as its reader sees them.

    Args:
        raw: the span as the manuscript writes it.
        kind: the document's kind (latex, markdown, plain, docx).
        macros: a LaTeX document's own commands without arguments and the words they stand
            for (``\\newcommand{\\punkte}{[\\ldots]}``, ``\\def\\christ{Christ}``).

    Returns:
        The text on one line: no markup, no marks around the whole, no glued citation.
    """
    if kind == "latex":
        from quote_tui.manuscripts.latex import latex_to_text

        if macros:
            raw = expand_text_macros(raw, macros)
        # a list inside the quotation: the reader sees its bullets, not "*"
        text = latex_to_text(_ITEM.sub(" ", _without_notes(raw)))
        text = _EMPTY_BRACKET.sub("[…]", text)
    elif kind in ("markdown", "plain"):
        from quote_tui.manuscripts.markdown import clean_markdown_quote

        text = clean_markdown_quote(raw)
    else:
        text = " ".join(raw.split())
    return settled(text)


# An editor's bracket left empty by a command the reader does not know ("[\punkte]", a class's
# omission mark): the reader sees an omission there.
_EMPTY_BRACKET = re.compile(r"\[\s*\]")
_MACRO_USE = re.compile(r"\\([A-Za-z]+)(?![A-Za-z])(?:\{\})?")


_ITEM = re.compile(r"\\item\b\s*(?:\[[^\]\n]{0,40}\])?")
_NOTE = re.compile(r"\\footnote(?:mark|text)?\*?\s*(?:\[[^\]]*\]\s*)?\{")


def _without_notes(raw: str) -> str:
    """``raw`` without its footnotes, however deep their braces (a note's link set in
    ``\\texttt{\\href{…}{…}}``): a note is the writer's, never the quoted words."""
    out, pos = [], 0
    for m in _NOTE.finditer(raw):
        if m.start() < pos:
            continue
        depth, i = 1, m.end()
        while i < len(raw) and depth:
            if raw[i] == "\\":
                i += 2
                continue
            depth += {"{": 1, "}": -1}.get(raw[i], 0)
            i += 1
        out.append(raw[pos : m.start()])
        pos = i
    return "".join(out) + raw[pos:] if out else raw


def expand_text_macros(raw: str, macros: dict[str, str]) -> str:
    """``raw`` with each use of a writer's own text command replaced by its words."""
    return _MACRO_USE.sub(lambda m: macros.get(m[1], m[0]), raw)


# A page typed alone or a work's place, set in brackets ("(p4)", "(44:4-5)", "(S. 12 f.)",
# "(2008b, 381)"): a citation, never the source's words, when it ends the quotation.
_PLACE = (
    r"(?:(?:pp?|S|s|Seite|págs?|ch|chap|Kap|Rn|Art|§)\.?\s*)?(?:\d+|[ivxlc]{2,})[a-z]?"
    r"(?:\s*[-–:.,/]\s*\d+[a-z]?)*\s*(?:ff?\.?)?"
)
_YEAR = r"\b(?:1[5-9]|20)\d\d[a-z]?\b"
_PAGE = r"\b(?:pp?|S|Seite|p[áa]g|ch|Kap|vol|Bd)\.?\s*\d"
# A citation in round or square brackets after the quotation's last stop: it names a year, a
# page, a section (§) or a verse, or is a place alone.
_CITED = re.compile(
    r"(?P<stop>[.!?…][\"”“»’'‘«]*|[\"”“»’'«])\s*"
    r"(?P<cite>\((?=[^()]*(?:"
    + _YEAR
    + "|"
    + _PAGE
    + r"|\d:\d|§))[^()]{2,200}(?:\([^()]*\)[^()]*)?\)"
    r"|\[(?=[^\[\]]*(?:" + _YEAR + "|" + _PAGE + r"|§))[^\[\]]{2,120}\]"
    r"|\(" + _PLACE + r"\)|pp?\.?\s?\d+(?:[-–]\d+)?)\s*[.;,]?\Z"
)
# A place alone in brackets before the last stop of a block: "… eerbaar leefden (44:4-5)."
_PLACE_BEFORE_STOP = re.compile(r"\s+\(" + _PLACE + r"\)(?P<stop>[.!?])\Z")
# A signature after the last stop: a dash, then a name ("-Steve Jobs") or an author and work
# ("– Jacopo Peri: Le musiche …, Florenz 1601, S. 294f.").
_SIGNATURE = re.compile(
    r"(?P<stop>[.!?…][\"”“»’'«]*|[\"”“»’'«])\s*(?:-{1,3}|[–—―])\s*"
    r"(?P<who>[A-ZÀ-ÖØ-Þ(*_][^\n]{1,200})\Z"
)


def _signature(who: str) -> bool:
    """A name, or a work and its author ("A Designer's Art by Paul Rand"), or an author with
    the work's place: capitalised words mostly, no sentence of its own."""
    who = who.strip("*_() ")
    if re.search(r":|" + _YEAR + "|" + _PAGE, who):
        return True
    words = re.findall(r"[^\W\d_][\w'’.-]*", who)
    capitals = sum(w[0].isupper() for w in words)
    return (
        0 < len(words) <= 10
        and 2 * capitals > len(words)
        and not re.search(r"(?<!\b[A-Z])[.!?]\s+\S|[!?]$", who)
        and not (len(words) > 1 and who.endswith(".") and not re.search(r"\b\w\.$", who))
    )


def _without_glued_source(text: str) -> str:
    """The quotation without a citation or signature its span ran on into: the last one only
    (a source's own citation may stand before it: "… ‘strong beliefs’ (Parfit 1984, 200).
    (p307)")."""
    m = _CITED.search(text)
    if m and _WORD_ENDS.search(text, 0, m.start() + 1) and _words_before(text, m.start()):
        return text[: m.end("stop")].rstrip()
    m = _SIGNATURE.search(text)
    if m and _signature(m["who"]) and _words_before(text, m.start()):
        return text[: m.end("stop")].rstrip()
    m = _PLACE_BEFORE_STOP.search(text)
    if m and _words_before(text, m.start()):
        return text[: m.start()] + m["stop"]
    return text


# The stop before a citation ends a word, a bracket or a mark, not an abbreviation ("on p. 12.").
_WORD_ENDS = re.compile(r"(?:\w\w|[\"”’»)\]…])[.!?…]?\Z")


def _words_before(text: str, end: int) -> bool:
    return len(re.findall(r"\w+", text[:end])) >= 3


# The marks a writer sets around a quotation, the marks that close each, and those that open a
# nested pair of the same kind (counted so that "„A“ und „B“" is two quotations, not one).
_CLOSERS = {
    "“": "”", "„": "“”", "«": "»", "»": "«", '"': '"', "‘": "’", "‚": "‘’", ",,": "“”\"", "'": "'",
}  # fmt: skip
_OPENERS = ("„", "“", "«", "»", '"', "‘", "‚", "'")
_STOPS = ".,;:!?…"
# A single mark that opens or closes inside the words, not an apostrophe between letters
_SINGLE = {"‘": r"‘|’(?!\w)", "'": r"(?<!\w)'(?=\w)|(?<=[\w.,!?])'(?!\w)", "‚": r"‚|[‘’](?!\w)"}


def _opener(text: str) -> str | None:
    if text.startswith(",,"):
        return ",,"  # „ typed as two commas
    return text[0] if text[:1] in _OPENERS else None


def _closes_at_end(text: str, opener: str) -> int | None:
    """Where the mark that pairs with ``opener`` (at 0) stands when it ends the text (a stop may
    follow); None when it closes before the end, or the end holds no closing mark."""
    end = len(text)
    while end > 0 and text[end - 1] in _STOPS:
        end -= 1
    if opener in (",,", '"', "“") and text.endswith("''", 0, end):
        last = end - 2  # closed as LaTeX and typed quotations close: ''
    elif end > len(opener) and text[end - 1] in _CLOSERS[opener]:
        last = end - 1
    else:
        return None
    if last < len(opener):
        return None
    inner = text[len(opener) : last]
    if opener == ",,":
        return None if re.search(r"\"|,,|''|[“”]", inner) else last
    if opener == '"':
        return None if '"' in inner else last
    if opener in ("‘", "'"):
        # a closing single mark is an apostrophe too ("the writers’ words")
        return None if re.search(_SINGLE[opener], inner) else last
    depth = 1
    for ch in inner:
        if ch == opener:
            depth += 1
        elif ch in _CLOSERS[opener]:
            depth -= 1
            if depth == 0:
                return None
    return last


# An apostrophe for letters left out, not an opening mark: 'Tis, 'twas, 'em, 'n'
_ELIDED = re.compile(r"['’](?:[Tt](?:is|was|were|would)|em|n)\b")


def _without_outer_marks(text: str) -> str:
    """The quotation without the writer's marks around the whole of it."""
    if text.startswith("(") and text.endswith(")") and text.count("(") == 1:
        inner = text[1:-1].strip()
        if (opener := _opener(inner)) and _closes_at_end(inner, opener) is not None:
            text = inner  # ("the stupid content tracker"): a gloss's brackets and marks
    opener = _opener(text)
    if opener is not None:
        last = _closes_at_end(text, opener)
        if last is not None:
            close = 2 if text.startswith("''", last) else 1
            return (text[len(opener) : last] + text[last + close :]).strip()
        rest = text[len(opener) :]
        closing = _SINGLE.get(opener) or "[" + re.escape(_CLOSERS[opener]) + "]"
        if not re.search(closing, rest) and "''" not in rest and not _ELIDED.match(text):
            return rest.lstrip()  # opened, never closed: the mark is the writer's
    # closed, never opened: "… authorial identity.”"
    if text[-1:] in ("”", '"', "»", "“") and not any(
        o in text[:-1] for o in (*_OPENERS, ",,") if text[-1] in _CLOSERS[o]
    ):
        text = text[:-1].rstrip()
    return text


# A note's mark ("[^3]", LiaScript's "[^Freund, S. 25]") names a note, not the source's words.
_NOTE_MARK = re.compile(r"\s*\[\^[^\]\n]{1,80}\]")


def settled(text: str) -> str:
    """Text one reader decoded, settled as every format needs: see the module's words."""
    text = _NOTE_MARK.sub("", text)
    text = " ".join(text.split())
    if not text:
        return text
    return _without_outer_marks(_without_glued_source(text))
