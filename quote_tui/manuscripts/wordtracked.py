"""Tracked changes in a Word part, read as the document stands once they are accepted: what
was inserted (``w:ins``, ``w:moveTo``) is text; what was deleted (``w:del``, ``w:moveFrom``)
is not, nor a note whose mark was deleted. A deleted paragraph mark joins its paragraph to the
next one, as Word shows it. Formatting changes (``w:rPrChange``, ``w:pPrChange``) keep the
old properties beside the new ones; the reader looks only at the new ones, each a direct
child of its ``w:rPr`` or ``w:pPr``."""

from __future__ import annotations

from lxml import etree

__all__ = ["DELETIONS", "deleted", "deleted_mark"]

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
DELETIONS = frozenset({f"{_W}del", f"{_W}moveFrom"})


def deleted(el: etree._Element) -> bool:
    """Whether the element stands inside deleted (or moved-away) content."""
    return any(a.tag in DELETIONS for a in el.iterancestors())


def deleted_mark(p: etree._Element) -> bool:
    """Whether the paragraph's own mark is deleted (``w:pPr/w:rPr/w:del``): the paragraph
    runs on into the next."""
    return p.find(f"{_W}pPr/{_W}rPr/{_W}del") is not None
