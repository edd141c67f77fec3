"""Signs that one word or a short phrase in marks is someone's: a named author reporting it
("As Dworkin notes, …", "Hayot argues elsewhere that …"), a word pointed back at in the
quotation before ("retrieve this “secret”"), a relative clause naming a statement ("whose
repeated statement “…”"); and the sign that it is the writer's own, said plainly just before
(kept apart from phrases.py, which weighs them)."""

from __future__ import annotations

import re

from quote_tui.manuscripts.document import Document
from quote_tui.manuscripts.evidence import sentence_start
from quote_tui.manuscripts.saying import ARGUING, alternation
from quote_tui.manuscripts.voice import Repeats

__all__ = [
    "CITE_ENDS",
    "WHOSE_WORDS",
    "called_by_name",
    "coined_by_cited",
    "reported_by_name",
    "said_just_before",
    "this_word_quoted",
]

# A bracket or brace closing the sentence before, the next opening with a capital.
CITE_ENDS = re.compile(r"[\]}]\s+(?=[A-ZÄÖÜ])")

# Someone named who says what the sentence reports: "As Dworkin notes, there are … “antecedent”
# interests", "Hayot argues elsewhere that the “ultimate” reason …". A name, not a pronoun or a
# thing ("Metaphysics has looked to explain"), with a verb of arguing or writing.
_ARGUING = alternation(ARGUING)
_AS_NAME = re.compile(
    rf"^\W*(?:As|Wie)\s+(?:[A-Z][\w'’-]+\s+)?[A-ZÄÖÜ][\w'’-]+\s+(?:\w+ly\s+)?{_ARGUING}\s*,"
)
_NAME_THAT = re.compile(
    rf"\b(?!(?:It|This|That|There|These|Those|The|Es|Das|Dies|Man|Wir|Ich|We|I|He|She|They|"
    rf"Er|Sie)\b)"
    rf"[A-ZÄÖÜ][\w'’-]+\s+(?:\w+ly\s+|elsewhere\s+|also\s+|auch\s+){{0,2}}{_ARGUING}"
    rf"\s+(?:\w+\s+)?(?:that|dass)\b"
)


# A demonstrative pointing back at a word in marks: "we begin our attempt to retrieve this
# “secret”" after a quotation that holds "secret".
_DEMONSTRATIVE = re.compile(r"\b(?i:this|these|dies\w*)\s+(?:[\"'“„‘‚«»`]+|\\\w+\*?\{)$")
_BACK = 300  # characters before the word a cited quotation holding it may end


def this_word_quoted(text: str, start: int, end: int, close_end: int, cited: Repeats) -> bool:
    """Whether one word in marks, pointed at with "this", is a word of a cited quotation
    ending just before it: the quotation's word taken up again ("retrieve this “secret”."). A
    word that qualifies a noun after it ("this “sanctified” quality") names a quality."""
    if not _DEMONSTRATIVE.search(text, max(0, start - 16), start):
        return False
    if re.match(r"[\"'”’»“`}]*\s+[a-z]", text[close_end : close_end + 8]):
        return False
    word = text[start:end].strip(" \"'”’“»«`,.;:").casefold()
    return any(
        start - _BACK <= b <= start and word in folded.split() for a, b, folded in cited.spans
    )


_MODAL_BEFORE = re.compile(
    r"\b(?i:can|could|will|would|may|might|must|shall|should|to|kann|könnte|muss|soll|zu)\s+"
    r"[\"'“„‘‚«»`]+$"
)


def reported_by_name(doc: Document, start: int) -> bool:
    """Whether the sentence before one word in marks reports someone named: "As Dworkin
    notes, …", "Hayot argues elsewhere that …". A verb in marks after a modal ("anyone can
    “enter” the original position") is the writer's own verb, set off."""
    if _MODAL_BEFORE.search(doc.text, max(0, start - 12), start):
        return False
    begin = sentence_start(doc.text, start)
    # A citation closing the sentence before ("…possible.\autocite{a} The") ends it.
    for cited_end in CITE_ENDS.finditer(doc.text, begin, start):
        begin = cited_end.end()
    head = doc.text[begin:start]
    return _AS_NAME.match(head) is not None or _NAME_THAT.search(doc.text, begin, start) is not None


# Someone's words named by a relative clause: "Bartleby, whose repeated statement “…”", "dessen
# Ausspruch „…“".
WHOSE_WORDS = re.compile(
    r"\b(?:whose|dessen|deren)\s+(?:[\w-]+\s+)?(?:statement|words|phrase|line|motto|refrain|"
    r"catchphrase|reply|answer|saying|Aussage|Worte|Ausspruch|Satz|Motto|Antwort)\s*[,:]?\s*"
    r"[\"'“„‘‚«»`]+$"
)


_JUST_BEFORE = 400  # characters before a phrase where the writer's own plain use of it counts


def said_just_before(text: str, start: int, end: int) -> bool:
    """Whether the writer says the words in marks plainly just before them: "the source of an
    intoxicating possibility.\\footnote{Sartre explores this \\enquote{intoxicating
    possibility} …}" annotates the writer's own phrase."""
    words = text[start:end].strip(" \"'”’“»«`,.;:").casefold()
    if len(words) < 3:
        return False
    lo = max(0, start - _JUST_BEFORE)
    before = text[lo:start].casefold()
    at = before.find(words)
    while at >= 0:
        if before[at - 1 : at] not in "\"'“„‘‚«»`{":
            return True
        at = before.find(words, at + 1)
    return False


# Someone named calling a thing by the words: "Claus went so far as to call the IT architects a
# “godsend,”" (a name, not a pronoun, and a thing, not "it": "he is reluctant to call it a
# 'science'" is the writer's report of a reluctance); in German, a relative clause whose verb
# closes it after the words: "Thomas Hobbes, der diesen Urzustand als „Krieg aller gegen alle“
# dämonisierte".
_CALLS_OBJECT = re.compile(
    r"\b(?!(?:He|She|They|It|This|That|There|The|We|I|One|Some|Others|Many)\b)[A-Z][\w'’-]+\s+"
    r"(?:[\w-]+\s+){0,5}(?i:call|calls|called|dub|dubs|dubbed|brand|brands|branded)\s+"
    r"(?!(?i:it|them|this|that|these|those)\b)(?:[\w'’-]+\s+){1,4}(?:a|an|the)\s+[\"'“„‘‚«»`]+$"
)
_RELATIVE_AS = re.compile(
    r"\b[A-ZÄÖÜ][\w'’-]+,\s+(?:der|die|welcher|welche)\s+(?:[\w-]+\s+){0,4}als\s+"
    r"(?:(?:ein|eine|einen|den|die|das|der)\s+)?(?:[\"'“„‘‚«»`]+|\\\w+\*?\{)$"
)
_CLAUSE_VERB = re.compile(r"[\"'”’»“`}]*\s+(?:\w+\s+)?[a-zäöü]\w*(?:te|t|en)\b\s*[,.;]")


def called_by_name(text: str, begin: int, start: int, close_end: int) -> bool:
    """Whether someone named calls a thing by the words in marks at ``start`` (their sentence
    opening at ``begin``, their closing mark ending at ``close_end``)."""
    if _CALLS_OBJECT.search(text, begin, start) is not None:
        return True
    return (
        _RELATIVE_AS.search(text, begin, start) is not None
        and _CLAUSE_VERB.match(text, close_end) is not None
    )


# A term coined by a cited writer, named as theirs: "what Tony Bennett (1988) has called the
# ‘…’", "what Freud in 1917 called the ‘…’", "what Teju Cole, in 2012, called ‘…’", "Mirzoeff
# (2011) has suggested … what he called the ‘…’". The year places the words in a work: a
# quotation of it, though "called" presents them as a name.
_COINED = re.compile(
    r"\bwhat\s+(?:(?:[A-Z][\w'’-]+\s+){0,2}[A-Z][\w'’-]+|he|she|they)"
    r"(?:\s*,?\s*(?:\(\d{4}[a-z]?\)|in\s+\d{4})\s*,?)?\s+(?:has\s+|had\s+|have\s+)?"
    r"(?:call(?:s|ed)|term(?:s|ed)|dub(?:s|bed)|name[sd]|refer(?:s|red)\s+to\s+as|"
    r"describe[sd]\s+as)\s+(?:(?:the|a|an)\s+)?[\"'“‘„«]*$"
)
_NAMED_YEAR = re.compile(r"\b[A-Z][\w'’-]+\s*,?\s*(?:\(\d{4}[a-z]?\)|in\s+\d{4})")


def coined_by_cited(text: str, start: int) -> bool:
    """Whether the words in marks opening at ``start`` are a term its sentence gives to a writer
    cited by name and year ("what Bennett (1988) has called the ‘…’"), or, in German, a term a
    cited writer speaks of ("\\textcite{plake} spricht … von einer „…“", "Von einer „…“ könne
    … die Rede sein \\parencite[389]{a}")."""
    begin = sentence_start(text, start)
    lead = text[max(begin, start - 300) : start]
    if _COINED.search(lead) and _NAMED_YEAR.search(lead) is not None:
        return True
    if not _SPOKEN_OF.search(lead):
        return False
    rest = text[start : start + 300]
    stop = _SENTENCE_STOP.search(rest)
    sentence = lead + (rest[: stop.start()] if stop else rest)
    return bool(_SPEAKING.search(sentence)) and _CITES.search(sentence) is not None


# German's "speak of" a term: "von einer „…“" right before the marks, "spricht", "sprechen" or
# "die Rede" in the sentence, which cites.
_SPOKEN_OF = re.compile(r"\b[Vv]on\s+(?:(?:einer|einem|einen|der|dem|den|des)\s+)?[„“\"»«‚]+$")
_SPEAKING = re.compile(r"\b(?:spricht|sprechen|sprach|sprachen|die\s+Rede)\b")
_CITES = re.compile(r"\\[A-Za-z]*cite|\[@|\(\s*[A-ZÄÖÜ][\w-]+,?\s+(?:1[5-9]|20)\d\d")
_SENTENCE_STOP = re.compile(r"(?<=[a-zäöüß\]}\)])[.!?](?=\s+[A-ZÄÖÜ„\\]|\s*$)")
