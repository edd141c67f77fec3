"""What reading a bibliography file gives: its entries, and a warning for each one not used.

A researcher who gives a file of seven references and sees six checked has lost one without
knowing; every entry that is skipped, or read with a field dropped, says so with its file and
line, as BibTeX and biber do.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from quote_tui.manuscripts.model import BibEntry

__all__ = ["BibFile", "BibWarning", "BibWarningCode"]


class BibWarningCode(StrEnum):
    """Why an entry was skipped or read in part."""

    DUPLICATE_KEY = "duplicate_key"
    """A second entry with a key already used: the first is kept, as BibTeX does."""
    REPEATED_FIELD = "repeated_field"
    """A field written twice in one entry: the first value is used, as BibTeX does."""
    UNPARSABLE = "unparsable"
    """A block that is not an entry the reader can read (unbalanced braces, no key)."""
    READ_IN_PART = "read_in_part"
    """An entry that breaks off (a field's brace never closed): the fields before the break are
    read, the rest are not."""
    NO_KEY = "no_key"
    """An entry without a citation key: read and checked, but no citation can name it."""
    NOT_AN_ITEM = "not_an_item"
    """An item of a JSON, RIS or XML export with nothing a reference can be made of."""
    COMMENTED_OUT = "commented_out"
    """An entry whose lines start with ``%``: not read, as biber, Better BibTeX and JabRef read
    it (BibTeX and Zotero read it all the same), and named so that none goes unnoticed."""
    UNDEFINED_MACRO = "undefined_macro"
    """A field names an ``@string`` macro the file never defines: its name is kept, as Zotero
    reads it (BibTeX reads it as nothing)."""


@dataclass(frozen=True, slots=True)
class BibWarning:
    """One entry skipped or read in part, where it stands in its file."""

    code: BibWarningCode
    message: str
    file: str | None = None
    line: int | None = None  # 1-based; None where the format has no lines (JSON items)

    def __str__(self) -> str:
        where = self.file or "bibliography"
        if self.line is not None:
            where += f":{self.line}"
        return f"{where}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": str(self.code), "message": self.message}
        if self.file is not None:
            out["file"] = self.file
        if self.line is not None:
            out["line"] = self.line
        return out


@dataclass(frozen=True, slots=True)
class BibFile:
    """A bibliography file read: the entries in file order and what was not used."""

    entries: tuple[BibEntry, ...] = ()
    warnings: tuple[BibWarning, ...] = ()
