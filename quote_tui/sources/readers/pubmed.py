"""PubMed records: titles and abstracts from efetch XML, esummary XML and MEDLINE text.

Each record reads as its title, a blank line and its abstract; a structured abstract keeps its
labels ("RESULTS: ...") at the start of each section, one section per paragraph. Inline markup
(``<i>``, ``<sub>``, MathML) joins without spaces, as the abstract is rendered: ``LE<sub>min</sub>``
reads "LEmin". Records are separated by blank lines and their spans are kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

from quote_tui.engine.errors import ErrorCode, Recovery, SourceError
from quote_tui.sources.readers.safe_xml import xml_parser

__all__ = ["PubmedText", "extract_medline", "extract_pubmed_xml", "looks_like_medline"]

_WS = re.compile(r"\s+")
_MATHML = "http://www.w3.org/1998/Math/MathML"
_MEDLINE_LINE = re.compile(r"^([A-Z][A-Z0-9 ]{1,3})- ?(.*)$")
_MEDLINE_START = re.compile(r"^PMID- *\d+", re.M)


@dataclass(frozen=True, slots=True)
class PubmedText:
    """The checked text of one or more PubMed records.

    Attributes:
        text: records separated by blank lines; each is title, blank line, abstract.
        title: the first record's title.
        records: (pmid, start, end) of each record's span in ``text``.
    """

    text: str
    title: str | None
    records: tuple[tuple[str, int, int], ...]


def parse_xml(data: bytes, *, what: str) -> etree._Element:
    """Parse untrusted XML safely (no DTDs, entities or network).

    Raises:
        SourceError: ``broken_file`` when malformed, ``no_text`` when empty.
    """
    try:
        root = etree.fromstring(data, parser=xml_parser())
    except etree.XMLSyntaxError as exc:
        raise SourceError(
            f"The {what} is malformed ({exc}).",
            code=ErrorCode.BROKEN_FILE,
            recovery=Recovery.REVIEW_SOURCE,
        ) from exc
    if root is None:
        raise SourceError(
            f"The {what} is empty.", code=ErrorCode.NO_TEXT, recovery=Recovery.REVIEW_SOURCE
        )
    return root


def _local(el: etree._Element) -> str:
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


def _inline_text(el: etree._Element) -> str:
    """Text of mixed content: inline children joined without spaces, whitespace collapsed."""
    parts: list[str] = []

    def walk(node: etree._Element, in_math: bool) -> None:
        math = in_math or (isinstance(node.tag, str) and etree.QName(node).namespace == _MATHML)
        # MathML is pretty-printed: whitespace between its elements is layout, not text.
        if node.text and not (math and not node.text.strip() and _local(node) != "mtext"):
            parts.append(node.text)
        for child in node:
            if isinstance(child.tag, str):
                walk(child, math)
            if child.tail and not (math and not child.tail.strip()):
                parts.append(child.tail)

    walk(el, False)
    return _WS.sub(" ", "".join(parts)).strip()


def _record_blocks(article: etree._Element) -> tuple[str, str | None, list[str]]:
    """(pmid, title, abstract paragraphs) of a PubmedArticle or PubmedBookArticle."""
    pmid_el = article.find(".//PMID")
    pmid = (pmid_el.text or "").strip() if pmid_el is not None else ""
    title = None
    for tag in ("ArticleTitle", "BookTitle", "VernacularTitle"):
        el = article.find(f".//{tag}")
        if el is not None and (text := _inline_text(el)):
            title = text
            break
    paragraphs: list[str] = []
    abstract = article.find(".//Abstract")
    if abstract is not None:
        for section in abstract.findall("AbstractText"):
            body = _inline_text(section)
            if not body:
                continue
            label = (section.get("Label") or "").strip()
            paragraphs.append(f"{label}: {body}" if label else body)
    return pmid, title, paragraphs


def _assemble(records: list[tuple[str, str | None, list[str]]]) -> PubmedText:
    parts: list[str] = []
    spans: list[tuple[str, int, int]] = []
    pos = 0
    for pmid, title, paragraphs in records:
        blocks = [b for b in (title, *paragraphs) if b]
        if not blocks:
            continue
        if parts:
            parts.append("\n\n")
            pos += 2
        text = "\n\n".join(blocks)
        parts.append(text)
        spans.append((pmid, pos, pos + len(text)))
        pos += len(text)
    if not parts:
        raise SourceError(
            "The PubMed record has neither a title nor an abstract.",
            code=ErrorCode.NO_TEXT,
            recovery=Recovery.USE_SUPPLIED_TEXT,
        )
    first_title = next((title for _, title, _ in records if title), None)
    return PubmedText(text="".join(parts), title=first_title, records=tuple(spans))


def extract_pubmed_xml(data: bytes) -> PubmedText:
    """Read efetch ``PubmedArticleSet`` XML or esummary ``eSummaryResult`` XML.

    Args:
        data: the XML bytes.

    Returns:
        Titles and abstracts (esummary carries titles only).

    Raises:
        SourceError: ``broken_file`` for malformed XML, ``unsupported_type`` for other XML,
            ``no_text`` when no record has a title or abstract.
    """
    root = parse_xml(data, what="PubMed XML")
    name = _local(root)
    if name in ("PubmedArticleSet", "PubmedArticle", "PubmedBookArticle"):
        articles = (
            [root]
            if name != "PubmedArticleSet"
            else [a for a in root if _local(a) in ("PubmedArticle", "PubmedBookArticle")]
        )
        return _assemble([_record_blocks(a) for a in articles])
    if name == "eSummaryResult":
        records = []
        for doc in root.iter("DocSum"):
            pmid = (doc.findtext("Id") or "").strip()
            title = next(
                (_inline_text(i) for i in doc.iter("Item") if i.get("Name") == "Title"), None
            )
            records.append((pmid, title or None, []))
        for doc in root.iter("DocumentSummary"):  # esummary version 2.0
            title_el = doc.find("Title")
            title = _inline_text(title_el) if title_el is not None else ""
            records.append((doc.get("uid", ""), title or None, []))
        return _assemble(records)
    raise SourceError(
        f"This XML ({name}) is not a PubMed record set.",
        code=ErrorCode.UNSUPPORTED_TYPE,
        recovery=Recovery.USE_SUPPLIED_TEXT,
    )


def looks_like_medline(text: str) -> bool:
    """Whether a text is MEDLINE tagged format (it starts, after blank lines, with ``PMID-``).

    Args:
        text: decoded text.

    Returns:
        True when the first non-blank line is a PMID tag line.
    """
    return bool(_MEDLINE_START.match(text.lstrip("\ufeff\r\n ")))


def extract_medline(text: str) -> PubmedText:
    """Read MEDLINE tagged text: each record's TI and AB, continuation lines joined.

    Args:
        text: MEDLINE-format text (records separated by blank lines).

    Returns:
        Titles and abstracts of every record.

    Raises:
        SourceError: ``no_text`` when no record has a title or abstract.
    """
    records: list[tuple[str, str | None, list[str]]] = []
    # Each value is a list of pieces (first line, continuation lines) joined when the record
    # closes: adding to one string per continuation line is quadratic in a long field.
    fields: dict[str, list[list[str]]] = {}
    last: str | None = None

    def joined(tag: str) -> str:
        return " ".join(" ".join(pieces) for pieces in fields.get(tag, [])).strip()

    def close() -> None:
        if fields:
            title = joined("TI") or None
            abstract = joined("AB")
            records.append((joined("PMID"), title, [abstract] if abstract else []))
        fields.clear()

    for line in text.splitlines():
        if not line.strip():
            close()
            last = None
            continue
        if line.startswith("      ") and last is not None:
            # A continuation: the value goes on after a 6-space indent.
            fields[last][-1].append(line.strip())
            continue
        m = _MEDLINE_LINE.match(line)
        if m:
            last = m.group(1).strip()
            if last == "PMID" and "PMID" in fields:
                close()
            fields.setdefault(last, []).append([m.group(2).strip()])
    close()
    for i, (pmid, title, paragraphs) in enumerate(records):
        records[i] = (
            pmid,
            _WS.sub(" ", title) if title else None,
            [_WS.sub(" ", p) for p in paragraphs],
        )
    return _assemble(records)
