"""Files named .docx that are no Word document: the error says what each is and what to do."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from quote_tui.engine.errors import BatchInputError, ErrorCode
from quote_tui.manuscripts import scan

_ODT_CONTENT = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"'
    ' xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text>'
    "<text:p>Introduction du mémoire</text:p></office:text></office:body>"
    "</office:document-content>"
)


def _error(path: Path) -> BatchInputError:
    with pytest.raises(BatchInputError) as info:
        scan(path)
    assert info.value.code == ErrorCode.BAD_MANUSCRIPT
    return info.value


def test_an_opendocument_text_saved_under_a_docx_name_is_named(tmp_path: Path) -> None:
    path = tmp_path / "Memoire (copie).docx"
    with zipfile.ZipFile(path, "w") as zf:
        # OpenDocument's first member, stored: its media type
        zf.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.text")
        zf.writestr("content.xml", _ODT_CONTENT)
        zf.writestr("META-INF/manifest.xml", "<manifest/>")
    message = str(_error(path))
    assert "OpenDocument" in message and "save it as a Word document" in message


def test_a_pdf_under_a_docx_name_is_named(tmp_path: Path) -> None:
    path = tmp_path / "horses.docx"
    path.write_bytes(b"%PDF-1.6\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n")
    assert "It is a PDF" in str(_error(path))


def test_plain_text_under_a_docx_name_is_named(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    path.write_text("Hello there world\n\nhow are you — “a first draft”\n", encoding="utf-8")
    assert "plain text" in str(_error(path))


def test_a_damaged_package_gets_no_wrong_hint(tmp_path: Path) -> None:
    path = tmp_path / "broken.docx"
    path.write_bytes(b"PK\x03\x04\x14\x00\x00\x00\x08\x00" + bytes(range(256)) * 4)
    message = str(_error(path))
    assert "PDF" not in message and "plain text" not in message and "OpenDocument" not in message
