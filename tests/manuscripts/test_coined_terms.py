"""A term coined by a writer the sentence cites by name and year is a quotation of that work,
though "called" presents it as a name: "what Tony Bennett (1988) has called the ‘exhibitionary
complex’", "what Freud in 1917 called the ‘…’", "Mirzoeff (2011) … what he called the ‘Imperial
Complex of Visuality’" (capitalised as a title is). Without a year the naming stays a term."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_ESSAY = """The museums took shape as part of what Ada Example (1988) has called the ‘archive of
display’, an older habit. Collectors were, perhaps, driven by what Freud in 1917 called the
‘longing for small things’. Ruiz (2011) has suggested that the trader became the figure of what
he called the ‘Grand Theatre of Objects’ in those years. Others speak of what Ortiz calls the
‘quiet room’ of the archive.
"""


def test_a_term_coined_by_a_writer_cited_with_a_year_is_quoted(tmp_path: Path) -> None:
    found = quotes_found(write(tmp_path, "intro.md", _ESSAY))
    assert "archive of display" in found
    assert "longing for small things" in found
    assert "Grand Theatre of Objects" in found


_BIB = """@book{lang, author={Lang, Peter}, title={Fernsehen}, year={2004}}
@book{berg, author={Berg, Ina}, title={Bühnen}, year={1999}}
"""

_TEX = r"""\chapter{Einleitung}

Von einer „Verflachung der Debatte“ könne nur bedingt die Rede sein \parencite[212]{lang},
dennoch gelinge es den Sendungen, Themen zu setzen. \textcite{berg} spricht unter Bezug auf
Adorno von einer „Vermarktung der Meinung“. Die „Deutsche Bahn“ fährt pünktlich
\parencite[3]{lang}.
"""


def test_a_german_term_a_cited_writer_speaks_of_is_quoted(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    found = quotes_found(write(tmp_path, "kapitel.tex", _TEX), bib)
    assert found["Verflachung der Debatte"] == ("lang", "212")
    assert "Vermarktung der Meinung" in found
    assert "Deutsche Bahn" not in found
