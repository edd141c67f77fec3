"""Notes typed in brackets: a blog or site essay whose writer numbers the notes by hand, "[4]"
(or "[^4]") after the quotation and a "Footnotes" list at the end whose entries open with the
same number ("[4] Marx, …", "[^4] Marx, …", the colon Pandoc wants left out). The quotation
takes its note's work and page; a later note giving the author and page alone ("Popkin, 70.")
is that author's work cited in full before."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan

_FIRST = "the history of all hitherto existing society is the history of class struggles."
_SECOND = "a nation is a historically constituted, stable community of people."
_THIRD = "the working men have no country, and we cannot take from them what they have not got."


def _cited(path: Path) -> dict[str, tuple[str | None, str | None]]:
    return {
        c.quote: (c.reference.raw if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(path).citations
    }


def _essay(mark: str, entry: str, heading: str) -> str:
    return (
        f"Marx opens the pamphlet bluntly: “{_FIRST}”{mark.format(1)}  Stalin later wrote that "
        f"“{_SECOND}”{mark.format(2)} The pamphlet had claimed that “{_THIRD}”{mark.format(3)}\n\n"
        f"{heading}\n\n"
        + entry.format(1)
        + " Karl Marx. _The Communist Manifesto_. (New York: International, 2014), 14.\n\n"
        + entry.format(2)
        + " Joseph Stalin. _Marxism and the National Question_ (Moscow, 1913), 12.\n\n"
        + entry.format(3)
        + " Marx, 39.\n"
    )


def _check(path: Path) -> None:
    got = _cited(path)
    assert got[_FIRST][1] == "14" and "2014" in (got[_FIRST][0] or "")
    assert got[_SECOND][1] == "12" and "Stalin" in (got[_SECOND][0] or "")
    assert got[_THIRD][1] == "39"


def test_bracketed_marks_point_to_a_footnotes_list_typed_without_colons(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(_essay("[{}]", "[^{}]", "FOOTNOTES"), encoding="utf-8")
    _check(md)


def test_bracketed_marks_point_to_a_notes_list_in_brackets(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(_essay("[{}]", "[{}]", "## Notes"), encoding="utf-8")
    _check(md)


def test_caret_marks_without_definitions_point_to_the_typed_list(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(_essay("[^{}]", "[^{}]", "### Footnotes"), encoding="utf-8")
    _check(md)


def test_a_bracketed_number_without_a_notes_list_stays_a_numbered_reference(
    tmp_path: Path,
) -> None:
    md = tmp_path / "paper.md"
    md.write_text(
        f"The manifesto says “{_FIRST}” [1]\n\n## References\n\n"
        "[1] K. Marx, The Communist Manifesto. New York: International Publishers, 2014.\n",
        encoding="utf-8",
    )
    ref = next(c.reference for c in scan(md).citations if c.quote == _FIRST)
    assert ref is not None and ref.style == "numbered"


def test_a_note_of_author_and_page_is_the_work_cited_in_full_before(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(_essay("[{}]", "[^{}]", "FOOTNOTES"), encoding="utf-8")
    raw, page = _cited(md)[_THIRD]
    assert page == "39"
    assert raw is not None and raw.startswith("Marx, 39.") and "2014" in raw


def test_caret_notes_without_colons_are_notes_under_no_heading_too(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    text = _essay("[{}]", "[^{}]", "FOOTNOTES").replace("FOOTNOTES\n\n", "***\n\n")
    md.write_text(text, encoding="utf-8")
    _check(md)


def test_bracketed_numbers_cite_a_numbered_reference_list_typed_beside_the_notes(
    tmp_path: Path,
) -> None:
    md = tmp_path / "paper.md"
    md.write_text(
        f"The manifesto says “{_FIRST}” [1] and, as the note says,^1^ more.\n\n"
        "## Notes\n\n1. The translation is Moore's.\n\n## References\n\n"
        "[1] K. Marx, The Communist Manifesto. New York: International Publishers, 2014.\n",
        encoding="utf-8",
    )
    ref = next(c.reference for c in scan(md).citations if c.quote == _FIRST)
    assert ref is not None and ref.style == "numbered" and ref.bib is not None


def test_a_reference_links_number_is_no_note_mark(tmp_path: Path) -> None:
    md = tmp_path / "guide.md"
    md.write_text(
        f"The manifesto says “{_FIRST}” [as printed][1] in the edition.\n\n## Notes\n\n"
        "1. Karl Marx. _The Communist Manifesto_. (New York: International, 2014), 14.\n"
        "2. Another note.\n\n[1]: https://example.org/manifesto\n",
        encoding="utf-8",
    )
    cit = next(c for c in scan(md).citations if c.quote == _FIRST)
    assert cit.reference is None or "2014" not in cit.reference.raw


def test_a_note_of_author_and_page_is_the_authors_listed_work(tmp_path: Path) -> None:
    words = "direct comparisons between the two methods are difficult to make"
    md = tmp_path / "thesis.md"
    md.write_text(
        f"Creider states that “{words}.”[^30]\n\n[^30]: Creider, pp. 262-263.\n\n"
        "## Bibliography\n\nCreider, Barbara Hanna. “Music Learning Theory and the Suzuki"
        " Method.” In *Readings in Music Learning Theory*. Chicago: GIA, 1989.\n",
        encoding="utf-8",
    )
    (cit,) = scan(md).citations
    assert cit.reference is not None and cit.reference.bib is not None
    assert cit.reference.bib.year == "1989"
    assert cit.locator is not None and cit.locator.value == "262-263"


def test_a_note_of_author_and_page_reads_the_same_with_a_lead_word_or_a_roman_page(
    tmp_path: Path,
) -> None:
    # one pattern for such notes, whether an earlier full note completes them or the list does
    first = "direct comparisons between the two methods are difficult to make"
    second = "the mother tongue method rests on listening before reading"
    md = tmp_path / "thesis.md"
    md.write_text(
        f"Creider states that “{first}.”[^1] She adds that “{second}.”[^2]\n\n"
        "[^1]: Vgl. Creider, S. 262.\n[^2]: Creider, xii.\n\n"
        "## Bibliography\n\nCreider, Barbara Hanna. “Music Learning Theory and the Suzuki"
        " Method.” In *Readings in Music Learning Theory*. Chicago: GIA, 1989.\n",
        encoding="utf-8",
    )
    cits = scan(md).citations
    assert [c.reference.bib.year if c.reference and c.reference.bib else None for c in cits] == [
        "1989",
        "1989",
    ]
    assert [c.locator.value if c.locator else None for c in cits] == ["262", "xii"]
