"""The references to check: a bibliography file, or a manuscript with its bibliography.

A bibliography file (``.bib``, JSON, ``.ris``, EndNote ``.xml``) is read whole. Any other file
is read as a manuscript (Markdown, LaTeX, Word, plain text): its own reference list (entries
after a References heading, numbered or not, or LaTeX ``\\bibitem``\\ s) and every bibliography
given beside it. The entries come with the warnings of the files they were read from, so the report
can say which entries were not checked and why.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import overload

from quote_tui.manuscripts.bibliography import read_bibliography
from quote_tui.manuscripts.bibrecords import BibWarning, BibWarningCode
from quote_tui.manuscripts.model import BibEntry

__all__ = ["BIBLIOGRAPHY_SUFFIXES", "References", "keyed_entries", "read_references"]

BIBLIOGRAPHY_SUFFIXES = frozenset({".bib", ".bibtex", ".json", ".csljson", ".ris", ".xml"})


@dataclass(frozen=True, slots=True)
class References(Sequence[tuple[str, BibEntry]]):
    """(key, entry) pairs in file order, and the warnings of the files they were read from.

    A sequence of pairs, as every caller took before the warnings existed.
    """

    pairs: tuple[tuple[str, BibEntry], ...] = ()
    warnings: tuple[BibWarning, ...] = ()

    def __len__(self) -> int:
        return len(self.pairs)

    def __iter__(self) -> Iterator[tuple[str, BibEntry]]:
        return iter(self.pairs)

    @overload
    def __getitem__(self, index: int) -> tuple[str, BibEntry]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[str, BibEntry]]: ...
    def __getitem__(
        self, index: int | slice
    ) -> tuple[str, BibEntry] | Sequence[tuple[str, BibEntry]]:
        return self.pairs[index]


def keyed_entries(entries: Sequence[BibEntry], warnings: Sequence[BibWarning] = ()) -> References:
    """Each entry with its key (its position when it has none), the first of a key kept.

    A key met again (in another file, or the manuscript's own list and a file) is a warning.
    """
    out: dict[str, BibEntry] = {}
    found = list(warnings)
    for n, entry in enumerate(entries, start=1):
        key = entry.key or str(n)
        if key in out:
            found.append(
                BibWarning(
                    BibWarningCode.DUPLICATE_KEY,
                    f"key {key} is given more than once; the first entry is checked",
                )
            )
            continue
        out[key] = entry
    return References(tuple(out.items()), tuple(found))


def read_references(path: Path, *, bib: Sequence[Path] = ()) -> References:
    """The references of a bibliography file, or of a manuscript and its bibliographies.

    Args:
        path: a ``.bib`` or CSL-JSON file, or a manuscript.
        bib: more bibliography files (a manuscript's ``--bib``).

    Returns:
        (key, entry) pairs in file order, with the files' warnings.

    Raises:
        BatchInputError: a file that cannot be read or parsed.
    """
    entries: list[BibEntry] = []
    warnings: list[BibWarning] = []
    if path.suffix.lower() in BIBLIOGRAPHY_SUFFIXES:
        read = read_bibliography(path)
        entries.extend(read.entries)
        warnings.extend(read.warnings)
    else:
        from quote_tui.manuscripts.bibtyped import typed_references
        from quote_tui.manuscripts.scan import read_manuscript

        entries.extend(typed_references(read_manuscript(path)))
    for extra in bib:
        read = read_bibliography(extra)
        entries.extend(read.entries)
        warnings.extend(read.warnings)
    return keyed_entries(entries, warnings)
