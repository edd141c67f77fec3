"""BibTeX and biblatex files as ``BibEntry`` records, every entry accounted for.

bibtexparser 2 splits the file into blocks and keeps the ones it could not read as failed
blocks; each of those becomes a warning with its line. An entry with a repeated field is still
read (the first value, as BibTeX keeps it), and a second entry with a key already used is left
out (as BibTeX leaves it), both with a warning. Field values are decoded from LaTeX by
``texdecode`` and names split by ``bibnames``.

Values are taken raw (bibtexparser's middlewares off) and resolved here, the same way for every
entry: its string middleware leaves ``@string`` macros joined with ``#`` (``MCDERMOTT # { and
Gerald J. Sussman}``) unresolved, and does nothing for the entries recovered from a failed
block. A child entry takes the fields it lacks from its ``crossref`` parent, as BibTeX does (a
chapter's year and editors from its book).
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from pathlib import Path

import bibtexparser
from bibtexparser.model import (
    DuplicateBlockKeyBlock,
    DuplicateFieldKeyBlock,
    Entry,
    ImplicitComment,
    ParsingFailedBlock,
    String,
)

from quote_tui.manuscripts.attachments import split_file_field
from quote_tui.manuscripts.bibfields import clean_doi, doi_in_url, split_outside_braces, year_of
from quote_tui.manuscripts.bibnames import surnames
from quote_tui.manuscripts.bibrecords import BibFile, BibWarning, BibWarningCode
from quote_tui.manuscripts.model import BibEntry
from quote_tui.manuscripts.texdecode import latex_to_text

__all__ = ["read_bibtex"]

_ENTRY_START = re.compile(
    r"@\s*(?!(?i:string|preamble|comment)\b)[A-Za-z]+\s*[{(]"
    r"|^[ \t]*@[A-Za-z]+[ \t]*,[ \t]*\n[ \t]*[A-Za-z][\w-]*[ \t]*=",
    re.M,
)
"""An entry's head in what the parser took for a comment: ``@book{`` as usual, or a head that
lost its brace, ``@Article,`` at the start of a line followed by a field (as one of JabRef's
writers left it), which BibTeX cannot read either."""
_KEYLESS = re.compile(
    r"(@\s*(?!(?i:string|preamble|comment)\b)[A-Za-z]+\s*[{(])(\s*[A-Za-z][\w-]*\s*=)"
)
"""An entry that opens with a field, not a key (EndNote and clipboard exports write them):
bibtexparser gives up on it, so a comma is put where the key would be and it reads with none."""
_EMPTY_FIELD = re.compile(r"([}\"])(\s*),(\s*),")
"""``title = {...},  , number = ...``: an empty field between two commas, which stops bibtexparser
and which BibTeX itself passes over."""
_COMMENTED = re.compile(r"(?:^[ \t]*%[^\n]*(?:\n|\Z))+", re.M)
"""Lines that start with ``%``: LaTeX comments to the people who write them, and to Better
BibTeX, biber and JabRef; BibTeX alone reads a commented-out ``%@article{...}`` as an entry,
which then takes the key of the real one below it."""
_NOT_WORKS = frozenset({"comment", "preamble", "string", "xdata", "control"})
"""Blocks that name no work. ``@Control{biblatex-control, options = ...}`` is the whole of the
``-blx.bib`` file older biblatex writes beside a thesis: read as an entry, it was a reference
with neither title nor author (Zotero's import skips it too)."""
_SETS = frozenset({"set"})
"""biblatex's entry sets: a citation of one cites its members, which are entries of their own."""
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_INHERITED = (
    "author",
    "title",
    "year",
    "date",
    "editor",
    "journal",
    "journaltitle",
    "publisher",
    "booktitle",
)
"""Fields a child takes from its ``crossref`` parent when it lacks them, as BibTeX and biber do
(a chapter of a book by one author names no author of its own)."""


_READ = frozenset(
    {"title", "subtitle", "author", "editor", "director", "translator", "year", "date", "doi"}
    | {"eprint", "eprinttype", "pmid", "url", "pages", "file", "crossref", "options"}
    | set(_INHERITED)
)
"""The fields an entry is made of; abstracts, keywords and notes are not resolved at all."""


def _resolve(
    raw: str, strings: dict[str, str], depth: int = 0, undefined: list[str] | None = None
) -> str:
    """A raw field value: ``{...}``, ``"..."``, a number, a macro, or pieces joined by ``#``;
    the names of macros not defined are added to ``undefined``."""
    out = []
    # Most values are one braced or quoted piece: only a ``#`` makes splitting worth its cost.
    for piece in split_outside_braces(raw, "#") if "#" in raw else (raw,):
        piece = piece.strip()
        if len(piece) >= 2 and piece[0] + piece[-1] in ("{}", '""'):
            out.append(piece[1:-1])
        elif piece.lower() in strings and depth < 8:  # a macro defined by a macro, not forever
            out.append(_resolve(strings[piece.lower()], strings, depth + 1, undefined))
        elif piece.lower() in _MONTHS:
            out.append(str(_MONTHS.index(piece.lower()) + 1))
        else:
            if undefined is not None and piece and not piece.isdigit():
                undefined.append(piece)
            out.append(piece)
    return "".join(out)


_USEPREFIX_FALSE = re.compile(r"(?:^|,)\s*useprefix\s*=\s*\{?\s*false\b", re.I)
"""biblatex's per-entry ``options = {useprefix=false}``: the prefixes of its biber extended
names (``family=Brandt, prefix=von``) are dropping particles. A von part written the BibTeX way
(``von Brandt, Ahasver``) stays in the surname whatever the option, as Zotero, JabRef and Better
BibTeX import it."""


_RICH_TEXT = re.compile(r"</?(?:i|b|sub|sup|sc|span)(?:\s[^<>]*)?>")
"""Zotero's rich-text markup in a title, exported as ``{\\textless}span style=...``: the
reader sees the words it marks, not the tags."""


def _plain_title(value: str | None) -> str:
    text = latex_to_text(value) if value else ""
    return " ".join(_RICH_TEXT.sub("", text).split()) if "<" in text else text


def _title(fields: dict[str, str]) -> str | None:
    """The title, with biblatex's ``subtitle`` after a colon, as a citation style prints it."""
    title = _plain_title(fields.get("title"))
    subtitle = _plain_title(fields.get("subtitle"))
    if title and subtitle:
        # After a question or a full stop no colon, but the subtitle all the same, as biblatex
        # prints it and Zotero stores it (``PDF/A: Wie unterscheidet es sich von PDF? Erfahre,
        # was ...``); it had been left out.
        if title.endswith((":", "?", "!", ".")):
            return f"{title} {subtitle}"
        return f"{title}: {subtitle}"
    return title or subtitle or None


def _entry(
    entry: Entry, fields: dict[str, str], *, base_dir: Path | None, names: dict[str, str]
) -> BibEntry:
    eprint_type = fields.get("eprinttype", "").lower()
    pmid = fields.get("pmid") or (fields.get("eprint") if eprint_type == "pubmed" else None)
    doi = clean_doi(fields.get("doi")) or (
        clean_doi(fields.get("eprint")) if eprint_type == "doi" else None
    )
    if doi is None and fields.get("url"):
        doi = doi_in_url(fields["url"])
    # A work without authors is named by its editors, a film by its director, a translation
    # with no other name by its translator (``The Qur'an``), as Zotero lists its first creator.
    people = next(
        (fields[k] for k in ("author", "editor", "director", "translator") if fields.get(k)), ""
    )
    journal = fields.get("journal") or fields.get("journaltitle")
    options = fields.get("options", "")
    return BibEntry(
        key=entry.key or None,
        title=_title(fields),
        authors=surnames(people, names, useprefix=not _USEPREFIX_FALSE.search(options))
        if people.strip()
        else (),
        year=year_of(fields.get("date")) or year_of(fields.get("year")),
        doi=doi,
        pmid=pmid.strip() if pmid else None,
        url=latex_to_text(fields["url"]) if fields.get("url") else None,
        pages=latex_to_text(fields["pages"]).replace("–", "--") if fields.get("pages") else None,
        files=split_file_field(fields["file"]) if fields.get("file") else (),
        base_dir=str(base_dir) if base_dir is not None else None,
        journal=latex_to_text(journal) if journal else None,
    )


def _first_values(entry: Entry, strings: dict[str, str], undefined: list[str]) -> dict[str, str]:
    """Field values by lower-case name; of a repeated field, the first (BibTeX's choice)."""
    out: dict[str, str] = {}
    for field in entry.fields:
        name = field.key.lower()
        if name not in out and name in _READ:
            out[name] = _resolve(str(field.value), strings, 0, undefined)
    return out


_CROSSREF_DEPTH = 8
"""How many parents up a ``crossref`` chain is followed (a loop stops here)."""


def _with_parents(
    found: list[tuple[Entry, dict[str, str]]],
) -> list[tuple[Entry, dict[str, str]]]:
    """Each entry's fields completed from its ``crossref`` parents'. BibTeX follows one level;
    biber follows a chain (an ``@inbook`` in a ``@book`` of an ``@mvbook`` whose author it is),
    and so does this, up to ``_CROSSREF_DEPTH`` parents."""
    by_key = {entry.key.casefold(): fields for entry, fields in found if entry.key}

    def completed(fields: dict[str, str], depth: int) -> dict[str, str]:
        parent = by_key.get(fields.get("crossref", "").strip().casefold())
        if parent is None or parent is fields or depth >= _CROSSREF_DEPTH:
            return fields
        parent = completed(parent, depth + 1)
        inherited = {k: parent[k] for k in _INHERITED if k in parent and k not in fields}
        if "title" in parent and "booktitle" not in fields:
            inherited["booktitle"] = parent["title"]
        return {**fields, **inherited}

    return [(entry, completed(fields, 0)) for entry, fields in found]


_COMMENTED_ENTRY = re.compile(r"[ \t]*%[ \t]*@\s*[A-Za-z]+\s*[{(]")
"""A commented run opening with an entry's head (``%@Book{JW82,``): the entry is switched off,
even where only its first line is commented, as biber and pandoc read it."""


def _blank_comment(m: re.Match[str]) -> str:
    run = m.group(0)
    if "@" not in run or (run.count("{") != run.count("}") and not _COMMENTED_ENTRY.match(run)):
        # Commented prose is passed over as it is; a line of a field that happens to start
        # with a per cent sign stays the field's.
        return run
    return "\n" * run.count("\n")


_COMMENTED_HEAD = re.compile(
    r"^[ \t]*%[ \t%]*@[ \t]*(?!(?i:string|preamble|comment)\b)([A-Za-z]+)[ \t]*[{(][ \t]*([^,\s]*)",
    re.M,
)


def _uncomment(text: str) -> tuple[str, list[tuple[int, str, str]]]:
    """``text`` without its commented lines (kept as empty lines, so every line number holds),
    and the entries switched off in them: their 0-based lines, types and keys."""
    if "%" not in text:
        return text, []
    heads: list[tuple[int, str, str]] = []
    parts: list[str] = []
    at = 0
    for m in _COMMENTED.finditer(text):
        blanked = _blank_comment(m)
        if blanked != m.group(0):
            first = text.count("\n", 0, m.start())
            heads.extend(
                (first + m.group(0).count("\n", 0, h.start()), h.group(1), h.group(2))
                for h in _COMMENTED_HEAD.finditer(m.group(0))
            )
        parts.append(text[at : m.start()])
        parts.append(blanked)
        at = m.end()
    parts.append(text[at:])
    return "".join(parts), heads


_SALVAGE_LINES = 200
"""Lines of a broken block tried from its end, each try a parse of what comes before."""
_SALVAGE_CHARS = 100_000
"""A broken block longer than this is a file's runaway brace, not one entry: it is not tried
line by line (each try reparses it), only named in an ``unparsable`` warning."""
_BEFORE_BRACE = re.compile(r"\\+(?=[{}])")


def _braces_counted(block: ParsingFailedBlock) -> Entry | None:
    """A block that fails only because an escaped brace is left unpaired (Mendeley writes
    ``isbn = {{1023-4144|escape{\\}}}``), read as BibTeX reads it: BibTeX counts every brace,
    escaped or not; bibtexparser skips escaped ones and would lose the entry (Zotero's import
    runs it into the next one)."""
    raw = block.raw or ""
    if "\\}" not in raw and "\\{" not in raw:
        return None
    # Every backslash before a brace goes, so that a doubled one (``positive psychology\\\\}``,
    # a keyword ending in a backslash as Better BibTeX exports it) escapes nothing either.
    again = bibtexparser.parse_string(_BEFORE_BRACE.sub("", raw), parse_stack=[])
    blocks = again.blocks
    if len(blocks) == 1 and isinstance(blocks[0], Entry) and not again.failed_blocks:
        return blocks[0]
    return None


def _salvaged(block: ParsingFailedBlock) -> tuple[Entry, int] | None:
    """The fields of a block before the one that breaks it, and the break's line in the block.

    ``url = {https://doi.org/10.1038/nature10098,`` with its brace never closed (a real
    thesis's Mendeley library): BibTeX and Zotero run that field on into the next entry, which
    is lost without a word; bibtexparser stops at the next ``@`` and loses this one. The author,
    title and year written before the break are the entry's all the same.
    """
    if len(block.raw or "") > _SALVAGE_CHARS:
        return None
    lines = (block.raw or "").splitlines()
    for end in range(len(lines) - 1, max(1, len(lines) - _SALVAGE_LINES), -1):
        head = "\n".join(lines[:end]).rstrip().rstrip(",")
        again = bibtexparser.parse_string(head + "\n}\n", parse_stack=[])
        blocks = again.blocks
        if (
            len(blocks) == 1
            and isinstance(blocks[0], Entry)
            and blocks[0].key
            and blocks[0].fields
            and not again.failed_blocks
        ):
            return blocks[0], end
    return None


def read_bibtex(text: str, *, file: str | None = None, base_dir: Path | None = None) -> BibFile:
    """Entries of a BibTeX/biblatex file, and a warning for each one skipped or read in part.

    Args:
        text: the file's text.
        file: the file's name, for the warnings.
        base_dir: the .bib file's folder; relative attachment paths are relative to it.

    Returns:
        The entries in file order, then the warnings in file order.
    """
    # Both repairs keep every line where it was, so the warnings' lines are the file's.
    text, switched_off = _uncomment(text)
    text = _EMPTY_FIELD.sub(r"\1\2\3,", _KEYLESS.sub(r"\1,\2", text))
    library = bibtexparser.parse_string(text, parse_stack=[])
    strings: dict[str, str] = {}
    found: list[tuple[Entry, dict[str, str]]] = []
    warnings: list[BibWarning] = []
    seen: dict[str, int] = {}
    macro_first: dict[str, tuple[int, str]] = {}  # macro: its warning's index, the first key
    macro_uses: Counter[str] = Counter()

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
        elif isinstance(block, ParsingFailedBlock) and (counted := _braces_counted(block)):
            entry = counted
        elif isinstance(block, ParsingFailedBlock):
            head = (block.raw or "").strip().splitlines()[0][:60] if block.raw else ""
            if head.lower().startswith("@comment"):
                # A comment holding entries (``@comment{adapted from ...`` before them), as
                # pandoc's and biblatex's examples write it: the parser stops the comment at
                # the next ``@`` and reads the entries, as BibTeX does; nothing is lost.
                continue
            salvaged = _salvaged(block)
            if salvaged is None:
                warn(BibWarningCode.UNPARSABLE, f"this block cannot be read ({head!r})", line)
                continue
            entry, end = salvaged
            warn(
                BibWarningCode.READ_IN_PART,
                f"entry {entry.key} breaks off at this line (a brace, quote or closing "
                "delimiter out of place): the fields before it are read, the rest are not",
                line + end if line is not None else None,
            )
        elif isinstance(block, ImplicitComment) and _ENTRY_START.search(block.comment):
            warn(BibWarningCode.UNPARSABLE, "an entry here cannot be read", line)
            continue
        if isinstance(block, String):
            strings.setdefault(block.key.lower(), str(block.value))
            continue
        if entry is None or entry.entry_type.lower() in _NOT_WORKS:
            continue
        if entry.entry_type.lower() in _SETS:
            warn(
                BibWarningCode.NOT_AN_ITEM,
                f"@set {entry.key} is a set of entries, not a work: its members are checked",
                line,
            )
            continue
        if not entry.key:
            warn(
                BibWarningCode.NO_KEY,
                f"@{entry.entry_type} entry without a key: read, but no citation can name it",
                line,
            )
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
        undefined: list[str] = []
        found.append((entry, _first_values(entry, strings, undefined)))
        for macro in undefined:
            # One warning a macro, where it is first used: a file that leans on a strings
            # file not given (``IEEE_J_PROC``, ``AIJ``) would otherwise warn once an entry.
            if macro not in macro_first:
                macro_first[macro] = (len(warnings), entry.key or "(no key)")
                warn(BibWarningCode.UNDEFINED_MACRO, "", line)
            macro_uses[macro] += 1
    for macro, (at, key) in macro_first.items():
        more = f" and {macro_uses[macro] - 1} more" if macro_uses[macro] > 1 else ""
        warnings[at] = dataclasses.replace(
            warnings[at],
            message=f"{macro}, used by entry {key}{more}, is defined by no @string: "
            "the name is kept as written",
        )
    for line, kind, key in switched_off:
        # An entry commented out above its live copy (a template's examples) is not lost.
        if kind.lower() not in _NOT_WORKS and key not in seen:
            warn(
                BibWarningCode.COMMENTED_OUT,
                f"@{kind} {key or '(no key)'} is commented out (%): not read, as biber, "
                "Better BibTeX and JabRef read it; remove the % to cite it",
                line,
            )
    if switched_off:
        warnings.sort(key=lambda w: w.line or 0)
    names: dict[str, str] = {}
    entries = (
        _entry(e, fields, base_dir=base_dir, names=names) for e, fields in _with_parents(found)
    )
    return BibFile(tuple(entries), tuple(warnings))
