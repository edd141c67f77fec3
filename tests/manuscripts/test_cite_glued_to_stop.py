"""A Pandoc citation glued to the sentence's full stop, as a note mark is: "… wurde sogar als
"völliger Unsinn" bezeichnet.[@grey2013] Die Kritik blieb." The citation closes that
sentence; the next sentence does not reach back to it."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write

_BIB = "@book{grey2013, title={Lesarten}, author={Grey, Ann}, year={2013}}\n"


def test_a_phrase_named_before_a_citation_glued_to_the_stop_is_that_works(
    tmp_path: Path,
) -> None:
    md = write(
        tmp_path,
        "a.md",
        'Über die Jahre wurde die Lesart scharf kritisiert und sogar als "völliger Unsinn" '
        "bezeichnet.[@grey2013] Die Kritik blieb ohne Antwort.\n",
    )
    bib = write(tmp_path, "refs.bib", _BIB)
    (c,) = scan(md, bib=[bib]).citations
    assert (c.quote, c.reference.key) == ("völliger Unsinn", "grey2013")


def test_the_next_sentence_does_not_reach_back_to_it(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        'Die Lesart wurde scharf kritisiert.[@grey2013] "Wer so liest, liest nicht genau '
        'genug", hieß es später in einer Rezension.\n',
    )
    bib = write(tmp_path, "refs.bib", _BIB)
    (c,) = scan(md, bib=[bib]).citations
    assert c.reference is None
