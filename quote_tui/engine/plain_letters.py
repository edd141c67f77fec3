"""A cheap proof that the normalized tier cannot find a quotation as one literal piece.

Folding (``normalize.fold``) changes a text's spaces, quotation marks, dashes and hyphens, all of
them neither letters nor digits, and its ligatures, accents and compatibility forms. A "plain"
string holds only ASCII characters and those that ``fold`` replaces one for one by an ASCII
mark (other spaces and line breaks, curly quotation marks, dashes): its fold is ASCII, and the
fold keeps every ASCII letter and digit of it, in order, adding none. So when a plain
quotation's letters and digits, in order, do not stand together in a plain text's, its fold
stands nowhere in the text's fold, and the literal normalized search would find nothing.

A near or absent quotation in a short text is spared the fold of the text this way (about a
tenth of such a check, docs/performance.md), for the cost of two byte translations and a
search. ``tests/engine/test_plain_letters.py`` holds the proof to the search itself.
"""

from __future__ import annotations

from quote_tui.engine.quote_parts import has_paren_note
from quote_tui.engine.text import PreparedText
from quote_tui.engine.typography import DASHES, DOUBLE_QUOTES, SINGLE_QUOTES, WHITESPACE_CHARS

__all__ = ["PLAIN_TEXT_CHARS", "cannot_stand", "plain_letters", "spared", "stands_at_most"]

PLAIN_TEXT_CHARS = 4096
"""The longest text asked (in characters): a longer one folds once for many checks, and its
letters would cost a scan of their own each time."""

_CACHE_KEY = "engine.plain_letters"
# the characters ``normalize._one_for_one`` replaces, beyond ASCII: each by a space, a quotation
# mark or a hyphen
_ONE_FOR_ONE = WHITESPACE_CHARS + DOUBLE_QUOTES + SINGLE_QUOTES + DASHES
# the characters beyond ASCII a plain string may hold, and the bytes of ASCII (``_plain``)
_PLAIN_BEYOND = frozenset(c for c in _ONE_FOR_ONE if c > "\x7f")
_ASCII_BYTES = bytes(range(128))
# every byte but an ASCII letter or digit: a plain string's other characters, in UTF-8, are
# bytes of 128 and more, and go too
_NOT_LETTERS = bytes(b for b in range(256) if not (b < 128 and chr(b).isalnum()))


def plain_letters(s: str) -> bytes | None:
    """The ASCII letters and digits of a plain string, in order (None: ``s`` is not plain).

    Args:
        s: a text or a quotation.

    Returns:
        The letters and digits, or None when ``s`` holds a character that folding may turn
        into a letter or digit, or take one away from (a ligature, an accent, a soft hyphen).
    """
    data = s.encode("utf-8", "surrogatepass")
    if not s.isascii() and not _plain(data):
        return None
    return data.translate(None, _NOT_LETTERS)


def _plain(data: bytes) -> bool:
    """Whether a string, given in UTF-8 (lone surrogates passed), holds no character beyond
    ASCII but those of ``_PLAIN_BEYOND``: a plain string.

    UTF-8 writes a character beyond ASCII in bytes of 128 and more only, so once the ASCII
    bytes are deleted the rest decodes to those characters, each whole: two passes at C speed
    and a look-up for each of the few left, where the pattern's class was tried at every
    character.
    """
    return _PLAIN_BEYOND.issuperset(
        data.translate(None, _ASCII_BYTES).decode("utf-8", "surrogatepass")
    )


def cannot_stand(prepared: PreparedText, quote: str) -> bool:
    """True when the fold of ``quote`` is proved to stand nowhere in the fold of a short text
    (``stands_at_most`` none).

    Args:
        prepared: the checked text; its letters are kept in ``prepared.cache``.
        quote: the quotation.

    Returns:
        True when both are plain and the quotation's letters and digits do not stand together
        in the text's; False when they do, or when the test cannot tell.
    """
    return stands_at_most(prepared, quote, 0)


def stands_at_most(prepared: PreparedText, quote: str, count: int) -> bool:
    """True when the fold of ``quote`` is proved to stand at most ``count`` times, none
    overlapping another, in the fold of a short text (as ``str.count`` counts).

    Occurrences of the fold that do not overlap hold, each, an occurrence of the quotation's
    letters and digits in the text's that overlaps no other: there are no more of them than
    ``bytes.count`` finds (the most that do not overlap). A quotation without a letter or a
    digit proves nothing.

    Args:
        prepared: the checked text; its letters are kept in ``prepared.cache``.
        quote: the quotation.
        count: the most occurrences to prove.

    Returns:
        True when proved; False when there may be more, or when the test cannot tell.
    """
    if len(prepared.text) > PLAIN_TEXT_CHARS:
        return False
    letters = prepared.cache.get(_CACHE_KEY)
    if letters is None:
        letters = prepared.cache[_CACHE_KEY] = plain_letters(prepared.text) or False
    if letters is False:
        return False
    wanted = plain_letters(quote)
    if not wanted:
        return False
    return wanted not in letters if count == 0 else letters.count(wanted) <= count


def spared(prepared: PreparedText, quote: str, *, literal: bool) -> bool:
    """True when the normalized search of ``quote`` is proved to find nothing, unfolded.

    The literal search: ``cannot_stand``. The other reads a quotation's ellipses and brackets
    (``quote_parts.plan_quote``) and has nothing to search without one; a plain quotation's fold
    holds a bracket or a full stop only where the quotation does, and an ellipsis takes a
    bracket or three full stops. A note in parentheses ("(!)") is read as a bracket is.

    Args:
        prepared: the checked text.
        quote: the quotation.
        literal: whether the search is the literal one.
    """
    if literal:
        return cannot_stand(prepared, quote)
    return (
        "[" not in quote
        and quote.count(".") < 3
        and not has_paren_note(quote)
        and (quote.isascii() or _plain(quote.encode("utf-8", "surrogatepass")))
    )
