"""BibTeX and biblatex files as ``BibEntry`` records, every entry accounted for.

bibtexparser 2 splits the file into blocks and keeps the ones it could not read as failed
blocks; each of those becomes a warning with its line. An entry with a repeated field is still
read (the first value, as BibTeX keeps it), and a second entry with a key already used is left
out (as BibTeX leaves it), both with a warning. Field values are decoded from LaTeX by
``texdecode`` and names split by ``bibnames``.
"""

from __future__ import annotations

import re
from pathlib import Path

import bibtexparser
from bibtexparser.model import (
    DuplicateBlockKeyBlock,
    DuplicateFieldKeyBlock,
    Entry,
    ImplicitComment,
    ParsingFailedBlock,
)

from quote_tui.manuscripts.attachments import split_file_field
from quote_tui.manuscripts.bibfields import clean_doi, year_of
from quote_tui.manuscripts.bibnames import surnames
from quote_tui.manuscripts.bibrecords import BibFile, BibWarning, BibWarningCode
from quote_tui.manuscripts.model import BibEntry
from quote_tui.manuscripts.texdecode import latex_to_text

__all__ = ["parse_bibtex", "read_bibtex"]

_ENTRY_START = re.compile(r"@\s*[A-Za-z]+\s*[{(]")
_NOT_WORKS = frozenset({"comment", "preamble", "string", "set", "xdata"})


def _title(fields: dict[str, str]) -> str | None:
    """The title, with biblatex's ``subtitle`` after a colon, as a citation style prints it."""
    title = latex_to_text(fields["title"]) if fields.get("title") else ""
    subtitle = latex_to_text(fields["subtitle"]) if fields.get("subtitle") else ""
    if title and subtitle:
        return title if title.endswith((":", "?", "!", ".")) else f"{title}: {subtitle}"
    return title or subtitle or None


def _entry(entry: Entry, fields: dict[str, str], *, base_dir: Path | None) -> BibEntry:
    eprint_type = fields.get("eprinttype", "").lower()
    pmid = fields.get("pmid") or (fields.get("eprint") if eprint_type == "pubmed" else None)
    doi = clean_doi(fields.get("doi")) or (
        clean_doi(fields.get("eprint")) if eprint_type == "doi" else None
    )
    if doi is None and fields.get("url"):
        doi = clean_doi(fields["url"]) if "doi.org/" in fields["url"].lower() else None
    people = fields.get("author") or fields.get("editor") or ""
    journal = fields.get("journal") or fields.get("journaltitle")
    return BibEntry(
        key=entry.key or None,
        title=_title(fields),
        authors=surnames(people) if people.strip() else (),
        year=year_of(fields.get("year")) or year_of(fields.get("date")),
        doi=doi,
        pmid=pmid.strip() if pmid else None,
        url=latex_to_text(fields["url"]) if fields.get("url") else None,
        pages=latex_to_text(fields["pages"]).replace("–", "--") if fields.get("pages") else None,
        files=split_file_field(fields["file"]) if fields.get("file") else (),
        base_dir=str(base_dir) if base_dir is not None else None,
        journal=latex_to_text(journal) if journal else None,
    )


def _first_values(entry: Entry) -> dict[str, str]:
    """Field values by lower-case name; of a repeated field, the first (BibTeX's choice)."""
    out: dict[str, str] = {}
    for field in entry.fields:
        out.setdefault(field.key.lower(), str(field.value))
    return out


def read_bibtex(text: str, *, file: str | None = None, base_dir: Path | None = None) -> BibFile:
    """Entries of a BibTeX/biblatex file, and a warning for each one skipped or read in part.

    Args:
        text: the file's text.
        file: the file's name, for the warnings.
        base_dir: the .bib file's folder; relative attachment paths are relative to it.

    Returns:
        The entries in file order, then the warnings in file order.
    """
    library = bibtexparser.parse_string(text)
    entries: list[BibEntry] = []
    warnings: list[BibWarning] = []
    seen: dict[str, int] = {}

    def warn(code: BibWarningCode, message: str, line: int | None) -> None:
        warnings.append(
            BibWarning(code, message, file=file, line=line + 1 if line is not None else None)
        )

    for block in library.blocks:
        line = block.start_line
        entry: Entry | None = None
        if isinstance(block, Entry):
            entry = block
        elif isinstance(block, DuplicateFieldKeyBlock) and isinstance(
            block.ignore_error_block, Entry
        ):
            entry = block.ignore_error_block
            repeated = ", ".join(sorted(block.duplicate_keys))
            warn(
                BibWarningCode.REPEATED_FIELD,
                f"entry {entry.key or '(no key)'} repeats {repeated}; the first value is used",
                line,
            )
        elif isinstance(block, DuplicateBlockKeyBlock) and isinstance(
            block.ignore_error_block, Entry
        ):
            entry = block.ignore_error_block  # the key check below warns and skips it
        elif isinstance(block, ParsingFailedBlock):
            head = (block.raw or "").strip().splitlines()[0][:60] if block.raw else ""
            warn(BibWarningCode.UNPARSABLE, f"this block cannot be read ({head!r})", line)
            continue
        elif isinstance(block, ImplicitComment) and _ENTRY_START.search(block.comment):
            warn(BibWarningCode.UNPARSABLE, "an entry here cannot be read", line)
            continue
        if entry is None or entry.entry_type.lower() in _NOT_WORKS:
            continue
        if not entry.key:
            warn(BibWarningCode.UNPARSABLE, f"@{entry.entry_type} entry without a key", line)
        elif entry.key in seen:
            warn(
                BibWarningCode.DUPLICATE_KEY,
                f"key {entry.key} is used again (first on line {seen[entry.key]}); "
                "this entry is left out",
                line,
            )
            continue
        else:
            seen[entry.key] = (line or 0) + 1
        entries.append(_entry(entry, _first_values(entry), base_dir=base_dir))
    return BibFile(tuple(entries), tuple(warnings))


def parse_bibtex(text: str, *, base_dir: Path | None = None) -> tuple[BibEntry, ...]:
    """The entries of a BibTeX/biblatex text (``read_bibtex`` without its warnings)."""
    return read_bibtex(text, base_dir=base_dir).entries
