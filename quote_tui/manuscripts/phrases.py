"""Borrowed phrases: quotations of two or three words, told from terms and scare quotes.

Writers borrow short phrases as often as sentences ("the great unread", "essentially
contested concept", "publicity stunt"), and mark their own terms and ironies the same way
("real value", "the same", "gold standard"). A word count cannot tell them apart; a careful
reader looks for whose words they are. A phrase is borrowed when its source is cited right by
it (``"…" [@gallie1955]``, ``„…“ \\citep[S. 17]{a}``, a Word field or note mark after the
closing mark), a page follows it (``"…" (p. 3)``), someone is the subject of a verb of saying
or naming in its sentence ("what Margaret Cohen calls", "Alan Turing concludes that",
"\\citet{a} schreiben, dass", "Przeworski nannte … einen"), or it repeats words of a quotation
cited in the same text. Words presented as words ("the notions of 'true', 'false' and 'can be
known'", "the so-called") stay terms even with a citation: the citation names who coined them.
Measured on nine labelled sets of real manuscripts (docs/manuscripts.md, 2026-12-06).
"""

from __future__ import annotations

import itertools
import re
from functools import lru_cache

from quote_tui.manuscripts.commentary import in_commentary
from quote_tui.manuscripts.document import Document, Manuscript, mentions_in
from quote_tui.manuscripts.evidence import (
    FOR_NAME,
    OWN_SAYING,
    PAGE_AFTER,
    SAYING,
    SHORT_WORDS,
    THEIR_TERM_AFTER,
    commentary_evidence,
    owned_by_other,
    sentence_start,
    translated,
)
from quote_tui.manuscripts.labelled import labelled_quotation
from quote_tui.manuscripts.langterms import language_term
from quote_tui.manuscripts.phrase_cites import (
    COMPARE_NOTE,
    LOCATED,
    cited_right_after,
    clause_paged,
    closing_note,
    names_term,
    note_after,
    paged_right_after,
    paged_right_before,
    sentence_cite,
    window,
    word_cited,
)
from quote_tui.manuscripts.quotes import EDITOR_BRACKET, find_quotes, has_words
from quote_tui.manuscripts.reported import (
    CITE_ENDS as _CITE_ENDS,
)
from quote_tui.manuscripts.reported import (
    WHOSE_WORDS,
    called_by_name,
    coined_by_cited,
    reported_by_name,
    said_just_before,
    this_word_quoted,
)
from quote_tui.manuscripts.said_items import whole_list_item
from quote_tui.manuscripts.study import participant_code
from quote_tui.manuscripts.voice import NAMED_AFTER, Repeats, presented_as_word, said_list

__all__ = ["PHRASE_WORDS", "WORD_WORDS", "borrowed"]


PHRASE_WORDS = 2
"""The fewest words a phrase has to be borrowed on any evidence: one word in marks is far more
often a term or a scare quote."""
WORD_WORDS = 1
"""One word in marks is a quotation only with its note or citation right after the closing mark
(„Hörautor“ with a footnote, as a thesis quotes its author's coinages); a scare quote
(„annektiert“) has none."""

# Verbs that give a phrase to someone: saying (evidence.SAYING) and naming ("what Cohen calls",
# "has referred to it as", "nannte sie einen", "echoing"). An impersonal or passive naming
# ("nennt man dies", "is often referred to as", "das nennt sich") defines a term.
_NAMING = (
    r"calls?|called|referred\s+to|refers\s+to|coined|dubs?|dubbed|terms|termed|"
    r"characteri[sz]es|characteri[sz]ed|nennt|nannte|nennen|nannten|bezeichnet|bezeichnete|"
    r"bezeichnen|echoing"
)
# Who says it, right before the verb: a name (not a possessive: "Heidegger's writing about" is
# a noun; not a figure or table, which "report" as often), a pronoun, or a narrative citation's
# closing bracket ("\\citet{a} schreiben"), with an apposition between commas ("Adam
# Przeworski, einer der bekanntesten Demokratieforscher, nannte") and an auxiliary or adverb
# ("has referred").
_WHO = (
    # Indefinite speakers name no source: "Andere nennen sie „…“", "Some call it".
    r"(?:\b(?!(?:It|This|That|There|These|Those|Es|Das|Dies|Man|One|We|I|Wir|Ich|The|Die|Der|"
    r"Andere|Others|Some|Many|Viele|Manche|Einige|"
    r"Table|Figure|Fig|Chapter|Section|Appendix|Tabelle|Abbildung|Abb|Kapitel|Anhang)\b)"
    r"[A-ZÄÖÜ][\w-]*(?!['’]s\b)(?:['’][\w-]+)?|\b(?:he|she|they|He|She|They|er|sie|Er|Sie)\b|[\]})])"
)
_ATTRIBUTION = re.compile(
    rf"{_WHO}(?:\s*,[^,.;:!?]{{1,80}},)?\s+(?i:(?:has|have|had|hat|haben|\w+ly|also|auch|"
    rf"ebenfalls|daraufhin|nonetheless|nevertheless|even|himself|herself|later|elsewhere)\s+)"
    rf"{{0,2}}(?i:{SAYING.pattern}|\b(?:{_NAMING}|indicates|indicated)\b)"
    rf"|(?i:{SAYING.pattern})\s*,?\s+(?:he|she|they|er|sie)\b"
)


# Someone named right after the closing mark, the quotation going on after the attribution:
# "The face is 'indeed an expression', Hegel writes, 'but …'", "“…,” says Selbst".
_AFTER_WHO = re.compile(
    rf"[\"'”’»“`]*\s*,\s*(?:{_WHO}\s+(?i:{SAYING.pattern}|\b(?:{_NAMING})\b)|"
    rf"(?i:{SAYING.pattern})\s+{_WHO}|"
    # "„…“, hatte Diderot prophezeit", "“…,” had Smith written".
    rf"(?:hat|hatte|has|had)\s+{_WHO}\s+(?:\w+\s+)?(?i:{SAYING.pattern}))"
)


# A year in a short phrase names a group, a period or an event ("the “generation of 1870”
# [@alonso]", "the “crisis of 2008”", "the “Class of '68”"): a name the citation documents.
_DATED_NAME = re.compile(r"(?<![\w.,])(?:1[5-9]\d\d|20\d\d|['’]\d\d)(?![\w.,]\d)")


# Someone named by their part in the work read, saying the words in the same clause: "the
# vocalist declaring that they are “…”", "the narrator says “…”", "der Erzähler sagt: „…“". A
# quotation between (the vocalist describing …, but the final line “…” … from “The Chain”)
# has its own speaker.
_PART_SAYS = re.compile(
    r"\b(?i:the|der|die)\s+(?:lead\s+)?(?:vocalist|singer|narrator|speaker|poet|chorus|"
    r"protagonist|Sänger(?:in)?|Erzähler(?:in)?|Dichter(?:in)?|Sprecher(?:in)?|Ich-Erzähler)\s+"
    rf"(?:\w+ly\s+)?(?i:{SAYING.pattern})[^\"“”„«».;!?]{{0,60}}[\"'“„‘‚«»`]+$"
)


# A phrase given as someone's by its kind: "to use a phrase of Eliot's", "Cohen's phrase", "in
# the words of Dahl", "mit den Worten von Luhmann".
_THEIR_PHRASE = re.compile(
    r"\b(?:phrase|words|expression|coinage)\s+of\s+[A-Z]|[A-Z][\w-]+['’]s?\s+(?:own\s+)?"
    r"(?:phrase|words|expression|coinage|term|statement|dictum|claim)\b|"
    # "Hardin's proposed “…”", "Kant's famous “…”": the named writer's known phrase.
    r"\b[A-Z][\w-]+['’]s\s+(?:proposed|famous|celebrated|notorious|oft-quoted|well-known)\s+"
    r"[\"'“‘„«]+$|"
    r"\bWorten?\s+(?:von\s+)?[A-ZÄÖÜ]|"
    # Someone who spoke of it: "Allan Kaprow (1927-2006) spoke of a ‘…’".
    r"\b[A-Z][\w'’-]+(?:\s+\([^()]{1,30}\))?\s+(?:\w+ly\s+)?(?:spoke|speaks)\s+of\s+"
    r"(?:(?:a|an|the|his|her|their)\s+)?[\"'“‘]+$"
)


def _attributed(doc: Document, start: int) -> bool:
    """Whether someone is the subject of a verb of saying or naming in the sentence before
    the phrase opening at ``start``."""
    begin = sentence_start(doc.text, start)
    # A note opened inside the sentence is a sentence of its own.
    note = doc.text.rfind("\\footnote{", begin, start)
    begin = note + 10 if note >= 0 else begin
    return bool(
        _ATTRIBUTION.search(doc.text, begin, start)
        or _THEIR_PHRASE.search(doc.text, begin, start)
        or _PART_SAYS.search(doc.text, max(begin, start - 160), start)
        or _FOR_AUTHOR.search(doc.text, begin, start)
        or WHOSE_WORDS.search(doc.text, begin, start) is not None
        or FOR_NAME.match(doc.text[begin:start]) is not None
        or OWN_SAYING.search(doc.text, begin, start) is not None
    )


# The author a sentence speaks for, named by a narrative citation after "für", "bei", "nach",
# "laut", "for", "according to": "Zwar steht für \citeauthor{habermas} hinter jeder Handlung ein
# ``action plan''" gives the phrase to Habermas as a verb of saying would.
_FOR_AUTHOR = re.compile(
    r"\b(?:für|bei|nach|laut|for|according\s+to)\s+(?:\\(?:citeauthor|citet|textcite|Textcite)"
    r"\*?(?:\[[^\]]*\]){0,2}\{[^{}]+\}|@[A-Za-z][\w:-]*)",
    re.I,
)


def borrowed(
    doc: Document,
    start: int,
    end: int,
    close_end: int,
    cited: Repeats,
    *,
    ms: Manuscript | None = None,
    about: str | None = None,
    commented: str | None = None,
) -> bool:
    """Whether the short quoted phrase ``doc.text[start:end]`` (its closing mark ends at
    ``close_end``), of ``PHRASE_WORDS`` words at least, is a source's words: cited right after,
    paged, attributed to someone in its sentence, or repeating a cited quotation's words, or in
    a text ``about`` one author (evidence.subject_author); never when presented as a word."""
    text = doc.text
    if EDITOR_BRACKET.search(text, start, end):
        return True  # "might be called '[collaborative] thinking processors'": edited words
    if coined_by_cited(text, start) and has_words(text, start, end, PHRASE_WORDS):
        return True  # "what Bennett (1988) has called the ‘…’": the cited writer's term
    if NAMED_AFTER.match(text, close_end) and has_words(text, start, end, PHRASE_WORDS):
        return True  # named as theirs, whatever cue presents the words ("The phrase “…” is how")
    if language_term(text, start, end) or _DATED_NAME.search(text, start, end):
        # A term named in its own language, or a group, period or event named by its year, is
        # the writer's naming unless a page places it.
        return paged_right_after(doc, close_end) or sentence_cite(doc, ms, close_end) == "paged"
    if not has_words(text, start, end, PHRASE_WORDS):
        return word_cited(ms, doc, start, end, close_end) or (
            re.search(r"[^\W\d_]{3,}", text[start:end]) is not None
            and (
                _named_by(doc, start, close_end)
                or reported_by_name(doc, start)
                or this_word_quoted(text, start, end, close_end, cited)
                or _beside_cited(doc, start, close_end)
                or _word_in_cited_sentence(doc, ms, start, end, close_end)
            )
            and not presented_as_word(text, start, close_end)
        )
    # A link's text in marks ("[the docs](https://…)") names the page it links, whoever wrote it.
    if "](" in text[start:end]:
        return False
    # Two function words ("the same") turn up in any long quotation; a repeat counts when each
    # word of the phrase carries meaning ("kinder, gentler").
    words = re.findall(r"[^\W\d_]+", text[start:end])
    # A cited quotation's words said again, presented as its phrase or not ("juxtaposing the
    # phrases “made by light” and “fixing a shadow,”" after the cited "the art of fixing a
    # shadow,"); a phrase the writer points back to ("this “…”") is the writer's reference.
    repeat = _repeats_cited(text, start, end, cited)
    # A page cited for the words says where they stand: quoted from there, even when the writer
    # goes on to use them as a term or lists them with others.
    # Not when the writer has just said the words plainly (their own, the note comments on them).
    paged = (
        paged_right_after(doc, close_end)
        or (
            not _DETERMINED.match(text, start, end)
            and (sentence_cite(doc, ms, close_end) == "paged" or clause_paged(doc, close_end))
        )
    ) and not said_just_before(text, start, end)
    # A phrase the writer calls well-known or famous is a name of theirs to use: no citation
    # that closes its sentence makes it a source's words, unless a page places it.
    named_term = not paged and names_term(start, text)
    evidence = paged or (
        (
            about is not None
            and not owned_by_other(text, start, about)
            and _subject_phrase(text, start, end, about)
        )
        or (
            not named_term
            and cited_right_after(doc, close_end)
            and not (
                ms is not None and COMPARE_NOTE.match(note_after(ms, doc, close_end)) is not None
            )
        )
        or PAGE_AFTER.match(text, close_end) is not None
        or translated(text, start, end, close_end)
        or participant_code(text, close_end)
        or _attributed(doc, start)
        or _AFTER_WHO.match(text, close_end) is not None
        or THEIR_TERM_AFTER.match(text, close_end) is not None
        or commentary_evidence(text, start, end, close_end, sentence_start(text, start))
        or _named_by(doc, start, close_end)
        or _beside_cited(doc, start, close_end)
        or _AUTHOR_AFTER.match(text, close_end) is not None
        or (
            ms is not None
            and LOCATED.search(note := note_after(ms, doc, close_end)) is not None
            and COMPARE_NOTE.match(note) is None
        )
        or (_subject_cited(doc, ms, start, close_end) and not said_just_before(text, start, end))
        or (not named_term and _sentence_cited(doc, ms, start, end, close_end))
        or labelled_quotation(text, start)
        or whole_list_item(text, start, close_end)
        or paged_right_before(doc, start) is not None
        or (
            all(w.casefold() not in _FUNCTION for w in words)
            and cited.holds(start, end)
            and not _own_term(text, start, end, cited)
        )
        or repeat
    )
    # Asked only of a phrase with evidence: most have none, and the cue is the dearer test.
    if (
        not evidence
        and not _DETERMINED.match(text, start, end)
        and not _said_unmarked(text, start, end)
        and in_commentary(doc, start, commented)
    ):
        evidence = True
    return evidence and (
        not presented_as_word(text, start, close_end, listed=not paged)
        or said_list(text, start)
        or repeat
    )


_POINTS_BACK = re.compile(
    r"\b(?i:this|that|these|those|such|diese[mnrs]?|jene[mnrs]?)\s+[\"'“„‘‚«»`]*$"
)


def _repeats_cited(text: str, start: int, end: int, cited: Repeats) -> bool:
    """Whether the phrase repeats a cited quotation's words: two words of meaning at least,
    opening and closing on one ("fixing a shadow", not "of the"), not the writer's own term."""
    # (a LaTeX command is no word: \emph{I think} is "I think")
    folded = [
        w.casefold() for w in re.findall(r"[^\W\d_]+", re.sub(r"\\[A-Za-z]+", " ", text[start:end]))
    ]
    return (
        len(folded) >= 2
        and sum(w not in _FUNCTION for w in folded) >= 2
        and folded[0] not in _FUNCTION
        and folded[-1] not in _FUNCTION
        and not _POINTS_BACK.search(text, max(0, start - 16), start)
        and cited.holds(start, end)
        and not _own_term(text, start, end, cited)
    )


# Someone naming the words with a verb that governs them: "what Cohen calls “…”", "which he
# now consistently calls the “…”", "Moritz spricht von den „…“"; in German the verb may close
# the clause after them ("die er als „…“ bezeichnet", "von den „…“ des Satzes spricht").
_ARTICLE = r"(?:(?:the|a|an|his|her|their|den|die|das|der|dem|des|einen|eine|ein|seine[mn]?)\s+)?"
_NAMES_BEFORE = re.compile(
    rf"{_WHO}\s+(?:[\w-]+\s+){{0,2}}(?:(?i:{_NAMING})\s+(?:(?:it|them|this|als)\s+)?(?:as\s+)?|"
    rf"(?:spricht|sprach)\s+(?:von|vom)\s+){_ARTICLE}[\"'“„‘‚«»`]*$"
)
_GOVERNED = re.compile(rf"{_WHO}\s+(?:[\w-]+\s+){{0,3}}(?:als|von|vom)\s+{_ARTICLE}[\"'“„‘‚«»`]*$")
_NAMES_AFTER = re.compile(
    r"[\"'”’»“`]*\s+(?:[\w-]+\s+){0,3}(?:bezeichnet|bezeichnete|nennt|nannte|benennt|spricht|"
    r"sprach|redet|redete)\b"
)


# The phrase's author named and cited right after it: "die „…“-Eigenschaft von Kannan et
# al.\cite{kannan}", "the “…” of Smith [@smith2003]".
_AUTHOR_AFTER = re.compile(
    r"[\"'”’»“`}]*(?:-[\w-]+)?\s+(?:von|of|by|from|nach)\s+(?:[A-ZÄÖÜ][\w'’-]+\s+){0,2}"
    r"[A-ZÄÖÜ][\w'’-]+(?:\s+(?:et\s+al\.|u\.\s?a\.|(?:and|und|&)\s+[A-ZÄÖÜ][\w'’-]+))?[\s~]*"
    r"(?:\\[A-Za-z]*cite|\[@|\[\d|\(\d{4}|\((?:[^()]{0,30}[,\s])?(?:1[5-9]|20)\d\d)"
)


_NAME = re.compile(r"\b[A-ZÄÖÜ][a-zäöüß'’-]{3,}\b")
_KEY_AUTHOR = re.compile(r"[A-Za-zÄÖÜ][a-zäöüß]+")
_NOTE_HEAD = re.compile(r"\A\W*(?:(?:Vgl|Siehe|See|Cf)\.?\s+)?([^:\d]{1,80})")


def _subject_cited(doc: Document, ms: Manuscript | None, start: int, close_end: int) -> bool:
    """Whether someone named in the sentence before the phrase is the author its closing
    citation gives with a page ("So verwendet Diesterweg … für „…“, wie … dargestellt
    [@diesterweg1830: 174]", "Die Historiker Thomas Lindenberger und Michael Wildt haben …
    die „…“ herausgearbeitet.\footnote{Thomas Lindenberger, Michael Wildt: …, S. 395}"): the
    sentence reports their work in their words."""
    text = doc.text
    begin = sentence_start(text, start)
    names = {m[0].casefold() for m in _NAME.finditer(text, begin, start)}
    if not names:
        return False
    stop = window(text, close_end)
    # A key names its first author first (diesterweg1830, kellerGeschichteTalkshow2009): its
    # title words after are no names.
    authors = [
        _KEY_AUTHOR.match(m.key)[0].casefold()  # type: ignore[index]
        for m in mentions_in(doc, close_end, stop)
        if m.key and m.locator is not None and _KEY_AUTHOR.match(m.key)
    ]
    if ms is not None:
        # The note that closes the sentence: its head names the authors, its page places them.
        close = text.find("\\footnote{", close_end, stop + 12)
        for note in (
            note_after(ms, doc, close) if close >= 0 else "",
            closing_note(ms, doc, stop),
        ):
            if note and LOCATED.search(note) and (head := _NOTE_HEAD.match(note)):
                authors.append(head[1].casefold())
    return any(name in author for author in authors for name in names)


_DETERMINED = re.compile(
    r"[*_]*(?i:the|a|an|this|that|our|my|his|her|its|their|your|der|die|das|den|dem|des|ein|"
    r"eine|einen|einem|unser|unsere|sein|seine|ihr|ihre)[*_]*\s"
)


def _sentence_cited(
    doc: Document, ms: Manuscript | None, start: int, end: int, close_end: int
) -> bool:
    """Whether the sentence going on after the closing mark ends with one work's citation
    (phrase_cites.sentence_cite), the phrase in marks used nowhere else in the text: a phrase
    borrowed once from the work the sentence reports. A term the writer works with ('animal
    conventions', 'the West') comes back, and one word is a scare quote as often."""
    text = doc.text
    # "the nothing", "*our* Dasein", "die Kategorie": a determiner inside the marks names a
    # thing or a concept; a borrowed phrase qualifies one ("perfekten Sturm", "false and vulgar").
    if _DETERMINED.match(text, start, end) or _used_again(text, start, end):
        return False
    return sentence_cite(doc, ms, close_end) is not None


def _used_again(text: str, start: int, end: int) -> bool:
    """Whether the words in marks ``text[start:end]`` come again elsewhere in the text: a
    term the writer works with, not a phrase borrowed once."""
    words = text[start:end].strip(" \"'”’“»«`,.;:").casefold()
    return len(words) >= 3 and _prose(text).count(words) > 1


# The fewest words a phrase in a text about one author (evidence.subject_author) needs to be
# taken for that author's own on the text's word alone: two words ("moral empire", "soft
# despotism") name the author's ideas a handout discusses, as a term is anyone's, unless the
# sentence has the author say them ("Ní Chuileannáin likens the soldiers to “stupid dogs”").
_SUBJECT_WORDS = 3
_ITEM = re.compile(r"\\item\b|\n[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]")


def _subject_phrase(text: str, start: int, end: int, author: str) -> bool:
    """Whether a phrase in a text about ``author`` may be that author's words: three words at
    least, a line spoken (capitalised or exclaimed), or fewer words with the author named
    before them in their sentence or the one before (not in a possessive right before the
    marks: "Tocqueville's “soft despotism”" names his idea)."""
    inner = text[start:end].strip(" *_")
    # (a line someone speaks, capitalised or exclaimed: "Certainly not!", "Exactly so,")
    if has_words(text, start, end, _SUBJECT_WORDS) or inner[:1].isupper() or "!" in inner:
        return True
    # (in its sentence or the one before: "… is what Dickens used to describe Christmas day.
    # Compared to the “heaviest rain” on Christmas Eve …")
    begin = sentence_start(text, start)
    before = text[sentence_start(text, max(0, begin - 2)) : start]
    # (a list's item is a sentence of its own, though no stop ends the item before)
    before = _ITEM.split(before)[-1]
    named = re.search(rf"\b{re.escape(author)}\b(?![’']s\b)", before)
    return named is not None and not re.search(rf"\b{re.escape(author)}['’]s\W*$", before)


def _said_unmarked(text: str, start: int, end: int) -> bool:
    """Whether the words in marks ``text[start:end]`` come again outside marks: the writer's
    own term ("personal genius" said plainly later); said again only in marks ("ruination and
    decline" twice), they are the source's words quoted twice."""
    words = text[start:end].strip(" \"'”’“»«`,.;:").casefold()
    if len(words) < 3:
        return False
    prose = _prose(text)
    at = prose.find(words)
    while at >= 0:
        if prose[at - 1 : at] not in "\"'“„‘‚«»`":
            return True
        at = prose.find(words, at + 1)
    return False


def _own_term(text: str, start: int, end: int, cited: Repeats) -> bool:
    """Whether the words in marks ``text[start:end]`` also stand unmarked in the writer's own
    prose, outside every quotation: "modernist studies" named plainly all through a paper is
    its own term, and a quotation that happens to hold it ("normal modernist studies") does
    not make the term in marks a repetition of that quotation."""
    words = text[start:end].strip(" \"'”’“»«`,.;:")
    if len(words) < 3:
        return False
    for m in re.finditer(re.escape(words), text, re.I):
        # Set in italics ("*Mapping out* of the sentence"), the words are still shown as words.
        if text[m.start() - 1 : m.start()] in "\"'“„‘‚«»`*_{" or start <= m.start() < end:
            continue
        if not any(a <= m.start() < b for a, b, _ in cited.spans):
            return True
    return False


# A citation's key or typed reference in a cite command or Pandoc brackets: not the writer's
# words (\autocite{FAZ Offenbarungseid} does not use the word again).
_CITE_ARGS = re.compile(
    r"\\[A-Za-z]*cite[a-z]*\*?(?:\[[^\]]*\]){0,2}\{[^{}]*\}|\[[^\[\]\n]*@[^\]\n]*\]"
)


@lru_cache(maxsize=4)
def _prose(text: str) -> str:
    """The text case-folded without its citations' keys, once per document."""
    return _CITE_ARGS.sub(" ", text).casefold()


def _named_by(doc: Document, start: int, close_end: int) -> bool:
    """Whether someone names the words in marks at ``start`` with a verb that governs them."""
    text = doc.text
    begin = max(sentence_start(text, start), start - 200)
    if called_by_name(text, begin, start, close_end):
        return True
    return _NAMES_BEFORE.search(text, begin, start) is not None or (
        _GOVERNED.search(text, begin, start) is not None
        and _NAMES_AFTER.match(text, close_end) is not None
        # German's passive names nobody: "Wahrnehmungen wurden als ‚Sinnesdaten‘ bezeichnet"
        and not _PASSIVE.search(text, begin, start)
    )


_PASSIVE = re.compile(r"\b(?:wird|werden|wurde|wurden)\b(?![^.!?]*\bvon\s+[A-ZÄÖÜ])")


def _word_in_cited_sentence(
    doc: Document, ms: Manuscript | None, start: int, end: int, close_end: int
) -> bool:
    """Whether one word in marks is the source's that its sentence's closing citation gives:
    the sentence reports the source in German reported speech ("Das Rohstoffrecht unterliege
    zudem einer „…“"), or quotes it again in a phrase of its own ("dass es „zweifelhaft“
    erscheine, ob … eine eigene „wirtschaftsvölkerrechtliche Teilordnung“ …\\autocite{a}").
    Words listed side by side ("von ``True'' bis ``Pants on Fire''", "'the Führer', 'Hitler',
    or even") are names and labels mentioned, and a word after its article names a concept."""
    text = doc.text
    if not _sentence_cited(doc, ms, start, end, close_end):
        return False
    begin = sentence_start(text, start)
    # A citation closing the sentence before ("…wurden.~[\\cite{a}] Im selben Jahr") ends it.
    for cited_end in _CITE_ENDS.finditer(text, begin, start):
        begin = cited_end.end()
    stop = window(text, close_end)
    if _REPORTED.search(text, begin, stop):
        return True
    if _AFTER_ARTICLE.search(text, max(0, start - 12), start):
        return False
    quotes = [
        q
        for q in find_quotes(text[begin:stop], min_words=1, latex=doc.kind == "latex")
        if q.parent is None
    ]
    listed: set[int] = set()
    for a, b in itertools.pairwise(quotes):
        if _LIST_GAP.fullmatch(text, begin + a.close_end, begin + b.start - len(b.mark)):
            listed.update((a.start, b.start))
    return start - begin not in listed and any(
        q.start not in listed
        and begin + q.start != start
        and has_words(text, begin + q.start, begin + q.end, PHRASE_WORDS)
        for q in quotes
    )


# German reported speech: the present subjunctive of the verbs a report uses most ("sei",
# "könne", "unterliege"), which says the sentence gives someone else's words; after "ich" the
# same forms are the writer's indicative.
_REPORTED = re.compile(
    r"(?<!\bich )\b(?:sei|seien|habe|könne|müsse|solle|werde|dürfe|möge|wolle|gebe|gelte|liege|"
    r"stehe|bestehe|fehle|erscheine|unterliege|bedürfe|führe|biete|zeige|bleibe|komme|lasse)\b"
)
# What stands between words listed side by side: a comma, "and", "or even", "bis".
_LIST_GAP = re.compile(r"[\s,;/]*(?:(?i:and|or|nor|even|to|und|oder|bis|sowie|noch)[\s,]+){0,2}")
_AFTER_ARTICLE = re.compile(r"\b(?i:the|a|an|der|die|das|den|dem|des|ein|eine)\s+[\"'“„‘‚«»`]+$")


def _beside_cited(doc: Document, start: int, close_end: int) -> bool:
    """Whether a longer quotation later in the same sentence is cited right after its closing
    mark (Bismarck “skillfully” employed nationalism because he realized that “…”[^3]), or
    paged there: the sentence quotes one source, its citation closing the sentence."""
    text = doc.text
    # "the “political”": a concept named with its article, not a word of the source's.
    if _AFTER_ARTICLE.search(text, max(0, start - 12), start):
        return False
    stop = window(text, close_end)
    if not any(mark in text[close_end:stop] for mark in "\"“„‘‚«»`'"):
        return False
    for q in find_quotes(text[close_end:stop], latex=doc.kind == "latex"):
        if q.parent is not None:
            continue
        # Its page alone marks a quotation of any length (it was “hot afternoon” and that “the
        # railway carriage was correspondingly sultry” (129)); a citation, a longer one.
        if PAGE_AFTER.match(text, close_end + q.close_end) is not None or (
            has_words(text, close_end + q.start, close_end + q.end, SHORT_WORDS)
            and cited_right_after(doc, close_end + q.close_end)
        ):
            return True
    return False


_FUNCTION = frozenset(
    re.findall(
        r"\S+",
        "a an the and or of in on at to for by with from as is are was be it that this he she "
        "they we i you not no so der die das und oder ist ein eine des dem den zu mit sich auf "
        "für von im er sie es wir ich nicht",
    )
)


# A note address: Markdown's [^n], a typed ^n^ or <sup>n</sup>, a superscript digit.
_NOTE_MARK = r"(?:\[\^[^\]\s]+\]|\^\d+\^|<sup>\d+</sup>|[¹²³⁴-⁹⁰]+)"
_ENDS_NOTED = re.compile(_NOTE_MARK + r"[.!?]?\s*$")
_STARTS_NOTED = re.compile(r"[.!?\"'”’»]*\s?" + _NOTE_MARK)


def ends_noted(text: str, end: int) -> bool:
    """Whether a note address closes the text ending at ``end`` (or follows it at once)."""
    return bool(_ENDS_NOTED.search(text, max(0, end - 24), end) or _STARTS_NOTED.match(text, end))
