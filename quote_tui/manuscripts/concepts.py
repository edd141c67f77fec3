"""Words in marks that name a concept by its kind: "the “light level-detectability
hypothesis” [@galeotti]", „Backfire-Effekt“, "Client-Server Prinzip", "Rosenberg Paradox",
"the “butterfly effect”". A hypothesis, theory, effect or principle is named so, cited to who
proposed it or not; it is not a quotation of anyone's words. Across the labelled sets, 14 such
names are not quotations and one quotation ends so ("eine neuartige Variante der
Symbiosetheorie", opening on its article)."""

from __future__ import annotations

import re

__all__ = ["defined_after", "kind_after", "names_concept"]

_KINDS = (
    r"hypothes[ie]s|theor(?:y|ies)|effects?|principles?|paradox(?:es)?|syndromes?|fallac(?:y|ies)|"
    r"laws?|models?|rules?|"
    r"hypothesen?|theorien?|effekte?s?|prinzips?|prinzipien|modells?|paradoxons?|gesetze?s?|"
    r"hypothèses?|théories?|effets?|principes?|paradoxes?|modèles?|"
    r"hipótesis|teorías?|efectos?|principios?|paradojas?|modelos?"
)
# The kind ends the words, alone or as the end of a German compound ("Backfire-Effekt",
# "Symbiosetheorie").
_NAMED = re.compile(rf"(?:\b|(?<=[a-zäöüß-]))(?:{_KINDS})[.,]?\Z", re.I)
_OPENS_ARTICLE = re.compile(
    r"(?:a|an|the|this|that|ein|eine[mnrs]?|der|die|das|un|une|le|la|les|el|los|las)\s", re.I
)
_MAX_WORDS = 4


def names_concept(text: str, start: int, end: int) -> bool:
    """Whether the words in marks ``text[start:end]`` name a hypothesis, theory, effect,
    principle or the like: four words at most, ending on the kind, not opening on an article."""
    inner = text[start:end].strip(" \t\n*_")
    words = inner.split()
    if not 1 <= len(words) <= _MAX_WORDS or _OPENS_ARTICLE.match(inner):
        return False
    # The words before the kind name it ("butterfly effect"); a small word among them makes a
    # phrase of a sentence ("above the law", "changed the rules").
    if any(w.casefold().strip(".,;:") in _SMALL for w in words[:-1]):
        return False
    return _NAMED.search(inner) is not None


_SMALL = frozenset(
    re.findall(
        r"\S+",
        "a an the of to in on at by for with from above below under over against into and or is "
        "are was were be been has have had not no der die das des dem den ein eine einen von vom "
        "zu zum zur im am über unter gegen und oder ist sind war nicht le la les de du des un une "
        "au aux et el los las del y",
    )
)


# A term in marks defined right after them: "the “narrow AI”, i.e. specific to the task",
# "»Laizismus«, d.h. des Prinzips …", "a “Unidade de consumo”, que consiste em …", "“center of
# mass” - that is, …". The marks set off the writer's word for a thing, which a source may
# have coined; its definition follows as the writer's own. In lower case only: "“. Das heißt,
# …" opens the writer's next sentence after a quotation.
_DEFINED = re.compile(
    r"[\"'”’»«“]*\s*(?:[,–—-]|\s-)?\s*\(?(?:i\.\s?e\.|d\.\s?h\.|that\s+is,|das\s+heißt|"
    r"c['’]est-à-dire|es\s+decir|isto\s+é|ou\s+seja|que\s+consiste|which\s+consists|"
    r"o\s+que\s+significa|that\s+means|which\s+means|das\s+bedeutet)(?!\w)"
)
_DEFINED_WORDS = 4


# Or its explanation in brackets right after: "'laddering questions' (questions phrased in a
# variety of ways asking for the interviewee to expand on their answer)": four words at least,
# in lower case, no number; not a note on the quotation ("(emphasis added)", "(as cited in …)",
# "(my translation)"), which follows a source's words.
_GLOSSED = re.compile(
    r"[\"'”’»«“]*[ \t]*\((?!(?:as|cited|quoted|emphasis|italics|original|orig|my|our|mine|"
    r"translation|trans|transl|sic|added|see|cf|vgl|zit|zitiert|nach|in|from|qtd|via)\b)"
    r"[a-z][\w'’-]*(?:[ \t\n]+[^\W\d][\w'’,-]*){3,40}\)"
)


def defined_after(text: str, start: int, end: int, close_end: int) -> bool:
    """Whether the words in marks ``text[start:end]`` (four at most) are a term defined right
    after the closing mark, which ends at ``close_end``."""
    if not 1 <= len(text[start:end].split()) <= _DEFINED_WORDS:
        return False
    return (
        _DEFINED.match(text, close_end) is not None or _GLOSSED.match(text, close_end) is not None
    )


# A term in marks set before the kind of thing it names, as a modifier: "the “one person, one
# vote” standard", "the “lost-in-the-middle” phenomenon", "Suzuki's ‘Mother Tongue’ approach",
# "das „Tit-for-Tat“-Prinzip". Across the labelled sets 20 of 21 spans so placed are names,
# not quotations; the one quotation names a movement by its slogan ("the ‘sanity in art’
# movement"), so a movement, campaign, slogan or motto is not a kind here.
_KIND_AFTER = re.compile(
    r"[\"'”’»«“]*(?:\s+|-)(?:standard|principle|rule|doctrine|test|approach|model|strategy|"
    r"policy|era|debate|problem|hypothesis|theory|effect|paradox|thesis|"
    r"clause|requirement|concept|notion|label|phenomenon|framework|method|"
    r"Prinzip|Konzept|Modell|Ansatz|Theorie|Regel|Debatte|Effekt|Problem|Phänomen|"
    r"Methode|Strategie)s?\b"
)
_KIND_WORDS = 5
# Someone's term, named as theirs before the marks: "what he terms an ``intuitionist''
# approach", "what Rawls characterizes as a “priority” problem".
_THEIR_TERM = re.compile(
    r"\bwhat\s+(?:[A-Z][\w'’-]+|he|she|they)\s+(?:\w+\s+)?(?:call(?:s|ed)|term(?:s|ed)|"
    r"dub(?:s|bed)|name[sd]|(?:characteri[sz]e[sd]|describe[sd]|refer(?:s|red)\s+to)\s+as)"
    r"\s+(?:(?:the|a|an)\s+)?(?:``|[\"'“‘„«])*$"
)


def kind_after(text: str, start: int, end: int, close_end: int) -> bool:
    """Whether the words in marks ``text[start:end]`` (five at most, no sentence) modify the
    kind of thing they name, right after the closing mark at ``close_end``."""
    inner = text[start:end].strip()
    if not 1 <= len(inner.split()) <= _KIND_WORDS or inner.endswith((".", "!", "?")):
        return False
    if _THEIR_TERM.search(text, max(0, start - 120), start):
        return False
    return _KIND_AFTER.match(text, close_end) is not None
