"""Words of a quotation quoted again: the close reading after a passage.

An essay quotes a passage with its page, then comments on it and puts a few of its words in
marks again: "(Rankine 59)" after "Sometimes you sigh. The world says stop that.", then 'the
world as saying "stop that"'; a block from Heidegger's address, then 'his depiction of science
working '*through* us''. The phrase has no citation of its own, or one that names the same work
without a page; its words, and their page, are the passage's. The writer may bend a word to
the sentence ("interrupt yourself" quoted as "interrupting yourself", "stands up to" as "stand
up to"): a word matches when one is the other with an ending added.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from quote_tui.manuscripts.found import Found
from quote_tui.manuscripts.refs import Mention

__all__ = ["with_repeated_pages"]

_WORD = re.compile(r"[^\W_]+")
_REACH = 2_500  # characters back from the phrase searched for the passage it repeats
_STEM = 4  # the shortest word another may extend ("stand" → "stands")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())


def _same_word(a: str, b: str) -> bool:
    if a == b:
        return True
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= _STEM and long.startswith(short)


def _repeats(phrase: list[str], passage: list[str]) -> bool:
    """Whether ``phrase``'s words stand in ``passage`` one after the other."""
    n = len(phrase)
    return any(
        all(_same_word(w, passage[i + j]) for j, w in enumerate(phrase))
        for i in range(len(passage) - n + 1)
    )


def _same_work(a: Mention | None, b: Mention | None) -> bool:
    """Whether two citations name one work: the same key, or the same first author."""
    if a is None or b is None:
        return False
    if a.key and b.key:
        return a.key == b.key
    if a.year and b.year and a.year != b.year:
        return False  # two works of one author
    return bool(a.names and b.names and a.names[0].casefold() == b.names[0].casefold())


def with_repeated_pages(found: Sequence[Found]) -> list[Found]:
    """``found`` with each phrase that repeats words of a passage quoted shortly before it given
    that passage's citation and page, when it has no page of its own and cites no other work."""
    out = list(found)
    for i, phrase in enumerate(out):
        if phrase.locator is not None or phrase.reference is not None:
            continue
        words = _words(phrase.quote_raw)
        if not words:
            continue
        start = phrase.location.offset
        for j in range(i - 1, -1, -1):
            passage = out[j]
            if passage.doc is not phrase.doc:
                continue
            if start - passage.location.offset > _REACH:
                break
            if len(passage.quote_raw) <= len(phrase.quote_raw):
                continue
            if not _repeats(words, _words(passage.quote_raw)):
                continue
            page = passage.locator or (passage.reference.locator if passage.reference else None)
            if page is None:
                break  # the words are that passage's, which gives no page
            if phrase.mention is None:
                out[i] = replace(
                    phrase, mention=passage.mention, reference=passage.reference, locator=page
                )
            elif _same_work(phrase.mention, passage.mention):
                out[i] = replace(phrase, locator=page)
            break
    return out
