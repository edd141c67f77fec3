"""Bibliographies: BibTeX/BibLaTeX (bibtexparser 2) and CSL-JSON, as ``BibEntry`` records.

Zotero and Better BibTeX write attached files into BibTeX ``file`` fields; CSL-JSON carries DOI
and URL but never a file path. Lookups are by citation key, by surnames and year (for
author-date citations) and by DOI.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import bibtexparser

from quote_tui._untrusted import loads
from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.manuscripts.attachments import split_file_field, zotero_keys_from_uris
from quote_tui.manuscripts.model import BibEntry

__all__ = [
    "Bibliography",
    "entry_from_csl",
    "fold_name",
    "load_bibliography",
    "parse_bibtex",
    "parse_csl_json",
]

_ACCENTS = {
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    '"': "\u0308",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "u": "\u0306",
    "v": "\u030c",
    "H": "\u030b",
    "c": "\u0327",
    "k": "\u0328",
    "r": "\u030a",
}
_ACCENT_CMD = re.compile(r"\\([`'^\"~=.uvHckr])\s*\{?\\?([A-Za-z])\}?")
_LETTER_CMD = {
    "ss": "ß",
    "o": "ø",
    "O": "Ø",
    "ae": "æ",
    "AE": "Æ",
    "aa": "å",
    "AA": "Å",
    "l": "ł",
    "L": "Ł",
    "i": "ı",
    "oe": "œ",
    "OE": "Œ",
}
_LETTER_RE = re.compile(r"\\(ss|ae|AE|aa|AA|oe|OE|[oOlLi])\b\s*")
_DOI_RE = re.compile(r"10\.\d{4,9}/[^\s\"<>{}]+")


def delatex(value: str) -> str:
    """A BibTeX value as plain text: accents composed, braces and simple commands dropped."""
    s = _ACCENT_CMD.sub(
        lambda m: unicodedata.normalize("NFC", m.group(2) + _ACCENTS[m.group(1)]), value
    )
    s = _LETTER_RE.sub(lambda m: _LETTER_CMD[m.group(1)], s)
    s = re.sub(r"\\(?:textit|textbf|emph|textsc|mkbibquote|enquote)\s*", "", s)
    s = s.replace("\\&", "&").replace("\\%", "%").replace("\\_", "_").replace("~", " ")
    s = s.replace("{", "").replace("}", "").replace("--", "–")
    return re.sub(r"\s+", " ", s).strip()


def fold_name(name: str) -> str:
    """A surname folded for comparison: no accents, lower case."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def _surnames(author_field: str) -> tuple[str, ...]:
    out = []
    for person in re.split(r"\s+and\s+", author_field.strip()):
        person = person.strip()
        if not person or person.lower() == "others":
            continue
        if person.startswith("{") and person.endswith("}"):
            out.append(delatex(person))  # a corporate author, kept whole
            continue
        plain = delatex(person)
        if "," in plain:
            out.append(plain.split(",", 1)[0].strip())
        else:
            words = plain.split()
            out.append(words[-1] if words else plain)
    return tuple(out)


def _clean_doi(value: str | None) -> str | None:
    if not value:
        return None
    m = _DOI_RE.search(value)
    return m.group(0).rstrip(".,;").lower() if m else None


def _fold_title(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", fold_name(title)).strip()


def parse_bibtex(text: str, *, base_dir: Path | None = None) -> tuple[BibEntry, ...]:
    """Entries of a BibTeX/BibLaTeX file.

    Args:
        text: the file's text.
        base_dir: the .bib file's folder; relative attachment paths are relative to it.

    Returns:
        One ``BibEntry`` per entry, in file order.
    """
    library = bibtexparser.parse_string(text)
    out = []
    for entry in library.entries:
        fields = {k.lower(): str(f.value) for k, f in entry.fields_dict.items()}
        eprint_pmid = fields.get("pmid") or (
            fields.get("eprint") if fields.get("eprinttype", "").lower() == "pubmed" else None
        )
        out.append(
            BibEntry(
                key=entry.key,
                title=delatex(fields["title"]) if "title" in fields else None,
                authors=_surnames(fields.get("author") or fields.get("editor") or ""),
                year=(fields.get("year") or fields.get("date", "")[:4] or None),
                doi=_clean_doi(fields.get("doi")),
                pmid=eprint_pmid.strip() if eprint_pmid else None,
                url=fields.get("url") or None,
                pages=delatex(fields["pages"]).replace("–", "--") if "pages" in fields else None,
                files=split_file_field(fields["file"]) if "file" in fields else (),
                base_dir=str(base_dir) if base_dir is not None else None,
                journal=_journal(fields),
            )
        )
    return tuple(out)


def entry_from_csl(item: dict[str, Any], *, key: str | None = None) -> BibEntry:
    """A ``BibEntry`` from a CSL-JSON item (a bibliography file's or a Word field's itemData)."""
    authors = []
    people = item.get("author") or item.get("editor")
    for person in people if isinstance(people, list) else ():
        if isinstance(person, dict):
            name = person.get("family") or person.get("literal") or ""
            if name:
                authors.append(str(name))
    page = item.get("page")
    return BibEntry(
        key=key or (str(item["id"]) if item.get("id") is not None else None),
        title=str(item["title"]) if item.get("title") else None,
        authors=tuple(authors),
        year=_csl_year(item.get("issued")),
        doi=_clean_doi(str(item.get("DOI") or "")),
        pmid=str(item["PMID"]) if item.get("PMID") else None,
        url=str(item["URL"]) if item.get("URL") else None,
        pages=str(page).replace("–", "--") if page else None,
        journal=_csl_text(item.get("container-title")),
    )


def _csl_text(value: Any) -> str | None:
    """A CSL text field, which some exports write as a list of strings."""
    if isinstance(value, list):
        value = next((v for v in value if isinstance(v, str) and v.strip()), None)
    return str(value).strip() or None if value else None


def _journal(fields: dict[str, str]) -> str | None:
    value = fields.get("journal") or fields.get("journaltitle")
    return delatex(value) if value else None


def _csl_year(issued: Any) -> str | None:
    """The year of a CSL date: ``{"date-parts": [[2020, 5]]}`` or a raw or literal date.

    Files edited by hand or by other tools hold any JSON here, so every level is checked.
    """
    if not isinstance(issued, dict):
        return None
    parts = issued.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        return str(parts[0][0])
    raw = issued.get("raw") or issued.get("literal")
    m = re.search(r"\d{4}", str(raw)) if raw else None
    return m.group(0) if m else None


def parse_csl_json(text: str) -> tuple[BibEntry, ...]:
    """Entries of a CSL-JSON file (a list of items, as Zotero and Better BibTeX export)."""
    data = loads(text)
    if isinstance(data, dict) and isinstance(data.get("items"), list):
        data = data["items"]
    if not isinstance(data, list):
        raise ValueError("a CSL-JSON bibliography is a list of items")
    return tuple(entry_from_csl(item) for item in data if isinstance(item, dict))


def load_bibliography(path: Path) -> tuple[BibEntry, ...]:
    """Read a .bib or CSL-JSON (.json) bibliography file.

    Raises:
        BatchInputError: ``bad_manuscript`` when the file is missing or cannot be parsed.
    """
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise BatchInputError(
            f"The bibliography {path} cannot be read: {exc.strerror or exc}.",
            code=ErrorCode.BAD_MANUSCRIPT,
            recovery=Recovery.FIX_INPUT,
        ) from exc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Older BibTeX files are often Latin-1 or Windows-1252, as manuscripts are.
        text = raw.decode("cp1252", errors="replace")
    try:
        if path.suffix.lower() in (".json", ".csljson") or text.lstrip().startswith(("[", "{")):
            return parse_csl_json(text)
        return parse_bibtex(text, base_dir=path.resolve().parent)
    except (ValueError, RecursionError) as exc:  # RecursionError: JSON nested too deeply
        raise BatchInputError(
            f"The bibliography {path} is not valid BibTeX or CSL-JSON: {exc}.",
            code=ErrorCode.BAD_MANUSCRIPT,
            recovery=Recovery.FIX_INPUT,
        ) from exc


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
        )


def csl_zotero_keys(item: dict[str, Any]) -> tuple[str, ...]:
    """Zotero item keys from a citation item's ``uris``/``uri``."""
    uris = item.get("uris") or item.get("uri") or ()
    if isinstance(uris, str):
        uris = (uris,)
    return zotero_keys_from_uris(tuple(str(u) for u in uris))
