"""Works cited by the body or site that published them, as student essays cite web pages and
news without an author: "(BBC)", "(shipyard)", "(Bay Shipyard)", "(Wikipedia)", "(BBC, 2021)",
"(BBC, para. 4)". The list gives such a work by its title, then the site ("“Strikes Close
Ports.” *BBC News*, 4 May 2021, www.bbc.co.uk/…"); the citation is that entry's when exactly one
entry fits, and a text reference otherwise, never a neighbour's."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.reflist import find_reference_list, match_name

_STRIKE = "the strike had closed every port in the region by Monday"
_DAYS = "no ship had left the harbour for three whole days"
_YARD = "the oldest working shipyard on the whole east coast"
_LAUNCH = "we have never once missed a launch date in ninety years"
_CITY = "the city was founded as a trading post in the year 1642"
_DOCKERS = "the dockers voted to return to work on the Friday"
_REPORT = "the port authority expects the backlog to clear within a month"

_LIST = (
    "## Works Cited\n\n"
    "“Strikes Close Ports.” *BBC News*, 4 May 2021, www.bbc.co.uk/news/strike.\n\n"
    "“History of the Yard.” *Bay Shipyard*, www.bayshipyard.com/history.\n\n"
    "“Harbour City.” *Wikipedia*, Wikimedia Foundation, 3 Mar. 2020, "
    "en.wikipedia.org/wiki/Harbour_City.\n\n"
    "“Dockers Return.” *The Guardian*, 2021, www.theguardian.com/dockers.\n\n"
    "“Dockers Vote.” *The Guardian*, 2021, www.theguardian.com/vote.\n\n"
    "Port Authority. *Annual Report*. Harbour Press, 2022.\n"
)


def _scan(tmp_path: Path, body: str) -> dict[str, tuple[str | None, str | None, str | None]]:
    path = tmp_path / "essay.md"
    path.write_text(f"# Ports\n\n{body}\n\n{_LIST}", encoding="utf-8")
    out = {}
    for c in scan(path).citations:
        ref = c.reference
        title = ref.bib.title if ref is not None and ref.bib is not None else None
        locator = f"{c.locator.label} {c.locator.value}" if c.locator else None
        out[c.quote] = (title, locator, ref.raw if ref is not None else None)
    return out


def test_a_site_named_alone_cites_the_one_work_it_published(tmp_path: Path) -> None:
    got = _scan(
        tmp_path,
        f'The broadcaster reported that "{_STRIKE}" (BBC). The company describes itself as '
        f'"{_YARD}" (shipyard). Its owner said "{_LAUNCH}" (Bay Shipyard). The encyclopedia '
        f'says that "{_CITY}" (Wikipedia).',
    )
    assert got[_STRIKE][0] == "Strikes Close Ports"
    assert got[_YARD][0] == "History of the Yard"
    assert got[_LAUNCH][0] == "History of the Yard"
    assert got[_CITY][0] == "Harbour City"


def test_a_site_with_a_year_or_a_place_keeps_them(tmp_path: Path) -> None:
    got = _scan(
        tmp_path,
        f'The broadcaster reported that "{_STRIKE}" (BBC, 2021). It added that "{_DAYS}" '
        f'(BBC, para. 4). The body warns that "{_REPORT}" (Port Authority).',
    )
    assert got[_STRIKE][0] == "Strikes Close Ports"
    assert got[_DAYS] == ("Strikes Close Ports", "paragraph para. 4", "(BBC, para. 4)")
    assert (got[_REPORT][0] or "").strip("*") == "Annual Report"  # the body as author


def test_a_site_that_fits_two_works_or_none_links_nothing(tmp_path: Path) -> None:
    got = _scan(
        tmp_path,
        f'The paper wrote that "{_DOCKERS}" (Guardian). Later "{_STRIKE}" (BBC, 2019).',
    )
    assert got[_DOCKERS][0] is None  # two works of that site: the citation does not say which
    assert got[_STRIKE][0] is None  # no work of the BBC from 2019


def test_an_entry_listed_by_its_title_needs_a_year_or_an_address() -> None:
    text = (
        "# Essay\n\nWords.\n\n## Sources\n\n"
        "“Harbour City.” *Wikipedia*, 3 Mar. 2020.\n\n"
        "“Harbour Town.” *Wikipedia*, en.wikipedia.org/wiki/Harbour_Town.\n\n"
        "“Interviews were held in the harbour office,” as the note above says.\n"
    )
    listed = find_reference_list(text).listed
    assert [(e.title, e.journal, e.year) for e in listed] == [
        ("Harbour City", "Wikipedia", "2020"),
        ("Harbour Town", "Wikipedia", None),
    ]
    assert listed[0].key == "Harbour City 2020"
    assert match_name(listed, "wikipedia") is None  # two of them
    assert match_name(listed, "Wikipedia", "2020") is listed[0]
    assert match_name(listed, "Town") is None  # a title's word is no publisher
