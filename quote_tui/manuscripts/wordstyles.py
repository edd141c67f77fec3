"""What Word's paragraph styles say a paragraph is, by the style's name: a quotation, a
reference list's entry, program code, a heading or a table of contents."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lxml import etree

__all__ = [
    "BIB_STYLE",
    "CODE_STYLE",
    "HEADING_STYLE",
    "QUOTE_STYLE",
    "TOC_STYLE",
    "WordStyles",
    "read_styles",
    "shown_style",
    "switched_on",
]

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"

# "Cita" is Spanish Word's quotation style; as a whole word only, or Citavi's own styles
# (CitaviBibliographyEntry) would read a bibliography as block quotations. Writers name their
# own quotation styles in their language: "Citação recuada", "Citazione", "Citaat", "Cytat",
# "Citat", "Цитата".
QUOTE_STYLE = re.compile(
    r"quote|quotation|block\s*text|zitat|citation|\bcita\b|epigra(?:ph|f)|motto|"
    r"cita(?:ç|c)(?:ão|ao|oes|ões)|citazion|citaat|cytat|\bcitat\b|цитат",
    re.I,
)
# A reference list's own paragraph style (Citavi, EndNote, Word's "Bibliography"): its entries
# quote titles but never a source's words.
BIB_STYLE = re.compile(r"bibliograph|literatur|reference|endnote\s*bib", re.I)
# Program code set in its own paragraph style (Pandoc's "Source Code", Word's "HTML
# Preformatted", "Macro Text"): its strings are not quotations.
CODE_STYLE = re.compile(r"source\s*code|\bcode\b|preformatted|macro\s*text|verbatim|listing", re.I)
# A table of contents or of figures (Word's "toc 1", "table of figures", German "Verzeichnis
# 1"): it repeats the headings and captions, so a quotation there would be listed twice.
# Headings and a title: a quoted phrase there names a topic, as in Markdown's # headings.
HEADING_STYLE = re.compile(
    r"^(?:heading\s*\d|Überschrift\s*\d|berschrift\s*\d|title|titel|subtitle|untertitel)$", re.I
)
TOC_STYLE = re.compile(r"^(?:toc\b|table\s+of\s+figures|verzeichnis\s*\d|inhaltsverzeichnis)", re.I)

# A heading is a line. A writer who typed whole paragraphs in a heading style (Word's quick
# style gallery, a template's body style renamed) wrote body text there: its quotations and
# indented blocks are read as any paragraph's.
_HEADING_WORDS = 40


def shown_style(name: str, text: str) -> str:
    """The style a paragraph is read by: its own, but none for a heading style holding a
    paragraph of prose (40 words or more)."""
    if HEADING_STYLE.match(name) and len(text.split()) >= _HEADING_WORDS:
        return ""
    return name


# A list item typed by hand: a bullet or an enumerator opening the paragraph.
_TYPED_ITEM = re.compile(r"\s*(?:[•·▪‣◦●○■□➢✓*–-]|\(?\d{1,2}[.)]|\(?[a-zA-Z][.)])\s")


@dataclass(frozen=True)
class WordStyles:
    """The document's paragraph styles: each one's name by its id, and the ids of the styles
    that number their paragraphs themselves ("List Bullet", "List Number"); the styles that
    hide their text (Word's "z-Top of Form" of a web page pasted in); the style each one is
    based on."""

    names: dict[str, str] = field(default_factory=dict)
    numbered: frozenset[str] = frozenset()
    hidden: frozenset[str] = frozenset()
    based_on: dict[str, str] = field(default_factory=dict)

    def list_item(self, p: etree._Element, name: str, text: str) -> bool:
        """Whether the paragraph is an item of a list: numbered by Word (its own numbering or
        its style's), or in a list style and opened by a typed bullet or number. A paragraph
        set in "List Paragraph" with neither is body text a writer indented so: Brazilian and
        Portuguese writers set the long quotation ABNT asks for (4 cm in) that way."""
        ppr = p.find(f"{_W}pPr")
        if ppr is not None and ppr.find(f"{_W}numPr") is not None:
            return True
        style = ppr.find(f"{_W}pStyle") if ppr is not None else None
        if style is not None and style.get(f"{_W}val") in self.numbered:
            return True
        return bool(re.search(r"list", name, re.I)) and bool(_TYPED_ITEM.match(text))


def read_styles(root: etree._Element) -> WordStyles:
    """The styles part's paragraph and character styles."""
    names, numbered, based_on, hides = {}, set(), {}, {}
    for style in root.iterfind(f"{_W}style"):
        name = style.find(f"{_W}name")
        style_id = style.get(f"{_W}styleId", "")
        names[style_id] = name.get(f"{_W}val", "") if name is not None else ""
        if style.find(f"{_W}pPr/{_W}numPr") is not None:
            numbered.add(style_id)
        base = style.find(f"{_W}basedOn")
        if base is not None and base.get(f"{_W}val"):
            based_on[style_id] = base.get(f"{_W}val", "")
        vanish = style.find(f"{_W}rPr/{_W}vanish")
        if vanish is not None:
            hides[style_id] = switched_on(vanish)
    hidden = {s for s in names if _inherited(s, hides, based_on)}
    return WordStyles(names, frozenset(numbered), frozenset(hidden), based_on)


def switched_on(el: etree._Element) -> bool:
    """Whether a toggle property (``<w:vanish/>``, ``<w:b w:val="0"/>``) is on."""
    return el.get(f"{_W}val", "true").lower() not in ("0", "false", "off")


def _inherited(style_id: str, own: dict[str, bool], based_on: dict[str, str]) -> bool:
    """A style's own setting of a toggle, else the one of the style it is based on."""
    seen = set()
    while style_id and style_id not in seen:
        if style_id in own:
            return own[style_id]
        seen.add(style_id)
        style_id = based_on.get(style_id, "")
    return False
