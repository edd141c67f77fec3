"""Where a .docx keeps its parts: the package's relationships say, not the usual file names.

Word itself names the main part ``word/document.xml``, but Word for the web, Google Docs
exports and other writers name it ``word/document2.xml`` (or another name) with absolute
targets (``/word/document2.xml``); the package's ``_rels/.rels`` points at it, and the main
part's own relationships (``word/_rels/document2.xml.rels``) at its styles, footnotes and
endnotes. A reader that opens ``word/document.xml`` by name finds nothing there.
"""

from __future__ import annotations

import posixpath
import zipfile
import zlib
from dataclasses import dataclass

from lxml import etree

from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.sources.readers.safe_xml import xml_parser

__all__ = ["WordParts", "bad_manuscript", "body_paragraphs", "read_part", "word_parts"]

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"

_RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"
_MAX_RELS = 1024 * 1024
_MAX_PART = 50 * 1024 * 1024
_DEFAULTS = {
    "document": "word/document.xml",
    "styles": "word/styles.xml",
    "footnotes": "word/footnotes.xml",
    "endnotes": "word/endnotes.xml",
}


@dataclass(frozen=True)
class WordParts:
    """The archive names of the parts the reader needs (``None``: the package has none)."""

    document: str | None
    styles: str | None
    footnotes: str | None
    endnotes: str | None


def _relations(zf: zipfile.ZipFile, rels: str, base: str) -> dict[str, str]:
    """The targets of a relationships part by their type's last word (officeDocument,
    styles, footnotes, …), as names inside the archive."""
    try:
        info = zf.getinfo(rels)
        if info.file_size > _MAX_RELS:
            return {}
        with zf.open(info) as member:
            root = etree.fromstring(member.read(_MAX_RELS + 1), xml_parser())
    except (KeyError, zipfile.BadZipFile, zlib.error, EOFError, OSError, RuntimeError):
        return {}
    except (etree.XMLSyntaxError, ValueError):
        return {}
    out: dict[str, str] = {}
    for rel in root.iter(_RELS):
        if rel.get("TargetMode") == "External":
            continue
        kind = (rel.get("Type") or "").rsplit("/", 1)[-1]
        target = (rel.get("Target") or "").replace("\\", "/")
        if not kind or not target or kind in out:
            continue
        # an absolute target is from the package's root, a relative one from the source part's
        name = target.lstrip("/") if target.startswith("/") else posixpath.join(base, target)
        out[kind] = posixpath.normpath(name)
    return out


def word_parts(zf: zipfile.ZipFile) -> WordParts:
    """The main document part and its styles, footnotes and endnotes, found by the package's
    relationships; the usual names when a relationship is missing or names no part."""
    names = set(zf.namelist())

    def present(name: str | None, default: str) -> str | None:
        if name and name in names:
            return name
        return default if default in names else None

    package = _relations(zf, "_rels/.rels", "")
    document = present(package.get("officeDocument"), _DEFAULTS["document"])
    related: dict[str, str] = {}
    if document is not None:
        folder, file = posixpath.split(document)
        related = _relations(zf, posixpath.join(folder, "_rels", file + ".rels"), folder)
    return WordParts(
        document=document,
        styles=present(related.get("styles"), _DEFAULTS["styles"]),
        footnotes=present(related.get("footnotes"), _DEFAULTS["footnotes"]),
        endnotes=present(related.get("endnotes"), _DEFAULTS["endnotes"]),
    )


def body_paragraphs(body: etree._Element) -> list[etree._Element]:
    """The main part's paragraphs in order, tables' included."""
    container = body.find(f"{_W}body")
    root = container if container is not None else body
    # Paragraphs inside another paragraph (text boxes) are walked with their host.
    return [p for p in root.iter(f"{_W}p") if not any(a.tag == f"{_W}p" for a in p.iterancestors())]


def bad_manuscript(message: str) -> BatchInputError:
    """The error of a file that is no readable Word manuscript."""
    return BatchInputError(message, code=ErrorCode.BAD_MANUSCRIPT, recovery=Recovery.FIX_INPUT)


def read_part(zf: zipfile.ZipFile, name: str) -> etree._Element:
    """The XML of the archive member ``name``, read to at most its cap.

    Raises:
        BatchInputError: ``bad_manuscript`` when the member is too large or cannot be unpacked.
        KeyError, etree.XMLSyntaxError: when there is no such member or it is not XML.
    """
    info = zf.getinfo(name)
    if info.file_size > _MAX_PART:
        raise bad_manuscript(f"The part {name} is too large to read ({info.file_size} bytes).")
    try:
        # read at most the cap, whatever size the archive declares: the declared size is only
        # the archive's word, and a crafted one unpacks far past it before its CRC fails
        with zf.open(info) as member:
            data = member.read(_MAX_PART + 1)
    except (
        zipfile.BadZipFile,
        zlib.error,
        EOFError,
        NotImplementedError,
        RuntimeError,
        OSError,
    ) as exc:
        # A damaged or unusual archive member (bad header, bad CRC, truncated data, an
        # unsupported compression method, encryption) fails only when it is read.
        raise bad_manuscript(f"The part {name} cannot be unpacked: {exc}.") from exc
    if len(data) > _MAX_PART:
        raise bad_manuscript(f"The part {name} unpacks to more than {_MAX_PART} bytes.")
    return etree.fromstring(data, xml_parser())
