"""A Markdown link on a name or term whose address is the page about it ("[Hayden
White](https://en.wikipedia.org/wiki/Hayden_White)") glosses who or what the sentence names:
it is no citation of a quotation after it. A link on words that name a document ("[the
report](https://…/report.pdf)") still cites it."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan

_QUOTE = "The Burden of History interpreted history as storytelling, a craft of writing"


def _ref(tmp_path: Path, lead: str) -> str | None:
    md = tmp_path / "essay.md"
    md.write_text(f'{lead} "{_QUOTE}." It goes on.\n', encoding="utf-8")
    cits = [c for c in scan(md).citations if c.quote.startswith("The Burden")]
    return cits[0].reference.raw if cits and cits[0].reference else None


def test_a_link_to_the_page_about_a_name_cites_no_quotation(tmp_path: Path) -> None:
    lead = "[Hayden White](https://en.wikipedia.org/wiki/Hayden_White), a medievalist, wrote"
    assert _ref(tmp_path, lead) is None


def test_a_name_whose_particle_the_address_spells_otherwise(tmp_path: Path) -> None:
    lead = "[Leopold van Ranke](https://en.wikipedia.org/wiki/Leopold_von_Ranke) held that"
    assert _ref(tmp_path, lead) is None


def test_a_link_on_words_naming_a_document_still_cites_it(tmp_path: Path) -> None:
    lead = "As [the report](https://example.org/files/report.pdf) puts it,"
    assert _ref(tmp_path, lead) == "https://example.org/files/report.pdf"
