"""Evidence that words in marks are a source's, as a careful reader weighs it.

A reader takes an uncited span in quotation marks as a quotation when something says whose
words they are: a verb of saying or an attribution in its sentence ("Jan Kott, who declared
that", "formuliert die WHO:", "according to", "so Luhmann"), a note address right after it,
an ellipsis or an editor's brackets inside it ("[...]", "[Lear]"), or a page after it.
Without any of these, a span in marks is far more often the writer's own: a term, a scare
quote, a title, an example. Measured on six labelled sets of real manuscripts
(docs/manuscripts.md, 2026-12-05 evening), of 63 uncited spans in marks a first reading
takes, 24 of the 28 real quotations had such evidence and 5 of the 35 spans of the writer's
own; two of the other four repeat a cited quotation's words.
"""

from __future__ import annotations

import re
from functools import lru_cache

from quote_tui.manuscripts.document import Manuscript, mentions_in
from quote_tui.manuscripts.foreign import ORIGINAL_BESIDE, foreign, translated
from quote_tui.manuscripts.inscriptions import inscribed
from quote_tui.manuscripts.labelled import labelled_quotation
from quote_tui.manuscripts.notelinks import NOTE_LINK
from quote_tui.manuscripts.quotes import count_words, find_quotes, has_words
from quote_tui.manuscripts.refs import _ABBREV, sentence_window
from quote_tui.manuscripts.said_items import (
    in_emphasised_marks,
    reported_that,
    whole_list_item,
)
from quote_tui.manuscripts.saying import EVIDENCE, PAST_TOLD, alternation
from quote_tui.manuscripts.study import participants_words
from quote_tui.manuscripts.voice import Repeats

__all__ = [
    "FOR_NAME",
    "OWN_SAYING",
    "PAGE_AFTER",
    "SAYING",
    "SHORT_WORDS",
    "THEIR_TERM_AFTER",
    "cites_nothing",
    "commentary_evidence",
    "has_evidence",
    "sentence_start",
    "is_own_title",
    "own_title",
    "owned_by_other",
    "subject_author",
    "translated",
    "unsupported",
]

# Uncited spans with fewer words than this need evidence of a source to be listed; longer ones
# are listed as uncited whatever their sentence says (a phrase of seven words or more in marks
# is rarely the writer's own term, and a real quotation's evidence often lies outside its
# sentence: interview findings reported across a paragraph, a list item whose cite closes it).
# Chosen by leave-one-set-out over the eight labelled sets (docs/manuscripts.md, 2026-12-05,
# "The evidence rule on first sight"): seven of eight folds chose 7, the eighth 8; 30, fitted
# on six sets, found two real quotations fewer and no false extraction fewer.
SHORT_WORDS = 7

# Verbs of saying and attributions in the persons and tenses writers use to hand the word to
# someone else (saying.EVIDENCE).
_SAYING = re.compile(rf"\b{alternation(EVIDENCE)}\b", re.I)
SAYING = _SAYING
# The words given as someone's term right after them: "‘…’ to use Phelan’s term", "(in
# Smith's words)".
THEIR_TERM_AFTER = re.compile(
    r"[\"'”’»“`]*\s*,?\s*\(?(?:to\s+use|in)\s+[A-Z][\w-]+['’]s?\s+(?:own\s+)?"
    r"(?:term|phrase|words|expression)"
)
# A verb of saying in the past, as a story tells its dialogue ("he said", "I answered").
_PAST = re.compile(alternation(PAST_TOLD), re.I)
# The words of a text named by what they are in it: "the words of", "der erste Satz".
_NAMED_PART = re.compile(
    r"\b(?:the\s+words\s+(?:of|from)|der\s+(?:erste|letzte)\s+Satz|mit\s+den\s+Worten)\b",
    re.I,
)
# A part of a text named just before its words: "The final refrain, “…”", "the original had,
# “…”", "in the cover version it is now, “…”".
_PART = re.compile(
    r"\b(?:lyrics?|refrain|stanza|verse|line|original|version|chorus|Strophe|Refrain|Zeile|"
    r"Vers|Original|Fassung)\b[^.!?“”„\"«»]{0,30}$",
    re.I,
)
# A work that opens or ends with the words: "The book opens “…”", "the poem ends with “…”".
_WORK_SAYS = re.compile(
    r"\b(?:book|novel|text|poem|song|essay|article|paper|chapter|letter|report|play|speech|"
    r"Buch|Roman|Text|Gedicht|Lied|Aufsatz|Artikel|Kapitel|Brief|Bericht|Rede)\b[^.!?]{0,30}"
    r"\b(?:opens|begins|ends|closes|beginnt|endet|schließt)\b",
    re.I,
)
# "so Luhmann", "wie Weber sagt": German attribution by a name after "so" or "wie".
_SO_NAME = re.compile(r"(?:^|[,(–—-])\s*(?:so|wie)\s+[A-ZÄÖÜ][\w'’.-]+")
# The same author named at the head of the sentence, a comma closing the phrase: "For Hobbes,
# humans are -- 'by a real necessity of nature' -- drawn to 'shun death'", "Für Luhmann, …".
# Without the comma after "et al." ("According to Nonaka et al. cross fertilisation requires")
# and in German, whose verb follows the head at once ("Nach Cassirer beginnt …"): a word in
# lower case there is a verb, for German nouns are capitalised.
FOR_NAME = re.compile(
    r"^\W*(?:(?:For|Für|Nach|Laut|According\s+to)\s+(?!(?:example|instance|now|this|that|the|"
    r"a|an|all|each|one|some|many|most|Beispiel|diese[nrs]?|den|die|das|einen?)\b)"
    r"[A-ZÄÖÜ][\w'’-]+(?:\s+[A-ZÄÖÜ][\w'’-]+)?(?:\s*,|\s+et\s+al\.\s)|"
    r"(?:Nach|Laut)\s+(?!(?:Beispiel|Hause|Ende|Abschluss|Beginn|Ansicht|Meinung|Angaben|"
    r"Auffassung|Art|Maßgabe|Möglichkeit)\b)[A-ZÄÖÜ][\w'’-]+\s+(?!(?:der|die|das|des|dem|den|"
    r"von|vom|zu|zur|zum|und|in|im|auf|mit|aus|bei|ein|eine[mnrs]?)\b)[a-zäöüß]+\s)"
)
# A note address right after the closing mark: Markdown's [^1], LaTeX's \footnote, a typed
# superscript, a bracketed number, or a note mark as a Word or Google Docs export links it
# ([\[12\]](#_ftn12), [[1]](#footnote-1)).
_NOTE = re.compile(
    r"[\"'”’»“]*\s*[.,;:]?\s*(?:\[-?@(?!(?:fig|tbl|lst|sec|eq)[:-])|\\\w*cite|\[\^[^\]\s]+\]|\\footnote|\\endnote|\\foot\w*cite|[¹²³⁴-⁹⁰]+|\*\d+\*|"
    r"\[\d+(?:[-–,]\s*\d+)*\]|" + NOTE_LINK + ")"
)
# A note address just inside the closing mark ("… angesehen wird[^2]“").
_NOTE_INSIDE = re.compile(r"(?:\[\^[^\]\s]+\]|[¹²³⁴-⁹⁰]+)[.,;]?\s*$")
# A page or line after the closing mark: "(p. 12)", "(S. 4)", "(12)", "(ll. 3-5)".
_PAGE = re.compile(
    r"[\"'”’»“]*\s*[.,;]?\s*\((?:pp?\.|S\.|s\.|ll?\.|Z\.|Vers|v\.|line|lines|Zeile)?\s*[\dxivlc]+"
    r"(?:\s*[-–f]+\s*[\dxivlc]*\.?)?\s*\)|"
    # A line compared ("„schlendern“ (vgl. Z. 34f)"): only the text read has lines to point to.
    r"[\"'”’»“]*\s*[.,;]?\s*\((?:vgl\.|cf\.)\s*(?:ll?\.|Z\.|Vers|lines?|Zeilen?)\s*\d+"
    r"(?:\s*[-–f]+\s*\d*\.?)?\s*\)|"
    # APA's year and page, the author named in the sentence: "Brookfield … “…” (1987, p. 21)".
    r"[\"'”’»“]*\s*[.,;]?\s*\((?:1[5-9]|20)\d\d[a-z]?,\s*(?:pp?\.|S\.|para\.)\s*[\dxivlc]+"
    r"(?:\s*[-–f]+\s*[\dxivlc]*\.?)?\s*\)|"
    # The same work's page again, typed in brackets: "[vgl. Ebd. S.54]", "(Ebd. S. 133)".
    r"[\"'”’»“]*\s*[.,;]?\s*[(\[](?:vgl\.|cf\.|see)?\s*(?:ebd|ebda|ibid|ibidem)\.,?\s*"
    r"(?:pp?\.|S\.)\s*\d",
    re.I,
)
PAGE_AFTER = _PAGE
# An author-date citation of an undated source right after the closing mark, as APA writes a
# web page's: "(Toleranzräume, o.J.)", "(World Bank, n.d.)", "(International Dyslexia
# Association [IDA], n.d.)", "(\"Butuan City\", n.d.)", "(INSEE, s.d.)", "(RAE, s.f.)".
_UNDATED = re.compile(
    r"[\"'”’»“]*\s*[.,;]?\s*\([\"“A-ZÄÖÜ][^()\n]{0,80}?,?\s*"
    r"(?:n\.\s?d\.|o\.\s?J\.|s\.\s?[df]\.)(?:,\s*[^()\n]{1,30})?\)"
)
# An editor's hand inside the span: an ellipsis in brackets, "[sic]", a word put in brackets,
# an opening or closing ellipsis.
_EDITED = re.compile(
    r"\[(?:\.\.\.|…|sic|[^\]\n@^]{1,40})\](?!\()|^\s*(?:\.\.\.|…)|(?:\.\.\.|…)\s*$"
)
# The bracketed part of _EDITED: an editor's ellipsis, "[sic]" or word in brackets.
_BRACKETED = re.compile(r"\[(?:\.\.\.|…|sic|[^\]\n@^]{1,40})\](?!\()")
_NEXT_SENTENCE = re.compile(r"[\"'”’»“]*(?:\s+[A-ZÄÖÜ]|\s*$)")
_OPENING = " \t\n\"'“„‘‚«»`"
# A csquotes command opening the marks (\enquote{…}, \textquote[…]{…}): an opening mark too.
_QUOTE_COMMAND = re.compile(r"\\[A-Za-z]*quote\*?(?:\[[^\]]*\])*\{\s*\Z")
_AFTER = 120  # characters after the closing mark that still belong to its attribution


# The next sentence may open with a capital, a bracket or an opening mark (LaTeX ``, „, «).
_SENTENCE_BREAK = re.compile(r"[.!?][\"'”’)\]}]*\s+(?=[A-ZÀ-ÖØ-Þ“\"‘(\[\\`„«»])")


def sentence_start(text: str, pos: int) -> int:
    """Where the sentence holding ``pos`` opens (a paragraph opens one; "et al." ends none)."""
    lo = max(0, pos - 400)
    para = text.rfind("\n\n", lo, pos)
    lo = para + 2 if para >= 0 else lo
    start = lo
    for m in _SENTENCE_BREAK.finditer(text, lo, pos):
        if m.group(0)[0] == "." and _ABBREV.search(text[max(lo, m.start() - 8) : m.start()]):
            continue
        start = m.end()
    return start


# A note address anywhere: \footnotemark with its notes typed elsewhere, a superscript number,
# a Markdown note.
_ANY_NOTE = re.compile(r"\\footnote|\\endnote|[¹²³⁴-⁹⁰]|\[\^[^\]\s]+\]")


# A work named with its author: "William Golding’s “The Lord of the Flies”", "“…” by Harper
# Lee". A text that names the book it discusses quotes that book, though it cites nothing. The
# title has two capitalised words at least ("Mom’s “special” recipe" names no work).
_NAMES_WORK = re.compile(
    r"\b[A-Z][\w.-]+(?:\s+[A-Z][\w.-]+)*[’']s\s+[“\"„«*_]\s*[A-Z][\w'’-]*\s+"
    r"(?:[a-z]{1,4}\s+){0,3}[A-Z]|"
    r"[”\"“»*_]\s*,?\s+by\s+[A-Z][\w.-]+\s+[A-Z]"
)


def cites_nothing(ms: Manuscript) -> bool:
    """Whether no text of the manuscript cites anything: no citation, note, reference list,
    cited block, or work named with its author ("Golding’s “The Lord of the Flies”"). Its
    spans in marks are then a story's dialogue and the writer's terms far more often than a
    source's words (a narrative essay quotes people it met, not texts)."""
    if ms.listed or ms.footnotes:
        return False
    for doc in ms.documents:
        if doc.anchors or doc.notes or doc.skip or any(b.mention for b in doc.blocks):
            return False
        if _ANY_NOTE.search(doc.text) or _NAMES_WORK.search(doc.text):
            return False
        if mentions_in(doc, 0, len(doc.text)):
            return False
    return True


# The title of a text about one author's work: "Notes on “The Narrative Creation of Self” by
# Jerome Bruner" names the author after "by"; "CLT Philosophy Meetup: Tocqueville" names one
# whose possessive the text goes on to use ("Tocqueville's Core Ideas").
_BY_AUTHOR = re.compile(r"\bby\s+(?:[A-Z][\w.'’-]*\s+){0,2}([A-Z][\w'’-]+)\W*$")
_TITLE_NAME = re.compile(r"\b[A-Z][^\W\d_]{3,}\b")
_LATEX_TITLE = re.compile(r"\\title\{([^{}]*)\}")
_HEADING = re.compile(r"^#{1,3}[ \t]+(.+)$", re.M)
_TITLE_REACH = 3000  # characters at the text's head a title is looked for in
_TITLE_CHARS = 100  # a title is short: a longer first line is the text's first sentence
_NAMED_TIMES = 5  # an author the text discusses is named this often at least
_POSSESSIVE_TIMES = 2  # and given their ideas in the possessive ("Tocqueville's") this often


def _title(text: str, kind: str) -> str:
    """The text's title: LaTeX's \\title, Markdown's first heading, a Word text's first line."""
    if kind == "latex":
        m = _LATEX_TITLE.search(text)
        return m[1] if m else ""
    if kind in ("markdown", "plain"):
        m = _HEADING.search(text, 0, _TITLE_REACH)
        return m[1] if m else ""
    return next((line.strip() for line in text[:_TITLE_REACH].splitlines() if line.strip()), "")


def own_title(ms: Manuscript) -> str:
    """The text's own title, its words casefolded ("" when it has none): words in marks that
    repeat it ("besser bekannt als „The right to be forgotten“" in a paper so titled) name
    the topic, not a source's words."""
    if not ms.documents:
        return ""
    doc = ms.documents[0]
    return _plain(_title(doc.text, doc.kind)[: _TITLE_CHARS + 1])


def _plain(words: str) -> str:
    """Words without LaTeX commands, braces and marks, casefolded and single-spaced."""
    words = re.sub(r"\\[A-Za-z]+\*?|[{}\\]", " ", words)
    return " ".join(re.findall(r"[^\W_][\w'’-]*", words.casefold()))


def is_own_title(title: str, text: str) -> bool:
    """Whether ``text`` (the words in marks) is the text's own ``title`` (see ``own_title``)."""
    return bool(title) and _plain(text) == title


_KEYED = re.compile(r"\[-?@[A-Za-z]|\\[A-Za-z]*cite[a-z]*\*?[\[{]")


def subject_author(ms: Manuscript) -> str | None:
    """The one author a text is about, when its title names them and it cites nothing: a
    handout or reading notes on one work, whose phrases in marks are that author's though no
    phrase is cited (a handout on Tocqueville quotes "an immense tutelary power", "moral
    empire"). A text that cites (a citation, a note, a reference list) says whose words each
    are, and a text whose title names no author says nothing of whose they are."""
    if ms.listed or ms.footnotes or not ms.documents:
        return None
    doc = ms.documents[0]
    title = _title(doc.text, doc.kind)[: _TITLE_CHARS + 1]
    if len(title) > _TITLE_CHARS:
        return None
    author = m[1] if (m := _BY_AUTHOR.search(title)) else None
    for name in () if author else _TITLE_NAME.findall(title):
        named = re.findall(rf"\b{re.escape(name)}\b(['’]s\b)?", doc.text)
        if len(named) >= _NAMED_TIMES and sum(1 for p in named if p) >= _POSSESSIVE_TIMES:
            author = name
            break
    if author is None:
        return None
    # Read only for a text whose title names an author: finding every citation is the dear part.
    for doc in ms.documents:
        if doc.anchors or doc.notes or any(b.mention for b in doc.blocks):
            return None
        # A key cited as Pandoc or LaTeX cites it is found at once; reading every citation of
        # a long text is the dear part (half the extraction of a Markdown chapter).
        if _KEYED.search(doc.text):
            return None
        mentions = mentions_in(doc, 0, len(doc.text))
        if any(m.style not in ("url", "author_date") for m in mentions):
            return None
    return author


_LOWER_TIMES = 2  # a name the text writes in lower case this often is a thing's, not a person's


def common_noun(name: str, text: str) -> bool:
    """Whether the capitalised ``name`` is a common noun the text also writes in lower case
    ("In Defense of Spending Bitcoin", then "the bitcoin network"): a thing, never an author,
    however often its title and possessive come back. A surname is not written so."""
    lower = name.lower()
    return lower != name and len(re.findall(rf"\b{re.escape(lower)}\b", text)) >= _LOWER_TIMES


# Someone else's phrase or title, given by a possessive right before its marks ("Virginia
# Woolf's “room of one's own”"): not the words of the author a text is about.
_OTHERS = re.compile(r"\b([A-Z][\w-]+)['’]s\s*[“\"„«‘'`]*$")


def owned_by_other(text: str, start: int, author: str) -> bool:
    """Whether a possessive right before the phrase at ``start`` names another than ``author``."""
    m = _OTHERS.search(text, max(0, start - 60), start)
    return m is not None and m[1] != author


def unsupported(
    text: str,
    start: int,
    end: int,
    close_end: int,
    cited: Repeats,
    *,
    cites_nothing: bool = False,
    about: str | None = None,
) -> bool:
    """Whether the uncited span ``text[start:end]`` is too short to be taken for a quotation
    without evidence of a source, and has none (``cited`` holds the document's cited
    quotations, whose words said again are evidence). In a text that ``cites_nothing``, a
    span of any length needs evidence that names a text (see ``has_evidence``). In a text
    ``about`` one author (``subject_author``), a span is that author's unless given to
    another by name."""
    if about is not None and not owned_by_other(text, start, about):
        return False
    if not cites_nothing and has_words(text, start, end, SHORT_WORDS):
        return False
    if has_evidence(
        text, start, end, close_end, sentence_start(text, start), spoken=not cites_nothing
    ):
        return False
    return not cited(start, end, whole=True)


def has_evidence(
    text: str, start: int, end: int, close_end: int, sentence_start: int, *, spoken: bool = True
) -> bool:
    """Whether the sentence around the uncited span ``text[start:end]`` (its closing mark ends
    at ``close_end``, its sentence opens at ``sentence_start``) says the words are someone
    else's.

    With ``spoken`` false (a text that cites nothing: no citation, note or reference list), a
    verb of saying in the past, a whole sentence in marks and a trailing ellipsis are no
    evidence: there they are a story's dialogue ("I said.", "He interrupted me."), not a
    source's words. What names a text or edits one still counts (its part or opening, a page,
    an editor's brackets, another language), and so does the essayist's present ("Einstein
    says", "so Luhmann"), which a story's dialogue is not told in, and a past verb whose
    subject is named in full ("Robert Scales Jr stated,"), as a story's speakers are not.
    """
    inner = text[start:end]
    if labelled_quotation(text, start) or ORIGINAL_BESIDE.search(text, max(0, start - 8), start):
        return True
    if _EDITED.search(inner) if spoken else _BRACKETED.search(inner):
        return True
    if _PAGE.match(text, close_end) or _UNDATED.match(text, close_end):
        return True
    if whole_list_item(text, start, close_end) or reported_that(text, start):
        return True
    if inscribed(text, start) or in_emphasised_marks(text, start, end, close_end):
        return True
    if _NOTE.match(text, close_end) or _NOTE_INSIDE.search(inner):
        return True
    if translated(text, start, end, close_end) or THEIR_TERM_AFTER.match(text, close_end):
        return True
    if spoken and participants_words(text, start, close_end):
        return True
    if spoken and commentary_evidence(text, start, end, close_end, sentence_start):
        return True
    before = text[min(sentence_start, start) : start]
    # A sentence that ends inside the marks ("… sun rise.”) ends there: what follows is the
    # next one's.
    ended = inner.rstrip(" *_")[-1:] in (".", "!", "?")
    after = (
        "" if ended else text[close_end : min(sentence_window(text, close_end), close_end + _AFTER)]
    )
    if (
        spoken
        and ended
        and not _QUOTE_COMMAND.sub("", before).strip(_OPENING)
        and _NEXT_SENTENCE.match(text, close_end)
    ):
        # A whole sentence in marks, standing alone: a line quoted, not a phrase of the
        # writer's sentence (none of the writer's own spans in the labelled sets was one).
        return True
    for is_before, part in ((True, before), (False, after)):
        # (a verb inside another span in marks is that span's word, not the writer's: "simply
        # saying “write with others”, which boils down to “…”")
        part = _HYPOTHETICAL.sub(" ", _QUOTED.sub(" ", part))
        if _WORK_SAYS.search(part) or _NAMED_PART.search(part):
            return True
        if spoken and _SAYING.search(part):
            return True
        if _SO_NAME.search(part) or any(not _PAST.fullmatch(m[0]) for m in _SAYING.finditer(part)):
            return True
        if spoken and is_before and FOR_NAME.match(part):
            return True
        if is_before and (_FULL_NAME_SAID.search(part) or _speaker_elsewhere(text, part)):
            return True
        if is_before and (
            OWN_SAYING.search(part) or _NAMED_SAYING.search(part) or _SAYING_OF.search(part)
        ):
            return True
    return bool(_PART.search(before.rstrip(_OPENING)) or foreign(inner, f"{before} {after}"))


# Saying as nobody's act: advice or a habit named by its words ("So simply saying “write with
# others” …", "instead of saying “…”", "by writing “…”"), not anyone's words reported.
_QUOTED = re.compile(r"[\"“„«][^\"“”„«»\n]{1,200}[\"”“»]")
_HYPOTHETICAL = re.compile(
    r"\b(?:simply|just|merely|by|instead\s+of|rather\s+than|without|than)\s+"
    r"(?:saying|writing|telling|stating|asking)\b",
    re.I,
)


# Someone's saying named by its kind with their possessive right before it: "hält stur an seinem
# Mantra fest: „…“", "his motto, “…”", "ihr Schlachtruf lautete". "The slogan" or "the motto"
# without an owner presents words as a name (voice._CUE).
OWN_SAYING = re.compile(
    r"\b(?:his|her|their|its|sein|seine[mnrs]?|ihr|ihre[mnrs]?)\s+(?:[\w-]+\s+)?"
    r"(?:mantra|motto|wahlspruch|schlachtruf|leitspruch|slogan|battle\s+cry|catchphrase|"
    r"watchword|credo|devise)\b[^.!?„“\"]{0,40}$",
    re.I,
)


# A named person's saying named by its kind: "Kant's casual qualification of his question ---
# \enquote{…}", "Arendt's phrase “…”", "Weber's famous formulation, “…”".
_NAMED_SAYING = re.compile(
    r"\b[A-ZÄÖÜ][\w-]+['’]s?\s+(?:[a-z]+\s+){0,2}(?:words|phrase|formulation|qualification|"
    r"remark|dictum|expression|wording|question|answer|reply|claim|characteri[sz]ation)\b"
    r"[^.!?„“\"]{0,40}$"
)


# A saying named by its kind with whose it is after it: "die Aussage der Free Software
# Foundation (FSF) über die Bedeutung des Wortes „frei“: „…“", "the famous remark of Keynes".
_SAYING_OF = re.compile(
    r"\b(?:Aussage|Ausspruch|Zitat|Devise|Leitspruch|Wahlspruch|Spruch|Formulierung|Antwort|"
    r"statement|remark|dictum|motto|formulation|maxim|answer|reply)\s+(?:der|des|von|vom|of|by)"
    r"\s+(?:(?:the|die|der|dem)\s+)?[A-ZÄÖÜ][^.!?]{0,120}$"
)


# Someone named in full who said it: "Robert Scales Jr stated, “…”". A story's dialogue is
# told with pronouns and first names ("he said", "Mom answered").
_FULL_NAME_SAID = re.compile(
    r"\b[A-Z][a-z]+(?:\s+[A-Z]\.)?\s+[A-Z][a-z]+(?:\s+(?:Jr|Sr)\.?)?,?\s+(?:\w+ly\s+)?"
    r"(?:said|stated|wrote|declared|argued|claimed|explained|noted|observed|remarked|added|"
    r"asserted|insisted|warned|concluded|told|answered|replied)\b"
)

# Someone named in full, maybe with their role, then a comma and the marks, the verb left out:
# "Doug Bandow a former special assistant to President Reagan, “America deploys …”".
_NAMED_BEFORE = re.compile(
    r"\b([A-Z][a-z]+\s+[A-Z][a-z]+)\b(,?\s+(?:a|an|the)\s[^.!?;:“”\"]{0,70})?,\s*[\"“„«]?\s*$"
)


def _speaker_elsewhere(text: str, before: str) -> bool:
    """Whether the person named in full before the marks (the verb of saying left out) is
    the subject of a verb of saying elsewhere in the text ("Doug Bandow says"): a source the
    writer quotes, not a story's speaker, who is told with pronouns and first names."""
    m = _NAMED_BEFORE.search(before)
    # A role told with its verb ("Producer Tang gave me … and said,") is a story's speaker.
    if m is None or (m[2] and _SAYING.search(m[2])):
        return False
    said = re.compile(rf"\b{re.escape(m[1])}\b[^.!?“”\"]{{0,80}}?\s(?:{_SAYING.pattern})")
    return said.search(text) is not None


# The source's emphasis kept inside the marks, in a phrase of three words or more ("the
# '*tone* and *range* of the voice'", "'the *simple lines of the hand*'"): a writer stresses
# their own words outside marks. Two words in emphasis ('*our* Dasein', \enquote*{\emph{I
# think}}) are as often the writer's stress on a term.
_EMPHASIS_INSIDE = re.compile(
    r"(?<![\w*])\*(?![\s*])[^*\n]+(?<![\s*])\*(?![\w*])|(?<!\w)_(?!\s)[^_\n]+(?<!\s)_(?!\w)|"
    r"\\(?:emph|textit|textsl)\{"
)
_EMPHASIS_WORDS = 3


# A longer quotation is looked for this far on either side of the phrase: a paragraph of
# thousands of short spans and no full stop would otherwise read 1,000 characters for each.
_COMPANY_REACH = 300


# Asked twice of a short phrase (before its citation is resolved, and again as uncited): the
# text's hash is cached by Python, so the key costs nothing.
@lru_cache(maxsize=64)
def commentary_evidence(text: str, start: int, end: int, close_end: int, begin: int) -> bool:
    """Evidence a commentary gives of quoting its text without citing each phrase: the
    source's emphasis kept inside the marks, or a longer quotation in the same sentence (its
    sentence opening at ``begin``): "Hegel sees 'the refutation of the first presupposition' of
    physiognomy: 'namely, that *the actuality* of a person is …'" quotes one text twice."""
    if (
        _EMPHASIS_INSIDE.search(text, start, end)
        and count_words(re.sub(r"\\[A-Za-z]+\*?", " ", text[start:end])) >= _EMPHASIS_WORDS
    ):
        return True
    stop = sentence_window(text, close_end, limit=_COMPANY_REACH)
    begin = max(begin, start - _COMPANY_REACH)
    # A quotation long enough to be listed without evidence (SHORT_WORDS) is a source's words;
    # a citation between the two gives the longer one its own source ("… form" [-@searle],
    # and "…"), and says nothing of the phrase.
    for q in find_quotes(text[begin:stop], min_words=SHORT_WORDS):
        a, b = q.start + begin, q.end + begin
        if a <= start < b or start <= a < end:
            continue
        gap = (q.close_end + begin, start) if b < start else (close_end, a)
        if not _CITED_GAP.search(text, *gap):
            return True
    return False


_CITED_GAP = re.compile(
    r"\[-?@|(?<![\w.])@[A-Za-z]|\\\w*cite|\([^()]{0,60}\b(?:1[5-9]|20)\d\d|\[\d"
)
