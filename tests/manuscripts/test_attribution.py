"""Which citation a quotation gets, read as a careful reader reads the manuscript.

A citation belongs to the quotation it directly follows or precedes in the same sentence, or to
a block quotation at its end or in its lead-in; a quotation with no citation of its own is
``unreferenced``, never given a neighbour's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.model import ScanResult
from tests.cli_docs import run_cli
from tests.manuscripts import wordxml as wx

BIB = """
@book{melville1851, title = {Moby-Dick; or, The Whale}, author = {Melville, Herman}, year = 1851}
@book{kant1781, title = {Kritik der reinen Vernunft}, author = {Kant, Immanuel}, year = 1781}
@book{thoreau1854, title = {Walden}, author = {Thoreau, Henry David}, year = 1854}
"""
# The sentence ends inside the closing marks; the citation after them is the first
# quotation's, and the next sentence's quotation has none of its own.
ENDS_INSIDE = "It is not down in any map; true places never are"
ISHMAEL = "Call me Ishmael. Some years ago, never mind how long precisely"


def _by_quote(result: ScanResult) -> dict[str, tuple[str | None, str | None, str | None]]:
    out = {}
    for c in result.citations:
        key = c.reference.key if c.reference else None
        out[c.quote] = (key, c.locator.value if c.locator else None, c.status)
    return out


def _write(tmp_path: Path, name: str, text: str) -> Path:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_markdown_quotation_after_a_sentence_ending_inside_marks_is_unreferenced(
    tmp_path: Path,
) -> None:
    path = _write(
        tmp_path,
        "p.md",
        f'He says the map is wrong: "{ENDS_INSIDE}." [@melville1851, ch. 12] '
        f'The book opens "{ISHMAEL}" and goes on.\n',
    )
    got = _by_quote(scan(path, bib=[tmp_path / "refs.bib"]))
    assert got[f"{ENDS_INSIDE}."] == ("melville1851", "ch. 12", None)
    assert got[ISHMAEL] == (None, None, "unreferenced")


def test_latex_quotation_after_a_sentence_ending_inside_marks_is_unreferenced(
    tmp_path: Path,
) -> None:
    path = _write(
        tmp_path,
        "p.tex",
        "\\documentclass{article}\\begin{document}\n"
        f"He says the map is wrong: ``{ENDS_INSIDE}.'' \\autocite[ch.~12]{{melville1851}} "
        f"The book opens \\enquote{{{ISHMAEL}}} and goes on.\n\\end{{document}}\n",
    )
    got = _by_quote(scan(path, bib=[tmp_path / "refs.bib"]))
    assert got[f"{ENDS_INSIDE}."] == ("melville1851", "ch. 12", None)
    assert got[ISHMAEL] == (None, None, "unreferenced")


def test_docx_quotation_after_a_sentence_ending_inside_marks_is_unreferenced(
    tmp_path: Path,
) -> None:
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            f"He says the map is wrong: “{ENDS_INSIDE}.” (Melville, 1851, ch. 12) "
            f"The book opens “{ISHMAEL}” and goes on."
        ],
    )
    d.add_paragraph("References")
    d.add_paragraph("Melville, H. (1851). Moby-Dick; or, The whale. Harper & Brothers.")
    path = tmp_path / "p.docx"
    d.save(str(path))
    got = _by_quote(scan(path))
    assert got[f"{ENDS_INSIDE}."] == ("Melville 1851", "ch. 12", None)
    assert got[ISHMAEL] == (None, None, "unreferenced")


def test_a_full_stop_after_the_citation_leaves_the_next_quotation_unreferenced(
    tmp_path: Path,
) -> None:
    path = _write(
        tmp_path,
        "p.md",
        f'He says "{ENDS_INSIDE}" [@melville1851, ch. 12]. The book opens "{ISHMAEL}".\n',
    )
    got = _by_quote(scan(path, bib=[tmp_path / "refs.bib"]))
    assert got[ISHMAEL] == (None, None, "unreferenced")


def test_narrative_citation_opening_the_next_sentence_is_its_lead_in(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "p.tex",
        "\\documentclass{article}\\begin{document}\n"
        f"He says ``{ENDS_INSIDE} at all.'' \\autocite[ch.~12]{{melville1851}}\n"
        "\\textcite[p.~3]{thoreau1854} calls it ``the mass of men in quiet desperation''.\n"
        "\\end{document}\n",
    )
    got = _by_quote(scan(path, bib=[tmp_path / "refs.bib"]))
    assert got["the mass of men in quiet desperation"] == ("thoreau1854", "3", None)


@pytest.mark.parametrize(
    ("lead_in", "key"),
    [
        ("Thoreau [-@thoreau1854, p. 5] writes:", "thoreau1854"),
        ("As @thoreau1854 [p. 5] puts it:", "thoreau1854"),
    ],
)
def test_block_quotation_takes_the_citation_of_its_lead_in(
    tmp_path: Path, lead_in: str, key: str
) -> None:
    path = _write(
        tmp_path,
        "p.md",
        f"Some earlier sentence cites [@melville1851].\n\n{lead_in}\n\n"
        "> The mass of men lead lives of quiet desperation. What is called\n"
        "> resignation is confirmed desperation.\n\nAfter the block.\n",
    )
    got = _by_quote(scan(path, bib=[tmp_path / "refs.bib"]))
    quote = (
        "The mass of men lead lives of quiet desperation. What is called resignation is "
        "confirmed desperation."
    )
    assert got[quote] == (key, "5", None)


def test_block_quotation_wrapped_in_marks_is_extracted_once(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "p.md",
        "> “The mass of men lead lives of quiet desperation, and go to the grave with the\n"
        "> song still in them.” [@thoreau1854, p. 8]\n",
    )
    result = scan(path, bib=[tmp_path / "refs.bib"])
    assert [(c.quote, c.reference.key if c.reference else None) for c in result.citations] == [
        (
            "The mass of men lead lives of quiet desperation, and go to the grave with the "
            "song still in them.",
            "thoreau1854",
        )
    ]


def test_crossref_labels_are_not_citations(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "p.md",
        'As the manual says, "every line of the makefile that runs" [@lst:makefile].\n'
        'Figure @fig:map shows what the captain described as "the coast as the whalers saw it" '
        "too.\n",
    )
    got = _by_quote(scan(path, bib=[tmp_path / "refs.bib"]))
    assert got["every line of the makefile that runs"] == (None, None, "unreferenced")
    assert got["the coast as the whalers saw it"] == (None, None, "unreferenced")


def test_quoted_title_is_not_a_quotation(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "p.md",
        'Sombart asked "Why Is There No Socialism In The United States?" [@melville1851].\n'
        'Thoreau wrote that "the mass of men lead lives of quiet desperation" [@thoreau1854].\n',
    )
    quotes = [c.quote for c in scan(path, bib=[tmp_path / "refs.bib"]).citations]
    assert quotes == ["the mass of men lead lives of quiet desperation"]


def test_cjk_quotation_counts_characters_not_spaces(tmp_path: Path) -> None:
    path = _write(tmp_path, "p.md", "他说“学而时习之不亦说乎”[@kant1781]。\n")
    got = _by_quote(scan(path, bib=[tmp_path / "refs.bib"], min_words=4))
    assert got["学而时习之不亦说乎"] == ("kant1781", None, None)


def test_a_links_url_is_not_words(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "p.md",
        'See "[the docs](https://example.org/a/b/c/d/e)" [@kant1781] for more.\n',
    )
    assert scan(path, bib=[tmp_path / "refs.bib"], min_words=4).citations == ()


APA = """# Results

Testing matters: "In the monarchE study, the Ki67 index was assessed centrally with the Ki67
PharmDx" (Faragalla et al., 2023, p. 3081). A reviewer wrote:
"An uncited quotation stands here alone."

# References

Faragalla, H., Plotkin, A., Barnes, P., Lu, F.-I., Kos, Z., Mulligan, A. M., Bane, A., &
Nofech-Mozes, S. (2023). Ki67 in breast cancer assay: An ad hoc testing recommendation from
the Canadian Association of Pathologists Task Force. *Current Oncology*, *30*(3), 3079–3090.
https://doi.org/10.3390/curroncol30030233

Lo, K., & Wang, L. L. (2020). S2ORC: The Semantic Scholar Open Research Corpus. In
*Proceedings of ACL* (pp. 4969–4983).
"""


def test_apa_author_date_citation_resolves_against_the_typed_list_and_is_checked(
    tmp_path: Path, corpus_dir: Path
) -> None:
    paper = tmp_path / "paper.md"
    paper.write_text(APA, encoding="utf-8")
    out = tmp_path / "report.json"
    run = run_cli(["check", str(paper), "--pdfs", str(corpus_dir / "pdf"), "-o", str(out)])
    assert run.code in (0, 1), run.err
    cites = {c["quote"]: c for c in json.loads(out.read_text(encoding="utf-8"))["citations"]}
    ki67 = cites[
        "In the monarchE study, the Ki67 index was assessed centrally with the Ki67 PharmDx"
    ]
    assert ki67["reference"]["key"] == "Faragalla 2023"
    assert ki67["status"] in ("exact", "normalized")
    assert ki67["locator"]["value"] == "3081"
    assert cites["An uncited quotation stands here alone."]["status"] == "unreferenced"


def test_a_miss_says_what_the_typed_list_holds_instead(tmp_path: Path) -> None:
    paper = tmp_path / "paper.md"
    paper.write_text(
        '"the model performs well on every benchmark" (Faragalla et al., 2021, p. 3).\n'
        '"smaller models do just as well on most tasks" (Lo, 2020).\n'
        '"nobody listed here wrote these words at all" (Nobody, 1999).\n\n'
        "# References\n\n"
        "Faragalla, A., & Jones, C. (2023). Some title about things. *Stuff*, 12, 1–9.\n\n"
        "Lo, K., & Wang, L. L. (2020a). An earlier paper. *Journal*, 1–5.\n\n"
        "Lo, K., & Wang, L. L. (2020b). A later paper on small models. *Journal*, 6–15.\n",
        encoding="utf-8",
    )
    result = scan(paper)
    messages = {s.title: s.unavailable.message for s in result.sources if s.unavailable is not None}
    assert "works by Faragalla of 2023, none of 2021" in messages["Faragalla 2021"]
    assert "2 works by Lo of 2020" in messages["Lo 2020"]
    assert "none of the 3 entries of the manuscript's own reference list" in messages["Nobody 1999"]


def test_quarto_crossref_labels_are_not_citations(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "p.qmd",
        'As @fig-coast shows, the captain wrote "the coast as the whalers saw it from the deck".\n',
    )
    got = _by_quote(scan(path, bib=[tmp_path / "refs.bib"]))
    assert got["the coast as the whalers saw it from the deck"] == (None, None, "unreferenced")


def test_a_blocks_attribution_line_names_the_source_and_is_not_quoted(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "p.md",
        "> The mass of men lead lives of quiet desperation, and go to the grave\n"
        "> with the song still in them.\n>\n> --- Henry David Thoreau [@thoreau1854, p. 8]\n\n"
        "> The world is too much with us; late and soon — getting and spending.\n",
    )
    got = _by_quote(scan(path, bib=[tmp_path / "refs.bib"]))
    assert got == {
        "The mass of men lead lives of quiet desperation, and go to the grave with the song "
        "still in them.": ("thoreau1854", "8", None),
        # A dash inside the last sentence is the quotation's own.
        "The world is too much with us; late and soon — getting and spending.": (
            None,
            None,
            "unreferenced",
        ),
    }


def test_an_mla_works_cited_list_under_another_heading_is_not_quoted(tmp_path: Path) -> None:
    d = wx.new_document()
    d.add_paragraph("The refrain “You will never break the chain” (Covach 77) holds the song.")
    d.add_paragraph("Citations:")
    d.add_paragraph(
        "Covach, John. “Popular Music and the Concept of Cover Versions.” Journal of "
        "Musicology, vol. 17, no. 1, 1999, pp. 76-80."
    )
    d.add_paragraph("Plasketes, George. “Re-flections on the cover age of songs.” 2005.")
    path = tmp_path / "p.docx"
    d.save(str(path))
    result = scan(path)
    assert [(c.quote, c.reference.key if c.reference else None) for c in result.citations] == [
        ("You will never break the chain", "Covach 1999")
    ]
    assert result.citations[0].locator is not None
    assert result.citations[0].locator.value == "77"


def test_a_sources_section_of_prose_does_not_hide_the_chapters_after_it(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "p.md",
        "## Sources\n\nThe archive holds letters and ledgers of the harbour.\n\n"
        '## Findings\n\nThe clerk wrote that "the tide rose above the old quay twice" '
        "[@melville1851, p. 4].\n",
    )
    got = _by_quote(scan(path, bib=[tmp_path / "refs.bib"]))
    assert got == {"the tide rose above the old quay twice": ("melville1851", "4", None)}


def test_sources_are_named_by_their_bib_keys_unique_and_readable() -> None:
    from quote_tui.manuscripts.bibliography import Bibliography
    from quote_tui.manuscripts.model import BibEntry, Reference
    from quote_tui.manuscripts.resolve import Resolver, source_name

    resolver = Resolver(Bibliography())
    nist = BibEntry(key="nist2024", title="Guide", doi="10.1/a")
    other = BibEntry(key="nist2024", title="Another", doi="10.1/b")  # the key typed twice
    listed = BibEntry(key="Lo 2020", title="Listed", url="https://example.org/lo")
    numbered = BibEntry(key="3", title="Numbered", url="https://example.org/three")
    ids = [
        resolver.source_for(Reference("[@nist2024]", "pandoc", "nist2024", nist)),
        resolver.source_for(Reference("[@nist2024, p. 2]", "pandoc", "nist2024", nist)),
        resolver.source_for(Reference("[@nist2024]", "pandoc", "nist2024", other)),
        resolver.source_for(Reference("(Lo 2020)", "author_date", "Lo 2020", listed)),
        resolver.source_for(Reference("[3]", "numbered", "3", numbered)),
        resolver.source_for(Reference("[@missing]", "pandoc", "missing", None)),
    ]
    assert ids == ["nist2024", "nist2024", "nist2024-2", "Lo-2020", "s4", "missing"]
    assert [s.id for s in resolver.sources] == ids[:1] + ids[2:]
    assert source_name("x" * 41) is None and source_name("  ") is None


@pytest.mark.parametrize(
    ("lead_in", "key"),
    [
        ("The mass of men is examined in \\citet{thoreau1854}, which states that", "thoreau1854"),
        ("Kant \\cite[B 75]{kant1781} schreibt, dass", "kant1781"),
        ("A later essay finds that", None),
    ],
)
def test_a_block_after_a_lead_in_ending_in_that_takes_its_citation(
    tmp_path: Path, lead_in: str, key: str | None
) -> None:
    # "\citet{key}, which states that" runs on into the quote environment: the block is the
    # sentence's end, so the sentence's citation is the block's; a lead-in citing nothing
    # leaves the block unreferenced
    path = _write(
        tmp_path,
        "p.tex",
        "\\documentclass{article}\\begin{document}\n"
        f"{lead_in}\n\\begin{{quote}}\n"
        "    the mass of men lead lives of quiet desperation, and go to the grave with the song"
        " still in them.\n\\end{quote}\n\\end{document}\n",
    )
    got = _by_quote(scan(path, bib=[tmp_path / "refs.bib"]))
    [(quote, (got_key, _, _))] = got.items()
    assert quote.startswith("the mass of men lead lives")
    assert got_key == key
