"""A note that gives a web address after words naming no author: the words still say what
the address holds, and may say where in it.

German Facharbeiten and student papers written in Word cite web sources in footnotes as
"Section 4: Desirable Protocol Characteristics http://…" or "Perfect Forward Secrecy –
Wikipedia, https://…": read as the address alone, the report showed a bare URL and dropped
the section the writer named.
"""

from __future__ import annotations

import re
from dataclasses import replace

from quote_tui.manuscripts.locators import parse_locator
from quote_tui.manuscripts.refs import Mention

__all__ = ["address_with_words"]

# A place named first, "Section 4:", "Kapitel 3 –", "S. 12,"
_LEAD_PLACE = re.compile(r"\s*(?P<place>[^\W\d_][\w.]{0,12}\s*[\dIVXivx][\w.]{0,8})\s*[:,–-]\s")


def address_with_words(text: str, start: int, cut: int, end: int, address: Mention) -> Mention:
    """The address ``address`` of the note ``text[start:end]``, its raw the whole note when
    words stand before the address (``text[start:cut]``), with the place they name first."""
    words = text[start:cut].strip(" \t\n.,;:")
    if not re.search(r"[^\W\d_]{3}", words):
        return address
    whole = " ".join(text[start:end].split())
    place = _LEAD_PLACE.match(text, start, cut)
    locator = parse_locator(place.group("place"), bare_is_page=False) if place else None
    return replace(address, start=start, end=end, raw=whole, locator=address.locator or locator)
