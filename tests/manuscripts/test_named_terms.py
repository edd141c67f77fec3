"""A phrase of two or three words in marks with its coiner's citation right after it, and no
place in the work, is the writer's term ('the "filter bubble" [@pariser]', ``cost
function'' \\cite{x}), not words quoted from that work; a page, a note or a longer phrase makes
it a quotation."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts import wordxml as wx
from tests.manuscripts.helpers import quotes_found, write

_BIB = (
    "@book{pariser, author={Pariser, Eli}, title={The Filter Bubble}, year={2011}}\n"
    "@book{smith, author={Smith, Ann}, title={Reading}, year={2020}}\n"
)


def _md(tmp_path: Path, text: str) -> dict[str, tuple[str | None, str | None]]:
    return quotes_found(write(tmp_path, "a.md", text), write(tmp_path, "refs.bib", _BIB))


def test_a_short_phrase_with_its_coiners_citation_right_after_is_a_term(tmp_path: Path) -> None:
    assert _md(tmp_path, 'Feeds build a "filter bubble" [@pariser] around each reader.\n') == {}
    tex = write(
        tmp_path,
        "a.tex",
        "This sum is often called the ``cost function'' \\cite{smith}. We minimise it.\n",
    )
    assert quotes_found(tex, write(tmp_path, "refs.bib", _BIB)) == {}
    typed = "Such feeds build a “personal filter bubble” (Pariser, 2011) around us.\n"
    assert _md(tmp_path, typed) == {}


def test_a_page_a_longer_phrase_or_a_note_makes_it_a_quotation(tmp_path: Path) -> None:
    got = _md(tmp_path, 'Feeds build a "filter bubble" [@pariser, p. 9] around each reader.\n')
    assert got == {"filter bubble": ("pariser", "9")}
    got = _md(tmp_path, 'Feeds build "a unique universe of information" [@pariser] for us.\n')
    assert got == {"a unique universe of information": ("pariser", None)}
    # a footnote naming the work, as theses quote a coinage: left to the note
    got = _md(
        tmp_path,
        'Feeds build a "personal filter bubble"[^1] around us.\n\n[^1]: Pariser 2011.\n',
    )
    assert list(got) == ["personal filter bubble"]


def test_a_typed_citation_placing_the_words_after_its_year_keeps_them(tmp_path: Path) -> None:
    text = 'Harcourt "tint huit jours" (Stevenson 1864: II.ii, 619-37). None was stormed.\n'
    assert list(_md(tmp_path, text)) == ["tint huit jours"]


def test_a_word_field_with_a_page_places_the_phrase(tmp_path: Path) -> None:
    item = {"type": "book", "title": "The Filter Bubble", "issued": {"date-parts": [[2011]]}}
    item["author"] = [{"family": "Pariser", "given": "Eli"}]

    def essay(locator: str | None) -> Path:
        document = wx.new_document()
        field = wx.zotero_field(wx.csl_citation(item, locator=locator), "(Pariser, 2011)")
        wx.add_paragraph(document, ["Feeds build a “filter bubble” ", field, " around us."])
        path = tmp_path / f"essay-{locator}.docx"
        document.save(str(path))
        return path

    assert [q for q in quotes_found(essay("9"))] == ["filter bubble"]
    assert quotes_found(essay(None)) == {}


def test_words_a_verb_of_saying_gives_right_before_them_stay_a_quotation(tmp_path: Path) -> None:
    got = _md(tmp_path, 'Smith says "deeply troubling" [@smith] of the whole affair.\n')
    assert got == {"deeply troubling": ("smith", None)}


def test_a_name_known_by_all_is_the_writers_to_use(tmp_path: Path) -> None:
    text = (
        "The firm kept its well-known “Client-first approach”, meeting every need of its "
        "clients [@smith].\n"
    )
    assert _md(tmp_path, text) == {}
    text = 'He ran the famous "prison experiment" again, as the report says [@smith, p. 4].\n'
    assert list(_md(tmp_path, text)) == ["prison experiment"]


def test_a_citation_set_as_a_footnote_is_left_to_its_note(tmp_path: Path) -> None:
    bib = write(
        tmp_path, "refs.bib", "@book{hegel, author={Hegel, G.}, title={PhG}, year={1807}}\n"
    )
    tex = (
        "\\documentclass{article}\n\\begin{document}\n"
        "Das Subjekt ist \\enquote{reine einfache Negativität}\\footcite{hegel} im Text.\n\n"
        "Der Geist ist \\enquote{absolute Unruhe}\\cite{hegel} im Text.\n\\end{document}\n"
    )
    assert list(quotes_found(write(tmp_path, "a.tex", tex), bib)) == ["reine einfache Negativität"]
