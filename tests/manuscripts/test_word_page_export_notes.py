"""Notes as Word's web-page export writes them, carried into Markdown by a blog's converter:
the mark's number wrapped in the styles' tags (`[<span class="MsoFootnoteReference">…\\[4\\]…
</span>](#_ftn4)`), the note's text in tags and entities (`<span>Agamben, *Homo Sacer* p.
175</span>`, `Rowman &amp; Littlefield`), a page followed by the writer's remark (`Pg. 83.
\\[Whose\\] used instead of “Its”.`); and a block whose words close with their note mark,
signed under it with the writer's typed citation (`> *(De Beauvoir, The second sex, 12)*`)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan

_STYLE = (
    '<span style="font-size:12.0pt;line-height:115%;\nfont-family:&quot;Palatino Linotype&quot;'
    ',serif;mso-bidi-language:AR-SA">'
)


def _mark(n: int) -> str:
    return (
        f'[<span class="MsoFootnoteReference"><span style="mso-special-character:footnote">'
        f'<span class="MsoFootnoteReference">{_STYLE}\\[{n}\\]</span></span></span></span>]'
        f"(#_ftn{n})"
    )


def _note(n: int, body: str) -> str:
    return (
        f'<div style="mso-element:footnote" id="ftn{n}">\n\n'
        f'[<span class="MsoFootnoteReference"><span>\\[{n}\\]</span></span>](#_ftnref{n})'
        f"<span>{body}</span>\n\n</div>\n"
    )


_CAMP = "the camp is the new, hidden regulator of the inscription of life in the order"
_MARKET = "extend the rationality of the market to areas that are not primarily economic"
_DANGER = "dangerous individuals and parrhesia are logical mirrors of each other"
_DESCENT = "an analysis of descent is situated within the articulation of the body"


def _essay(tmp_path: Path) -> Path:
    text = (
        "# Occupy\n\n"
        f"<span>As Agamben states, “{_CAMP}.”{_mark(1)} Then the writer goes on.</span>\n\n"
        f"<span>As Foucault observes, “{_MARKET}.”{_mark(2)} More follows here.</span>\n\n"
        f"<span>Ferguson holds that “{_DANGER}.”{_mark(3)} And so on.</span>\n\n"
        f"<span>Foucault calls it “{_DESCENT}.”{_mark(4)} The end.</span>\n\n"
        '<div style="mso-element:footnote-list">\n\n* * *\n\n'
        + _note(1, "Agamben, *Homo Sacer* p. 175<span></span>")
        + _note(2, "Michel Foucault, *Ethics* The New Press, 1997. p. 79.")
        + _note(
            3,
            "Ferguson, K. (2011) Emma Goldman. Rowman &amp; Littlefield Publishers Inc. "
            "Lanham, UK. Pg. 33.",
        )
        + _note(
            4,
            "Foucault, M. (1977). The Foucault Reader. Vintage Books. New York. Pg. 83. "
            "\\[Whose\\] used instead of “Its” for illustrative reasons.",
        )
        + "\n</div>\n"
    )
    path = tmp_path / "occupy.md"
    path.write_text(text, encoding="utf-8")
    return path


def _by_quote(path: Path) -> dict[str, tuple[str | None, str | None]]:
    out = {}
    for c in scan(path).citations:
        raw = c.reference.raw if c.reference else None
        out[c.quote.rstrip(".")] = (raw, c.locator.value if c.locator else None)
    return out


def test_a_mark_wrapped_in_word_styles_links_its_note(tmp_path: Path) -> None:
    got = _by_quote(_essay(tmp_path))
    raw, page = got[_CAMP]
    assert raw is not None and raw.startswith("Agamben, *Homo Sacer*")
    assert page == "175"
    raw, page = got[_MARKET]
    assert raw is not None and "Foucault" in raw and page == "79"


def test_a_notes_entities_and_remark_leave_its_page(tmp_path: Path) -> None:
    got = _by_quote(_essay(tmp_path))
    raw, page = got[_DANGER]
    assert raw is not None and "Rowman & Littlefield" in raw  # one work, not two
    assert page == "33"
    raw, page = got[_DESCENT]
    assert raw is not None and raw.startswith("Foucault, M. (1977)")
    assert page == "83"


_LACK = "man vainly forgets that his anatomy also includes hormones and testicles"
_MALE = "humanity is male, and man defines woman, not in herself, but in relation to himself"


def test_a_block_closed_by_its_note_and_signed_takes_the_note_and_the_page(
    tmp_path: Path,
) -> None:
    text = (
        "# Beauvoir\n\nIn her challenge, Beauvoir criticized the theories of gender:\n\n"
        f"> {_LACK.capitalize()}. He grasps his body as a direct and normal\n"
        "> link with the world.[^sex]\n>\n> *(De Beauvoir, The second sex, 12)*\n\n"
        "Beauvoir concludes that men were the default.\n\n"
        f"> {_MALE.capitalize()}.[^sex]\n\n"
        "The signature alone, with no note, stays the typed citation it is.\n\n"
        "[^sex]: De Beauvoir, Simone. The Second Sex. Random House, 2014.\n"
    )
    path = tmp_path / "beauvoir.md"
    path.write_text(text, encoding="utf-8")
    got = {c.quote[:20].lower(): c for c in scan(path).citations}
    signed = got[_LACK[:20]]
    assert signed.quote.endswith("with the world.")  # the signature is no quoted word
    assert signed.reference is not None and signed.reference.raw.startswith("De Beauvoir, Simone")
    assert signed.locator is not None and signed.locator.value == "12"
    plain = got[_MALE[:20]]
    assert plain.reference is not None and plain.reference.raw.startswith("De Beauvoir, Simone")
    assert plain.locator is None


_PATH = "///C:/Documents%20and%20Settings/Writer/My%20Documents/Downloads/Paper.docx"
_WORKERS = "we went two or three days in those conditions without any pay at all"
_REPEAT = "the managers would not meet with the workers or their representatives"


def test_a_link_that_names_the_saved_file_still_links_its_note(tmp_path: Path) -> None:
    """Word keeps the path of the file it saved the page from in every note link; a short
    note of the author and the title in marks, then "Ibid.", is the work of the full note."""
    text = (
        "# Dining halls\n\n"
        f"One worker said: “{_WORKERS}.”[\\[1\\]]({_PATH}#_ftn1) Then more.\n\n"
        f"Another: “{_REPEAT}.”[\\[2\\]]({_PATH}#_ftn2) The end.\n\n"
        f'<div>\n\n---\n\n<div id="ftn1">[\\[1\\]]({_PATH}#_ftnref1) Damore Ramwa, '
        "“Union Fights Chartwells…”\n\n</div>\n\n"
        f'<div id="ftn2">[\\[2\\]]({_PATH}#_ftnref2) Ibid.\n\n</div></div>\n'
    )
    path = tmp_path / "halls.md"
    path.write_text(text, encoding="utf-8")
    got = _by_quote(path)
    first, _ = got[_WORKERS]
    assert first is not None and first.startswith("Damore Ramwa, “Union Fights Chartwells")
    second, _ = got[_REPEAT]
    assert second is not None and second.startswith("Ibid. [Damore Ramwa")


def test_a_quotation_s_note_then_its_signature_gives_the_page(tmp_path: Path) -> None:
    text = (
        "# Beauvoir\n\n"
        "* Aristotle stated that “the female is female by virtue of a certain lack of "
        "qualities.”[^sex]\n  *(De Beauvoir, The second sex, 12)*\n"
        "* Thomas declared women “an incomplete man and an incidental being of the "
        "world.”[^sex]\n  *(Butler, Gender trouble, 40)*\n\n"
        "[^sex]: De Beauvoir, Simone. The Second Sex. Random House, 2014.\n"
    )
    path = tmp_path / "sex.md"
    path.write_text(text, encoding="utf-8")
    got = {q[:10]: v for q, v in _by_quote(path).items()}
    assert got["the female"][0] is not None and got["the female"][1] == "12"
    assert got["an incompl"][1] is None  # a signature naming another author: not this work's
