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


def test_a_name_no_list_holds_stays_the_text_reference_it_is(tmp_path: Path) -> None:
    """Without a list entry to point to, "(BBC)" is still a citation: the quotation is listed with
    that reference as written, neither dropped nor given a neighbour's work. A bracket that
    abbreviates the quoted words, or names their language, cites nobody."""
    path = tmp_path / "essay.md"
    path.write_text(
        "# Ports\n\nSmith writes that “the archive is always partial and contested” (Smith 2019, "
        f'p. 4). The broadcaster reported that "{_STRIKE}" (BBC). The agency said that '
        f'"{_DAYS}" (AP). Editors promise "what you see is what you get on paper" (WYSIWYG). '
        'The model is a "convolutional neural network trained on photographs" (CNN). The '
        'motto reads "die Welt ist alles was der Fall ist" (German).\n\n## References\n\n'
        "Smith, J. (2019). *The Archive*. Oxford UP.\n",
        encoding="utf-8",
    )
    got = {c.quote: c.reference for c in scan(path).citations}
    assert got[_STRIKE] is not None and (got[_STRIKE].key, got[_STRIKE].bib) == ("BBC", None)
    assert got[_DAYS] is not None and got[_DAYS].key == "AP"
    assert "what you see is what you get on paper" not in got
    assert "convolutional neural network trained on photographs" not in got
    assert got.get("die Welt ist alles was der Fall ist") is None
    path.write_text(
        f"# Ports\n\nSmith writes that “the archive is always contested” (Smith 2019, p. 4). "
        f"“{_DAYS},” the agency (AP) said on Monday. The agency (Reuters) then wrote that "
        f"“{_STRIKE}”.\n",
        encoding="utf-8",
    )
    got = {c.quote.rstrip(","): c.reference for c in scan(path).citations}
    assert got[_DAYS] is None  # a name in the sentence, not the bracket after the marks
    assert got[_STRIKE] is None


def test_a_name_in_brackets_elsewhere_makes_no_story_a_cited_text(tmp_path: Path) -> None:
    """A narrative essay's names in brackets ("my aunt (Rosa)") are no citations: the text still
    cites nothing, and its dialogue is no quotation of a source."""
    path = tmp_path / "story.md"
    path.write_text(
        "# Summer\n\nMy aunt (Rosa) drove us to the lake that morning. I said, “we should have "
        "left before the sun came up over the hills.” She laughed and said “there is always "
        "another morning for those who wait long enough.” (Me) “But the water is still cold "
        "at this hour of the day,” she said.\n",
        encoding="utf-8",
    )
    assert scan(path).citations == ()


def test_a_name_in_brackets_before_a_block_names_a_person_not_a_work(tmp_path: Path) -> None:
    path = tmp_path / "essay.md"
    path.write_text(
        "# Ports\n\nSmith writes that “the archive is always contested” (Smith 2019, p. 4).\n\n"
        "The minister of transport (Jones) put it plainly to the union:\n\n"
        "> We will not negotiate while the ports stay closed, and we will not pay for the days "
        "the strike has cost the country.\n",
        encoding="utf-8",
    )
    block = next(c for c in scan(path).citations if c.quote.startswith("We will not"))
    assert block.reference is None
