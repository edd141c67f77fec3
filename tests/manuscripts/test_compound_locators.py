"""A place given by a part and a smaller part, "bk. 6, ch. 2", "ch. 3, sec. 2.1", "Teil 2,
Kap. 4", is kept whole as written (it was cut to its first part); a page after the parts is
still the page compared."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.locators import parse_locator


@pytest.mark.parametrize(
    ("written", "label", "value", "pages"),
    [
        ("bk. 6, ch. 2", "book", "bk. 6, ch. 2", ()),
        ("book 2, chapter 3", "book", "book 2, chapter 3", ()),
        ("ch.~3, sec.~2.1", "chapter", "ch. 3, sec. 2.1", ()),
        ("Teil 2, Kap. 4", "part", "Teil 2, Kap. 4", ()),
        ("part 1, section 2, para. 3", "part", "part 1, section 2, para. 3", ()),
        ("bk. 6, ch. 2, p. 45", "page", "bk. 6, ch. 2, p. 45", (45,)),
        ("ch. 3, and passim", "chapter", "ch. 3", ()),
    ],
)
def test_parts_and_smaller_parts_are_kept_as_written(
    written: str, label: str, value: str, pages: tuple[int, ...]
) -> None:
    loc = parse_locator(written)
    assert loc is not None
    assert (loc.label, loc.value, loc.pages) == (label, value, pages)


def test_a_footcite_with_book_and_chapter_keeps_both(tmp_path: Path) -> None:
    tex = tmp_path / "essay.tex"
    tex.write_text(
        "\\documentclass{article}\\begin{document}\n"
        "The historian reports that the Athenians ``were the first Greeks known to charge the"
        " enemy at a run''\\footcite[bk.~6, ch.~112]{herodotus}.\n\\end{document}\n",
        encoding="utf-8",
    )
    (tmp_path / "refs.bib").write_text(
        "@book{herodotus, author={Herodotus}, title={The Histories}, year={1920}}",
        encoding="utf-8",
    )
    (cit,) = scan(tex, bib=[tmp_path / "refs.bib"]).citations
    assert cit.locator is not None and cit.locator.value == "bk. 6, ch. 112"
