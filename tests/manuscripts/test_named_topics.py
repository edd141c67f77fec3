"""Topics and groups the writer names in marks are not quotations: a short phrase repeats a
cited quotation only when it comes after it (named before a block that goes on to quote the
words, it is the writer's name for the block's topic), and a group or period named by its year
is a name the citation documents, unless a page is cited. Lines written in the forms an
architecture-history article in Pandoc Markdown uses (m1's literary-history article)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_BIB = "@book{neves, author={Neves, Henrique}, title={A cava}, year={1893}}\n"
_BLOCK = (
    "> It is a rural building type with only a few urban derivatives. When studying the "
    "village chapel, we should look first to its uses. [@neves, 21]\n\n"
)


def _md(tmp_path: Path, text: str) -> set[str]:
    return set(quotes_found(write(tmp_path, "a.md", text), write(tmp_path, "refs.bib", _BIB)))


def test_a_topic_named_before_the_block_that_quotes_it_is_the_writers(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "A debate grows around the topic of the “village chapel,” which the notices take up.\n\n"
        + _BLOCK,
    )
    assert "village chapel," not in got


def test_the_words_said_again_after_the_block_are_its_sources(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        _BLOCK + "Such “urban derivatives” were rare in the north, the notices say.\n",
    )
    assert "urban derivatives" in got


def test_a_group_named_by_its_year_before_a_bare_citation_is_a_name(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        'The process peaks in the writings produced by the "generation of 1890" [@neves]. '
        "By the turn of the century it reaches architecture.\n",
    )
    assert got == set()


def test_a_phrase_named_by_its_year_cited_at_a_page_is_quoted(tmp_path: Path) -> None:
    got = _md(tmp_path, 'The writers call themselves the "generation of 1890" [@neves, 12].\n')
    assert got == {"generation of 1890"}
