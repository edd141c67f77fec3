"""Sections readability keeps the heading of but empties: their content comes back.

readability judges each list and table on its own, so a section made of one list of links
("See also", "References", "Further reading") loses its list while its heading stays, and the
article shows a title over nothing. A heading with nothing under it before the next heading
of its rank gets back what followed it in the page, up to that next heading, unless that is
the page's furniture (navigation, forms, comments, related-content and sharing blocks).
"""

from __future__ import annotations

import copy
import re

from lxml import etree

__all__ = ["mark_headings", "restore_sections"]

_RANK = {f"h{n}": n for n in range(1, 7)}
# The attribute that carries a heading's place in the page through readability, which keeps
# attributes it has no rule for.
_MARK = "data-heading-index"
# Blocks that are the page's furniture, not a section's content, by element or by name.
_FURNITURE_TAGS = frozenset({"nav", "aside", "form", "footer", "header", "menu"})
_FURNITURE_NAMES = re.compile(
    r"comment|related|promo|sponsor|share|social|newsletter|subscri|advert|navbox|sidebar",
    re.I,
)


def mark_headings(root: etree._Element) -> None:
    """Number the page's headings, so a heading readability keeps can be found in the page."""
    for index, heading in enumerate(root.iter(*_RANK)):
        heading.set(_MARK, str(index))


def restore_sections(article: etree._Element, page: etree._Element) -> None:
    """Put back, after each emptied heading of ``article``, what follows it in ``page``.

    Args:
        article: readability's article, as a tree of the marked page's elements.
        page: the marked page (see ``mark_headings``).
    """
    by_index = {h.get(_MARK): h for h in page.iter(*_RANK)}
    for heading in _empty_headings(article):
        source = by_index.get(heading.get(_MARK))
        if source is None:
            continue
        anchor = heading
        for block in _section(source):
            clone = copy.deepcopy(block)
            clone.tail = None
            anchor.addnext(clone)
            anchor = clone
    for heading in article.iter(*_RANK):
        heading.attrib.pop(_MARK, None)


def _empty_headings(article: etree._Element) -> list[etree._Element]:
    """Headings followed by no text before the next heading of their rank or higher."""
    empty: list[etree._Element] = []
    waiting: list[tuple[int, etree._Element]] = []  # headings not yet followed by text
    inside = 0  # how many headings the walk is inside
    for event, el in etree.iterwalk(article, events=("start", "end")):
        rank = _RANK.get(el.tag) if isinstance(el.tag, str) else None
        if event == "start":
            if rank is not None:
                while waiting and waiting[-1][0] >= rank:
                    empty.append(waiting.pop()[1])
                waiting.append((rank, el))
                inside += 1
            elif not inside and (el.text or "").strip():
                waiting.clear()
            continue
        if rank is not None:
            inside -= 1
        if not inside and el is not article and (el.tail or "").strip():
            waiting.clear()
    empty.extend(el for _, el in waiting)
    return empty


def _section(heading: etree._Element) -> list[etree._Element]:
    """The blocks after a heading in its page, up to the next heading of its rank or higher."""
    rank = _RANK[heading.tag]
    blocks = []
    for sibling in heading.itersiblings():
        if not isinstance(sibling.tag, str):
            continue
        if any(_RANK[h.tag] <= rank for h in sibling.iter(*_RANK)):
            break
        if not _furniture(sibling):
            blocks.append(sibling)
    return blocks


def _furniture(el: etree._Element) -> bool:
    if el.tag in _FURNITURE_TAGS or (el.get("role") or "").lower() == "navigation":
        return True
    return bool(_FURNITURE_NAMES.search(f"{el.get('class', '')} {el.get('id', '')}"))
