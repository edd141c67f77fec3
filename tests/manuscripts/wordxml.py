"""Building .docx test manuscripts: python-docx writes them, lxml adds what reference managers
write (complex fields split over runs, nested fields, content controls, footnotes)."""

from __future__ import annotations

import base64
import json
import zipfile
from pathlib import Path
from typing import Any

import docx
from docx.oxml.ns import qn
from lxml import etree

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


def _run(child: etree._Element | None = None, text: str | None = None) -> etree._Element:
    r = etree.Element(qn("w:r"))
    if child is not None:
        r.append(child)
    if text is not None:
        t = etree.SubElement(r, qn("w:t"))
        t.text = text
        t.set(XML_SPACE, "preserve")
    return r


def fld_char(kind: str) -> etree._Element:
    el = etree.Element(qn("w:fldChar"))
    el.set(qn("w:fldCharType"), kind)
    return _run(el)


def instr_runs(instruction: str, pieces: int = 3) -> list[etree._Element]:
    size = max(1, len(instruction) // pieces + 1)
    runs = []
    for i in range(0, len(instruction), size):
        el = etree.Element(qn("w:instrText"))
        el.text = instruction[i : i + size]
        el.set(XML_SPACE, "preserve")
        runs.append(_run(el))
    return runs


def complex_field(
    instruction: str, result: str, *, nested: list[etree._Element] | None = None
) -> list[etree._Element]:
    """begin, the code over several instrText runs, separate, result (+ nested field), end."""
    return [
        fld_char("begin"),
        *instr_runs(instruction),
        fld_char("separate"),
        _run(text=result),
        *(nested or []),
        fld_char("end"),
    ]


def csl_citation(
    item: dict[str, Any], *, locator: str | None = None, label: str = "page", uri: str = ""
) -> dict[str, Any]:
    cite: dict[str, Any] = {"id": 1, "itemData": item}
    if uri:
        cite["uris"] = [uri]
        cite["uri"] = [uri]
    if locator:
        cite["locator"] = locator
        cite["label"] = label
    return {
        "citationID": "abc",
        "properties": {"formattedCitation": "(cited)", "plainCitation": "(cited)", "noteIndex": 0},
        "citationItems": [cite],
        "schema": "https://github.com/citation-style-language/schema/raw/master/csl-citation.json",
    }


def zotero_field(citation: dict[str, Any], result: str, **kw: Any) -> list[etree._Element]:
    code = " ADDIN ZOTERO_ITEM CSL_CITATION " + json.dumps(citation) + " "
    return complex_field(code, result, **kw)


def mendeley_field(citation: dict[str, Any], result: str) -> list[etree._Element]:
    return complex_field("ADDIN CSL_CITATION " + json.dumps(citation), result)


def endnote_field(xml: str, result: str) -> list[etree._Element]:
    return complex_field(" ADDIN EN.CITE " + xml + " ", result)


def mendeley_v3_sdt(citation: dict[str, Any], result: str) -> etree._Element:
    payload = base64.b64encode(json.dumps(citation).encode()).decode().rstrip("=")
    sdt = etree.Element(qn("w:sdt"))
    pr = etree.SubElement(sdt, qn("w:sdtPr"))
    tag = etree.SubElement(pr, qn("w:tag"))
    tag.set(qn("w:val"), "MENDELEY_CITATION_v3_" + payload)
    content = etree.SubElement(sdt, qn("w:sdtContent"))
    content.append(_run(text=result))
    return sdt


def footnote_ref(note_id: int) -> etree._Element:
    el = etree.Element(qn("w:footnoteReference"))
    el.set(qn("w:id"), str(note_id))
    r = _run(el)
    rpr = etree.Element(qn("w:rPr"))
    style = etree.SubElement(rpr, qn("w:vertAlign"))
    style.set(qn("w:val"), "superscript")
    r.insert(0, rpr)
    return r


def superscript_run(text: str) -> etree._Element:
    r = _run(text=text)
    rpr = etree.Element(qn("w:rPr"))
    va = etree.SubElement(rpr, qn("w:vertAlign"))
    va.set(qn("w:val"), "superscript")
    r.insert(0, rpr)
    return r


def add_paragraph(
    document: Any,
    parts: list[str | etree._Element | list[etree._Element]],
    style: str | None = None,
) -> None:
    """A paragraph from text pieces and XML elements (runs, fields, content controls)."""
    paragraph = document.add_paragraph(style=style)
    p = paragraph._p
    for part in parts:
        if isinstance(part, str):
            p.append(_run(text=part))
        elif isinstance(part, list):
            for el in part:
                p.append(el)
        else:
            p.append(part)


def footnotes_xml(notes: dict[int, list[str | etree._Element | list[etree._Element]]]) -> bytes:
    root = etree.Element(qn("w:footnotes"), nsmap={"w": W})
    sep = etree.SubElement(root, qn("w:footnote"))
    sep.set(qn("w:type"), "separator")
    sep.set(qn("w:id"), "-1")
    etree.SubElement(etree.SubElement(sep, qn("w:p")), qn("w:r")).append(
        etree.Element(qn("w:separator"))
    )
    for note_id, parts in notes.items():
        note = etree.SubElement(root, qn("w:footnote"))
        note.set(qn("w:id"), str(note_id))
        p = etree.SubElement(note, qn("w:p"))
        p.append(_run(etree.Element(qn("w:footnoteRef"))))
        for part in parts:
            if isinstance(part, str):
                p.append(_run(text=part))
            elif isinstance(part, list):
                for el in part:
                    p.append(el)
            else:
                p.append(part)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def add_footnotes_part(path: Path, xml: bytes) -> None:
    """Put word/footnotes.xml into a saved .docx, with its relationship and content type."""
    with zipfile.ZipFile(path) as zin:
        items = {name: zin.read(name) for name in zin.namelist()}
    rels = items["word/_rels/document.xml.rels"].decode()
    rels = rels.replace(
        "</Relationships>",
        '<Relationship Id="rIdFoot1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships/footnotes" Target="footnotes.xml"/></Relationships>',
    )
    items["word/_rels/document.xml.rels"] = rels.encode()
    types = items["[Content_Types].xml"].decode()
    types = types.replace(
        "</Types>",
        '<Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-'
        'officedocument.wordprocessingml.footnotes+xml"/></Types>',
    )
    items["[Content_Types].xml"] = types.encode()
    items["word/footnotes.xml"] = xml
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in items.items():
            zout.writestr(name, data)


def new_document() -> Any:
    return docx.Document()
