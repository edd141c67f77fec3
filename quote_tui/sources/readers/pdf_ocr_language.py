"""The language of a scanned page, told from the words Tesseract's English reading gives.

Read with English data only, a French page loses its accents ("a coté de l'alcOve, ot les
bUches", for "à côté de l'alcôve, où les bûches"), a German one its umlauts, a Spanish one its
eñes ("El nifio de la sefora") and an Italian one its grave accents ("la citta", "pit" for
"più"); read with every installed language at once, an English page reads worse ("asubset",
"eurrent") and a page takes up to two thirds longer. So each page is read in English first, and
read again in its own language only where its function words are that language's, many times
more than English ones and more than any other language's, and the data is installed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

__all__ = ["page_language", "untold"]

_WORDS = {
    "eng": "the of and to in is that for it with as was on be by this are from which not or were "
    "an at have has",
    "fra": "le la les des du de et est une un dans que qui pour sur au aux par ne pas ce cette son "
    "sa ses sont avec plus",
    "deu": "der die das und ist nicht ein eine einer des den dem mit von zu auf sich auch als wird "
    "werden im sind wie oder",
    # Spanish, Italian and French share a few words ("la", "un", "que"): each page's own
    # words outnumber them (a Spanish paragraph counts 31 Spanish, 14 French, 9 Italian)
    "spa": "el la los las del de y en que es un una por con para se no al lo su sus como pero "
    "fue son este esta",
    "ita": "il lo la gli le del della dei delle di e che un una per con non si al alla nel nella "
    "sono come anche questo",
}
"""Each language's commonest function words, as Tesseract's English reading spells them."""
_ENGLISH = frozenset(_WORDS["eng"].split())
_FUNCTION_WORDS = {
    code: frozenset(words.split()) for code, words in _WORDS.items() if code != "eng"
}
_LEAST = 5
"""Fewest function words of the other language on the page: a line of French in an English page
(a title, a quoted phrase) is no French page."""
_SHARE = 2
"""The other language's function words must outnumber the English ones this many times."""


def _counts(words: Iterable[str]) -> Counter[str]:
    return Counter(word.strip(".,;:!?()\"'«»").lower() for word in words)


def untold(words: Iterable[str]) -> bool:
    """Whether ``words`` are too few to tell a language by: fewer than ``_LEAST`` function
    words of any language (a title page, a page of figures)."""
    counts = _counts(words)
    return all(
        sum(counts[word] for word in vocabulary) < _LEAST
        for vocabulary in (_ENGLISH, *_FUNCTION_WORDS.values())
    )


def page_language(words: Iterable[str], installed: Callable[[str], bool]) -> str | None:
    """The Tesseract code of the language ``words`` are in, other than English, whose data is
    ``installed``; None for an English page or one too short to tell."""
    counts = _counts(words)
    english = sum(counts[word] for word in _ENGLISH)
    found = {
        code: sum(counts[word] for word in vocabulary)
        for code, vocabulary in _FUNCTION_WORDS.items()
    }
    best = max(found, key=found.__getitem__)
    # the page's own language, or none: a Spanish page is not read in French (which shares
    # some of its words) where only the French data is installed
    if found[best] >= _LEAST and found[best] > _SHARE * english and installed(best):
        return best
    return None
