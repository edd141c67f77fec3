"""What of a Word run the reader sees: hidden text is not shown, a soft hyphen is not printed
inside a line. Word hides a run by its own ``w:vanish``, by its character style's or by its
paragraph style's (the "z-Top of Form" lines a web page leaves when pasted in); a quotation's
words are the ones on the page, so hidden words are neither read nor searched."""

from __future__ import annotations

from lxml import etree

from quote_tui.manuscripts.wordstyles import WordStyles, switched_on

__all__ = ["hidden_run", "shown_text"]

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_SOFT_HYPHEN = "\u00ad"


def hidden_run(rpr: etree._Element | None, styles: WordStyles, paragraph_style: str) -> bool:
    """Whether Word hides the run: its own setting first, then its character style's, then
    its paragraph style's."""
    if rpr is not None:
        own = rpr.find(f"{_W}vanish")
        if own is not None:
            return switched_on(own)
        char_style = rpr.find(f"{_W}rStyle")
        if char_style is not None and char_style.get(f"{_W}val") in styles.hidden:
            return True
    return paragraph_style in styles.hidden


def shown_text(text: str) -> str:
    """A run's text as printed: soft hyphens typed as characters (U+00AD, as text pasted from
    a web page or a PDF holds them) show only where a line breaks, never inside a line."""
    return text.replace(_SOFT_HYPHEN, "") if _SOFT_HYPHEN in text else text
