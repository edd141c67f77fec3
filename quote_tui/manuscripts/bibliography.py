"""Bibliographies as ``BibEntry`` records: BibTeX/biblatex, CSL-JSON, Better BibTeX and Zotero
JSON, RIS and EndNote XML, each read by its own module; and the lookups citations need.

Zotero and Better BibTeX write attached files into BibTeX ``file`` fields and their JSON
``attachments``; CSL-JSON carries DOI and URL but never a file path. Lookups are by citation
key, by surnames and year (for author-date citations) and by DOI. ``read_bibliography`` keeps
the warnings (duplicate keys, repeated fields, blocks that cannot be read) with their file and
line, so nothing is dropped without a word.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.manuscripts.attachments import zotero_keys_from_uris
from quote_tui.manuscripts.bibjson import entry_from_csl, read_json_bibliography
from quote_tui.manuscripts.bibrecords import BibFile, BibWarning
from quote_tui.manuscripts.model import BibEntry

__all__ = [
    "Bibliography",
    "BibFile",
    "BibWarning",
    "delatex",
    "entry_from_csl",
    "fold_name",
    "load_bibliography",
    "parse_bibtex",
    "parse_csl_json",
    "read_bibliography",
]


def _windows_1252(exc: UnicodeError) -> tuple[str, int]:
    """The bytes UTF-8 cannot read, as Windows-1252 (undefined ones as U+FFFD)."""
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    return exc.object[exc.start : exc.end].decode("cp1252", errors="replace"), exc.end


_BYTE_ALONE = "quote_tui.bib-cp1252"
codecs.register_error(_BYTE_ALONE, _windows_1252)

_JSON_SUFFIXES = (".json", ".csljson")


# bibtexparser and pylatexenc are imported on first use: the manuscripts package is imported to
# ask whether a JSON file is a model's answer, and a plain batch must not pay for them.


def delatex(value: str) -> str:
    """A LaTeX fragment as plain text (``texdecode.latex_to_text``)."""
    from quote_tui.manuscripts.texdecode import latex_to_text

    return latex_to_text(value)


def parse_bibtex(text: str, *, base_dir: Path | None = None) -> tuple[BibEntry, ...]:
    """The entries of a BibTeX/biblatex text (``bibtex.read_bibtex`` without its warnings)."""
    from quote_tui.manuscripts.bibtex import read_bibtex

    return read_bibtex(text, base_dir=base_dir).entries


def fold_name(name: str) -> str:
    """A surname folded for comparison: no accents, lower case."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def _fold_title(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", fold_name(title)).strip()


def parse_csl_json(text: str) -> tuple[BibEntry, ...]:
    """Entries of a JSON bibliography: CSL-JSON, Better BibTeX JSON or Zotero JSON."""
    return read_json_bibliography(text).entries


def _unreadable(path: Path, reason: str) -> BatchInputError:
    return BatchInputError(
        f"The bibliography {path} cannot be read: {reason}.",
        code=ErrorCode.BAD_MANUSCRIPT,
        recovery=Recovery.FIX_INPUT,
    )


def read_bibliography(path: Path) -> BibFile:
    """Read a bibliography file with a warning for each entry skipped or read in part.

    BibTeX/biblatex (``.bib``), JSON (CSL-JSON, Better BibTeX, Zotero), RIS (``.ris``) and
    EndNote XML (``.xml``), told by suffix and then by the first characters.

    Raises:
        BatchInputError: ``bad_manuscript`` when the file is missing or cannot be parsed.
    """
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise _unreadable(path, str(exc.strerror or exc)) from exc
    # Older BibTeX files are often Latin-1 or Windows-1252, as manuscripts are, and some hold
    # both: UTF-8 text with a few Windows-1252 bytes pasted in (``–`` read as ``â€“`` when the
    # whole file was taken for Windows-1252). Each byte UTF-8 cannot read is read alone.
    text = raw.decode("utf-8-sig", errors=_BYTE_ALONE)
    suffix = path.suffix.lower()
    head = text.lstrip()[:200]
    name = str(path)
    try:
        if suffix in _JSON_SUFFIXES or head.startswith(("[", "{")):
            return read_json_bibliography(text, file=name)
        if suffix == ".ris" or re.match(r"TY  -", head):
            from quote_tui.manuscripts.risxml import read_ris

            return read_ris(text, file=name)
        if suffix == ".xml" or head.startswith("<"):
            from quote_tui.manuscripts.risxml import read_endnote_xml

            return read_endnote_xml(raw, file=name)
        from quote_tui.manuscripts.bibtex import read_bibtex

        return read_bibtex(text, file=name, base_dir=path.resolve().parent)
    except (ValueError, RecursionError) as exc:  # RecursionError: nested too deeply
        raise BatchInputError(
            f"The bibliography {path} is not valid BibTeX, JSON, RIS or EndNote XML: {exc}.",
            code=ErrorCode.BAD_MANUSCRIPT,
            recovery=Recovery.FIX_INPUT,
        ) from exc


def load_bibliography(path: Path) -> tuple[BibEntry, ...]:
    """The entries of a bibliography file (``read_bibliography`` without its warnings).

    Raises:
        BatchInputError: ``bad_manuscript`` when the file is missing or cannot be parsed.
    """
    return read_bibliography(path).entries


@dataclass(frozen=True, slots=True)
class Bibliography:
    """All entries the user supplied, with the lookups citations need."""

    entries: tuple[BibEntry, ...] = ()

    @classmethod
    def from_entries(cls, groups: Iterable[Sequence[BibEntry]]) -> Bibliography:
        return cls(tuple(e for group in groups for e in group))

    def by_key(self, key: str) -> BibEntry | None:
        for entry in self.entries:
            if entry.key == key:
                return entry
        folded = key.casefold()
        for entry in self.entries:
            if entry.key and entry.key.casefold() == folded:
                return entry
        return None

    def by_doi(self, doi: str) -> BibEntry | None:
        doi = doi.lower()
        return next((e for e in self.entries if e.doi == doi), None)

    def by_author_year(self, surnames: Sequence[str], year: str) -> BibEntry | None:
        """The entry whose first author (and any further names given) and year agree."""
        if not surnames:
            return None
        wanted = [fold_name(s) for s in surnames]
        base_year = year[:4]
        candidates = [
            e
            for e in self.entries
            if e.year == base_year
            and e.authors
            and fold_name(e.authors[0]) == wanted[0]
            and all(any(fold_name(a) == w for a in e.authors) for w in wanted[1:])
        ]
        if len(candidates) > 1 and len(year) == 5:  # 2020a, 2020b: file order, as BibTeX sorts
            index = ord(year[4]) - ord("a")
            return candidates[index] if 0 <= index < len(candidates) else None
        return candidates[0] if candidates else None

    def by_title(self, title: str) -> BibEntry | None:
        """The entry whose title is this one (folded), or begins with it (a short title)."""
        wanted = _fold_title(title)
        if len(wanted) < 8:
            return None
        for entry in self.entries:
            if entry.title and _fold_title(entry.title) == wanted:
                return entry
        for entry in self.entries:
            if entry.title and _fold_title(entry.title).startswith(wanted):
                return entry
        return None

    def merge(self, entry: BibEntry) -> BibEntry:
        """``entry`` (from a Word field) completed with the file and key of the same work here."""
        twin = (self.by_doi(entry.doi) if entry.doi else None) or (
            self.by_key(entry.key) if entry.key else None
        )
        if twin is None and entry.title:
            title = fold_name(entry.title)
            twin = next((e for e in self.entries if e.title and fold_name(e.title) == title), None)
        if twin is None:
            return entry
        return BibEntry(
            key=twin.key or entry.key,
            title=entry.title or twin.title,
            authors=entry.authors or twin.authors,
            year=entry.year or twin.year,
            doi=entry.doi or twin.doi,
            pmid=entry.pmid or twin.pmid,
            url=entry.url or twin.url,
            pages=entry.pages or twin.pages,
            files=twin.files or entry.files,
            zotero_keys=entry.zotero_keys or twin.zotero_keys,
            base_dir=twin.base_dir or entry.base_dir,
            journal=entry.journal or twin.journal,
        )


def csl_zotero_keys(item: dict[str, Any]) -> tuple[str, ...]:
    """Zotero item keys from a citation item's ``uris``/``uri``."""
    uris = item.get("uris") or item.get("uri") or ()
    if isinstance(uris, str):
        uris = (uris,)
    return zotero_keys_from_uris(tuple(str(u) for u in uris))
