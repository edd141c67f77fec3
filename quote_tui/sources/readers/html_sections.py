"""Headings, tables and sections readability drops from the article it keeps come back.

readability judges each heading, list and table on its own, out of context. A heading that
is a link (a headline linking to its own article, a section title with an "[edit]" link) or
that sits alone in a wrapper too short to count is dropped although it introduces the text
that follows; so is a table of data whose cells are mostly links. A section made of one list
of links ("See also", "References", "Further reading") loses its list while its heading
stays, and the article shows a title over nothing.

Footnotes go too when their block is classed "footnotes", which reads like a page footer.

So a heading or data table the page has between two kept passages comes back before the
second; a kept heading with nothing under it before the next heading of its rank gets back
what followed it in the page, up to that next heading; and the notes the article's note
markers point to are appended. None of this brings back the page's furniture (navigation,
forms, comments, related-content and sharing blocks).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Container, Iterator

from lxml import etree

from quote_tui.sources.readers.html_render import UNRENDERED

__all__ = ["mark_elements", "restore_sections"]

_RANK = {f"h{n}": n for n in range(1, 7)}
# The attribute that carries an element's place in the page through readability, which keeps
# attributes it has no rule for.
_MARK = "data-page-index"
# Blocks that are the page's furniture, not a section's content, by element or by name.
_FURNITURE_TAGS = frozenset({"nav", "aside", "form", "footer", "header", "menu"})
_FURNITURE_NAMES = re.compile(
    r"comment|related|promo|sponsor|share|social|newsletter|subscri|advert|sidebar|footer"
    r"|breadcrumb|menu|navbox|navbar|navigation|(?:^|[\s_-])nav(?:$|[\s_-])",
    re.I,
)


# What a note marker reads: a number, a letter or a symbol, perhaps in brackets.
_NOTE_MARKER = re.compile(r"\[?(\d{1,3}|[a-z]|[*†‡§])\]?", re.I)
# The blocks a note is written as.
_NOTE_BLOCKS = frozenset({"p", "li", "div", "aside", "dd", "section", "footer"})


def mark_elements(root: etree._Element) -> dict[str, etree._Element]:
    """Number the page's elements, so what readability keeps can be found in the page.

    Returns:
        The page's link targets by name (``id``, and ``name`` of ``<a>``), taken now because
        the page's clean-up for readability takes some ids away.
    """
    targets: dict[str, etree._Element] = {}
    for index, el in enumerate(root.iter(etree.Element)):
        el.set(_MARK, str(index))
        for name in (el.get("id"), el.get("name") if el.tag == "a" else None):
            if name:
                targets.setdefault(name, el)
    return targets


def restore_sections(
    article: etree._Element, page: etree._Element, targets: dict[str, etree._Element]
) -> None:
    """Put back into ``article`` the headings, tables, sections and notes readability dropped.

    Args:
        article: readability's article, as a tree of the marked page's elements.
        page: the marked page.
        targets: the page's link targets, from ``mark_elements``.
    """
    kept = {el.get(_MARK): el for el in article.iter(etree.Element) if el.get(_MARK)}
    _restore_units(article, page, kept)
    by_index = {el.get(_MARK): el for el in page.iter(*_RANK)}
    for heading in _empty_headings(article):
        source = by_index.get(heading.get(_MARK))
        if source is None:
            continue
        anchor = heading
        for block in _section(source, kept):
            clone = copy.deepcopy(block)
            clone.tail = None
            anchor.addnext(clone)
            anchor = clone
    _restore_notes(article, page, targets)
    for el in article.iter(etree.Element):
        el.attrib.pop(_MARK, None)


def _restore_notes(
    article: etree._Element, page: etree._Element, targets: dict[str, etree._Element]
) -> None:
    """Append the notes the article's note markers ("22", "[3]", "*") point to, in page order,
    when readability dropped them (a block classed "footnotes" looks like a page footer)."""
    kept = {el.get(_MARK) for el in article.iter(etree.Element)}
    by_mark = {el.get(_MARK): el for el in page.iter(etree.Element)}
    notes: dict[str, etree._Element] = {}
    for link in article.iter("a"):
        href = (link.get("href") or "").strip()
        target = targets.get(href[1:]) if href.startswith("#") else None
        marker = by_mark.get(link.get(_MARK))
        if target is None or marker is None:
            continue
        if not _NOTE_MARKER.fullmatch(link.text_content().strip()):
            continue
        note = target
        if target.tag not in _NOTE_BLOCKS:
            note = next((el for el in target.iterancestors() if el.tag in _NOTE_BLOCKS), target)
        # a note holding its own marker is a passage readability dropped, not a note
        shared = set(marker.iterancestors())
        if note in shared or note.get(_MARK) in kept or _within_furniture(note, shared):
            continue
        notes.setdefault(note.get(_MARK, ""), note)
    for _, note in sorted(notes.items(), key=lambda item: int(item[0] or 0)):
        clone = copy.deepcopy(note)
        clone.tail = None
        article.append(clone)


def _within_furniture(note: etree._Element, shared: set[etree._Element]) -> bool:
    """Whether a note, or a block holding it but not its marker (``shared`` holds those), is
    the page's furniture."""
    for el in (note, *note.iterancestors()):
        if el in shared:
            return False
        if _furniture(el):
            return True
    return False


def _restore_units(
    article: etree._Element, page: etree._Element, kept: dict[str | None, etree._Element]
) -> None:
    """Put back each dropped heading or data table with kept text right before and after it."""
    before_kept = False  # whether the last text before here in the page is in the article
    waiting: list[etree._Element] = []  # headings and tables dropped since that text
    for owner, leads, unit in _texts(page):
        if unit:
            if owner.get(_MARK) not in kept and before_kept and not _furniture(owner):
                waiting.append(owner)
            continue
        here = kept.get(owner.get(_MARK))
        if here is not None and leads and waiting:
            block = _block_start(here, article)
            for dropped in waiting:
                clone = copy.deepcopy(dropped)
                clone.tail = None
                block.addprevious(clone)
        waiting.clear()
        before_kept = here is not None


def _texts(page: etree._Element) -> Iterator[tuple[etree._Element, bool, bool]]:
    """Each heading or data table (a unit), and each element holding rendered text, in page
    order: (element, whether that text is the first the element holds, whether it is a unit).
    An element's first text is its ``text``, or the tail of a child without text."""
    seen: list[bool] = []  # for each open element, whether it has shown text yet
    asides: list[bool] = []  # for each open element, whether its text is skipped
    skip = 0  # how many units or unrendered elements the walk is inside
    for event, el in etree.iterwalk(page, events=("start", "end")):
        if not isinstance(el.tag, str):
            continue
        if event == "start":
            unit = not skip and _unit(el)
            if unit:
                yield el, True, True
            aside = unit or el.tag in UNRENDERED
            asides.append(aside)
            skip += aside
            shows = not skip and bool((el.text or "").strip())
            if shows:
                yield el, True, False
            seen.append(shows)
            continue
        skip -= asides.pop()
        if seen.pop() and seen:
            seen[-1] = True
        if skip or not seen or not (el.tail or "").strip():
            continue
        parent = el.getparent()
        if parent is not None:
            yield parent, not seen[-1], False
            seen[-1] = True


def _unit(el: etree._Element) -> bool:
    """A heading, or a table of data (one with header cells and no table inside it)."""
    if el.tag in _RANK:
        return True
    return el.tag == "table" and el.find(".//th") is not None and el.find(".//table") is None


def _block_start(el: etree._Element, article: etree._Element) -> etree._Element:
    """The outermost element of ``article`` that begins where ``el`` begins."""
    while True:
        parent = el.getparent()
        if parent is None or parent is article or (parent.text or "").strip():
            return el
        if el.getprevious() is not None:
            return el
        el = parent


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


def _section(heading: etree._Element, kept: Container[str | None]) -> list[etree._Element]:
    """The blocks after a heading in its page, up to the next heading of its rank or higher,
    but for furniture and blocks the article already holds some of."""
    rank = _RANK[heading.tag]
    blocks = []
    for sibling in heading.itersiblings(etree.Element):
        if any(_RANK[h.tag] <= rank for h in sibling.iter(*_RANK)):
            break
        if _furniture(sibling) or any(el.get(_MARK) in kept for el in sibling.iter(etree.Element)):
            continue
        blocks.append(sibling)
    return blocks


def _furniture(el: etree._Element) -> bool:
    if el.tag in _FURNITURE_TAGS or (el.get("role") or "").lower() == "navigation":
        return True
    return bool(_FURNITURE_NAMES.search(f"{el.get('class', '')} {el.get('id', '')}"))
