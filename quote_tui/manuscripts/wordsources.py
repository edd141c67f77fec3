"""Word's own citations: the ``CITATION`` fields References > Insert Citation writes, and the
sources they name, kept in the document's Sources part.

Word stores every source the document cites in a custom XML part (``customXml/itemN.xml``,
root ``b:Sources`` of the Office bibliography schema): tag, authors (or a body's name), year,
title, container, pages, address, DOI. A citation is a complex field whose code names the
source by its tag and may give the cited page, ``CITATION Smi20 \\p 45 \\l 1033``; its result
is the citation as the chosen style prints it, "(Smith, 2020, p. 45)". Students write with it
because it ships with Word; without the Sources part the shown text is all a reader has.
"""

from __future__ import annotations

import re
import zipfile
import zlib
from collections.abc import Mapping

from lxml import etree

from quote_tui.manuscripts.locators import make_locator
from quote_tui.manuscripts.model import BibEntry, Reference
from quote_tui.sources.readers.safe_xml import xml_parser

__all__ = ["citation_reference", "read_sources", "with_sources"]

_B = "{http://schemas.openxmlformats.org/officeDocument/2006/bibliography}"
_MAX_ITEM = 10 * 1024 * 1024
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
_DOI = re.compile(r"10\.\d{4,9}/[^\s\"<>{}]+")
# " CITATION Smi20 \p 45 \l 1033 \m Jon19": the tag, then switches. \p is the cited page, \v the
# volume; \m adds a further source to the same citation (the first is the one quoted).
_FIELD = re.compile(r"^\s*CITATION\s+(?P<tag>[^\s\\]+)(?P<switches>.*)$", re.S | re.I)
_SWITCH = re.compile(
    r"\\(?P<name>[a-z])(?:\s+(?:\"(?P<quoted>[^\"]*)\"|(?P<word>[^\s\\]+)))?", re.I
)


def _text(el: etree._Element, path: str) -> str | None:
    found = el.find(path)
    if found is None:
        return None
    text = " ".join("".join(found.itertext()).split())
    return text or None


def _authors(source: etree._Element) -> tuple[str, ...]:
    """The authors' surnames, or the body that wrote it; editors when a volume names no author."""
    for role in ("Author", "Editor", "Compiler"):
        group = source.find(f"{_B}Author/{_B}{role}")
        if group is None:
            continue
        people = [_text(p, f"{_B}Last") for p in group.iterfind(f"{_B}NameList/{_B}Person")]
        names = tuple(n for n in people if n)
        if names:
            return names
        corporate = _text(group, f"{_B}Corporate")
        if corporate:
            return (corporate,)
    return ()


def _entry(source: etree._Element, tag: str) -> BibEntry:
    year = _YEAR.search(_text(source, f"{_B}Year") or "")
    # Word has a DOI field since 2013; older sources carry it in whatever field was at hand
    # ("Mind, Volume LIX, …, https://doi.org/10.1093/mind/LIX.236.433" as the journal's name).
    doi = _DOI.search(_text(source, f"{_B}DOI") or "") or _DOI.search(" ".join(source.itertext()))
    pages = _text(source, f"{_B}Pages")  # a writer may paste the address there
    container = (
        _text(source, f"{_B}JournalName")
        or _text(source, f"{_B}BookTitle")
        or _text(source, f"{_B}ConferenceName")
        or _text(source, f"{_B}InternetSiteTitle")
    )
    return BibEntry(
        key=tag,
        title=_text(source, f"{_B}Title"),
        authors=_authors(source),
        year=year.group(1) if year else None,
        doi=doi.group(0).rstrip(".,;)").lower() if doi else None,
        url=_text(source, f"{_B}URL"),
        pages=pages if pages and re.search(r"\d", pages) and "://" not in pages else None,
        journal=container,
    )


def read_sources(zf: zipfile.ZipFile) -> dict[str, BibEntry]:
    """The sources of the document's Sources part, by tag; none when it has no such part.

    A damaged part is skipped: the citations still show their text, which is read as typed.
    """
    out: dict[str, BibEntry] = {}
    for name in zf.namelist():
        if not re.fullmatch(r"customXml/item\d+\.xml", name):
            continue
        try:
            info = zf.getinfo(name)
            if info.file_size > _MAX_ITEM:
                continue
            with zf.open(info) as member:
                data = member.read(_MAX_ITEM + 1)
            if len(data) > _MAX_ITEM or b"Sources" not in data:
                continue
            root = etree.fromstring(data, xml_parser())
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, RuntimeError, ValueError):
            continue
        except etree.XMLSyntaxError:
            continue
        if root is None or root.tag != f"{_B}Sources":
            continue
        for source in root.iterfind(f"{_B}Source"):
            tag = _text(source, f"{_B}Tag")
            if tag and tag not in out:
                out[tag] = _entry(source, tag)
    return out


def citation_reference(
    instruction: str, result_text: str, sources: Mapping[str, BibEntry]
) -> Reference | None:
    """The reference of a Word ``CITATION`` field, or ``None`` for other fields and for a tag
    the Sources part does not hold (its shown text is then read like a typed citation)."""
    m = _FIELD.match(instruction)
    if m is None:
        return None
    entry = sources.get(m.group("tag"))
    if entry is None:
        return None
    switches = {
        s.group("name").lower(): (s.group("quoted") or s.group("word") or "").strip()
        for s in _SWITCH.finditer(m.group("switches"))
    }
    locator = None
    if switches.get("p"):
        locator = make_locator("page", switches["p"])
    elif switches.get("v"):
        locator = make_locator("volume", switches["v"])
    shown = " ".join(result_text.split()) or m.group("tag")
    return Reference(raw=shown, style="word", key=entry.key, bib=entry, locator=locator)


def with_sources(
    listed: tuple[BibEntry, ...], sources: dict[str, BibEntry]
) -> tuple[BibEntry, ...]:
    """The typed list's entries, then Word's own sources it does not hold: a citation typed by
    hand, or one whose field was converted to text, names a source Word keeps all the same."""
    have = {(e.authors[0].casefold(), e.year) for e in listed if e.authors and e.year}
    more = [
        e
        for e in sources.values()
        if e.authors and e.year and (e.authors[0].casefold(), e.year) not in have
    ]
    return (*listed, *more)
