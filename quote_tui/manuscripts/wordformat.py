"""What a file named .docx is when it is no Word document: the hint its error gives.

Writers rename files, and repositories keep what they renamed: an OpenDocument text saved by
LibreOffice under a .docx name (a zip whose ``mimetype`` member names OpenDocument), a PDF or a
plain text file given a .docx name. Each is read by another way, so the error says which.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

__all__ = ["docx_lookalike", "file_head", "opendocument_hint"]

_OPENDOCUMENT = b"application/vnd.oasis.opendocument"
_HEAD = 4096  # bytes read to tell a PDF or a text from a damaged package


def opendocument_hint(zf: zipfile.ZipFile) -> str:
    """The hint for a zip with no Word main part: an OpenDocument file's, or none ("")."""
    try:
        with zf.open("mimetype") as member:
            kind = member.read(200)
    except (KeyError, zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError):
        return ""
    if not kind.startswith(_OPENDOCUMENT):
        return ""
    return (
        " It is an OpenDocument file (LibreOffice's .odt) with a .docx name: save it as a Word"
        " document (.docx) and scan that."
    )


def docx_lookalike(head: bytes) -> str:
    """The hint for a file named .docx that is no zip, from its first bytes: a PDF's, a plain
    text's, or none ("")."""
    if head.startswith(b"%PDF-"):
        return " It is a PDF with a .docx name: scan the document it was made from."
    sample = head[:_HEAD]
    if sample and b"\x00" not in sample:
        try:
            sample.decode("utf-8")
        except UnicodeDecodeError as exc:
            if exc.start < len(sample) - 3:  # (a character cut at the sample's end is text)
                return ""
        return " It is plain text with a .docx name: rename it .txt to scan it."
    return ""


def file_head(path: Path) -> bytes:
    """The file's first bytes, or none when it cannot be read."""
    try:
        with path.open("rb") as f:
            return f.read(_HEAD)
    except OSError:
        return b""
