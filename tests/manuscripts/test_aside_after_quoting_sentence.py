"""A bracket closing the paragraph after a sentence that quotes the work twice (`„…“ werden
und dass sie ihre Wirklichkeit „erfinden“, … sind. [@key, Seite 5]`) cites both."""

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


def test_a_closing_bracket_cites_both_quotations_of_the_sentence_before_it(
    tmp_path: Path,
) -> None:
    write(tmp_path, "refs.bib", _BIB)
    md = write(
        tmp_path,
        "a.md",
        "---\nbibliography: refs.bib\n---\n\n"
        "Der Ansatz betont, dass „alle Versionen von Wirklichkeit immer auch kulturell erzeugt“ "
        "werden und dass Lernende ihre Wirklichkeit stets neu „erfinden“, während Rahmungen "
        "vorgegeben sind. [@roth2001, Seite 5]\n",
    )
    got = _found(md)
    assert got["alle Versionen von Wirklichkeit immer auch kulturell erzeugt"] == ("roth2001", (5,))


def test_a_closing_bracket_after_another_quotation_is_not_the_first_ones(
    tmp_path: Path,
) -> None:
    # words quoted between that are a quotation of their own, not a term, keep the aside theirs
    write(tmp_path, "refs.bib", _BIB)
    md = write(
        tmp_path,
        "a.md",
        "---\nbibliography: refs.bib\n---\n\n"
        "Man liest, dass „alle Versionen von Wirklichkeit immer auch kulturell erzeugt“ werden "
        "und dass Lernende „ihre Wirklichkeit stets neu erfinden“ müssen. [@roth2001, Seite 5]\n",
    )
    got = _found(md)
    assert got["alle Versionen von Wirklichkeit immer auch kulturell erzeugt"][0] is None
