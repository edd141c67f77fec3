"""Word .docx manuscripts, read from the package XML (python-docx exposes neither footnotes nor
field codes).

Each part (document, footnotes, endnotes) becomes one text: its paragraphs joined by blank
lines, so a location's "line" is the paragraph number within the part. Complex fields
(``w:fldChar`` begin/separate/end, the code split over ``w:instrText`` runs, fields nested)
and simple fields become anchors over their result text; footnote and endnote references are
anchors pointing at the note's text; superscript numbers are numbered references.
"""

from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from lxml import etree

from quote_tui.manuscripts.document import Block, Document, FootnoteSpan, Manuscript, blank_out
from quote_tui.manuscripts.listnotes import bracket_marks, notes_in_list
from quote_tui.manuscripts.model import Anchor, BibEntry, Reference
from quote_tui.manuscripts.reflist import find_reference_list
from quote_tui.manuscripts.typednotes import find_typed_notes
from quote_tui.manuscripts.typednotes import note_id as typed_note
from quote_tui.manuscripts.wordblocks import (
    Join,
    inset_after_colon,
    introduced_and_cited,
    join_candidate,
    joined_blocks,
    set_like_blocks,
    source_after_marks,
    source_after_words,
    with_sources_cut,
)
from quote_tui.manuscripts.wordfields import (
    BIBLIOGRAPHY_FIELDS,
    mendeley_v3_reference,
    reference_from_instruction,
    typed_page,
    with_field_data,
)
from quote_tui.manuscripts.wordformat import docx_lookalike, file_head, opendocument_hint
from quote_tui.manuscripts.wordlinks import linked_notes
from quote_tui.manuscripts.wordlists import numbered_by_word
from quote_tui.manuscripts.wordparts import bad_manuscript, body_paragraphs, read_part, word_parts
from quote_tui.manuscripts.wordruns import hidden_run, shown_text
from quote_tui.manuscripts.wordsigned import WHOLLY_QUOTED, is_signature, signed_in_line
from quote_tui.manuscripts.wordsources import citation_reference, read_sources, with_sources
from quote_tui.manuscripts.wordstyles import BIB_STYLE as _BIB_STYLE
from quote_tui.manuscripts.wordstyles import CODE_STYLE as _CODE_STYLE
from quote_tui.manuscripts.wordstyles import HEADING_STYLE as _HEADING_STYLE
from quote_tui.manuscripts.wordstyles import QUOTE_STYLE as _QUOTE_STYLE
from quote_tui.manuscripts.wordstyles import TOC_STYLE as _TOC_STYLE
from quote_tui.manuscripts.wordstyles import WordStyles, read_styles, shown_style
from quote_tui.manuscripts.wordtables import in_table, typed_cite
from quote_tui.manuscripts.wordtracked import DELETIONS, deleted, deleted_mark

__all__ = ["read_docx"]

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_W = "{" + W + "}"
_SUPER_NUMBER = re.compile(r"^\s*\d{1,4}(?:\s*[-–,]\s*\d{1,4})*\s*$")
_PARA_SEP = "\n\n"
# A pasted block quotation indented by hand, at least 1 cm (567 twentieths of a point) from the
# left, in a paragraph that is no list item: a block when a lead-in's colon introduces it or
# its own citation ends it, as a reader tells it from an indented example or a note.
_INDENT = 567
_ENDS_CITED = re.compile(
    r"(?:\((?=[^()]*(?:\d{4}|\bpp?\.\s*\d|[A-Z][\w'’-]+,?\s+\d))[^()]{1,120}\)|\[\d[\d,\s–-]*\])"
    r"[.;]?\s*$"
)
_NUMBERED_STYLE = re.compile(r"list\s*number|listennummer|numbered", re.I)
# A paragraph of a citation alone, set under the block it closes.
_CITES_ONLY = re.compile(
    r"\s*(?:\((?=[^()]*(?:\d{4}|\bpp?\.?\s*\d))[^()]{1,120}\)|\[\d[\d,\s–-]*\])[.;]?\s*$"
)
_CAPTION = re.compile(
    r"\s*(?:Fig(?:ure)?|Table|Tab|Abb(?:ildung)?|Chart|Graph|Exhibit|Plate)\.?\s*\d", re.I
)
# A figure's or table's caption, whatever its style: its label and number, then a stop, colon
# or dash ("Fig. 6. — “Fête de l’Hôtel-de-Ville …,” wood engraving from …", "Abbildung 2:").
# A caption names and credits the picture; words in marks there are its title, not quoted.
# "Table 1 shows …" opens a sentence, no caption.
_CAPTION_LINE = re.compile(
    r"\s*(?:Fig(?:ure|ura)?|Abb(?:ildung)?|Table|Tab(?:elle|la|leau)?|Plate|Pl|Illustration|"
    r"Ill|Map|Karte|Chart|Exhibit|Bild|Cat)\.?\s*(?:no\.\s*)?\d+[a-z]?(?:[.-]\d+)*\s*"
    r"(?:[.:]\s*(?:[—–-]\s*)?|[—–-]\s*)\S"
)
# A lead-in that introduces someone's words: a citation or a verb of saying before the colon.
_LEAD_IN = re.compile(
    r"\(\D*\d{4}|\[\d|\b(?:writes?|wrote|says?|said|states?|stated|argues?|argued|notes?|noted|"
    r"puts?\s+it|explains?|explained|observes?|observed|remarks?|remarked|declares?|declared|"
    r"asks?|asked|recalls?|recalled|schreibt|schrieb|sagt|sagte|betont|formuliert)\b",
    re.I,
)
# A formula (Office Math, whose text is no w:t) or a picture in a paragraph of its own.
_HOLDS_NO_TEXT = etree.XPath(
    ".//*[local-name()='oMath' or local-name()='drawing' or local-name()='pict' "
    "or local-name()='object']"
)
_TOC_FIELD = re.compile(r"\s*TOC\b")  # Word's tables of contents and of figures


@dataclass
class _Field:
    instr: list[str] = field(default_factory=list)
    start: int = 0
    result_start: int | None = None
    data: list[str] = field(default_factory=list)  # w:fldData (EndNote's long citations)


@dataclass
class _PartBuilder:
    """Walks a part's paragraphs, collecting text, anchors and quote-styled paragraphs."""

    styles: WordStyles
    prefix: str  # note id prefix for footnote references: fn / en
    buf: list[str] = field(default_factory=list)
    pos: int = 0
    anchors: list[Anchor] = field(default_factory=list)
    supers: list[tuple[int, int, str]] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    skip: list[tuple[int, int]] = field(default_factory=list)
    hidden: list[tuple[int, int]] = field(default_factory=list)  # read, but no quotation in it
    fields: list[_Field] = field(default_factory=list)
    last_text: str = ""
    last_span: tuple[int, int] | None = None  # the last paragraph with text
    # An indented paragraph neither introduced nor cited yet: a block when the next paragraph
    # holds only its citation.
    pending: Block | None = None
    pending_indent: int = 0
    # Paragraphs indented by hand: those read as blocks (by a citation or a lead-in), with
    # their indentation, and the others, which may be set like them.
    block_indents: list[int] = field(default_factory=list)
    set_off: list[tuple[int, Block]] = field(default_factory=list)
    # the indented paragraphs in a row no block took, and the cited blocks they may join
    row: list[tuple[int, Block]] = field(default_factory=list)
    joins: list[Join] = field(default_factory=list)
    tails: dict[int, int] = field(default_factory=dict)  # unmarked blocks' typed sources
    numbered: list[tuple[int, int]] = field(default_factory=list)
    # Word's own sources (its Sources part), by the tag a CITATION field names
    sources: dict[str, BibEntry] = field(default_factory=dict)
    style_id: str = ""  # the paragraph's style, whose run properties its runs inherit
    # The paragraph before had its mark deleted in tracked changes: Word shows the two as one.
    joined: bool = False
    # internal hyperlinks (span, bookmark named) and where each bookmark stands (wordlinks)
    links: list[tuple[int, int, str]] = field(default_factory=list)
    bookmarks: dict[str, int] = field(default_factory=dict)

    def emit(self, text: str) -> None:
        if any(f.result_start is None for f in self.fields):
            return  # inside a field's code: not shown text
        self.buf.append(text)
        self.pos += len(text)

    def paragraph(self, p: etree._Element) -> None:
        if self.buf and not self.joined:
            self.emit(_PARA_SEP)
        self.joined = deleted_mark(p)
        start = self.pos
        style_el = p.find(f"{_W}pPr/{_W}pStyle")
        style_id = style_el.get(f"{_W}val") if style_el is not None else None
        outer, self.style_id = self.style_id, style_id or ""
        self.walk(p)
        self.style_id = outer
        text = "".join(self.buf)[start : self.pos] if self.pos > start else ""
        name = shown_style(self.styles.names.get(style_id or "", style_id or ""), text)
        quote_style = bool(name) and (
            bool(_QUOTE_STYLE.search(name)) or self.styles.quote_like(style_id or "")
        )
        if text.strip() and self.signs_previous(text, start):
            self.last_text, self.last_span, self.pending = text, (start, self.pos), None
            return
        if (
            (name and (_TOC_STYLE.search(name) or _HEADING_STYLE.match(name)))
            or (_CAPTION_LINE.match(text) or re.search(r"caption", name or "", re.I))
            or (in_table(p) and not self.cites(text, start))
        ):
            self.hidden.append((start, self.pos))
        if name and (_CODE_STYLE.search(name) or (_BIB_STYLE.search(name) and not quote_style)):
            self.skip.append((start, self.pos))
        elif text and (
            quote_style
            or self.indented_block(p, name, start, text)
            or (self.plain(p, name, text) and introduced_and_cited(self.last_text, text))
        ):
            self.blocks.append(self.marked_block(text, start))
        elif text and (signed := signed_in_line(text)) is not None:
            words = _block(text[: signed[0]], start, self.pos)
            self.blocks.append(replace(words, signed=(start + signed[1], start + len(text))))
        elif self.pending is not None and self.cites_only(text, start):
            self.blocks.append(self.pending)
            self.set_off = [s for s in self.set_off if s[1] != self.pending]
            self.block_indents.append(self.pending_indent)
            self.join(self.pending, self.pending_indent)
        if text.strip() and (
            p.find(f"{_W}pPr/{_W}numPr") is not None or _NUMBERED_STYLE.search(name or "")
        ):
            self.numbered.append((start, self.pos))  # a list item numbered by Word, not typed
        if not text.strip() and _HOLDS_NO_TEXT(p):
            self.last_text = ""  # a formula or figure: what a lead-in before it introduces
        if text.strip():
            self.last_text, self.last_span = text, (start, self.pos)
            # a citation on its own line under a block is the block's, never a block itself
            cite_line = self.cites_only(text, start)
            left = 0 if quote_style or cite_line else self.indent_of(p, name, text)
            self.pending = _block(text, start, self.pos) if left >= _INDENT else None
            self.pending_indent = left
            if self.pending is not None and self.blocks and self.blocks[-1] == self.pending:
                self.block_indents.append(left)
                self.join(self.blocks[-1], left)
            elif self.pending is not None:
                self.set_off.append((left, self.pending))
                self.row.append((left, self.pending))
            else:
                self.row = []  # body text (or a block set otherwise) ends the row

    def join(self, block: Block, left: int) -> None:
        """Note the indented paragraphs before the cited ``block`` that may be its passage's
        first paragraphs; the row starts again after it."""
        words = "".join(self.buf)[block.start : block.end]
        candidate = join_candidate(self.row, block, left, words)
        if candidate is not None:
            self.joins.append(candidate)
        self.row = []

    def marked_block(self, text: str, start: int) -> Block:
        """The block of a paragraph: its words in their marks, with the source typed after the
        marks as its signature, when no field or note mark stands there."""
        tail = source_after_marks(text)
        if tail is None and (at := source_after_words(text)) is not None:
            self.tails[start + _lead(text)] = start + at  # cut if no reader reads it
        if tail is None or any(start + tail[1] <= a.start < self.pos for a in self.anchors):
            return _block(text, start, self.pos)
        words = _block(text[: tail[0]], start, self.pos)
        return replace(words, signed=(start + tail[1], start + len(text.rstrip())))

    def cites(self, text: str, start: int) -> bool:
        """Whether the paragraph gives a citation: a manager's field, a note mark, a
        superscript number or a typed "(Smith, 2020)" / "[3]"."""
        end = start + len(text)
        return (
            typed_cite(text)
            or any(start <= a.start <= end for a in self.anchors)
            or any(start <= s[0] < end for s in self.supers)
        )

    def signs_previous(self, text: str, start: int) -> bool:
        """Whether the paragraph is a dash signature ("—Vladimir Nabokov, Transparent Things,
        1972", "— Lila Gleitman") under a block or under a paragraph wholly in marks, as an
        epigraph is signed: it is that block's source, not a paragraph of its own."""
        if self.last_span is None or not is_signature(text):
            return False
        s0, e0 = self.last_span
        if self.blocks and s0 <= self.blocks[-1].start < e0:
            self.blocks[-1] = replace(self.blocks[-1], signed=(start, self.pos))
            return True
        before = "".join(self.buf)[s0:e0]
        if WHOLLY_QUOTED.fullmatch(before):
            self.blocks.append(replace(_block(before, s0, e0), signed=(start, self.pos)))
            return True
        return False

    def cites_only(self, text: str, start: int) -> bool:
        """A paragraph that holds nothing but a citation: typed ("(Illich 2000, p. 47)") or a
        reference manager's field."""
        if _CITES_ONLY.match(text):
            return True
        fields = [a for a in self.anchors if a.reference and start <= a.start < start + len(text)]
        rest = text
        for a in reversed(fields):
            rest = rest[: a.start - start] + rest[a.end - start :]
        return bool(fields) and not rest.strip(" \t.,;()[]")

    def indented_block(self, p: etree._Element, name: str, start: int, text: str) -> bool:
        if not self.indented(p, name, text):
            return False
        end = start + len(text.rstrip())
        # a field or note mark at its end, or a note's number typed in superscript there, as
        # a web page's block quotation pasted into Word keeps it ("… the trade it records. ²")
        ends_cited = (
            bool(_ENDS_CITED.search(text))
            or any(a.start >= end - 2 for a in self.anchors)
            or bool(self.supers and self.supers[-1][1] == end)
        )
        lead_in = self.last_text.rstrip()
        return (
            ends_cited
            or (lead_in.endswith(":") and bool(_LEAD_IN.search(lead_in[-300:])))
            or inset_after_colon(self.styles.margins(p)[1], lead_in, text)
        )

    def plain(self, p: etree._Element, name: str, text: str) -> bool:
        """Whether the paragraph is body text: no list item, heading or caption."""
        if self.styles.list_item(p, name, text) or re.search(r"head", name, re.I):
            return False
        return not (_CAPTION.match(text) or re.search(r"caption", name, re.I))

    def indented(self, p: etree._Element, name: str, text: str) -> bool:
        """Whether the paragraph is set as a pasted block: indented by hand, no list item,
        heading or caption."""
        return self.indent_of(p, name, text) >= _INDENT

    def indent_of(self, p: etree._Element, name: str, text: str) -> int:
        """How far the paragraph is indented by hand (twentieths of a point); 0 for a list
        item, heading or caption."""
        if self.styles.list_item(p, name, text) or re.search(r"head", name, re.I):
            return 0
        if _CAPTION.match(text) or re.search(r"caption", name, re.I):
            return 0  # a figure's caption names its source too, but quotes nobody
        return self.styles.margins(p)[0]

    def walk(self, el: etree._Element) -> None:
        for child in el:
            tag = child.tag
            if not isinstance(tag, str):
                continue
            if tag == f"{_W}r":
                self.run(child)
            elif tag == f"{_W}fldSimple":
                start = self.pos
                self.walk(child)
                self.field_done(child.get(f"{_W}instr") or "", start, start)
            elif tag == f"{_W}sdt":
                self.sdt(child)
            elif tag == f"{_W}hyperlink" and child.get(f"{_W}anchor"):
                start = self.pos
                self.walk(child)
                self.links.append((start, self.pos, child.get(f"{_W}anchor", "")))
            elif tag == f"{_W}bookmarkStart":
                self.bookmarks.setdefault(child.get(f"{_W}name", ""), self.pos)
            elif tag in DELETIONS:
                continue
            elif tag == f"{_W}p":
                self.paragraph(child)
            else:
                self.walk(child)

    def sdt(self, el: etree._Element) -> None:
        tag_el = el.find(f"{_W}sdtPr/{_W}tag")
        tag = tag_el.get(f"{_W}val", "") if tag_el is not None else ""
        content = el.find(f"{_W}sdtContent")
        start = self.pos
        if content is not None:
            self.walk(content)
        if tag.startswith("MENDELEY_CITATION_v3_"):
            shown = "".join(self.buf)[start : self.pos]
            ref = mendeley_v3_reference(tag, shown)
            if ref is not None:
                self.anchors.append(Anchor(start, self.pos, reference=ref))

    def run(self, r: etree._Element) -> None:
        start = self.pos
        superscript = False
        children = list(r)
        if hidden_run(r.find(f"{_W}rPr"), self.styles, self.style_id):
            # not shown, but a field's begin, code or end may stand in a hidden run; the
            # paragraph still counts, so the paragraphs after it keep their numbers
            children = [c for c in children if c.tag in (f"{_W}fldChar", f"{_W}instrText")]
            self.emit("")
        for child in children:
            tag = child.tag
            if tag == f"{_W}rPr":
                va = child.find(f"{_W}vertAlign")
                superscript = va is not None and va.get(f"{_W}val") == "superscript"
            elif tag == f"{_W}t":
                self.emit(shown_text(child.text or ""))
            elif tag == f"{_W}tab":
                self.emit("\t")
            elif tag in (f"{_W}br", f"{_W}cr"):
                self.emit(" ")
            elif tag == f"{_W}noBreakHyphen":
                self.emit("-")
            elif tag == f"{_W}instrText":
                if self.fields and self.fields[-1].result_start is None:
                    self.fields[-1].instr.append(child.text or "")
            elif tag == f"{_W}fldChar":
                self.fld_char(child.get(f"{_W}fldCharType"), child.findtext(f"{_W}fldData"))
            elif tag in (f"{_W}footnoteReference", f"{_W}endnoteReference"):
                kind = "fn" if tag.endswith("footnoteReference") else "en"
                self.anchors.append(
                    Anchor(self.pos, self.pos, footnote=f"{kind}:{child.get(f'{_W}id')}")
                )
        if superscript and self.pos > start:
            text = "".join(self.buf)[start : self.pos]
            if _SUPER_NUMBER.match(text):
                self.supers.append((start, self.pos, re.split(r"[-–,]", text.strip())[0].strip()))

    def fld_char(self, kind: str | None, data: str | None = None) -> None:
        if kind == "begin":
            self.fields.append(_Field(start=self.pos, data=[data] if data else []))
        elif kind == "separate" and self.fields:
            self.fields[-1].result_start = self.pos
        elif kind == "end" and self.fields:
            f = self.fields.pop()
            start = f.result_start if f.result_start is not None else self.pos
            if f.data and self.fields and "EN.CITE.DATA" in "".join(f.instr).upper():
                # EndNote puts a long citation's record in a nested field's data: the outer
                # EN.CITE field, whose result the text shows, is the one it describes.
                self.fields[-1].data.extend(f.data)
            self.field_done(with_field_data("".join(f.instr), f.data), start, f.start)

    def field_done(self, instruction: str, result_start: int, _begin: int) -> None:
        if BIBLIOGRAPHY_FIELDS.search(instruction):
            self.skip.append((result_start, self.pos))
            return
        if _TOC_FIELD.match(instruction):
            self.hidden.append((result_start, self.pos))
            return
        shown = "".join(self.buf)[result_start : self.pos]
        ref = citation_reference(instruction, shown, self.sources) or reference_from_instruction(
            instruction, shown
        )
        if ref is not None:
            self.anchors.append(Anchor(result_start, self.pos, reference=ref))


def _styles(zf: zipfile.ZipFile, name: str | None) -> WordStyles:
    if name is None:
        return WordStyles()
    try:
        return read_styles(read_part(zf, name))
    except (KeyError, etree.XMLSyntaxError):
        return WordStyles()  # styles only help find quotation paragraphs; the text reads without


def _block(text: str, start: int, end: int) -> Block:
    return Block(start + _lead(text), start + len(text.rstrip()), end)


def _lead(text: str) -> int:
    """Where a block's words begin: after the writer's spacing (tabs, spaces, the
    non-breaking spaces some type to indent a block by hand) and the opening mark."""
    lead = 0
    while lead < len(text) and (text[lead].isspace() or text[lead] in '“"«„'):
        lead += 1
    return lead


def _finish(builder: _PartBuilder, file: str, part: str) -> Document:
    text = "".join(builder.buf)
    builder.blocks.extend(set_like_blocks(builder.set_off, builder.block_indents, text))
    builder.blocks.sort(key=lambda b: b.start)
    builder.blocks = joined_blocks(
        builder.blocks, builder.joins, builder.block_indents, builder.set_off
    )
    anchors = [typed_page(text, a) for a in builder.anchors]
    doc = Document(
        file=file,
        text=text,
        kind="docx",
        scan_text=blank_out(text, builder.hidden) if builder.hidden else None,
        anchors=tuple(sorted(anchors, key=lambda a: a.start)),
        blocks=tuple(builder.blocks),
        part=part,
        skip=tuple(builder.skip),
    )
    return with_sources_cut(doc, builder.tails)


def _notes(
    zf: zipfile.ZipFile,
    part: str,
    name: str,
    styles: WordStyles,
    sources: dict[str, BibEntry],
    shown: set[str],
) -> tuple[_PartBuilder, dict[str, tuple[int, int]]]:
    element, kind = ("footnote", "fn") if part == "footnotes" else ("endnote", "en")
    builder = _PartBuilder(styles, kind, sources=sources)
    spans: dict[str, tuple[int, int]] = {}
    root = read_part(zf, name)
    for note in root.iterfind(f"{_W}{element}"):
        if note.get(f"{_W}type") in ("separator", "continuationSeparator", "continuationNotice"):
            continue
        if note.get(f"{_W}id") not in shown:
            # No mark in the text points to it (its paragraph was deleted or cut away): Word
            # neither numbers nor prints it, so the reader never sees its words.
            continue
        if builder.buf:
            builder.emit(_PARA_SEP)
        start = builder.pos
        for p in note.iterfind(f"{_W}p"):
            if p.find(f".//{_W}{element}Ref") is not None and builder.pos > start:
                # the paragraph with the note's own number begins it; the lines before it (a
                # "Notes" heading, an unnumbered thanks) are the list's, not this note's
                start = builder.pos
            builder.paragraph(p)
        spans[f"{kind}:{note.get(f'{_W}id')}"] = (start, builder.pos)
    return builder, spans


def read_docx(path: Path) -> Manuscript:
    """Read a .docx manuscript: body, footnotes and endnotes with their fields.

    Args:
        path: the .docx file.

    Returns:
        One document per part; footnote spans; the numbered reference list of the body.

    Raises:
        BatchInputError: ``bad_manuscript`` when the file is not a Word document.
    """
    try:
        zf = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, NotImplementedError, EOFError, ValueError) as exc:
        # a damaged central directory can claim a zip version (or sizes) zipfile refuses
        hint = docx_lookalike(file_head(path))
        raise bad_manuscript(f"{path.name} is not a readable .docx file: {exc}.{hint}") from exc
    with zf:
        where = word_parts(zf)
        if where.document is None:
            hint = opendocument_hint(zf)
            raise bad_manuscript(
                f"{path.name} has no main document part (word/document.xml).{hint}"
            )
        try:
            body = read_part(zf, where.document)
        except (KeyError, etree.XMLSyntaxError) as exc:
            raise bad_manuscript(f"{path.name} has no readable {where.document}: {exc}.") from exc
        styles = _styles(zf, where.styles)
        sources = read_sources(zf)
        main = _PartBuilder(styles, "fn", sources=sources)
        for p in body_paragraphs(body):
            main.paragraph(p)
        parts: list[tuple[str, _PartBuilder]] = [("document", main)]
        footnotes: dict[str, FootnoteSpan] = {}
        for part, name in (("footnotes", where.footnotes), ("endnotes", where.endnotes)):
            if name is None:
                continue
            try:
                marks = body.iter(f"{_W}{part[:-1]}Reference")
                shown = {str(m.get(f"{_W}id")) for m in marks if not deleted(m)}
                builder, spans = _notes(zf, part, name, styles, sources, shown)
            except etree.XMLSyntaxError as exc:
                raise bad_manuscript(f"{path.name}: {name} is broken: {exc}.") from exc
            for note_id, (start, end) in spans.items():
                footnotes[note_id] = FootnoteSpan(len(parts), start, end)
            parts.append((part, builder))
    body_text = "".join(main.buf)
    reflist = find_reference_list(body_text)
    numbered = reflist.numbered or {}
    if reflist.span is not None:
        main.skip.append(reflist.span)
    # Endnotes typed by hand under a "Notes" heading: their superscript marks are notes' marks.
    typed = find_typed_notes(body_text, main.numbered)
    if not numbered and not typed.notes:
        # "[3]" citing the third item of a list Word numbers itself
        numbered, listed_span = numbered_by_word(body_text, main.numbered)
        if listed_span is not None and reflist.span is None:
            main.skip.append(listed_span)
    for name, (start, end) in typed.spans().items():
        footnotes.setdefault(name, FootnoteSpan(0, start, end))
    marks = typed.marks(body_text, main.supers)
    listed_notes = (
        {} if typed.notes or reflist.span is None else notes_in_list(body_text, reflist.span)
    )
    if listed_notes and reflist.span is not None:
        # a "Sources" list of notes typed by hand ("[5] ibid. p. 166."): its marks are notes'
        numbered = {}
        for number, (start, end) in listed_notes.items():
            footnotes.setdefault(typed_note(number), FootnoteSpan(0, start, end))
        own = bracket_marks(body_text, reflist.span[0], set(listed_notes))
        own += [s for s in main.supers if s[0] < reflist.span[0] and s[2] in listed_notes]
        marks = sorted((a, b, typed_note(n)) for a, b, n in own)
    # notes linked to their marks by bookmarks, as a pasted web page keeps them
    linked, linked_spans = linked_notes(body_text, main.links, main.bookmarks)
    for name, (start, end) in linked_spans.items():
        footnotes.setdefault(name, FootnoteSpan(0, start, end))
    marks = linked + [m for m in marks if not any(a < m[1] and m[0] < b for a, b, _ in linked)]
    main.anchors.extend(Anchor(a, b, footnote=n) for a, b, n in marks)
    main.supers = [s for s in main.supers if not any(a <= s[0] < b for a, b, _ in marks)]
    docs = []
    for part, builder in parts:
        for start, end, number in builder.supers:
            ref = Reference(raw=number, style="numbered", key=number, bib=numbered.get(number))
            builder.anchors.append(Anchor(start, end, reference=ref))
        docs.append(_finish(builder, path.name, part))
    return Manuscript(
        documents=tuple(docs),
        footnotes=footnotes,
        numbered=numbered,
        listed=with_sources(reflist.listed, sources),
    )
