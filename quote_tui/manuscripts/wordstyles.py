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
# (CitaviBibliographyEntry) would read a bibliography as block quotations. Word keeps its own
# styles' English names whatever the language of its menus, but writers name the styles they
# make in theirs: "Citação recuada", "Citazione", "Citaat", "Cytat", "Citat", "Цитата", Czech
# and Slovak "Citát", Lithuanian "Citata", Latvian "Citāts", Turkish "Alıntı", Hungarian
# "Idézet", Finnish "Lainaus", Indonesian "Kutipan", Greek "Παράθεμα", Chinese and Japanese
# "引用", Korean "인용".
# Publishers' templates call a block quotation an extract ("Extract", "AA-SL-PoetryExtract").
QUOTE_STYLE = re.compile(
    r"quote|quotation|block\s*text|zitat|citation|\bcita\b|epigra(?:ph|f)|motto|"
    r"cita(?:ç|c)(?:ão|ao|oes|ões)|citazion|citaat|cytat|\bcit[aáā]t[aá]?s?\b|цитат|"
    r"alıntı|idézet|lainaus|kutipan|παράθεμα|引用|인용|extract(?!ion)",
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
    # the styles the writer made (Word's customStyle) and each style's own indentation
    custom: frozenset[str] = frozenset()
    indents: dict[str, dict[str, int]] = field(default_factory=dict)

    def quote_like(self, style_id: str) -> bool:
        """Whether the style, or one it is based on, is a quotation style by its name: a
        writer's "Zitat lang" or "My block" based on Word's "Quote" sets quotations too."""
        seen = set()
        while style_id and style_id not in seen:
            if QUOTE_STYLE.search(self.names.get(style_id, "")):
                return True
            seen.add(style_id)
            style_id = self.based_on.get(style_id, "")
        return False

    def margins(self, p: etree._Element) -> tuple[int, int]:
        """How far the paragraph is set in from the left (less a hanging indent) and from the
        right, in twentieths of a point: its own indentation, and what it leaves unsaid taken
        from its style when the writer made that style ("Einzug", "Block 2 cm"). Word's own
        indented styles are lists, tables of contents, indexes and letters' parts, so their
        indentation says nothing of a quotation."""
        ppr = p.find(f"{_W}pPr")
        ind = ppr.find(f"{_W}ind") if ppr is not None else None
        style = ppr.find(f"{_W}pStyle") if ppr is not None else None
        style_id = style.get(f"{_W}val", "") if style is not None else ""
        values = dict(self._style_indent(style_id)) if style_id in self.custom else {}
        if ind is not None:
            values.update(_indent(ind))
        return values.get("left", 0) - values.get("hanging", 0), values.get("right", 0)

    def _style_indent(self, style_id: str) -> dict[str, int]:
        chain, seen = [], set()
        while style_id and style_id not in seen:
            chain.append(self.indents.get(style_id, {}))
            seen.add(style_id)
            style_id = self.based_on.get(style_id, "")
        values: dict[str, int] = {}
        for own in reversed(chain):
            values.update(own)
        return values

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
    names, numbered, based_on, hides, custom, indents = {}, set(), {}, {}, set(), {}
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
        if style.get(f"{_W}customStyle", "").lower() in ("1", "true", "on"):
            custom.add(style_id)
        ind = style.find(f"{_W}pPr/{_W}ind")
        if ind is not None:
            indents[style_id] = _indent(ind)
    hidden = {s for s in names if _inherited(s, hides, based_on)}
    return WordStyles(
        names, frozenset(numbered), frozenset(hidden), based_on, frozenset(custom), indents
    )


_SIDES = (("left", ("left", "start")), ("hanging", ("hanging",)), ("right", ("right", "end")))


def _indent(ind: etree._Element) -> dict[str, int]:
    """The sides a ``w:ind`` sets: left (or start), hanging, right (or end)."""
    out = {}
    for side, names in (
        ("left", ("left", "start")),
        ("hanging", ("hanging",)),
        ("right", ("right", "end")),
    ):
        value = next((ind.get(f"{_W}{n}") for n in names if ind.get(f"{_W}{n}") is not None), None)
        if value is not None:
            try:
                out[side] = int(value)
            except ValueError:
                continue
    return out


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
