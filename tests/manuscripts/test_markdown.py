"""Markdown and plain-text manuscripts: quotations, Pandoc keys, author-date, numbered refs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from quote_tui.engine.errors import BatchInputError
from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import Expected, score

BIB = r"""
@article{lo2020,
  title = {{S2ORC}: The Semantic Scholar Open Research Corpus},
  author = {Lo, Kyle and Wang, Lucy Lu and Neumann, Mark},
  year = {2020}, pages = {4969--4983},
  doi = {10.18653/v1/2020.acl-main.447},
  file = {Full Text PDF:papers/s2orc.pdf:application/pdf}
}
@book{melville1851, title = {Moby-Dick}, author = {Melville, Herman}, year = 1851,
  file = {/nonexistent/moby.pdf;texts/moby.txt}}
@article{smith2019, title = {Words and Things}, author = {Smith, John and Jones, Amy},
  year = 2019, url = {https://example.org/words}}
@article{pm2017, title = {Telomere length}, author = {Zhang, C.}, year = 2017, pmid = {27797938}}
@misc{nowhere, title = {A Lost Manuscript}, author = {Nobody, N.}, year = 1900}
"""

MANUSCRIPT = """---
title: "A test manuscript with a title in quotes"
---
# Introduction

The corpus is described as “a large corpus of scientific papers” [@lo2020, p. 4969]. The
authors' "novel" method is a scare quote. It’s an apostrophe, the dogs’ bowls too.

Melville opens with "Call me Ishmael. Some years ago" [see @melville1851, chap. 1], and the
narrative form works: @melville1851 [p. 3] wrote "never mind how long precisely" too.

Smith argued that "words are things in the world" (Smith and Jones, 2019, pp. 33-35).
As Smith and Jones (2019) put it, "things are words in the end" (p. 12).

A reviewer wrote "A quotation nobody cites at all here." Then another sentence [@lo2020].

German: „Die Würde des Menschen ist unantastbar“ [@nowhere]. French: « la liberté guidant
le peuple entier » [@pm2017, sec. 2].

A footnoted claim: "corpus of open research papers".[^n1] More text.

> We introduce S2ORC, a large corpus of 81.1M English-language
> academic papers spanning many academic disciplines. [@lo2020, pp. 4969-70]

Numbered: “the first numbered quotation here” [1] and “a second numbered one here” [2, p. 7].

An outer quote "says that ‘the inner quotation stands alone’ in it" [@smith2019].

```
"code is never a quotation at all"
```

A quote with an unknown key: "keys that are not in the bib" [@missing2000].

[^n1]: See @lo2020 [p. 4970] and the corpus site.

## References

[1] Doe, J. (2018). A formatted reference. https://example.org/doe
[2] Roe, R. "Another Paper Title Here". doi:10.1000/abc123.
"""

EXPECTED = [
    Expected("a large corpus of scientific papers", "lo2020", "4969"),
    Expected("Call me Ishmael. Some years ago", "melville1851", "chap. 1"),
    Expected("never mind how long precisely", "melville1851", "3"),
    Expected("words are things in the world", "smith2019", "33-35"),
    Expected("things are words in the end", "smith2019", "12"),
    Expected("A quotation nobody cites at all here.", None),
    Expected("Die Würde des Menschen ist unantastbar", "nowhere"),
    Expected("la liberté guidant le peuple entier", "pm2017", "sec. 2"),
    Expected("corpus of open research papers", "lo2020", "4970"),
    Expected(
        "We introduce S2ORC, a large corpus of 81.1M English-language academic papers spanning "
        "many academic disciplines.",
        "lo2020",
        "4969-70",
    ),
    Expected("the first numbered quotation here", "1"),
    Expected("a second numbered one here", "2", "7"),
    Expected("says that ‘the inner quotation stands alone’ in it", "smith2019"),
    Expected("keys that are not in the bib", "missing2000"),
]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "papers").mkdir()
    (tmp_path / "papers" / "s2orc.pdf").write_bytes(b"%PDF-1.4\n")
    (tmp_path / "texts").mkdir()
    (tmp_path / "texts" / "moby.txt").write_text("Call me Ishmael.", encoding="utf-8")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    (tmp_path / "paper.md").write_text(MANUSCRIPT, encoding="utf-8")
    return tmp_path


def test_markdown_accuracy(project: Path) -> None:
    result = scan(project / "paper.md", bib=[project / "refs.bib"])
    accuracy, problems = score(result, EXPECTED)
    print(f"markdown extraction accuracy: {accuracy:.0%} of {len(EXPECTED)}")
    assert problems == []
    assert accuracy == 1.0


def test_markdown_batch_sources(project: Path) -> None:
    result = scan(project / "paper.md", bib=[project / "refs.bib"])
    batch = result.to_batch_dict(project / "out" / "batch.json")
    json.dumps(batch)  # serializable
    by_id = {s["id"]: s for s in batch["sources"]}
    cites = {c["quote"]: c for c in batch["citations"]}
    lo = by_id[cites["a large corpus of scientific papers"]["source"]]
    assert lo["ref"] == str(Path("..") / "papers" / "s2orc.pdf")
    assert lo["found_by"] == "bib_file"
    assert lo["bib_pages"] == "4969--4983"
    moby = by_id[cites["never mind how long precisely"]["source"]]
    assert moby["ref"].endswith("moby.txt")
    assert by_id[cites["words are things in the world"]["source"]]["ref"] == (
        "https://example.org/words"
    )
    assert by_id[cites["la liberté guidant le peuple entier"]["source"]]["ref"] == "pmid:27797938"
    assert by_id[cites["a second numbered one here"]["source"]]["ref"] == "doi:10.1000/abc123"
    assert by_id[cites["the first numbered quotation here"]["source"]]["ref"] == (
        "https://example.org/doe"
    )
    lost = by_id[cites["Die Würde des Menschen ist unantastbar"]["source"]]
    assert lost["unavailable"]["code"] == "no_source"
    assert lost["unavailable"]["recovery"] == "review_source"
    unknown = by_id[cites["keys that are not in the bib"]["source"]]
    assert unknown["unavailable"]["code"] == "unknown_reference"
    free = cites["A quotation nobody cites at all here."]
    assert free["source"] is None and free["status"] == "unreferenced"
    assert free["location"] == {"file": "paper.md", "line": 15, "column": 19, "offset": 604}
    pages = cites["words are things in the world"]["locator"]["pages"]
    assert pages == [33, 34, 35]
    assert any("no reference" in w for w in batch["warnings"])


def test_location_points_at_the_quotation(project: Path) -> None:
    result = scan(project / "paper.md", bib=[project / "refs.bib"])
    text = (project / "paper.md").read_text(encoding="utf-8")
    lines = text.split("\n")
    for cit in result.citations:
        loc = cit.location
        assert loc is not None
        assert lines[loc.line - 1][loc.column - 1 :].startswith(text[loc.offset : loc.offset + 5])


def test_plain_text_with_indented_block_and_urls(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text(
        'The page says "quotations must be checked by a tool" (https://example.org/a).\n\n'
        "    An indented block quotation of several words\n    over two lines.\n\n"
        "Next: “a quotation with a DOI after it” doi:10.5555/12345678.\n"
        "And “one with a PubMed id after it” PMID: 16403221.\n",
        encoding="utf-8",
    )
    result = scan(path)
    refs = {c.quote: (c.reference.style if c.reference else None) for c in result.citations}
    assert refs == {
        "quotations must be checked by a tool": "url",
        "An indented block quotation of several words over two lines.": None,
        "a quotation with a DOI after it": "doi",
        "one with a PubMed id after it": "pmid",
    }
    batch = result.to_batch_dict()
    assert [s["ref"] for s in batch["sources"]] == [
        "https://example.org/a",
        "doi:10.5555/12345678",
        "pmid:16403221",
    ]


def test_min_words_is_configurable(tmp_path: Path) -> None:
    path = tmp_path / "m.md"
    path.write_text('He said "three short words" and "two words" [@k].\n', encoding="utf-8")
    assert [c.quote for c in scan(path, min_words=2).citations] == [
        "three short words",
        "two words",
    ]
    # Below min_words a phrase needs evidence of its source: "two words" has its citation
    # right after it; "three short words" stands in a list beside a two-word name.
    assert [c.quote for c in scan(path).citations] == ["two words"]
    path.write_text('It holds "three short words" and "two words" then.\n', encoding="utf-8")
    assert scan(path, min_words=4).citations == ()


def test_unknown_format_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "paper.odt"
    path.write_bytes(b"PK")
    with pytest.raises(BatchInputError) as info:
        scan(path)
    assert info.value.code == "bad_manuscript"
    assert ".odt" in info.value.message


def test_missing_manuscript_and_broken_bib(tmp_path: Path) -> None:
    with pytest.raises(BatchInputError):
        scan(tmp_path / "absent.md")
    (tmp_path / "a.md").write_text("x", encoding="utf-8")
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(BatchInputError) as info:
        scan(tmp_path / "a.md", bib=[tmp_path / "bad.json"])
    assert info.value.code == "bad_manuscript"


VARIANT_BIB = r"""
@article{a, title={Alpha}, author={Lo, Kyle and Wang, Lucy}, year=2020, doi={10.1/a}}
@article{b, title={Beta}, author={Smith, John and Jones, Amy}, year=2019, doi={10.1/b}}
@article{c, title={Gamma}, author={van der Berg, Piet}, year=2018, doi={10.1/c}}
@article{d1, title={Delta one}, author={Doe, Jane}, year=2021, doi={10.1/d1}}
@article{d2, title={Delta two}, author={Doe, Jane}, year=2021, doi={10.1/d2}}
"""
VARIANTS = """One: "first of the spec examples here" [see @a, pp. 33-35; @b, chap. 1].

Two: "second of the spec examples here" (Lo et al., 2020, p. 4969).

Three: "third of the spec examples here," Lo et al. (2020, p. 4969) wrote.

Four: "fourth uses a colon for the page" (Smith & Jones 2019: 45).

Five: "fifth has a particle in the surname" (van der Berg, 2018, p. 3).

Six: "sixth picks the second work of a year" (Doe, 2021b, p. 8).

Seven: "seventh has a bare page number" [@a 12] and [@b, 14].

Eight: "eighth has a paragraph locator" [@a, para. 5].

Nine: "ninth, with et al and the page ff" (Lo et al. 2020, pp. 10f).

Ten, a reviewer wrote: “tenth ends the sentence here.” Lo et al. (2020) say something else.

Eleven: As @a [p. 2] notes, "eleventh quote follows the key here".

Twelve: "twelfth with a bare number as page" (Smith and Jones 2019, 77).
"""
VARIANTS_EXPECTED = [
    Expected("first of the spec examples here", "a", "33-35"),
    Expected("second of the spec examples here", "a", "4969"),
    Expected("third of the spec examples here,", "a", "4969"),
    Expected("fourth uses a colon for the page", "b", "45"),
    Expected("fifth has a particle in the surname", "c", "3"),
    Expected("sixth picks the second work of a year", "d2", "8"),
    Expected("seventh has a bare page number", "a", "12"),
    Expected("eighth has a paragraph locator", "a", "para. 5"),
    Expected("ninth, with et al and the page ff", "a", "10f"),
    Expected("tenth ends the sentence here.", None),
    Expected("eleventh quote follows the key here", "a", "2"),
    Expected("twelfth with a bare number as page", "b", "77"),
]


def test_citation_syntax_variants(tmp_path: Path) -> None:
    (tmp_path / "refs.bib").write_text(VARIANT_BIB, encoding="utf-8")
    (tmp_path / "v.md").write_text(VARIANTS, encoding="utf-8")
    result = scan(tmp_path / "v.md", bib=[tmp_path / "refs.bib"])
    accuracy, problems = score(result, VARIANTS_EXPECTED)
    print(f"citation syntax variants: {accuracy:.0%} of {len(VARIANTS_EXPECTED)}")
    assert problems == []


NOTES_BIB = r"""
@inproceedings{lo2020, title={{S2ORC}: The Semantic Scholar Open Research Corpus},
  author={Lo, Kyle}, year=2020, doi={10.1/s2}}
@book{moby, title={Moby Dick; or, The Whale}, author={Melville, Herman}, year=1851}
"""


def test_humanities_notes_name_the_work_by_title(tmp_path: Path) -> None:
    (tmp_path / "n.bib").write_text(NOTES_BIB, encoding="utf-8")
    (tmp_path / "n.md").write_text(
        'One paper says "we release a corpus of papers to the public".[^1] And "a quote '
        'with a note naming a book title" here.[^2]\n\n'
        "[^1]: Kyle Lo et al., “S2ORC: The Semantic Scholar Open Research Corpus,” in "
        "*Proceedings of ACL* (2020), 4970.\n"
        '[^2]: Herman Melville, "Moby Dick," 1851, pp. 3-4.\n',
        encoding="utf-8",
    )
    result = scan(tmp_path / "n.md", bib=[tmp_path / "n.bib"])
    accuracy, problems = score(
        result,
        [
            Expected("we release a corpus of papers to the public", "lo2020", "4970"),
            Expected("a quote with a note naming a book title", "moby", "3-4"),
        ],
    )
    assert problems == []  # the titles in the notes are not quotations
    assert all(c.reference and c.reference.style == "note" for c in result.citations)


def test_knitr_asis_and_bookdown_blocks_are_prose_other_chunks_code(tmp_path: Path) -> None:
    # A dissertation in R Markdown keeps whole sections in ```{asis, eval = book} chunks,
    # which knitr renders as Markdown; an {r} chunk's strings are code.
    path = tmp_path / "chapter.Rmd"
    path.write_text(
        "```{asis, eval = book, include = book}\n"
        'Petitions did the work, "effectively placing Indigenous issues on national'
        ' agendas" [@carpenter, p. 119].\n\n'
        "> Because they assisted in recruiting tribal communities to Indigenous causes, these"
        " petitioning moments enhanced organizational democracy. [@carpenter, p. 120]\n"
        "```\n\n"
        '```{block2, type="rmdnote"}\n'
        'A note reads "the legal imperatives trump political considerations" [@balla].\n'
        "```\n\n"
        "```{r}\n"
        'label <- "a string in code is never a quotation of anything"\n'
        "```\n",
        encoding="utf-8",
    )
    found = {(c.quote[:30], c.locator.value if c.locator else None) for c in scan(path).citations}
    assert found == {
        ("effectively placing Indigenous", "119"),
        ("Because they assisted in recru", "120"),
        ("the legal imperatives trump po", None),
    }
