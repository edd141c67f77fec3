"""HTML as rendered: visible text in blocks, from a tree or from the parser's event stream.

Whitespace inside a block collapses to one space, inline elements join without spaces, and
blocks are separated by "\\n\\n" (paragraph-like) or "\\n" (``<br>``, list items, table cells).
``html_to_text`` walks a tree; ``stream_text`` renders the same text from the parser's events,
for pages deeper or larger than libxml2 builds a tree of. ``html.extract_html`` uses both.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from lxml import etree

__all__ = [
    "INLINE",
    "UNRENDERED",
    "WHITESPACE",
    "XML_DECLARATION",
    "hidden",
    "html_to_text",
    "stream_text",
]

# Elements whose content is never rendered as text.
UNRENDERED = frozenset(
    {
        "script",
        "style",
        "noscript",
        "template",
        "head",
        "title",
        "iframe",
        "object",
        "embed",
        "canvas",
        "svg",
        "select",
        "option",
        "datalist",
        "button",
        "input",
        "textarea",
        "meta",
        "link",
        "base",
        "map",
        "audio",
        "video",
        "source",
        "track",
        "picture",
        "img",
    }
)
# Phrasing elements: their words belong to the sentence around them.
INLINE = frozenset(
    {
        "a",
        "abbr",
        "b",
        "bdi",
        "bdo",
        "cite",
        "code",
        "data",
        "dfn",
        "em",
        "i",
        "kbd",
        "mark",
        "q",
        "s",
        "samp",
        "small",
        "span",
        "strong",
        "sub",
        "sup",
        "time",
        "u",
        "var",
        "font",
        "tt",
        "big",
        "strike",
        "ins",
        "del",
    }
)
# "\n" boundaries: items within a list, table or form line.
_LINE = frozenset({"li", "tr", "td", "th", "dt", "dd", "caption", "option", "summary", "legend"})
# "\n\n" boundaries: paragraph-like blocks.
_PARA = frozenset(
    {
        "p",
        "div",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "ul",
        "ol",
        "dl",
        "table",
        "thead",
        "tbody",
        "tfoot",
        "blockquote",
        "pre",
        "section",
        "article",
        "header",
        "footer",
        "aside",
        "nav",
        "main",
        "figure",
        "figcaption",
        "address",
        "details",
        "fieldset",
        "form",
        "hr",
        "center",
        "body",
        "html",
        "hgroup",
        "menu",
        "dir",
        "frameset",
        "noframes",
    }
)
_BREAK = {**dict.fromkeys(_LINE, 1), **dict.fromkeys(_PARA, 2)}
# HTML collapses ASCII whitespace only; U+00A0 is a visible, unbreakable space and stays.
WHITESPACE = re.compile(r"[ \t\n\r\f]+")
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>", re.I)


def hidden(el: etree._Element) -> bool:
    return _hidden_attrs(el.attrib)


def _hidden_attrs(attrib: Mapping[str, str]) -> bool:
    if attrib.get("hidden") is not None or attrib.get("aria-hidden") == "true":
        return True
    style = attrib.get("style")
    return bool(style and _HIDDEN_STYLE.search(style))


def _tag(el: etree._Element) -> str | None:
    tag = el.tag
    if not isinstance(tag, str):
        return None  # comment or processing instruction
    return tag.rsplit("}", 1)[-1].lower()


class _Blocks:
    """Text gathered into blocks, with the strongest break asked for between two blocks."""

    def __init__(self) -> None:
        self.blocks: list[tuple[int, str]] = []  # (break before, text)
        self.buf: list[str] = []
        self.pending = 0

    def flush(self, strength: int) -> None:
        text = WHITESPACE.sub(" ", "".join(self.buf)).strip(" ")
        self.buf.clear()
        if text:
            self.blocks.append((self.pending, text))
            self.pending = 0
        self.pending = max(self.pending, strength)

    def preformatted(self, text: str) -> None:
        # Preformatted text is rendered as written, line breaks included.
        self.flush(2)
        text = text.strip("\n")
        if text.strip():
            self.blocks.append((self.pending, text))
            self.pending = 0
        self.pending = 2

    def text(self) -> str:
        self.flush(0)
        parts: list[str] = []
        for i, (strength, text) in enumerate(self.blocks):
            if i:
                parts.append("\n" * max(strength, 1))
            parts.append(text)
        return "".join(parts)


def html_to_text(root: etree._Element) -> str:
    """Render an element's visible text as blocks.

    Args:
        root: an lxml element (a document or a fragment).

    Returns:
        The text: whitespace collapsed inside blocks, blocks separated by "\\n" or "\\n\\n".
    """
    out = _Blocks()
    buf = out.buf
    # An explicit stack rather than recursion (deep pages) or iterwalk (which skips comments,
    # and with them the text that follows a comment).
    stack: list[tuple[etree._Element, bool]] = [(root, False)]
    while stack:
        el, closing = stack.pop()
        tail = el.tail if el is not root else None
        tag = _tag(el)
        if closing:
            if tag in _BREAK:
                out.flush(_BREAK[tag])
            if tail:
                buf.append(tail)
            continue
        if tag is None or tag in UNRENDERED or hidden(el):
            pass
        elif tag == "br":
            out.flush(1)
        elif tag == "pre":
            out.preformatted("".join(el.itertext()))
        else:
            if tag in _BREAK:
                out.flush(_BREAK[tag])
            if el.text:
                buf.append(el.text)
            stack.append((el, True))
            stack.extend((child, False) for child in reversed(el))
            continue
        if tail:
            buf.append(tail)
    return out.text()


class _TextTarget:
    """An lxml parser target that renders the page as ``html_to_text`` renders its body.

    It sees the parser's events, not a tree, so it has no depth limit: libxml2 refuses to build
    a tree more than 256 levels deep and silently drops the rest of the page.
    """

    def __init__(self) -> None:
        self._out = _Blocks()
        self._open: list[str] = []
        self._hidden_from = -1  # depth of the outermost open element that hides its content
        self._pre_from = -1  # depth of the outermost open <pre>
        self._pre: list[str] = []

    def start(self, tag: str, attrib: Mapping[str, str]) -> None:
        name = tag.rsplit("}", 1)[-1].lower()
        depth = len(self._open)
        self._open.append(name)
        if self._hidden_from >= 0:
            return
        if self._pre_from >= 0:
            return
        if name in UNRENDERED or _hidden_attrs(attrib):
            self._hidden_from = depth
        elif name == "br":
            self._out.flush(1)
        elif name == "pre":
            self._pre_from = depth
            self._pre.clear()
        elif name in _BREAK:
            self._out.flush(_BREAK[name])

    def end(self, tag: str) -> None:
        if not self._open:
            return
        name = self._open.pop()
        depth = len(self._open)
        if self._hidden_from >= 0:
            if depth == self._hidden_from:
                self._hidden_from = -1
            return
        if self._pre_from >= 0:
            if depth == self._pre_from:
                self._pre_from = -1
                self._out.preformatted("".join(self._pre))
            return
        if name in _BREAK:
            self._out.flush(_BREAK[name])

    def data(self, data: str) -> None:
        # inside <pre> nothing is hidden: html_to_text keeps all of a <pre>'s text, too
        if self._hidden_from >= 0:
            return
        if self._pre_from >= 0:
            self._pre.append(data)
        else:
            self._out.buf.append(data)

    def close(self) -> str:
        return self._out.text()


def stream_text(text: str) -> str:
    """The visible text of a page rendered from the parser's events (any depth, any size)."""
    # huge_tree lifts libxml2's 10 MB cap on one text node; without a tree, depth costs nothing
    parser = etree.HTMLParser(target=_TextTarget(), huge_tree=True)
    return str(etree.fromstring(XML_DECLARATION.sub("", text, count=1), parser))
