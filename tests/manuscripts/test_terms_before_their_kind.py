"""Words in marks set before the kind of thing they name, as its modifier ("the “one person,
one vote” standard", "the “lost-in-the-middle” phenomenon", "das „Tit-for-Tat“-Prinzip"), are
a name, not a quotation, whatever citation follows. A quotation that runs on into the
sentence stays one. Written in the form of an R Markdown thesis with notes (m17)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_THESIS = """# Apportionment

This echoes the “one person, one vote” standard later articulated by the Court.^[Reynolds v.
Sims, 377 U.S. 533 (1964).] Retrieval suffers from the “lost in the middle”
phenomenon [@liu]. Axelrod nennt das „Tit-for-Tat“-Prinzip robust [@liu].

The Court held that “the weight of a citizen's vote cannot be made to depend on where he
lives” standards aside.^[Reynolds v. Sims, 377 U.S. 533, 567 (1964).]
"""


def test_terms_before_their_kind_are_names(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", "@article{liu, author={Liu, N.}, title={L}, year={2024}}\n")
    got = quotes_found(write(tmp_path, "thesis.Rmd", _THESIS), bib)
    assert set(got) == {"the weight of a citizen's vote cannot be made to depend on where he lives"}
