"""A block quotation's citation typed after it, and a note that names a work and where it was
read; each test retypes the lines of a real manuscript that showed the rule."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest
from docx.shared import Cm

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_WORDS = (
    "I see, therefore, in love, hope, and charity the crowning of the proportional nature of "
    "creation in the full, old sense of that term."
)
_LIST = "Illich, Ivan. 2000. The Rivers North of the Future. Toronto: Anansi."


def test_a_latex_block_closed_by_a_typed_citation_and_a_note_of_where_it_was_seen(
    tmp_path: Path,
) -> None:
    tex = tmp_path / "essay.tex"
    tex.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "Illichs Glaube an den Menschen ähnelt oft Rousseau.\n\n"
        "\\begin{quote}\n"
        f"\t``{_WORDS}''\\\\*\n"
        "\t(Illich 2000)\n"
        "\t\\footnote{\n"
        "\t\thttps://www.youtube.com/watch?v=vQLWAafp020, zuletzt geöffnet am 04.09.2014).\n"
        "\t}\n"
        "\\end{quote}\n\n"
        # the citation on the line after the environment's end is the block's too
        "Ähnlich schreibt er später über die Hoffnung.\n\n"
        "\\begin{quote}\n"
        "``Hope is the belief in the goodness of nature, and charity is its fruit.''\n"
        "\\end{quote}\n"
        "(Illich 2000, S. 47)\n\n"
        "Beide kritisieren die Identifikation durch Berufe.\n\n"
        f"\\section*{{Literatur}}\n{_LIST}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    cits = scan(tex).citations
    assert [(c.quote, c.reference and c.reference.raw) for c in cits] == [
        (_WORDS, "(Illich 2000)"),
        (
            "Hope is the belief in the goodness of nature, and charity is its fruit.",
            "(Illich 2000, S. 47)",
        ),
    ]
    assert cits[1].locator is not None and cits[1].locator.value == "47"


def test_a_markdown_block_closed_by_a_line_of_its_citation(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        "Illich writes about love and hope in his late conversations.\n\n"
        f"> {_WORDS}\n\n"
        "(Illich 2000, p. 47)\n\n"
        "Something else follows in the text.\n\n# References\n\n" + _LIST + "\n",
        encoding="utf-8",
    )
    cits = scan(md).citations
    assert [(c.quote, c.reference and c.reference.raw) for c in cits] == [
        (_WORDS, "(Illich 2000, p. 47)")
    ]


def test_a_word_indented_block_closed_by_a_paragraph_of_its_citation(tmp_path: Path) -> None:
    d = docx.Document()
    d.add_paragraph("Illich writes about love and hope in his late conversations.")
    block = d.add_paragraph(_WORDS)
    block.paragraph_format.left_indent = Cm(1.5)
    d.add_paragraph("")  # Word writers leave empty paragraphs around a block
    d.add_paragraph("(Illich 2000, p. 47)")
    # An indented paragraph with no citation under it stays the writer's own.
    own = d.add_paragraph("The writer's own indented remark, with no source named under it.")
    own.paragraph_format.left_indent = Cm(1.5)
    d.add_paragraph("Something else follows in the text.")
    d.add_paragraph("References")
    d.add_paragraph(_LIST)
    path = tmp_path / "essay.docx"
    d.save(str(path))
    cits = scan(path).citations
    assert [(c.quote, c.reference and c.reference.raw) for c in cits] == [
        (_WORDS, "(Illich 2000, p. 47)")
    ]
    assert cits[0].locator is not None and cits[0].locator.pages == (47,)


def test_a_note_naming_the_work_and_the_address_it_was_read_at(tmp_path: Path) -> None:
    path = tmp_path / "arbeit.docx"
    d = wx.new_document()
    wx.add_paragraph(d, ["Das Potential des Films faszinierte ihn offensichtlich:"])
    d.add_paragraph(
        "Der Film hat unbegrenzte Macht der Bewegung, der Vorausnahme des Kommenden und "
        "Erneuerung des Gewesenen."
    ).paragraph_format.left_indent = Cm(1.5)
    d.paragraphs[-1]._p.append(wx.footnote_ref(43))
    wx.add_paragraph(
        d,
        [
            "Polgar sagte im Gespräch: „Der Film ist die Kunst der Armen und der Reichen "
            "zugleich.“",
            wx.footnote_ref(44),
        ],
    )
    d.save(str(path))
    wx.add_footnotes_part(
        path,
        wx.footnotes_xml(
            {
                43: [
                    " Polgar, Alfred: Alfred Polgar zum Film. In: Nebelspalter: das Humor- und "
                    "Satire-Magazin. Bd. 82. Jahrgang 1956. Heft 20. S.39. [Digitalisiert auf: "
                    "https://www.e-periodica.ch/digbib/view?pid=neb-001 ] [31.07.2022]"
                ],
                # an address and the day it was read name no work: the address is the source
                44: [" Abgerufen am 04.09.2014 unter https://example.org/interview"],
            }
        ),
    )
    cits = scan(path).citations
    first = cits[0]
    assert first.quote.startswith("Der Film hat unbegrenzte Macht")
    assert first.reference is not None
    assert first.reference.raw.startswith("Polgar, Alfred: Alfred Polgar zum Film.")
    assert "Jahrgang 1956" in first.reference.raw
    assert "e-periodica.ch" in first.reference.raw  # the address is kept, as written
    assert first.locator is not None and first.locator.pages == (39,)
    assert cits[1].reference is not None
    assert cits[1].reference.raw == "https://example.org/interview"


def test_a_block_closed_by_its_place_in_brackets_keeps_that_place(tmp_path: Path) -> None:
    md = tmp_path / "zitieren.md"
    md.write_text(
        "Für den Koran werden Sure und Vers angegeben, die Edition in einer Fußnote:\n\n"
        "> (Dienet ihm), der euch die Erde zu einem Teppich und den Himmel zu einem Bau gemacht "
        "hat, und der vom Himmel Wasser herabkommen ließ! (Sure 2, Vers 22)[^8]\n\n"
        "Bei religiösen Schriften sind viele Versionen verfügbar.\n\n"
        "- Main idea: our unhappiness is in our heads.\n"
        '  > "They tell us solutions that make us contented mindful capitalists." (para. 8)\n'
        "- Mindfulness tells us not to question the causes of suffering.\n\n"
        "[^8]: Alle Koranzitate nach: Der Koran, übersetzt von Rudi Paret, 11. Aufl., "
        "Stuttgart: Kohlhammer 2010.\n",
        encoding="utf-8",
    )
    cits = scan(md).citations
    koran, para = cits
    assert koran.quote.endswith("Wasser herabkommen ließ!")
    assert koran.reference is not None and "Rudi Paret" in koran.reference.raw
    # the verse is the place cited; the note's 2010 is the edition's year, no page
    assert koran.locator is not None
    assert (koran.locator.label, koran.locator.value) == ("sura", "Sure 2, Vers 22")
    assert para.quote == "They tell us solutions that make us contented mindful capitalists."
    assert para.locator is not None
    assert (para.locator.label, para.locator.value) == ("paragraph", "para. 8")


def test_a_note_closing_with_the_editions_year_gives_no_page(tmp_path: Path) -> None:
    md = tmp_path / "zitieren.md"
    md.write_text(
        "Paret übersetzt: „Dienet ihm, der euch die Erde zu einem Teppich gemacht hat.“[^1] "
        "Und weiter: „Der vom Himmel Wasser herabkommen ließ.“[^2] Lindqvist schreibt: „Grabe, "
        "wo du stehst, und erforsche die eigene Geschichte.“[^3]\n\n"
        "[^1]: Der Koran, übersetzt von Rudi Paret, Stuttgart: Kohlhammer 2010.\n"
        "[^2]: Paret, Der Koran, 2010, 1834.\n"
        "[^3]: Sven Lindqvist, zuerst 1978, deutsch 1989: Grabe wo du stehst, Bonn 1989.\n",
        encoding="utf-8",
    )
    first, second, third = scan(md).citations
    assert first.reference is not None and first.locator is None
    assert second.locator is not None and second.locator.pages == (1834,)
    assert third.reference is not None and third.locator is None


def test_a_passage_quoted_in_two_blocks_is_cited_at_the_end_of_the_last(
    tmp_path: Path,
) -> None:
    md = tmp_path / "thinking.md"
    md.write_text(
        "He makes an explicit link between thinking and the science of a people:\n\n"
        "> But if there is to be science, and if it is to be *for* us and *through* us,\n"
        "> under what conditions can it then truly exist?\n\n"
        "> Only if we again place ourselves under the power of the *beginning* of our\n"
        "> spiritual-historical being.[^19]\n\n"
        "There is a lot to be said about this declaration.\n\n"
        "> An uncited block of the writer's own, set apart for emphasis in this essay.\n\n"
        "The essay goes on.\n\n"
        "[^19]: Heidegger, *The Self-Assertion of the German University*, pp. 471-2.\n",
        encoding="utf-8",
    )
    cits = scan(md).citations
    assert [(c.locator.value if c.locator else None) for c in cits] == ["471-2", "471-2", None]
    assert cits[0].reference is not None and cits[0].reference == cits[1].reference
    assert cits[2].reference is None


def test_blocks_in_a_row_share_a_citation_four_blocks_back_at_most(tmp_path: Path) -> None:
    lines = [
        f"> Passage number {n} of the long speech, quoted as its own paragraph.\n\n"
        for n in ("one", "two", "three", "four", "five", "six")
    ]
    md = tmp_path / "speech.md"
    md.write_text(
        "The speech goes on for pages.\n\n"
        + "".join(lines)
        + "> The last passage of the long speech, with its note.[^1]\n\n"
        "The essay goes on.\n\n[^1]: Smith, *The Speech*, p. 12.\n",
        encoding="utf-8",
    )
    pages = [c.locator.value if c.locator else None for c in scan(md).citations]
    assert pages == [None, None, "12", "12", "12", "12", "12"]


def test_short_notes_read_each_earlier_note_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from quote_tui.manuscripts import shortnotes

    calls = 0
    real = shortnotes.note_title

    def counted(*args: object, **kwargs: object) -> str | None:
        nonlocal calls
        calls += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(shortnotes, "note_title", counted)
    shortnotes._title.cache_clear()
    n = 300
    md = tmp_path / "notes.md"
    md.write_text(
        " ".join(f'She says "the world is a heap of things number {i}."[^{i}]' for i in range(n))
        + "\n\n"
        + "\n".join(f"[^{i}]: Arendt, *Human Condition of Things*, {i + 1}." for i in range(n))
        + "\n",
        encoding="utf-8",
    )
    assert len(scan(md).citations) == n
    assert calls <= 2 * n  # once per note, not once per note for every note after it
