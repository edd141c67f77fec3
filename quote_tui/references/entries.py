"""The references to check: a bibliography file, or a manuscript with its bibliography.

A ``.bib`` file and a CSL-JSON file (``.json``) are read whole. Any other file is read as a
manuscript (Markdown, LaTeX, Word, plain text): its own reference list (numbered entries after a
References heading, or LaTeX ``\\bibitem``\\ s) and every bibliography given beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from quote_tui.manuscripts.bibliography import load_bibliography
from quote_tui.manuscripts.model import BibEntry

__all__ = ["BIBLIOGRAPHY_SUFFIXES", "keyed_entries", "read_references"]

BIBLIOGRAPHY_SUFFIXES = frozenset({".bib", ".bibtex", ".json", ".csljson"})


def keyed_entries(entries: Sequence[BibEntry]) -> tuple[tuple[str, BibEntry], ...]:
    """Each entry with its key (its position when it has none), the first of a key kept."""
    out: dict[str, BibEntry] = {}
    for n, entry in enumerate(entries, start=1):
        out.setdefault(entry.key or str(n), entry)
    return tuple(out.items())


def read_references(path: Path, *, bib: Sequence[Path] = ()) -> tuple[tuple[str, BibEntry], ...]:
    """The references of a bibliography file, or of a manuscript and its bibliographies.

    Args:
        path: a ``.bib`` or CSL-JSON file, or a manuscript.
        bib: more bibliography files (a manuscript's ``--bib``).

    Returns:
        (key, entry) pairs in file order.

    Raises:
        BatchInputError: a file that cannot be read or parsed.
    """
    entries: list[BibEntry] = []
    if path.suffix.lower() in BIBLIOGRAPHY_SUFFIXES:
        entries.extend(load_bibliography(path))
    else:
        from quote_tui.manuscripts.scan import read_manuscript

        ms = read_manuscript(path)
        entries.extend(ms.keyed.values())
        entries.extend(ms.numbered.values())
    for extra in bib:
        entries.extend(load_bibliography(extra))
    return keyed_entries(entries)
