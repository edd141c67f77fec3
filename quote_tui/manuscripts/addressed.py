"""A block the writer addresses to the reader, not a quotation of a source.

Course texts, seminar notes and tutorials in Markdown set their tasks, questions and hints in
block quotations (``> **Aufgabe:** Erklären Sie …``, ``> Wo sind euch XML-Formate begegnet?``,
``> Bildet Kleingruppen. … Tragt Eure Gruppe ein.``): the box is a layout, and nothing in it
is anyone else's words. Asked only of a block without a citation of its own.
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.document import Block
from quote_tui.manuscripts.voice import presents_own

__all__ = ["addresses_reader", "in_box", "own_when_repeated", "writers_note"]

# A bold label opening the block, ending in a stop or colon: "**Aufgabe:**", "**Note**:",
# "**Think. Pair. Share.**" (the title of a box, as GitHub's "> [!NOTE]" is one); not a label
# that names the words a quotation ("**Zitat:**", "**Quote:**": labelled.py).
_LABEL = re.compile(
    r"(?![*_]{2}(?i:zitate?|quotes?|quotations?|citations?|citas?)\b)"
    r"[*_]{2}[^*_\n]{1,60}?(?:[.:!?][*_]{2}|[*_]{2}[^\S\n]*:)|"
    # or a callout's word, in bold, italics or plain, then a colon, a dash or the emphasis's
    # end: "> Hinweis: …", "> ACHTUNG: …", "> **Merke**  *…*", "> *Merke*: …", "> Merke
    # (Wiederholung): …", "> Achtung – Abgrenzung …:"
    r"(?:[*_]{1,2})?(?i:Hinweise?|Achtung|Merke|Merksatz|Tipps?|Tip|Note|Notiz|Info|Warnung|"
    r"Warning|Aufgabe|Zusatzaufgabe|Übung|Fragen?|Questions?|Task|Exercise|Hint|Important|"
    r"Wichtig|Beachte|Remember|Caution|Lernziele?|Ziel|Anmerkung|Todo|Beispiel|Example)"
    r"(?:[^\S\n]+\d{1,2})?(?:[^\S\n]*\([^()\n]{1,30}\))?"
    r"(?:[*_]{1,2}[^\S\n]*:?|[^\S\n]*:|[^\S\n]+[–—-][^\S\n])"
)
# Every line set in bold: a box of headings or names ("> **André Dietrich & Sebastian Zug**
# / > **TU Bergakademie Freiberg**", a title slide), not a quotation.
_BOLD_LINE = re.compile(r"(?:\*\*|__)[^*_\n]+(?:\*\*|__)[.:]?")
# German's address of a group of readers: "euch", "eure" ("ihr" is also "her" and "their",
# "gibt ihr" "gives her"), with a sentence that opens on the plural imperative ("Bildet
# Gruppen.", "Nehmt Euch …", "Tragt Eure …"). The Bible's and a speech's "euch" comes in
# sentences of their own ("Willst du aber …, die um euch her sind"); the singular "du",
# "dich", "dein" is a poem's and a song's as often.
_GROUP = re.compile(r"\b(?:euch|euer|eure[mnrs]?)\b", re.I)
_PLURAL_IMPERATIVE = re.compile(
    r"(?:^|[.!?:]\s+)[A-ZÄÖÜ][a-zäöüß]+t\b(?!\s+(?:du|er|sie|es|man|ihr)\b)(?![^.!?\n]*\?)"
)
# A source line of its own right after the block signs it ("(3. Mose 25,44f)", a name alone:
# "Marc Beise"), as a citation would.
_SOURCE_LINE = re.compile(
    r"[ \t]*\n(?:[ \t]*\n)?[ \t]*(?:\([^()\n]{2,80}\)|[—–-]*[ \t]*[A-ZÄÖÜ][\w.'’-]+"
    r"(?:[ \t]+[A-ZÄÖÜ][\w.'’-]+){1,3})[ \t]*(?:<!--[^\n]*-->)?[ \t]*(?:\n|\Z)"
)
# German's formal imperative opening a sentence: "Erklären Sie …", "Lesen Sie …" (a scene's
# "„Setzen Sie sich!“" opens on its mark, not on the verb).
_FORMAL_IMPERATIVE = re.compile(r"(?:^|[.!:]\s+)[A-ZÄÖÜ][a-zäöüß]+en\s+Sie\b(?![^.!?\n]*\?)")
# A summary of a reading, the block opening on the text it sums up with its citation: "Der
# vorliegende Text (Grüttner, 2021, S. 515) behandelt …", "This chapter (Smith, 2019) argues …".
_SUMMARY = re.compile(
    r"(?:Der|Die|Das|Dieser|Diese|Dieses|This|The)\s+(?:vorliegende\s+|present\s+)?"
    r"(?:Text|Artikel|Aufsatz|Beitrag|Kapitel|Buch|Studie|text|article|chapter|book|paper|essay|"
    r"study)\s*\([^()\n]{0,60}(?:1[5-9]|20)\d\d[^()\n]{0,30}\)"
)
# A link to a resource set in a box: a bare address on a line of its own, with a title and a
# version or date and no sentence ("> TEI P5 Guidelines / > http://… / > Version 4.6.0.").
_ADDRESS_LINE = re.compile(r"<?https?://\S+>?")
_SENTENCE_END = re.compile(r"[a-zäöüß]{3,}[.!?][\"”»’]?\s*$")
_CARD_WORDS = 15
# A list item's number or bullet, and the marks and emphasis around a block's lines.
_ITEM = re.compile(r"^(?:\d{1,2}[.)]|[-*+•])\s+")
# Sentences end at a stop before a capital ("(bspw. nur ein Vorname)?" is one question).
_SENTENCE_BREAK = re.compile(r"(?<=[.!?:])\s+(?=[A-ZÄÖÜ\d])")


def addresses_reader(text: str, start: int, end: int, *, linked: bool = False) -> bool:
    """Whether the uncited block ``text[start:end]`` is the writer's word to the reader: a
    box under a bold label, questions and nothing else, directions to a group of readers in
    German's second person or its formal imperative, or a summary of a reading opening on
    the text it sums up. A block whose only citation is a link it holds (``linked``) is asked
    about its label alone: a box's link is no source of its words."""
    body = text[start:end]
    if _SOURCE_LINE.match(text, end):
        return False
    lines = [_ITEM.sub("", ln.strip(" \t>*_")) for ln in body.splitlines()]
    lines = [ln for ln in lines if ln]
    if not lines:
        return False
    raw_lines = [ln.strip(" \t>") for ln in body.splitlines() if ln.strip(" \t>")]
    if _LABEL.match(body.lstrip(" \t>")) or all(_BOLD_LINE.fullmatch(ln) for ln in raw_lines):
        return True
    if linked:
        return False
    if _SUMMARY.match(body.lstrip(" \t>*_")) or _link_card(lines):
        return True
    joined = " ".join(lines)
    if _GROUP.search(body) and _PLURAL_IMPERATIVE.search(joined):
        return True
    if _FORMAL_IMPERATIVE.search(joined):
        return True
    # Questions only (a line before them may announce them with a colon): the writer asks.
    sentences = [
        s.strip().rstrip(")\"”“»'’ ")
        for ln in lines
        for s in _SENTENCE_BREAK.split(ln)
        if s.strip()
    ]
    asked = [s for s in sentences if s.endswith("?")]
    rest = [s for s in sentences if not s.endswith(("?", ":"))]
    return len(asked) >= 2 and not rest


def _link_card(lines: list[str]) -> bool:
    """A bare address on a line of its own, the other lines a title, a version, a date: no
    sentence and few words."""
    rest = [ln for ln in lines if not _ADDRESS_LINE.fullmatch(ln)]
    if len(rest) == len(lines) or any(_SENTENCE_END.search(ln) for ln in rest):
        return False
    return sum(len(ln.split()) for ln in rest) <= _CARD_WORDS


# A GitHub alert's or Obsidian callout's head line ("> [!TIPP]", "> [!note]- Title"); only a
# quote or cite callout is a quotation (markdown._QUOTING_CALLOUTS).
_CALLOUT_HEAD = re.compile(r"[ \t]{0,3}>[ \t]*\[!(?P<kind>[A-Za-z-]+)\]")
_QUOTING = frozenset(("quote", "cite", "zitat"))
_BOX_LINES = 60  # a box is looked up through this many of its lines


def in_box(text: str, pos: int) -> bool:
    """Whether ``pos`` lies in a Markdown alert or callout box of the writer's own ("> [!TIPP]",
    "> [!note]", Quarto's "::: {.callout-tip}"): words in marks there are the writer's prompts,
    examples and sentence openers (“Didaktik bedeutet für mich …”), not a source's, unless a
    citation says so."""
    if _in_fenced_callout(text, pos):
        return True
    line = text.rfind("\n", 0, pos) + 1
    for _ in range(_BOX_LINES):
        if not text.startswith(">", line) and not text[line : line + 4].lstrip(" ").startswith(">"):
            return False
        head = _CALLOUT_HEAD.match(text, line)
        if head is not None:
            return head["kind"].casefold() not in _QUOTING
        if line == 0:
            return False
        line = text.rfind("\n", 0, line - 1) + 1
    return False


# Quarto's callouts are Pandoc fenced divs: "::: {.callout-tip}" … ":::" (note, tip, important,
# caution, warning: none of them a quotation).
_FENCE = re.compile(r"^[ \t]*:{3,}[ \t]*(?P<attrs>\{[^{}\n]*\}|[\w-]+)?[ \t]*$", re.M)
_CALLOUT_CLASS = re.compile(r"(?:^|[{\s.])callout(?:-[\w-]+)?\b")
_FENCE_REACH = 5_000  # a box is looked for this far back


def _in_fenced_callout(text: str, pos: int) -> bool:
    """Whether ``pos`` lies inside a fenced div of a callout class."""
    stack: list[bool] = []
    for m in _FENCE.finditer(text, max(0, pos - _FENCE_REACH), pos):
        if m["attrs"]:
            stack.append(_CALLOUT_CLASS.search(m["attrs"]) is not None)
        elif stack:
            stack.pop()
    return any(stack)


# The writer's note on the text itself, set off at its head before any of its prose: "> This
# was reworked from my first essay …", "> This post first appeared in …", "> Dieser Beitrag
# erschien zuerst …". It speaks of this text, and in the first person.
_THIS_TEXT = re.compile(
    r"\A[\s>*_]*(?:This|Dieser|Diese|Dieses|Ce|Cet|Cette)\s+(?:\w+\s+){0,2}?(?:was|is|has|wurde|"
    r"ist|erschien|war|a\s+été|est)\b|\b(?:this|the\s+present|dieser|diese[mnrs]?|vorliegende[nr]?|"
    r"ce|cet|cette)\s+(?:post|essay|article|piece|paper|page|text|note|chapter|draft|version|"
    r"entry|blog|talk|Beitrag|Artikel|Text|Aufsatz|Eintrag|Vortrag|billet|texte|article)\b",
    re.I,
)
_FIRST_PERSON = re.compile(r"\b(?:I|my|me|ich|mein\w*|mir|mich|je|j’|mon|ma|mes)\b")


def writers_note(scan: str, start: int, end: int) -> bool:
    """Whether the uncited block ``scan[start:end]`` is the writer's note on the text at its
    head: nothing but headings and front matter (blank in the text as scanned) before it, and
    words about this text in the first person."""
    if scan[:start].strip(" \t\n>"):
        return False
    body = scan[start:end]
    return bool(_THIS_TEXT.search(body)) and bool(_FIRST_PERSON.search(body))


# A block the writer opens with a quotation mark: "> “I thought his memory was …”".
_OPENS_MARKED = re.compile(r"[ \t>*_]*(?:[\"“„«»‘‚]|``)")


def own_when_repeated(text: str, scan: str, block: Block, numbered: set[int]) -> bool:
    """Whether the words of an uncited block, said again later in marks, are the writer's own.
    They are unless the writer set the block in quotation marks and extraction keeps it: then
    it is an excerpt (the passage a close reading goes through, phrase by phrase), and its
    words said again are that text's. A block the writer presents as theirs, numbers as their
    item, notes or addresses to the reader stays theirs, marks or not."""
    start, end = block.start, block.end
    if (
        presents_own(scan, start, end)
        or start in numbered
        or writers_note(scan, start, end)
        or addresses_reader(text, start, end, linked=False)
    ):
        return True
    return _OPENS_MARKED.match(text, start) is None
