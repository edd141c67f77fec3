"""A Latin math letter a font's Unicode map gives as a Cyrillic one, read as the Latin letter.

Linux Libertine's italic draws its math "g" (newtxmath's ``libertine`` option, the ACM
template's math) with the glyph of the Cyrillic italic "д", and the font's map says so: the
text layer reads "a complex model д" where the page shows "g". In a text with no Cyrillic word
a "д" standing alone between Latin words is that "g"; in a Russian text it is left alone.
"""

from __future__ import annotations

import re

__all__ = ["latin_math_letters"]

_LONE = re.compile(r"(?<![^\W\d_])\u0434(?![^\W\d_])")
"""A "д" with no letter on either side: a one-letter word, as a math variable is."""
_CYRILLIC_WORD = re.compile(r"[\u0400-\u04ff]{2}")


def latin_math_letters(text: str) -> str:
    """``text`` with every lone "д" read as "g", unless the text holds a Cyrillic word; the
    length is kept (one character for one), so offsets and line boxes stay."""
    if "\u0434" not in text or _CYRILLIC_WORD.search(text):
        return text
    return _LONE.sub("g", text)
