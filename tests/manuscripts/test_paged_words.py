"""A source's word or phrase quoted with its page. One word in marks with a citation that gives
its page right after it, as German theses quote their authors' coinages („Inflation“
\\parencite[116]{a}, "breathless" (Lee, 2019, p. 4)); a short phrase whose clause ends with its
work's paged citation while the sentence goes on ("He ordered a charge `at full run' at the
lines,\\footcite[6.112]{herodotus} hoping …"). Without a page the word stays a term someone
uses; a scare quote has no citation at all. A capitalised German noun phrase so cited stays a
name: German writers cite their paraphrase at a page in nearly every sentence („Familien mit
Fluchterfahrung“ werden … betrachtet (Weber, 2010, S. 45))."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_BIB = """@book{weber, author={Weber, Anna}, title={Die Bühne der Meinungen}, year={2010}}
@book{lang, author={Lang, Peter}, title={Fernsehen und Öffentlichkeit}, year={2004}}
@article{lee, author={Lee, Min}, title={Waves of attention}, journal={Media Studies}, year={2019}}
"""

_TEX = r"""\chapter{Einleitung}

Die Zahl der Sendungen habe zu einer „Übersättigung“ \parencite[45]{weber} des Publikums
geführt, und manche Kritiker halten das Format für „erledigt“. Letztlich ließen sich die
Sendungen als „Meinungs-Theater“ \parencite[88]{weber} beschreiben, ein Befund, den auch
„Publikumsnähe“ \parencite{lang} nicht aufhebe.

Eine „Verflachung der Debatte“ sei nur bedingt festzustellen \parencite[212]{lang},
dennoch gelinge es den Sendungen, „Themen für die nächste Woche zu setzen“ \parencite[213]{lang}.
"""

_MD = """Coverage of new tools rises and falls in waves. The first reports are "breathless" (Lee,
2019, p. 4), the later ones "disappointed" in their own words.

## References

Lee, M. (2019). Waves of attention. *Media Studies*, 12(3), 1–20.
"""


def test_one_word_with_its_page_is_quoted(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    found = quotes_found(write(tmp_path, "kapitel.tex", _TEX), bib)
    assert found["Übersättigung"] == ("weber", "45")
    assert found["Meinungs-Theater"] == ("weber", "88")
    assert "erledigt" not in found
    assert "Publikumsnähe" not in found


def test_a_capitalised_noun_phrase_cited_later_stays_a_name(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    found = quotes_found(write(tmp_path, "kapitel.tex", _TEX), bib)
    assert "Verflachung der Debatte" not in found
    assert found["Themen für die nächste Woche zu setzen"] == ("lang", "213")


_CLAUSE = r"""\documentclass{article}
\begin{document}
The general kept his cavalry back until noon. He then ordered the horsemen to ride
`without a halt' along the northern ridge,\footcite[4.12]{polybius} hoping to reach the
ford before the enemy did. His officers thought the plan `rather bold' and said so.
\end{document}
"""


def test_a_phrase_whose_clause_ends_with_its_paged_note(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", "@book{polybius, author={Polybius}, title={Histories}}\n")
    found = quotes_found(write(tmp_path, "essay.tex", _CLAUSE), bib)
    assert found == {"without a halt": ("polybius", "4.12")}


def test_one_word_with_an_author_date_page(tmp_path: Path) -> None:
    found = quotes_found(write(tmp_path, "essay.md", _MD))
    assert found["breathless"] == ("Lee 2019", "4")
    assert "disappointed" not in found


_NOTETEXT = r"""\documentclass{article}
\begin{document}
The river was wide at the ford. The general ordered them to `spare the wounded,' and they
obeyed until nightfall.\footnotemark
\footnotetext{\cite[265]{green}}
\end{document}
"""


def test_a_phrase_whose_sentence_ends_with_a_footnotetext_cite_at_a_page(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", "@book{green, author={Green, Peter}, title={Wars}}\n")
    found = quotes_found(write(tmp_path, "essay.tex", _NOTETEXT), bib)
    assert found == {"spare the wounded,": ("green", "265")}


_LETTER = """La Farge wrote that the window came out well. In a letter to a friend he called the
result "curious."[^4] He sent it to Boston the next week.

[^4]: La Farge to Adams, November 19, 1907.
"""


def test_one_word_whose_note_cites_a_letter_by_its_date(tmp_path: Path) -> None:
    found = quotes_found(write(tmp_path, "essay.md", _LETTER))
    assert "curious." in found
