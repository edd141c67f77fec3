"""PubMed readers: efetch XML, esummary XML and MEDLINE text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from quote_tui.engine.errors import SourceError
from quote_tui.sources.readers.pubmed import (
    extract_medline,
    extract_pubmed_xml,
    looks_like_medline,
)

EFETCH = b"""<?xml version="1.0" ?>
<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle//EN" "https://dtd.nlm.nih.gov/x.dtd">
<PubmedArticleSet>
<PubmedArticle><MedlineCitation><PMID Version="1">111</PMID><Article>
  <ArticleTitle>The <i>TERT</i> region.</ArticleTitle>
  <Abstract>
    <AbstractText Label="OBJECTIVE">We measured LE<sub>min</sub> and
       r<sup>2</sup>&lt;0.25 in ( <mml:math xmlns:mml="http://www.w3.org/1998/Math/MathML">
         <mml:mi>V</mml:mi>
         <mml:mn>2</mml:mn>
       </mml:math> ) runners.</AbstractText>
    <AbstractText Label="RESULTS">It worked.</AbstractText>
    <CopyrightInformation>(c) Someone</CopyrightInformation>
  </Abstract></Article></MedlineCitation></PubmedArticle>
<PubmedArticle><MedlineCitation><PMID Version="1">222</PMID><Article>
  <ArticleTitle>No abstract here.</ArticleTitle></Article></MedlineCitation></PubmedArticle>
</PubmedArticleSet>"""


def test_efetch_structure_and_inline_markup() -> None:
    result = extract_pubmed_xml(EFETCH)
    assert result.text == (
        "The TERT region.\n\nOBJECTIVE: We measured LEmin and r2<0.25 in ( V2 ) runners.\n\n"
        "RESULTS: It worked.\n\nNo abstract here."
    )
    assert result.title == "The TERT region."
    assert [pmid for pmid, _, _ in result.records] == ["111", "222"]
    for _, start, end in result.records:
        assert result.text[start:end] and not result.text[start:end].startswith("\n")
    assert result.text[result.records[1][1] : result.records[1][2]] == "No abstract here."


def test_entities_are_not_expanded() -> None:
    evil = b"""<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>
<PubmedArticleSet><PubmedArticle><MedlineCitation><PMID>1</PMID><Article>
<ArticleTitle>Title &e; end</ArticleTitle></Article></MedlineCitation></PubmedArticle>
</PubmedArticleSet>"""
    result = extract_pubmed_xml(evil)
    assert "root:" not in result.text
    assert result.text.startswith("Title") and result.text.endswith("end")


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"<PubmedArticleSet><PubmedArticle>", "broken_file"),
        (b"<rss><channel/></rss>", "unsupported_type"),
        (b"<PubmedArticleSet></PubmedArticleSet>", "no_text"),
        (b"<eSummaryResult><DocSum><Id>5</Id></DocSum></eSummaryResult>", "no_text"),
    ],
)
def test_xml_errors(data: bytes, code: str) -> None:
    with pytest.raises(SourceError) as err:
        extract_pubmed_xml(data)
    assert err.value.code == code


MEDLINE = """PMID- 16403221
OWN - NLM
TI  - A high level interface to SCOP
      and ASTRAL.
AB  - BACKGROUND: Benchmarking algorithms often involves 
      the construction of datasets.
AU  - Casbon JA

PMID- 16377612
TI  - Only a title.
"""


def test_medline_joins_continuations() -> None:
    assert looks_like_medline(MEDLINE) and looks_like_medline("\r\n" + MEDLINE)
    assert not looks_like_medline("Some text\nPMID- 1\n")
    result = extract_medline(MEDLINE)
    assert result.text == (
        "A high level interface to SCOP and ASTRAL.\n\n"
        "BACKGROUND: Benchmarking algorithms often involves the construction of datasets.\n\n"
        "Only a title."
    )
    assert [r[0] for r in result.records] == ["16403221", "16377612"]


def test_corpus_pubmed_files(corpus_dir: Path) -> None:
    folder = corpus_dir / "pubmed"
    gut = extract_pubmed_xml((folder / "efetch-pubmed-27797938.xml").read_bytes())
    assert "\n\nRESULTS: Shorter prediagnostic leucocyte telomere length" in gut.text
    assert "p<sub>" not in gut.text and "ptrend=0.048" in gut.text
    runners = extract_pubmed_xml((folder / "efetch-pubmed-30108519.xml").read_bytes())
    assert "(LEmin)" in runners.text and "mml" not in runners.text
    two = extract_pubmed_xml((folder / "efetch-pubmed-12091962-9997.xml").read_bytes())
    assert [r[0] for r in two.records] == ["12091962", "9997"]
    summary = extract_pubmed_xml((folder / "esummary-pubmed-11850928.xml").read_bytes())
    assert summary.text.startswith("Zirconium granuloma following treatment of rhus dermatitis.")
    medline = extract_medline((folder / "efetch-medline-4records.txt").read_text("utf-8"))
    assert len(medline.records) == 4
    assert "python. \n" not in medline.text and "  " not in medline.text


def test_dev_cases_pubmed(corpus_dir: Path) -> None:
    cases = [json.loads(line) for line in (corpus_dir / "dev-cases.jsonl").open(encoding="utf-8")]
    cases = [c for c in cases if c["kind"] == "pubmed-xml" and c["expect_text"]]
    assert cases
    for case in cases:
        text = extract_pubmed_xml((corpus_dir / case["source"]).read_bytes()).text
        assert re.sub(r"\s+", " ", case["expect_text"]) in text, case["id"]
        if case["expect"] == "exact":
            assert case["quote"] in text, case["id"]
