"""JATS XML (PubMed Central's efetch db=pmc) to checked text.

The text reads as the article is rendered: the title, the abstract, then the body's section titles
and paragraphs, one block per paragraph separated by blank lines. Inline markup (``<italic>``,
``<sub>``, ``<xref>``, MathML) joins without spaces, so "LE<sub>min</sub>" reads "LEmin".
Reference lists, tables' cell soup and TeX sources are left out; figure and table captions stay,
since authors quote them.
"""

from __future__ import annotations

import re

from lxml import etree

from quote_tui.engine.errors import ErrorCode, Recovery, SourceError
from quote_tui.engine.text import PreparedText
from quote_tui.sources.readers.pubmed import parse_xml
from quote_tui.sources.records import LoadedSource, RefKind, Representation, Retrieval

__all__ = ["JatsText", "extract_jats", "has_body", "looks_like_jats", "read_jats"]

_WS = re.compile(r"\s+")
# Blocks: each becomes one paragraph of the checked text.
_BLOCKS = frozenset({"p", "title", "article-title", "label", "def-item", "list-item", "disp-quote"})
_SKIP = frozenset(
    {
        "ref-list",
        "tex-math",
        "table",
        "object-id",
        "graphic",
        "media",
        "alternatives-tex",
        "processing-meta",
        "permissions",
        "funding-group",
        "custom-meta-group",
    }
)


class JatsText:
    """The text of a JATS article: ``text``, ``title`` and whether it had a body."""

    __slots__ = ("text", "title", "has_body")

    def __init__(self, text: str, title: str | None, has_body: bool) -> None:
        self.text = text
        self.title = title
        self.has_body = has_body


def _local(el: etree._Element) -> str:
    tag = el.tag
    return etree.QName(tag).localname if isinstance(tag, str) else ""


def _inline(el: etree._Element) -> str:
    parts: list[str] = [el.text or ""]
    for child in el:
        if _local(child) not in _SKIP:
            parts.append(_inline(child))
        parts.append(child.tail or "")
    return "".join(parts)


def _blocks(el: etree._Element, out: list[str]) -> None:
    for child in el:
        name = _local(child)
        if not name or name in _SKIP:
            continue
        if name in _BLOCKS and not any(_local(c) in ("p", "list", "sec") for c in child):
            text = _WS.sub(" ", _inline(child)).strip()
            if text:
                out.append(text)
        else:
            _blocks(child, out)


def _parse(data: bytes) -> etree._Element:
    return parse_xml(data, what="PubMed Central XML")


def looks_like_jats(data: bytes) -> bool:
    """True when the XML's root is a JATS ``article`` or a PMC ``pmc-articleset``."""
    head = data[:4096]
    return b"<pmc-articleset" in head or re.search(rb"<article[\s>]", head) is not None


def _article(root: etree._Element) -> etree._Element:
    if _local(root) == "article":
        return root
    for el in root.iter():
        if _local(el) == "article":
            return el
    raise SourceError(
        "The PubMed Central answer holds no article.",
        code=ErrorCode.NO_TEXT,
        recovery=Recovery.REVIEW_SOURCE,
    )


def _first(el: etree._Element, name: str) -> etree._Element | None:
    for child in el.iter():
        if _local(child) == name:
            return child
    return None


def has_body(data: bytes) -> bool:
    """True when the article carries its full text (PMC withholds some bodies)."""
    try:
        article = _article(_parse(data))
    except SourceError:
        return False
    body = _first(article, "body")
    return body is not None and any(_local(el) == "p" for el in body.iter())


def extract_jats(data: bytes) -> JatsText:
    """Title, abstract and body of a JATS article as checked text.

    Raises:
        SourceError: ``broken_file`` for malformed XML, ``no_text`` when nothing is readable.
    """
    article = _article(_parse(data))
    front = _first(article, "front")
    title_el = _first(front, "article-title") if front is not None else None
    title = _WS.sub(" ", _inline(title_el)).strip() if title_el is not None else None
    blocks: list[str] = [title] if title else []
    if front is not None:
        for el in front.iter():
            if _local(el) == "abstract":
                _blocks(el, blocks)
    body = _first(article, "body")
    if body is not None:
        _blocks(body, blocks)
    for name in ("ack", "app-group", "glossary"):
        back = _first(article, name)
        if back is not None:
            _blocks(back, blocks)
    text = "\n\n".join(blocks)
    if not text.strip():
        raise SourceError(
            "The PubMed Central article has no readable text.",
            code=ErrorCode.NO_TEXT,
            recovery=Recovery.REVIEW_SOURCE,
        )
    return JatsText(text, title, body is not None)


def read_jats(data: bytes, *, ref: str, max_chars: int) -> LoadedSource:
    """A LoadedSource (``pmc_full_text``) from JATS bytes; the caller adds the network facts."""
    import hashlib

    jats = extract_jats(data)
    text, truncated = jats.text, False
    if len(text) > max_chars:
        text, truncated = text[:max_chars], True
    retrieval = Retrieval(
        ref=ref,
        kind=RefKind.PMID,
        representation=Representation.PMC_FULL_TEXT,
        content_sha256=hashlib.sha256(data).hexdigest(),
        title=jats.title,
        content_type="application/xml",
    )
    return LoadedSource(retrieval, PreparedText(text, truncated=truncated))
