"""Pandoc citations as German theses write them: the quoted words inside the citation's suffix
(`[@key, Seite 600, „…“]`)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write

_BIB = "@book{roth2001, title = {Lernen}, author = {Roth, Anna}, year = 2001}\n"


def _found(path: Path) -> dict[str, tuple[str | None, tuple[int, ...]]]:
    return {
        c.quote: (c.reference.key if c.reference else None, c.locator.pages if c.locator else ())
        for c in scan(path).citations
    }


def test_words_quoted_in_a_citations_suffix_are_that_works(tmp_path: Path) -> None:
    write(tmp_path, "refs.bib", _BIB)
    md = write(
        tmp_path,
        "a.md",
        "---\nbibliography: refs.bib\n---\n\n"
        "Der Begriff wird hier begriffsgeschichtlich herangezogen. [@roth2001, Seite 600, "
        "„Diese Wendung vom Lehrplan hin zum Curriculum ist ein Wandel“]\n",
    )
    got = _found(md)
    assert got["Diese Wendung vom Lehrplan hin zum Curriculum ist ein Wandel"] == (
        "roth2001",
        (600,),
    )
