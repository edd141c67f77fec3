"""Entry point: a manuscript file in, quotations with their references and sources out."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.manuscripts.attachments import PdfFolder, ZoteroLibrary
from quote_tui.manuscripts.bibliography import Bibliography, read_bibliography
from quote_tui.manuscripts.deadline import DEFAULT_SCAN_SECONDS, Deadline, scan_seconds
from quote_tui.manuscripts.document import Manuscript
from quote_tui.manuscripts.extract import extract
from quote_tui.manuscripts.liquid_cites import with_liquid_cites
from quote_tui.manuscripts.markdown import read_markdown, read_plaintext
from quote_tui.manuscripts.model import Citation, ScanResult
from quote_tui.manuscripts.reader_text import reader_text
from quote_tui.manuscripts.repeated_own import without_repeated_own
from quote_tui.manuscripts.repeated_words import with_repeated_pages
from quote_tui.manuscripts.resolve import Resolver
from quote_tui.manuscripts.typedkeys import with_typed_keys
from quote_tui.manuscripts.web_names import with_web_names

__all__ = ["DEFAULT_MAX_QUOTES", "DEFAULT_SCAN_SECONDS", "SUFFIXES", "scan", "scan_manuscript"]

DEFAULT_MAX_QUOTES = 10_000
"""Most quotations taken from one manuscript: a book quotes a few hundred; a file with millions
is not a manuscript, and each one taken costs memory and a check."""

SUFFIXES = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".mdown": "markdown",
    ".qmd": "markdown",
    ".rmd": "markdown",
    ".txt": "plain",
    ".text": "plain",
    ".tex": "latex",
    ".ltx": "latex",
    ".docx": "docx",
    ".json": "import",
}

PathLike = str | os.PathLike[str]


def _bad(message: str) -> BatchInputError:
    return BatchInputError(message, code=ErrorCode.BAD_MANUSCRIPT, recovery=Recovery.FIX_INPUT)


_CONTROL = bytes(b for b in range(32) if b not in b"\t\n\r\f") + b"\x7f"


def _looks_binary(raw: bytes) -> bool:
    """Binary data, not text: a NUL, or more than one in a hundred of the first bytes a
    control character that no text file holds (random bytes hold about one in nine)."""
    head = raw[:8192]
    if b"\x00" in head:
        return True
    controls = len(head) - len(head.translate(None, _CONTROL))
    return controls * 100 > len(head)


def read_manuscript(path: Path) -> Manuscript:
    """Read a manuscript in any supported format.

    Raises:
        BatchInputError: ``bad_manuscript`` for a missing file or an unknown format.
    """
    if not path.is_file():
        raise _bad(f"The manuscript {path} does not exist or is not a file.")
    kind = SUFFIXES.get(path.suffix.lower())
    if kind is None:
        known = ", ".join(sorted(SUFFIXES))
        raise _bad(
            f"{path.name}: manuscripts of type {path.suffix or '(none)'!r} are not "
            f"supported; use one of {known}."
        )
    if kind == "import":
        raise _bad(f"{path.name}: JSON claims files are imported by scan(), not read as text.")
    if kind == "docx":
        from quote_tui.manuscripts.docx import read_docx

        return read_docx(path)
    try:
        raw = path.read_bytes()
        if _looks_binary(raw):
            raise _bad(
                f"{path.name} holds binary data, not {kind} text; check that it is the "
                "manuscript (a .docx is read as Word, by its suffix)."
            )
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
    except OSError as exc:
        raise _bad(f"The manuscript {path} cannot be read: {exc.strerror or exc}.") from exc
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if kind == "markdown":
        from quote_tui.manuscripts.caretless_marks import with_caretless_marks
        from quote_tui.manuscripts.sibling_notes import with_sibling_notes

        return with_caretless_marks(with_sibling_notes(read_markdown(text, path.name), path))
    if kind == "plain":
        return read_plaintext(text, path.name)
    from quote_tui.manuscripts.latex import read_latex

    return read_latex(text, path)


def scan_manuscript(
    ms: Manuscript,
    *,
    manuscript: str,
    bibliography: Bibliography,
    pdfs: PdfFolder | None = None,
    zotero: ZoteroLibrary | None = None,
    min_words: int = 4,
    max_quotes: int = DEFAULT_MAX_QUOTES,
    within: tuple[Path, ...] | None = None,
    max_seconds: float | None = None,
) -> ScanResult:
    """Quotations, references and sources of a manuscript already read.

    Args:
        ms: what a reader delivered.
        manuscript: the manuscript's path, as recorded in the batch.
        bibliography: the user's bibliography entries.
        pdfs: a folder of PDFs to match entries against.
        zotero: a Zotero library to find attachments in.
        min_words: the shortest quotation that counts.
        max_quotes: the most quotations taken; past it the rest are left out, with a warning.
        within: folders a bibliography's attached files may lie in (None: anywhere).
        max_seconds: the longest extraction runs; past it the quotations found so far are
            taken, with a warning that says from which line on the rest were not looked at
            (None: a minute, and 15 s more per 100,000 characters; ``deadline.scan_seconds``).

    Returns:
        The scan result.
    """
    ms = with_typed_keys(ms, bibliography.by_key, no_bibliography=not bibliography.entries)
    ms = with_web_names(with_liquid_cites(ms, bibliography.by_key))
    resolver = Resolver(bibliography, pdfs=pdfs, zotero=zotero, listed=ms.listed, within=within)
    citations = []
    warnings = list(ms.warnings)
    if max_seconds is None:
        max_seconds = scan_seconds(sum(len(doc.text) for doc in ms.documents))
    deadline = Deadline(max_seconds)
    taken = extract(
        ms,
        min_words=min_words,
        limit=max_quotes,
        cites=bool(bibliography.entries),
        titles=[entry.title for entry in bibliography.entries],
        deadline=deadline,
    )
    if (stop := deadline.stopped_at) is not None:
        warnings.insert(
            0,
            f"{manuscript_name(manuscript)}: finding quotations took longer than "
            f"{max_seconds:.0f} s; the scan stopped at {stop.file}:{stop.line}:{stop.column}, and "
            "quotations after it were not looked at (--max-scan-seconds)",
        )
    if len(taken) > max_quotes:
        taken = taken[:max_quotes]
        last = taken[-1].location
        warnings.insert(
            0,
            f"{manuscript_name(manuscript)} holds more than {max_quotes:,} quotations; only the "
            f"first {max_quotes:,} (to line {last.line}) were taken (--max-quotes)",
        )
    # a phrase of a passage quoted just before, said again, is that passage's at its page
    taken = with_repeated_pages(without_repeated_own(taken, ms))
    for n, found in enumerate(taken, start=1):
        quote = reader_text(found.quote_raw, found.doc.kind, found.doc.macros)
        reference = resolver.reference_for(found, ms)
        locator = found.locator or (reference.locator if reference else None)
        if reference is None:
            citations.append(
                Citation(f"c{n}", quote, found.location, None, None, locator, status="unreferenced")
            )
            where = found.location
            warnings.append(
                f"{where.file}:{where.line}:{where.column}: a quotation has no reference"
            )
            continue
        source = resolver.source_for(reference)
        citations.append(Citation(f"c{n}", quote, found.location, source, reference, locator))
    return ScanResult(
        manuscript=manuscript,
        sources=tuple(resolver.sources),
        citations=tuple(citations),
        warnings=tuple(warnings),
        read=(ms, tuple(taken)),
    )


def manuscript_name(manuscript: str) -> str:
    return Path(manuscript).name or manuscript


def _folder_forms(folders: Sequence[PathLike]) -> tuple[Path, ...]:
    """Each folder as written (made absolute) and with its links followed: a file path in a
    bibliography may name the folder either way."""
    out: dict[Path, None] = {}
    for folder in folders:
        absolute = Path(os.path.abspath(folder))
        out[absolute] = None
        out[absolute.resolve()] = None
    return tuple(out)


def scan(
    path: PathLike,
    *,
    bib: Sequence[PathLike] = (),
    pdfs: PathLike | None = None,
    zotero: PathLike | None = None,
    min_words: int = 4,
    max_quotes: int = DEFAULT_MAX_QUOTES,
    within: Sequence[PathLike] | None = None,
    max_seconds: float | None = None,
) -> ScanResult:
    """Scan a manuscript (Markdown, plain text, LaTeX or .docx) into a batch.

    A ``.json`` file is imported instead: a cite-gate claims file (sources from ``sources/``
    beside it) or an agent's list of ``{quote, url|doi|pmid|source|source_text}`` objects.

    Args:
        path: the manuscript.
        bib: BibTeX/BibLaTeX or CSL-JSON bibliography files; when none is given, the one the
            manuscript names (YAML ``bibliography:``, ``\\bibliography{}``) or keeps beside it.
        pdfs: a folder of PDFs to find cited works in (by DOI or title).
        zotero: a Zotero data directory (holding zotero.sqlite and storage/).
        min_words: quotations with fewer words are skipped as scare quotes.
        max_quotes: the most quotations taken from the manuscript (a warning says so).
        within: folders a bibliography's attached files may lie in; a file named elsewhere is
            not looked at (None: anywhere, for a bibliography the user vouches for).
        max_seconds: the longest finding quotations runs (a warning says where it stopped;
            None: a minute plus 15 s per 100,000 characters).

    Returns:
        The ``ScanResult``; ``.to_batch_dict(batch_path)`` gives the batch JSON.

    Raises:
        BatchInputError: ``bad_manuscript`` for an unknown format, a missing or unreadable file,
            a broken bibliography or a folder that is not a Zotero data directory.
    """
    if min_words < 1:
        raise BatchInputError(
            "min_words must be at least 1.", code=ErrorCode.BAD_OPTION, recovery=Recovery.FIX_INPUT
        )
    manuscript = Path(path)
    if manuscript.suffix.lower() == ".json" and manuscript.is_file():
        from quote_tui.manuscripts.imports import import_json

        return import_json(manuscript)
    ms = read_manuscript(manuscript)
    if not bib:
        from quote_tui.manuscripts.bibfind import find_bibliographies

        bib = find_bibliographies(manuscript)
    read = [read_bibliography(Path(b)) for b in bib]
    bibliography = Bibliography.from_entries(r.entries for r in read)
    pdf_folder = None
    if pdfs is not None:
        if not Path(pdfs).is_dir():
            raise _bad(f"--pdfs {pdfs} is not a folder.")
        pdf_folder = PdfFolder(Path(pdfs))
    library = ZoteroLibrary.open(Path(zotero)) if zotero is not None else None
    result = scan_manuscript(
        ms,
        manuscript=str(manuscript.resolve()),
        bibliography=bibliography,
        pdfs=pdf_folder,
        zotero=library,
        min_words=min_words,
        max_quotes=max_quotes,
        within=None if within is None else _folder_forms(within),
        max_seconds=max_seconds,
    )
    # An entry the bibliography reader skipped is why a citation may find no reference: its
    # warning comes first.
    skipped = tuple(str(w) for r in read for w in r.warnings)
    return replace(result, warnings=(*skipped, *result.warnings)) if skipped else result
