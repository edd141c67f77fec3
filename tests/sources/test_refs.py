"""parse_ref: the ref grammar."""

from __future__ import annotations

import pytest

from quote_tui.engine.errors import SourceError
from quote_tui.sources.records import RefKind
from quote_tui.sources.refs import ParsedRef, parse_ref


@pytest.mark.parametrize(
    ("ref", "kind", "value"),
    [
        ("https://example.org/a?b=1", RefKind.URL, "https://example.org/a?b=1"),
        ("http://example.org", RefKind.URL, "http://example.org"),
        ("doi:10.1371/journal.pone.0213978", RefKind.DOI, "10.1371/journal.pone.0213978"),
        ("DOI: 10.5210/FM.V25I10.10274", RefKind.DOI, "10.5210/fm.v25i10.10274"),
        ("10.3390/curroncol30030233", RefKind.DOI, "10.3390/curroncol30030233"),
        ("10.3390/curroncol30030233.", RefKind.DOI, "10.3390/curroncol30030233"),
        ("https://doi.org/10.1038/srep08555", RefKind.DOI, "10.1038/srep08555"),
        ("http://dx.doi.org/10.1038/srep08555", RefKind.DOI, "10.1038/srep08555"),
        ("https://doi.org/10.1000/a%2Fb", RefKind.DOI, "10.1000/a/b"),
        ("arxiv:2106.09685", RefKind.DOI, "10.48550/arxiv.2106.09685"),
        ("arXiv: 1601.03642v3", RefKind.DOI, "10.48550/arxiv.1601.03642"),
        ("arxiv:hep-th/9901001", RefKind.DOI, "10.48550/arxiv.hep-th/9901001"),
        ("pmid:27797938", RefKind.PMID, "27797938"),
        ("pmcid:PMC10047385", RefKind.PMCID, "PMC10047385"),
        ("PMCID: pmc0047385", RefKind.PMCID, "PMC47385"),
        ("pmcid:10047385", RefKind.PMCID, "PMC10047385"),
        ("PMID: 0012345", RefKind.PMID, "12345"),
        ("https://pubmed.ncbi.nlm.nih.gov/27797938/", RefKind.PMID, "27797938"),
        ("https://www.ncbi.nlm.nih.gov/pubmed/27797938", RefKind.PMID, "27797938"),
        (
            "https://pubmed.ncbi.nlm.nih.gov/?term=x",
            RefKind.URL,
            "https://pubmed.ncbi.nlm.nih.gov/?term=x",
        ),
        ("https://doi.org/", RefKind.URL, "https://doi.org/"),
        ("file:///home/a/b%20c.pdf", RefKind.PATH, "/home/a/b c.pdf"),
        ("file://localhost/x.txt", RefKind.PATH, "/x.txt"),
        ("papers/s2orc.pdf", RefKind.PATH, "papers/s2orc.pdf"),
        ("C:\\docs\\a.pdf", RefKind.PATH, "C:\\docs\\a.pdf"),
        ("10.pdf", RefKind.PATH, "10.pdf"),
    ],
)
def test_parse_ref_kinds(ref: str, kind: RefKind, value: str) -> None:
    assert parse_ref(ref) == ParsedRef(kind, value)


@pytest.mark.parametrize(
    "ref",
    [
        "",
        "   ",
        "a\x00b",
        "paper\n.pdf",
        "doi:",
        "doi:11.1/x",
        "pmid:abc",
        "arxiv:",
        "pmcid:",
        "pmcid:PMCX1",
        "arxiv:2106",
        "arxiv:../../etc",
        "pmid:",
        "https://",
        "file://server/share/x.pdf",
        "\x1b[31m.pdf",
    ],
)
def test_parse_ref_rejects_bad_refs(ref: str) -> None:
    with pytest.raises(SourceError) as err:
        parse_ref(ref)
    assert err.value.code == "bad_ref"
    assert err.value.recovery == "fix_input"


@pytest.mark.parametrize(
    ("one", "other", "same"),
    [
        ("10.1234/ABC.def", "https://dx.doi.org/10.1234/abc.DEF", True),
        ("doi:10.1234/abc", "DOI: 10.1234/abc", True),
        ("doi:10.1234/abc", "doi:10.1234/abcd", False),
        ("PMID: 123", "https://pubmed.ncbi.nlm.nih.gov/123/", True),
        ("pmid:123", "pmid:1234", False),
        ("arxiv:2106.09685v2", "doi:10.48550/arXiv.2106.09685", True),
        ("pmcid:PMC123", "pmcid:123", True),
        ("pmcid:PMC123", "pmid:123", False),
        ("HTTPS://Example.ORG/a?b=1#top", "https://example.org/a?b=1", True),
        ("https://example.org/a?b=1", "https://example.org/a?b=2", False),
        ("https://example.org/Path", "https://example.org/path", False),
    ],
)
def test_same_work_key_joins_the_ways_of_writing_one_work(one: str, other: str, same: bool) -> None:
    from quote_tui.sources.refs import same_work_key

    assert same_work_key(one) is not None
    assert (same_work_key(one) == same_work_key(other)) is same


def test_local_paths_have_no_work_key() -> None:
    from quote_tui.sources.refs import same_work_key

    assert same_work_key("paper.pdf") is None and same_work_key("") is None
