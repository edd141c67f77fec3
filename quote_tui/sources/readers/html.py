"""HTML pages: the main text as rendered, with block breaks, and the page's citation metadata.

HTML counts as rendered: whitespace inside a block collapses to one space (hard wraps in the
source vanish), inline elements join without spaces ("LE<sub>min</sub>" reads "LEmin"), and
blocks are separated by line breaks: "\\n\\n" between paragraph-like blocks, "\\n" for ``<br>``,
list items, table cells and definition terms. readability-lxml picks the article, and the
headings, data tables, sections and notes it drops from inside the article come back
(``html_sections``); when it keeps only a sliver of the page, the whole visible body is used
instead and the note says so.

Hostile pages are bounded. readability's work grows with the number of elements times their
depth (it serializes every div's subtree and measures every candidate's text), so a 2 MB page of
deeply nested divs took 30-60 s. Pages whose estimated work exceeds ``MAX_EXTRACTION_COST`` skip
readability and are read whole. libxml2 stops building the tree at 256 levels of nesting (or at a
10 MB text node) and drops the rest of the page without an error, so such a page is rendered from
the parser's event stream instead, which has neither limit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import lxml.html
from lxml import etree
from readability import Document
from readability.readability import Unparseable

from quote_tui.engine.errors import ErrorCode, Recovery, SourceError
from quote_tui.sources.readers.html_render import (
    INLINE,
    WHITESPACE,
    XML_DECLARATION,
    hidden,
    html_to_text,
    stream_text,
)
from quote_tui.sources.readers.html_sections import mark_elements, restore_sections
from quote_tui.sources.readers.plain import decode_text
from quote_tui.sources.records import Representation

__all__ = ["MAX_EXTRACTION_COST", "HtmlText", "extract_html", "needs_script"]

_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)
_META_NAMES = re.compile(r"^(citation_|dc\.|dcterms\.|prism\.)", re.I)
# readability's article must keep at least this share of the body's visible characters, and
# this many (about 80 English words, or a few sentences of Chinese or Japanese), or the page is
# read whole. Measured on the corpus: real articles keep 16-95 % of their page; a short story in a
# table layout, where readability keeps one cell of several, keeps 44 % but only 379 characters.
_MIN_SHARE = 0.1
_MIN_MAIN_CHARS = 500
# Blocks that may hold a post's links to its neighbours, and what may stand between the links.
_STEP_BLOCKS = frozenset({"div", "p", "li"})
_SEPARATORS = re.compile(r"[\s|·•/\-–—]*")
_ARROW_BACK = re.compile(r"[←«‹]\s")
_ARROW_ON = re.compile(r"\s[→»›]$")

MAX_EXTRACTION_COST = 15_000
"""The most work readability is given, in element-equivalents (see ``_extraction_cost``).

Measured on a busy 2-core machine, readability spends about 130 µs per element, 0.3 µs per
character of text (its clean-up runs regular expressions over every text it measures) and about
0.06 µs per character for each level that character is nested at, so this cap holds it to about
2-3 s. The corpus's costliest page (guardian-1.html) comes to about 5,000, a third of the cap.
"""
# Characters of text that cost readability as much as one element.
_TEXT_CHARS_PER_ELEMENT = 400
# Characters times their depth that cost readability as much as one element.
_NESTED_CHARS_PER_ELEMENT = 2_000
# Markup characters counted per element: tags and attributes are serialized too.
_MARKUP_CHARS = 16


@dataclass(frozen=True, slots=True)
class HtmlText:
    """The text of an HTML page.

    Attributes:
        text: the checked text (main text, or the whole visible body as a fallback).
        title: the page's title, if any.
        representation: ``html_main_text`` or ``html_full_text``.
        note: why the full body was used, when it was.
        metadata: ``citation_*``, ``dc.*``, ``dcterms.*`` and ``prism.*`` meta tags in order.
        encoding: the character encoding used to decode the bytes.
        full_text: the page's whole visible text (captions, asides, tables, comments) when
            ``text`` is only its main text; None when ``text`` is the whole page already.
    """

    text: str
    title: str | None
    representation: Representation
    note: str | None
    metadata: tuple[tuple[str, str], ...]
    encoding: str
    full_text: str | None = None


def _decode(data: bytes, declared: str | None) -> tuple[str, str]:
    if not declared:
        m = _META_CHARSET.search(data[:4096])
        declared = m.group(1).decode("ascii") if m else None
    return decode_text(data, declared=declared)


def _parse(text: str) -> tuple[etree._Element, bool]:
    """The page's tree, and whether the parser stopped short at one of its limits.

    libxml2 stops building at 256 levels of nesting or at a 10 MB text node and keeps what it
    has, so the rest of the page is missing from the tree; the caller then reads the page from
    the parser's events instead.
    """
    # lxml refuses str input that carries an XML encoding declaration.
    text = XML_DECLARATION.sub("", text, count=1)
    parser = lxml.html.HTMLParser()
    try:
        root = lxml.html.document_fromstring(text, parser=parser)
    except (etree.ParserError, ValueError) as exc:
        raise SourceError(
            f"The HTML cannot be parsed ({exc}).",
            code=ErrorCode.BROKEN_FILE,
            recovery=Recovery.USE_SUPPLIED_TEXT,
        ) from exc
    cut_short = any(e.type == etree.ErrorTypes.ERR_RESOURCE_LIMIT for e in parser.error_log)
    return root, cut_short


def _extraction_cost(root: etree._Element) -> int:
    """readability's work on a tree, estimated in element-equivalents.

    readability serializes each div's subtree and measures each candidate's text, so every
    character costs once per level it is nested at; that term is what makes deep pages slow.
    Its regular expressions cost per character of text, whatever the depth.
    """
    elements = chars = nested_chars = 0
    stack: list[tuple[etree._Element, int]] = [(root, 0)]
    while stack:
        el, depth = stack.pop()
        elements += 1
        text = len(el.text or "") + len(el.tail or "")
        chars += text
        nested_chars += depth * (text + _MARKUP_CHARS)
        stack.extend((child, depth + 1) for child in el)
    return elements + chars // _TEXT_CHARS_PER_ELEMENT + nested_chars // _NESTED_CHARS_PER_ELEMENT


def _metadata(root: etree._Element) -> tuple[tuple[str, str], ...]:
    out = []
    for meta in root.iter("meta"):
        name = (meta.get("name") or meta.get("property") or "").strip()
        content = meta.get("content")
        if name and content is not None and _META_NAMES.match(name):
            out.append((name, WHITESPACE.sub(" ", content).strip()))
    return tuple(out)


def _title(root: etree._Element) -> str | None:
    for el in root.iter("title"):
        title = WHITESPACE.sub(" ", el.text_content()).strip()
        if title:
            return title
    for el in root.iter("h1"):
        title = WHITESPACE.sub(" ", el.text_content()).strip()
        if title:
            return title
    return None


def _visible_chars(text: str) -> int:
    return len(text) - sum(1 for c in text if c.isspace())


def _defuse(root: etree._Element) -> str:
    """Serialize the page for readability without what its regex clean-up trips over.

    readability-lxml strips ``on*`` and ``style`` attributes with a regular expression that
    misreads quotes inside them (an ``onclick="overlib('that\\'s')"`` swallows the link's words).
    Removing those attributes with a parser first leaves it nothing to misread; hidden elements
    go too, since they are not part of the rendered page.
    """
    for el in list(root.iter()):
        if not isinstance(el.tag, str):
            continue
        if el.getparent() is not None and (hidden(el) or _ancillary(el) or _post_steps(el)):
            el.drop_tree()
            continue
        for name in [a for a in el.attrib if a.lower().startswith("on") or a.lower() == "style"]:
            del el.attrib[name]
        if el.tag in INLINE or el.tag == "figcaption":
            # readability drops elements whose class or id looks like boilerplate ("popup",
            # "comment"); for inline elements that would cut words out of a sentence, so those
            # names go (readability.js spares links for the same reason). A caption's names
            # describe its picture widget, yet readability lifts one classed like a standfirst
            # ("image__subtitle") into the article as its lead, without the picture.
            el.attrib.pop("class", None)
            el.attrib.pop("id", None)
        href = el.get("href")
        if href is not None and href.strip().lower().startswith(("javascript:", "vbscript:")):
            el.set("href", "#")
    for lst in list(root.iter("ul", "ol")):
        if _paragraph_list(lst):
            _unwrap_list(lst)
    return lxml.html.tostring(root, encoding="unicode")


def _ancillary(el: etree._Element) -> bool:
    """A note beside the main text (ARIA ``role="note"``: "parenthetic or ancillary to the main
    content"), such as Wikipedia's "Main article: ..." and "For ..., see ..." lines. It stays in
    the page's whole visible text, where quotations missing from the main text are looked for."""
    return (el.get("role") or "").strip().lower() == "note"


def _post_steps(el: etree._Element) -> bool:
    """A block of nothing but links that step to other pages ("← Previous: Title", "More »").

    They name other pages, not this one, yet readability keeps such a block when it sits
    inside the article's container. A link counts as a step when it says so (``rel="prev"``
    or ``"next"``) or points with an arrow set apart from its words, at its start (back) or
    end (forward); a headline in guillemets («...») is not pointing anywhere.
    """
    if el.tag not in _STEP_BLOCKS:
        return False
    links = list(el.iter("a"))
    if not links or len(links) > 2:
        return False
    if not _SEPARATORS.fullmatch("".join(el.xpath(".//text()[not(ancestor::a)]"))):
        return False
    for link in links:
        rel = set((link.get("rel") or "").lower().split())
        words = WHITESPACE.sub(" ", link.text_content()).strip()
        if not ({"prev", "next"} & rel or _ARROW_BACK.match(words) or _ARROW_ON.search(words)):
            return False
    return True


def _paragraph_list(lst: etree._Element) -> bool:
    """A list whose every item is a paragraph of prose (a caption set as ``<ul><li><p>``).

    readability scores lists below zero and drops the ones its article holds only a few of, so
    figure captions written this way vanish; as paragraphs they are judged as prose.
    """
    items = [child for child in lst if isinstance(child.tag, str)]
    if not items or len(items) > 3:
        return False
    for item in items:
        if item.tag != "li" or (item.text or "").strip():
            return False
        kids = [k for k in item if isinstance(k.tag, str)]
        if not kids or any(k.tag != "p" or (k.tail or "").strip() for k in kids):
            return False
    return True


def _unwrap_list(lst: etree._Element) -> None:
    """Put a paragraph list's paragraphs where the list stood."""
    parent = lst.getparent()
    if parent is None:
        return
    index = parent.index(lst)
    paragraphs = [p for item in lst for p in item if isinstance(p.tag, str)]
    tail = lst.tail
    parent.remove(lst)
    for offset, paragraph in enumerate(paragraphs):
        paragraph.tail = None
        parent.insert(index + offset, paragraph)
    if paragraphs:
        paragraphs[-1].tail = tail


def _main_text(root: etree._Element, url: str | None) -> str:
    """readability's article of the page (whose tree this changes), as text."""
    targets = mark_elements(root)
    try:
        summary = Document(_defuse(root), url=url).summary(html_partial=True)
    except (Unparseable, etree.ParserError, ValueError):
        return ""
    if not summary.strip():
        return ""
    article = lxml.html.fragment_fromstring(summary, create_parent="div")
    restore_sections(article, root, targets)
    return html_to_text(article)


# Below this many visible characters a page's static text is thin: a shell a script fills in.
THIN_TEXT_CHARS = 400
# What a page says when it needs script ("You need to enable JavaScript to run this app").
_NOSCRIPT_PLEA = re.compile(r"javascript|\bscript|enable|activ|aktivier|habilit", re.I)
# The mount points single-page frameworks fill in.
_ROOTS = frozenset({"root", "app", "__next", "__nuxt", "___gatsby", "svelte", "main-app"})


def needs_script(data: bytes, *, declared_charset: str | None = None) -> str | None:
    """Why a page's static HTML probably is not the page a reader sees, or None.

    ``auto`` rendering asks this: the static text is thin, a ``noscript`` element asks for
    JavaScript, or a framework's mount point (``<div id="root">``) is empty while the rest of
    the page says little.

    Args:
        data: the page's bytes.
        declared_charset: the charset from the HTTP Content-Type header, if any.

    Returns:
        ``thin_text``, ``noscript`` or ``empty_root``; None when the static text stands.
    """
    text, _ = _decode(data, declared_charset)
    try:
        root, _ = _parse(text)
    except SourceError:
        return None
    body = root.find("body")
    visible = _visible_chars(html_to_text(body if body is not None else root))
    if visible < THIN_TEXT_CHARS:
        return "thin_text"
    if visible >= 4 * THIN_TEXT_CHARS:
        return None
    for el in root.iter("noscript"):
        plea = WHITESPACE.sub(" ", el.text_content() or "")
        if _NOSCRIPT_PLEA.search(plea):
            return "noscript"
    for el in root.iter("div", "main", "section"):
        if (el.get("id") or "").lower() in _ROOTS and not (el.text_content() or "").strip():
            return "empty_root"
    return None


def extract_html(
    data: bytes, *, declared_charset: str | None = None, url: str | None = None
) -> HtmlText:
    """Extract the main text of an HTML page.

    Args:
        data: the page's bytes.
        declared_charset: the charset from the HTTP Content-Type header, if any.
        url: the page's URL (lets readability resolve relative links; not fetched).

    Returns:
        The text, title, representation, note, metadata and encoding.

    Raises:
        SourceError: ``no_text`` when the page shows no text (only scripts, say).
    """
    text, encoding = _decode(data, declared_charset)
    root, cut_short = _parse(text)
    if cut_short:
        full = stream_text(text)
    else:
        body = root.find("body")
        full = html_to_text(body if body is not None else root)
    if not full.strip():
        raise SourceError(
            "The page shows no text (it may be built by scripts); paste its text instead.",
            code=ErrorCode.NO_TEXT,
            recovery=Recovery.USE_SUPPLIED_TEXT,
        )
    title, metadata = _title(root), _metadata(root)
    representation, checked, note = Representation.HTML_FULL_TEXT, full, None
    if cut_short:
        note = (
            "The page is nested deeper (over 256 levels) or holds a longer run of text (over "
            "10 MB) than the HTML parser builds a tree for, so the whole visible page text was "
            "checked, read straight from the markup."
        )
    elif (cost := _extraction_cost(root)) > MAX_EXTRACTION_COST:
        note = (
            f"The page is too large or too deeply nested for the article extractor (about "
            f"{cost:,} elements' worth of work; the limit is {MAX_EXTRACTION_COST:,}), so the "
            "whole visible page text was checked."
        )
    else:
        main = _main_text(root, url)
        main_chars, full_chars = _visible_chars(main), _visible_chars(full)
        if main_chars < _MIN_MAIN_CHARS or main_chars < _MIN_SHARE * full_chars:
            note = (
                f"The article extractor kept {main_chars} of the page's {full_chars} visible "
                "characters, so the whole visible page text was checked instead."
            )
        else:
            representation, checked = Representation.HTML_MAIN_TEXT, main
    return HtmlText(
        text=checked,
        title=title,
        representation=representation,
        note=note,
        metadata=metadata,
        encoding=encoding,
        full_text=full if representation is Representation.HTML_MAIN_TEXT else None,
    )
