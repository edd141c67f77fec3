"""MLA names a work by a short title in marks inside its parenthetical citation, when the
author has several works or none: "(Evans, “In Power” 313)", "(“Drought Watch” 4)". Those words
are the citation's, never a quotation, even in a sentence that says whose words it reports; a
quotation set in brackets alone ("(“…”)") is still one."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_ESSAY = """As noted by the city's own survey office in 1938, the clerks went on "counting every
household twice a year" (Ortiz, “In Office” 313). Officials answered with a report of their own
(“Water Board” 4). The mayor's reply ("we count what we can reach and no more than that") was
printed the next day.
"""


def test_a_short_title_inside_an_mla_citation_is_no_quotation(tmp_path: Path) -> None:
    found = quotes_found(write(tmp_path, "essay.md", _ESSAY))
    assert "In Office" not in found
    assert "Water Board" not in found
    assert "counting every household twice a year" in found
