"""What a careful reader takes for a quotation, and for its reference, in forms real manuscripts
use: British single marks, humanities footnotes, MLA author-page citations, raw HTML in
Markdown, and the author's own words in quotation marks. A few lines are retyped from real
manuscripts (a Heidegger essay in Pandoc Markdown, a Shakespeare dissertation in LaTeX)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.quotes import find_quotes


def _got(path: Path) -> dict[str, tuple[str | None, str | None, str | None]]:
    out = {}
    for c in scan(path).citations:
        ref = c.reference
        out[c.quote] = (ref.raw if ref else None, c.locator.value if c.locator else None, c.status)
    return out


def _md(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "p.md"
    path.write_text(text, encoding="utf-8")
    return path


def test_straight_single_marks_are_quotations_and_apostrophes_are_not() -> None:
    text = (
        "In its idle talk, Dasein 'holds any new questioning at a distance' and the dogs' "
        "bowls, it's the '70s, rock 'n' roll; 'the question of being is nothing else' too."
    )
    quotes = [text[q.start : q.end] for q in find_quotes(text)]
    assert quotes == [
        "holds any new questioning at a distance",
        "the question of being is nothing else",
    ]


HEIDEGGER = """Heidegger himself writes:

> Regarding the personality of a philosopher, our only interest is that he was
> born at a certain time, that he worked, and that he died.[^2]

Dasein 'holds any new questioning [e.g. of being] and discussion at a distance because it
presumes it has understood'.[^6] In a later note he admits 'thinking apparently remains on
the pass of metaphysics'.[^16]

[^2]: Heidegger, *Basic Concepts of Aristotelian Philosophy*, translated by R.D. Metcalf &
    M.B. Tanzer. (Indianapolis, IN: Indiana University Press, 2009), p. 4.
[^6]: *Being and Time*, p. 163.
[^16]: Ibid, p. 82.
"""


def test_a_humanities_footnote_is_the_reference_with_its_page(tmp_path: Path) -> None:
    got = _got(_md(tmp_path, HEIDEGGER))
    block = (
        "Regarding the personality of a philosopher, our only interest is that he was born at "
        "a certain time, that he worked, and that he died."
    )
    raw, page, status = got[block]
    # The publisher's place and year are no author-date citation: the note is the reference.
    assert raw is not None and raw.startswith("Heidegger, *Basic Concepts")
    assert (page, status) == ("4", None)
    short = got[
        "holds any new questioning [e.g. of being] and discussion at a distance because it "
        "presumes it has understood"
    ]
    assert short == ("*Being and Time*, p. 163.", "163", None)
    # "Ibid." is the work of the note before, at its own page.
    assert got["thinking apparently remains on the pass of metaphysics"] == (
        "Ibid, p. 82. [*Being and Time*, p. 163.]",
        "82",
        None,
    )


def test_mla_author_page_and_a_bare_page_after_the_quotation(tmp_path: Path) -> None:
    path = tmp_path / "p.tex"
    path.write_text(
        "\\documentclass{article}\\begin{document}\n"
        "``the authority of the past declined in the early modern period'' (Kewes, 1-2). "
        "They worry about ``the danger of simply doing history, and doing it badly'' (6). "
        "The captain described the map as "
        "``drawn by the first surveyor of the coast'' (Figure 3).\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    got = _got(path)
    assert got["the authority of the past declined in the early modern period"] == (
        "(Kewes, 1-2)",
        "1-2",
        None,
    )
    assert got["the danger of simply doing history, and doing it badly"] == (
        None,
        "6",
        "unreferenced",
    )
    assert got["drawn by the first surveyor of the coast"] == (None, None, "unreferenced")


def test_html_in_markdown_blockquote_alt_text_and_link_titles(tmp_path: Path) -> None:
    got = _got(
        _md(
            tmp_path,
            '<blockquote class="epigraph">Truth is the goddess, her house is well rounded.'
            "[^1] <footer>Martin Heidegger</footer></blockquote>\n\n"
            '<img alt="Screen recording of editing with the editor" src="a.png">\n\n'
            'Licensed [CC BY](https://example.org/l "Creative commons attribution licence text").'
            "\n\n[^1]: Heidegger, *The Event* (2013), p. 3.\n",
        )
    )
    assert list(got) == ["Truth is the goddess, her house is well rounded."]
    assert got["Truth is the goddess, her house is well rounded."][1] == "3"


def test_words_quoted_as_words_are_not_quotations(tmp_path: Path) -> None:
    got = _got(
        _md(
            tmp_path,
            '#### Discrimination and "right to an explanation" laws\n\n'
            'The rules are summed up by the phrase "right to an explanation for all".\n'
            'Editors show "what you see is what you get" (WYSIWYG) to writers.\n'
            'Phrases such as "{{total_commits}} Git commits" are filled in.\n'
            'Kant asks us "what can I know, and what may I hope?" before he answers.\n'
            'Kant wrote that "thoughts without content are empty, intuitions blind" [@kant].\n',
        )
    )
    assert list(got) == ["thoughts without content are empty, intuitions blind"]


def test_lead_in_citation_reaches_the_block_across_a_heading(tmp_path: Path) -> None:
    got = _got(
        _md(
            tmp_path,
            "In Carman's book,[^1] he argues, on the grounds of Heidegger's declaration that\n"
            "'*Only as phenomenology, is ontology possible*' (SZ 35), that Dasein is central:\n\n"
            "# 9 {.page}\n\n"
            "> Philosophy begins in wonder, Plato and Aristotle say, and so does this book.\n\n"
            "[^1]: Taylor Carman, *Heidegger's Analytic* (Cambridge, 2003).\n",
        )
    )
    assert got["Only as phenomenology, is ontology possible"] == ("(SZ 35)", "35", None)
    raw, _, status = got[
        "Philosophy begins in wonder, Plato and Aristotle say, and so does this book."
    ]
    assert raw is not None and raw.startswith("Taylor Carman") and status is None
