"""Reference managers' citations inside Word documents, read into ``Reference`` records.

Zotero: a complex field ``ADDIN ZOTERO_ITEM CSL_CITATION {json}``; legacy Mendeley:
``ADDIN CSL_CITATION {json}``; Mendeley Cite: a content control tagged
``MENDELEY_CITATION_v3_<base64 json>``; EndNote: ``ADDIN EN.CITE <EndNote>...</EndNote>``;
Citavi: ``ADDIN CitaviPlaceholder{base64 json}`` (read in citavi.py); Paperpile: ``ADDIN
paperpile_citation <metadata>…<data>base64 zlib json</data>`` (read in paperpile.py).
Their item data carry DOI, title, authors and page range; the citation item carries the
locator and its label.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import replace
from typing import Any

from lxml import etree

from quote_tui.manuscripts.bibliography import csl_zotero_keys, entry_from_csl
from quote_tui.manuscripts.citavi import citavi_reference
from quote_tui.manuscripts.locators import from_csl, parse_locator, typed_page_after
from quote_tui.manuscripts.model import Anchor, BibEntry, Locator, Reference
from quote_tui.manuscripts.paperpile import paperpile_reference
from quote_tui.sources.readers.safe_xml import xml_parser

__all__ = [
    "BIBLIOGRAPHY_FIELDS",
    "mendeley_v3_reference",
    "reference_from_instruction",
    "typed_page",
    "with_field_data",
]

# Reference managers' bibliography fields (Zotero, EndNote, Mendeley, Citavi, Paperpile) and
# Word's own BIBLIOGRAPHY field: their result is the reference list.
BIBLIOGRAPHY_FIELDS = re.compile(
    r"ADDIN\s+(?:ZOTERO_BIBL|EN\.REFLIST|Mendeley Bibliography|CSL_BIBLIOGRAPHY|"
    r"CitaviBibliography|paperpile_bibliography)|^\s*BIBLIOGRAPHY\b",
    re.I,
)
_HYPERLINK = re.compile(r'^\s*HYPERLINK\s+"([^"]+)"')
_DOI = re.compile(r"10\.\d{4,9}/\S+")


def _csl_reference(data: dict[str, Any], style: str, raw: str) -> Reference | None:
    items = data.get("citationItems") or []
    items = [i for i in items if isinstance(i, dict)]
    if not items:
        return None
    item = items[0]  # several works in one citation: the first is the one quoted
    item_data = item.get("itemData") if isinstance(item.get("itemData"), dict) else {}
    keys = csl_zotero_keys(item)
    key = (
        item_data.get("citation-key")
        or (keys[0] if keys else None)
        or item_data.get("id")
        or item.get("id")
    )
    entry = entry_from_csl(item_data, key=str(key) if key is not None else None)
    entry = replace(entry, zotero_keys=keys)
    props = data.get("properties") if isinstance(data.get("properties"), dict) else {}
    # Zotero's formattedCitation is RTF when its document is set so ("(Teherani {\\i{}et al.},
    # 2015)", "\\uc0\\u8216{}"): the plain one is what the reader sees
    formatted = _plain_rtf(str(props.get("formattedCitation") or ""))
    shown = props.get("plainCitation") or formatted or raw
    locator = from_csl(item.get("label"), item.get("locator")) or _typed_locator(
        raw, props.get("plainCitation")
    )
    return Reference(raw=str(shown), style=style, key=entry.key, bib=entry, locator=locator)


# A page typed into the citation Word shows, after its year: "(McClean et al., 2020 p.87)".
_TYPED_PAGE = re.compile(
    r"\b(?:1[5-9]|20)\d\d[a-z]?\s*[,:]?\s*((?:pp?\.|S\.)\s*\d[\d\s,–-]*?)\s*\)?$"
)


def _typed_locator(result_text: str, generated: object) -> Locator | None:
    """The page a writer typed into a citation's shown text when the manager's item has none:
    Zotero keeps an edited citation as typed ("dontUpdate"), and students add the page that way
    rather than in the citation dialog. Only a text that differs from what the manager wrote."""
    shown = " ".join(result_text.split())
    if not shown or shown == " ".join(str(generated).split()):
        return None
    m = _TYPED_PAGE.search(shown)
    return parse_locator(m.group(1)) if m else None


def _json_after(instruction: str, marker: str) -> dict[str, Any] | None:
    at = instruction.find("{", instruction.find(marker) + len(marker))
    if at < 0:
        return None
    try:
        data, _ = json.JSONDecoder().raw_decode(instruction[at:])
    except (json.JSONDecodeError, RecursionError):  # deep nesting exhausts the decoder's stack
        return None
    return data if isinstance(data, dict) else None


def _text(el: etree._Element | None) -> str | None:
    if el is None:
        return None
    text = "".join(el.itertext()).strip()
    return text or None


def _endnote_reference(instruction: str, raw: str) -> Reference | None:
    at = instruction.find("<EndNote")
    if at < 0:
        return None
    root = etree.fromstring(instruction[at:].encode("utf-8"), xml_parser(recover=True))
    if root is None:
        return None
    cite = root.find("Cite")
    if cite is None:
        return None
    record = cite.find("record")
    authors = []
    if record is not None:
        for author in record.iterfind("contributors/authors/author"):
            name = _text(author) or ""
            authors.append(name.split(",")[0].strip())
    if not authors and _text(cite.find("Author")):
        authors.append(_text(cite.find("Author")) or "")
    doi_text = _text(record.find("electronic-resource-num")) if record is not None else None
    doi = _DOI.search(doi_text or "")
    url = _text(record.find("urls/related-urls/url")) if record is not None else None
    entry = BibEntry(
        key=_text(cite.find("RecNum")),
        title=_text(record.find("titles/title")) if record is not None else None,
        authors=tuple(a for a in authors if a),
        year=_text(cite.find("Year"))
        or (_text(record.find("dates/year")) if record is not None else None),
        doi=doi.group(0).lower() if doi else None,
        url=url if url and not url.startswith("internal-pdf") else None,
        pages=(_text(record.find("pages")) or "").replace("–", "--") or None
        if record is not None
        else None,
    )
    cited = _text(cite.find("Pages"))
    locator = parse_locator(cited) if cited else None
    shown = _text(cite.find("DisplayText")) or raw
    return Reference(raw=shown, style="endnote", key=entry.key, bib=entry, locator=locator)


_RTF_CHAR = re.compile(r"\\u(-?\d{1,5})\s?(?:\{\}|\?)?")
_RTF_WORD = re.compile(r"\\[a-z]{1,20}-?\d{0,5}\s?(?:\{\})?")


def _plain_rtf(text: str) -> str:
    """A citation as RTF writes it, as text: Unicode escapes read, control words and groups
    dropped."""
    if "\\" not in text:
        return text
    text = _RTF_CHAR.sub(lambda m: chr(int(m.group(1)) % 65536), text)
    return _RTF_WORD.sub("", text).replace("{", "").replace("}", "")


def reference_from_instruction(instruction: str, result_text: str) -> Reference | None:
    """The reference a Word field instruction holds, or None for other fields.

    Args:
        instruction: the field code, its ``instrText`` pieces joined.
        result_text: the text Word shows for the field.

    Returns:
        A zotero, mendeley, endnote, citavi or url reference.
    """
    upper = instruction.upper()
    if "ZOTERO_ITEM" in upper and "CSL_CITATION" in upper:
        data = _json_after(instruction, "CSL_CITATION")
        return _csl_reference(data, "zotero", result_text) if data else None
    if "ADDIN CSL_CITATION" in upper:
        data = _json_after(instruction, "CSL_CITATION")
        return _csl_reference(data, "mendeley", result_text) if data else None
    if "EN.CITE" in upper and "<ENDNOTE" in upper:
        return _endnote_reference(instruction, result_text)
    if "CITAVIPLACEHOLDER" in upper:
        return citavi_reference(instruction, result_text)
    if "PAPERPILE_CITATION" in upper:
        return paperpile_reference(instruction, result_text)
    m = _HYPERLINK.match(instruction)
    if m:
        url = m.group(1)
        return Reference(raw=result_text or url, style="url", target=url)
    return None


def mendeley_v3_reference(tag: str, result_text: str) -> Reference | None:
    """The reference in a Mendeley Cite content control's tag ``MENDELEY_CITATION_v3_...``."""
    payload = tag[len("MENDELEY_CITATION_v3_") :]
    try:
        raw = base64.b64decode(payload + "=" * (-len(payload) % 4))
        data = json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError, UnicodeDecodeError, RecursionError):
        return None
    return _csl_reference(data, "mendeley", result_text) if isinstance(data, dict) else None


def with_field_data(instruction: str, data: list[str]) -> str:
    """An EndNote field's instruction with its record: EndNote writes a citation too long for
    the field code (abstracts, many authors) as " ADDIN EN.CITE " with the <EndNote> XML
    base64-encoded in the field's w:fldData. Other fields come back as they are."""
    upper = instruction.upper()
    if not data or "EN.CITE" not in upper or "EN.CITE.DATA" in upper or "<ENDNOTE" in upper:
        return instruction
    for chunk in data:
        try:
            decoded = base64.b64decode("".join(chunk.split()), validate=True).decode("utf-8")
        except (binascii.Error, ValueError, UnicodeDecodeError):
            continue
        if "<EndNote" in decoded:
            return instruction + " " + decoded
    return instruction


def typed_page(text: str, anchor: Anchor) -> Anchor:
    """A reference manager's field that gives no page, with the page typed after it ("(Leavy,
    2020) p569."): the field's citation at that page."""
    ref = anchor.reference
    if ref is None or ref.locator is not None or ref.style == "numbered":
        return anchor
    typed = typed_page_after(text, anchor.end)
    if typed is None:
        return anchor
    locator, end = typed
    return replace(anchor, end=end, reference=replace(ref, locator=locator))
