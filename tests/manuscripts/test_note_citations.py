"""Citations where humanities writers put them: in notes (Word footnotes, the linked notes of
Word's and other converters' exports in Markdown, Pandoc notes, LaTeX \\footnote), typed as
"Arendt (1998), 185.", "Arendt, *On Violence*, 80.", "Ibid., 84." or "Vgl. Arendt 2002, S. 185."
against a typed bibliography. Each test retypes the lines of a real manuscript that showed the
rule (an essay converted from Word, a German design thesis)."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.model import ScanResult
from quote_tui.manuscripts.refs import Mention
from tests.manuscripts import wordxml as wx

_ACTION = "a story of action and deeds rather than of trends and forces or ideas"
_IRREVERSIBLE = "irreversible, and a return to the status quo is always unlikely"
_SUFFERER = "the actor and the sufferer as two sides of one and the same deed"
_MOTIVE = "must be free from motive on one side, and from its intended goal on the other"
_PARADIGM = "without any plan or paradigm of its own making"

# Each quotation's note, in order, and what it must resolve to.
_NOTES = [
    "Arendt (1998), 185.",
    "Arendt, *On Violence*, 80.",
    "Ibid., 84.",
    "Arendt (1954), 151, emphasis added.",
    "Arendt, Hannah. *Responsibility and Judgment.* (New York: Schocken, 2005).",
]
_WANT = {
    _ACTION: ("Arendt 1998", "185"),
    _IRREVERSIBLE: ("Arendt 1970", "80"),
    _SUFFERER: ("Arendt 1970", "84"),
    _MOTIVE: ("Arendt 1954", "151"),
    _PARADIGM: ("Arendt 2005", None),
}
_BIBLIOGRAPHY = [
    "Arendt, Hannah. *Between Past and Future.* (New York: Penguin Books, 1954).",
    "Arendt, Hannah. *On Violence.* (New York: Mariner Books, 1970).",
    "Arendt, Hannah*. The Human Condition.* (Chicago: University of Chicago Press, 1998).",
    "Arendt, Hannah. *Responsibility and Judgment.* (New York: Schocken, 2005).",
]


def _sentences(mark: list[str]) -> str:
    return (
        f"History itself, she writes, is “{_ACTION}.”{mark[0]} Action is “{_IRREVERSIBLE}.”"
        f"{mark[1]} Action needs “{_SUFFERER}.”{mark[2]} Because action is unpredictable, it "
        f"“{_MOTIVE}.”{mark[3]} It changes the world “{_PARADIGM}” in most cases. {mark[4]}"
    )


def _got(result: ScanResult) -> dict[str, tuple[str | None, str | None]]:
    return {
        c.quote.rstrip("."): (
            c.reference.key if c.reference else None,
            c.locator.value if c.locator else None,
        )
        for c in result.citations
    }


def test_a_word_exports_linked_notes_in_markdown_cite_the_typed_bibliography(
    tmp_path: Path,
) -> None:
    # Word's web-page export, carried into Markdown: the mark links to the note, the note
    # opens with the link back, inside the export's <div>; the heading is bold and underlined.
    marks = [f"[\\[{n}\\]](#_ftn{n})" for n in range(1, 6)]
    notes = "\n\n</div>".join(
        f'<div id="ftn{n}">[\\[{n}\\]](#_ftnref{n}){text}' for n, text in enumerate(_NOTES, 1)
    )
    path = tmp_path / "essay.md"
    path.write_text(
        "*<u>Action</u>*\n\n "
        + _sentences(marks)
        + "\n\n***<u>Bibliography</u>***\n\n "
        + "\n\n ".join(_BIBLIOGRAPHY)
        + "\n\n<div>\n\n---\n\n"
        + notes
        + "\n\n</div>\n",
        encoding="utf-8",
    )
    result = scan(path)
    assert _got(result) == _WANT
    # the works are the list's, and no message says the list lacks them
    assert all(s.unavailable is None or s.unavailable.code == "no_source" for s in result.sources)


def test_other_converters_linked_notes_are_notes_too(tmp_path: Path) -> None:
    # Mammoth: [[1]](#footnote-1), notes a list of anchored items ending in a link back;
    # a bold mark [**[2]**](#_ftn2); an unescaped [[3]](#_ftn3)
    path = tmp_path / "essay.md"
    path.write_text(
        f"History itself, she writes, is “{_ACTION}.”[[1]](#footnote-1) Action is "
        f"“{_IRREVERSIBLE}.”[**[2]**](#_ftn2) Action needs “{_SUFFERER}.”[[3]](#_ftn3)\n\n"
        '1. <a id="footnote-1"></a> Arendt (1998), 185. [↑](#footnote-ref-1)\n\n'
        "[**[2]**](#_ftnref2) Arendt (1970), 80.\n\n"
        "[[3]](#_ftnref3) Arendt (1970), 84.\n",
        encoding="utf-8",
    )
    got = {q: (key.split()[-1] if key else None, loc) for q, (key, loc) in _got(scan(path)).items()}
    assert got == {
        _ACTION: ("1998", "185"),
        _IRREVERSIBLE: ("1970", "80"),
        _SUFFERER: ("1970", "84"),
    }


def test_google_docs_and_libreoffice_linked_notes_are_notes_too(tmp_path: Path) -> None:
    # Google Docs: [\[1\]](#ftnt1){#ftnt_ref1}, the note [\[1\]](#ftnt_ref1){#ftnt1}; LibreOffice:
    # [^2^](#sdfootnote2sym){.sdfootnoteanc}, the note [2](#sdfootnote2anc){.sdfootnotesym}
    path = tmp_path / "essay.md"
    path.write_text(
        f"History itself, she writes, is “{_ACTION}.”[\\[1\\]](#ftnt1){{#ftnt_ref1}} Action is "
        f"“{_IRREVERSIBLE}.”[^2^](#sdfootnote2sym){{.sdfootnoteanc}}\n\n"
        "[\\[1\\]](#ftnt_ref1){#ftnt1} Arendt (1998), 185.\n\n"
        "[2](#sdfootnote2anc){.sdfootnotesym}Arendt (1970), 80.\n",
        encoding="utf-8",
    )
    got = {q: (key.split()[-1] if key else None, loc) for q, (key, loc) in _got(scan(path)).items()}
    assert got == {_ACTION: ("1998", "185"), _IRREVERSIBLE: ("1970", "80")}


def test_pandoc_notes_cite_the_typed_bibliography(tmp_path: Path) -> None:
    marks = [f"[^{n}]" for n in range(1, 6)]
    path = tmp_path / "essay.md"
    path.write_text(
        "# Action\n\n"
        + _sentences(marks)
        + "\n\n# Bibliography\n\n"
        + "\n\n".join(_BIBLIOGRAPHY)
        + "\n\n"
        + "\n".join(f"[^{n}]: {text}" for n, text in enumerate(_NOTES, 1))
        + "\n",
        encoding="utf-8",
    )
    assert _got(scan(path)) == _WANT


def _latex(text: str) -> str:
    return text.replace("*", "").replace("“", "``").replace("”", "''")


def test_latex_footnotes_cite_the_typed_bibliography(tmp_path: Path) -> None:
    marks = [
        "\\footnote{" + _latex(note).replace("On Violence", "\\emph{On Violence}") + "}"
        for note in _NOTES
    ]
    body = _latex(_sentences(marks))
    path = tmp_path / "essay.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        + body
        + "\n\n\\section*{Bibliography}\n\n"
        + "\n\n".join(_latex(entry) for entry in _BIBLIOGRAPHY)
        + "\n\\end{document}\n",
        encoding="utf-8",
    )
    assert _got(scan(path)) == _WANT


def test_word_footnotes_typed_in_prose_cite_the_typed_bibliography(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            f"History itself, she writes, is “{_ACTION}.”",
            wx.footnote_ref(1),
            f" Action is “{_IRREVERSIBLE}.”",
            wx.footnote_ref(2),
            f" Action needs “{_SUFFERER}.”",
            wx.footnote_ref(3),
            f" Because action is unpredictable, it “{_MOTIVE}.”",
            wx.footnote_ref(4),
            f" It changes the world “{_PARADIGM}” in most cases.",
            wx.footnote_ref(5),
        ],
    )
    d.add_heading("Bibliography", level=1)
    for entry in _BIBLIOGRAPHY:
        wx.add_paragraph(d, [entry.replace("*", "")])
    d.save(str(path))
    notes = {n: [text.replace("*", "")] for n, text in enumerate(_NOTES, 1)}
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))  # type: ignore[arg-type]
    assert _got(scan(path)) == _WANT


_GERMAN = {
    "eine Geschichte von Taten und nicht von Kräften und Ideen": (
        "Vgl. Arendt 2002, S. 185.",
        ("Arendt 2002", "185"),
    ),
    "das Handeln ist unumkehrbar und eine Rückkehr ist unwahrscheinlich": (
        "Ebd., S. 190.",
        ("Arendt 2002", "190"),
    ),
    "der Mensch ist ein auf Mitmenschen angewiesenes Wesen": ("Ebd.", ("Arendt 2002", "190")),
    "die Macht entsteht zwischen Menschen, wenn sie zusammen handeln": (
        "Arendt, Vita activa, S. 194f.",
        ("Arendt 2002", "194f."),
    ),
    "ein Satz mit einem ganz anderen Inhalt als zuvor": (
        "Arendt: Vita activa, a.a.O., S. 12.",
        ("Arendt 2002", "12"),
    ),
    "Wahrheit und Politik stehen auf ziemlich schlechtem Fuß miteinander": (
        "Hannah Arendt, Wahrheit und Lüge in der Politik (München: Piper, 1972), S. 44.",
        ("Arendt 1972", "44"),
    ),
    "das Böse ist niemals radikal, nur extrem": ("Müller/Arendt 1964: 33.", ("Müller 1964", "33")),
    # an older spelling, after "Vgl." as the notes of a German thesis write it
    "daß das Große im Kleinen enthalten ist und umgekehrt": (
        "Vgl. ebda. S.11.",
        ("Müller 1964", "11"),
    ),
}
_GERMAN_LIST = [
    "Arendt, Hannah: Vita activa oder Vom tätigen Leben. München: Piper, 2002.",
    "Arendt, Hannah: Wahrheit und Lüge in der Politik. München: Piper, 1972.",
    "Müller, Eva/Arendt, Hannah (Hrsg.): Eichmann in Jerusalem. München: Piper, 1964.",
]


def test_german_notes_cite_author_and_year_without_parentheses_and_say_ebd(
    tmp_path: Path,
) -> None:
    # "Vgl. Arendt 2002, S. 185.", "Ebd.", "a.a.O.", a title after the name, a full note; the
    # list writes "Name, Vorname: Titel. Ort: Verlag, Jahr."
    text = " ".join(f"Sie schreibt „{q}“.[^{n}]" for n, q in enumerate(_GERMAN, 1))
    notes = "\n".join(f"[^{n}]: {note}" for n, (note, _) in enumerate(_GERMAN.values(), 1))
    path = tmp_path / "arbeit.md"
    path.write_text(
        text + "\n\n# Literatur\n\n" + "\n\n".join(_GERMAN_LIST) + "\n\n" + notes + "\n",
        encoding="utf-8",
    )
    assert _got(scan(path)) == {q: want for q, (_, want) in _GERMAN.items()}


def test_german_word_footnotes_cite_the_same_way(tmp_path: Path) -> None:
    path = tmp_path / "arbeit.docx"
    d = wx.new_document()
    parts: list[object] = []
    for n, quote in enumerate(_GERMAN, 1):
        parts += [f"Sie schreibt „{quote}“.", wx.footnote_ref(n), " "]
    wx.add_paragraph(d, parts)  # type: ignore[arg-type]
    d.add_heading("Literaturverzeichnis", level=1)
    for entry in _GERMAN_LIST:
        wx.add_paragraph(d, [entry])
    d.save(str(path))
    notes = {n: [note] for n, (note, _) in enumerate(_GERMAN.values(), 1)}
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))  # type: ignore[arg-type]
    assert _got(scan(path)) == {q: want for q, (_, want) in _GERMAN.items()}


def test_a_citation_in_a_latex_note_is_no_citation_of_the_sentences_after_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "essay.tex"
    path.write_text(
        "History is ``a story of action and deeds rather than of trends and forces.''"
        "\\footnote{Arendt (1998), 185.} Later she writes that ``power springs up between men "
        "when they act together and vanishes the moment they disperse.''\n",
        encoding="utf-8",
    )
    got = _got(scan(path))
    assert got["a story of action and deeds rather than of trends and forces"] == (
        "Arendt 1998",
        "185",
    )
    assert got[
        "power springs up between men when they act together and vanishes the moment they disperse"
    ] == (None, None)


_BIB = """@book{robinson2001, author = {Robinson, Frank}, title = {A Proven Methodology},
  year = {2001}}
@book{MusZit, author = {Mustermann, Max}, title = {Zitate}, year = {2020}}
@book{MusBlock, author = {Mustermann, Max}, title = {Blockzitate}, year = {2021}}
"""


def test_a_note_that_names_no_work_leaves_the_quotation_the_citation_after_its_mark(
    tmp_path: Path,
) -> None:
    path = tmp_path / "thesis.md"
    path.write_text(
        "Der Begriff wurde von Frank Robinson als “[…] unique product that maximizes return on "
        "risk for both the vendor and the customer” [^6] [@robinson2001, S. 4] definiert.\n\n"
        "[^6]: Übersetzung: einzigartiges Produkt, das den Ertrag auf das Risiko maximiert.\n",
        encoding="utf-8",
    )
    bib = tmp_path / "refs.bib"
    bib.write_text(_BIB, encoding="utf-8")
    assert _got(scan(path, bib=[bib])) == {
        "[…] unique product that maximizes return on risk for both the vendor and the customer": (
            "robinson2001",
            "4",
        )
    }


def test_chicago_short_notes_without_italics_are_the_full_note_before(tmp_path: Path) -> None:
    # no list: the full note names the work once, the short one after it by author and title
    # words; two works of one author stay two sources
    path = tmp_path / "essay.md"
    path.write_text(
        f"She calls it “{_ACTION}.”[^1] Action is “{_IRREVERSIBLE}.”[^2] Action needs "
        f"“{_SUFFERER}.”[^3]\n\n"
        "[^1]: Hannah Arendt, The Human Condition (Chicago: University of Chicago Press, "
        "1958), 185.\n"
        "[^2]: Hannah Arendt, On Violence (New York: Harcourt, 1970), 80.\n"
        "[^3]: Arendt, Human Condition, 190.\n",
        encoding="utf-8",
    )
    result = scan(path)
    by_quote = {c.quote.rstrip("."): c for c in result.citations}
    first, second, short = (by_quote[q] for q in (_ACTION, _IRREVERSIBLE, _SUFFERER))
    assert short.source == first.source != second.source
    assert short.locator is not None and short.locator.value == "190"
    assert short.reference is not None and "1958" in short.reference.raw


_INSIDE = {
    "eine Geschichte von Taten und nicht von Kräften und Ideen": ("Arendt 2002", "185"),
    "das Handeln ist unumkehrbar und eine Rückkehr ist unwahrscheinlich.": ("Arendt 2002", "190"),
}
_VITA = "Arendt, Hannah: Vita activa oder Vom tätigen Leben. München: Piper, 2002."


def _inside(result: ScanResult) -> dict[str, tuple[str | None, str | None]]:
    return {
        c.quote: (c.reference.key if c.reference else None, c.locator.value if c.locator else None)
        for c in result.citations
    }


def test_a_note_mark_inside_the_closing_mark_is_the_quotations_note_in_markdown(
    tmp_path: Path,
) -> None:
    path = tmp_path / "arbeit.md"
    path.write_text(
        "Sie nennt es „eine Geschichte von Taten und nicht von Kräften und Ideen[^1]“. Weiter "
        "heißt es, „das Handeln ist unumkehrbar und eine Rückkehr ist unwahrscheinlich.[^2]“ "
        f"Und so fort.\n\n# Literatur\n\n{_VITA}\n\n"
        "[^1]: Arendt 2002, S. 185.\n[^2]: Ebd., S. 190.\n",
        encoding="utf-8",
    )
    assert _inside(scan(path)) == _INSIDE


def test_a_note_inside_an_enquote_is_the_quotations_note_in_latex(tmp_path: Path) -> None:
    path = tmp_path / "arbeit.tex"
    path.write_text(
        "Sie nennt es \\enquote{eine Geschichte von Taten und nicht von Kräften und Ideen"
        "\\footnote{Arendt 2002, S. 185.}}. Weiter heißt es, \\enquote{das Handeln ist "
        "unumkehrbar und eine Rückkehr ist unwahrscheinlich.\\footnote{Ebd., S. 190.}} Und so "
        f"fort.\n\n\\section*{{Literatur}}\n\n{_VITA}\n",
        encoding="utf-8",
    )
    assert _inside(scan(path)) == _INSIDE


def test_a_word_footnote_inside_the_closing_mark_is_the_quotations_note(tmp_path: Path) -> None:
    path = tmp_path / "arbeit.docx"
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "Sie nennt es „eine Geschichte von Taten und nicht von Kräften und Ideen",
            wx.footnote_ref(1),
            "“. Weiter heißt es, „das Handeln ist unumkehrbar und eine Rückkehr ist "
            "unwahrscheinlich.",
            wx.footnote_ref(2),
            "“ Und so fort.",
        ],
    )
    d.add_heading("Literatur", level=1)
    wx.add_paragraph(d, [_VITA])
    d.save(str(path))
    notes = {1: ["Arendt 2002, S. 185."], 2: ["Ebd., S. 190."]}
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))  # type: ignore[arg-type]
    assert _inside(scan(path)) == _INSIDE


def test_a_named_op_cit_is_that_authors_work_cited_last(tmp_path: Path) -> None:
    # "Arendt, a.a.O., S. 190." after a note on another author: Arendt's work, not the note before
    path = tmp_path / "arbeit.md"
    path.write_text(
        "Sie nennt es „eine Geschichte von Taten und nicht von Kräften und Ideen“.[^1] Müller "
        "nennt es „ein Satz mit einem ganz anderen Inhalt als zuvor“.[^2] Und: „das Handeln ist "
        "unumkehrbar und eine Rückkehr ist unwahrscheinlich“.[^3]\n\n# Literatur\n\n"
        + "\n\n".join(_GERMAN_LIST)
        + "\n\n[^1]: Arendt 2002, S. 185.\n[^2]: Müller 1964: 33.\n[^3]: Arendt, a.a.O., S. 190.\n",
        encoding="utf-8",
    )
    assert _got(scan(path)) == {
        "eine Geschichte von Taten und nicht von Kräften und Ideen": ("Arendt 2002", "185"),
        "ein Satz mit einem ganz anderen Inhalt als zuvor": ("Müller 1964", "33"),
        "das Handeln ist unumkehrbar und eine Rückkehr ist unwahrscheinlich": (
            "Arendt 2002",
            "190",
        ),
    }


def test_german_parenthetical_citations_open_with_vgl_and_say_ebd(tmp_path: Path) -> None:
    path = tmp_path / "arbeit.md"
    path.write_text(
        "Sie nennt es „eine Geschichte von Taten und nicht von Kräften und Ideen“ (vgl. Arendt "
        "2002, S. 185). Weiter heißt es, „das Handeln ist unumkehrbar und eine Rückkehr ist "
        "unwahrscheinlich“ (ebd., S. 190). Dann „Wahrheit und Politik stehen auf ziemlich "
        "schlechtem Fuß miteinander“ (Vgl. Arendt 1972, S. 44).\n\n# Literatur\n\n"
        + "\n\n".join(_GERMAN_LIST)
        + "\n",
        encoding="utf-8",
    )
    assert _got(scan(path)) == {
        "eine Geschichte von Taten und nicht von Kräften und Ideen": ("Arendt 2002", "185"),
        "das Handeln ist unumkehrbar und eine Rückkehr ist unwahrscheinlich": (
            "Arendt 2002",
            "190",
        ),
        "Wahrheit und Politik stehen auf ziemlich schlechtem Fuß miteinander": (
            "Arendt 1972",
            "44",
        ),
    }


def test_latex_notes_with_cite_commands_footcite_and_ebd(tmp_path: Path) -> None:
    path = tmp_path / "arbeit.tex"
    path.write_text(
        "Sie nennt es \\enquote{eine Geschichte von Taten und nicht von Kräften und Ideen}."
        "\\footnote{Vgl. \\cite[S.~185]{arendt2002}.} Weiter heißt es, \\enquote{das Handeln "
        "ist unumkehrbar und eine Rückkehr ist unwahrscheinlich}.\\footcite[S.~190]{arendt2002}"
        " Und \\enquote{der Mensch ist ein auf Mitmenschen angewiesenes Wesen}.\\footnote{Ebd., "
        "S.~194.} Dann \\enquote{die Macht entsteht zwischen Menschen, wenn sie handeln}."
        "\\footnote{Vgl. \\cite{arendt2002}, S.~196, hier S.~197.}\n",
        encoding="utf-8",
    )
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@book{arendt2002, author={Arendt, Hannah}, title={Vita activa}, year={2002}}\n",
        encoding="utf-8",
    )
    assert _got(scan(path, bib=[bib])) == {
        "eine Geschichte von Taten und nicht von Kräften und Ideen": ("arendt2002", "185"),
        "das Handeln ist unumkehrbar und eine Rückkehr ist unwahrscheinlich": (
            "arendt2002",
            "190",
        ),
        "der Mensch ist ein auf Mitmenschen angewiesenes Wesen": ("arendt2002", "194"),
        "die Macht entsteht zwischen Menschen, wenn sie handeln": ("arendt2002", "196"),
    }


def test_a_pandoc_note_gives_its_page_after_a_bare_key(tmp_path: Path) -> None:
    path = tmp_path / "arbeit.md"
    path.write_text(
        "Sie nennt es „eine Geschichte von Taten und nicht von Kräften und Ideen“.[^1]\n\n"
        "[^1]: Vgl. @arendt2002, S. 185.\n",
        encoding="utf-8",
    )
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@book{arendt2002, author={Arendt, Hannah}, title={Vita activa}, year={2002}}\n",
        encoding="utf-8",
    )
    assert _got(scan(path, bib=[bib])) == {
        "eine Geschichte von Taten und nicht von Kräften und Ideen": ("arendt2002", "185")
    }


def test_a_rendered_list_in_citeproc_divs_is_read_and_ends_at_no_div(tmp_path: Path) -> None:
    # a Markdown text rendered once by Pandoc: the list sits in <div id="refs">, an entry a div
    path = tmp_path / "paper.md"
    path.write_text(
        'As Lo puts it, "we release a corpus of papers to the public" (Lo et al., 2020, p. 4).\n\n'
        "# References\n\n"
        '<div id="refs" class="references csl-bib-body">\n'
        '<div id="ref-lo2020" class="csl-entry">\n'
        "Lo, K., Wang, L. L., Neumann, M. (2020). S2ORC: The Semantic Scholar Open Research "
        "Corpus. In Proceedings of ACL.\n"
        "</div>\n</div>\n",
        encoding="utf-8",
    )
    result = scan(path)
    assert _got(result) == {"we release a corpus of papers to the public": ("Lo 2020", "4")}
    assert result.sources[0].unavailable is not None
    assert result.sources[0].unavailable.code == "no_source"  # the list holds it


def test_a_notes_citation_is_not_read_as_a_clause_across_the_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Counting the words from each quotation up to its note's citation, at the end of the text,
    # was quadratic in the notes: 3,000 notes took 131 s.
    from quote_tui.manuscripts import attribute as extract_module

    spans: list[int] = []
    real_apart = extract_module._apart

    def counting_apart(text: str, pos: int, mention: Mention) -> bool:
        spans.append(mention.start - pos)
        return real_apart(text, pos, mention)

    monkeypatch.setattr(extract_module, "_apart", counting_apart)
    body = " ".join(
        f"Sie schreibt „eine Geschichte von Taten Nummer {i} und nicht von Kräften“.[^{i}]"
        for i in range(1, 201)
    )
    notes = "\n".join(f"[^{i}]: Vgl. Arendt 2002, S. {i}." for i in range(1, 201))
    path = tmp_path / "arbeit.md"
    path.write_text(body + "\n\n" + notes + "\n", encoding="utf-8")
    assert len(scan(path).citations) == 200
    assert max(spans, default=0) < 1_000


@pytest.mark.parametrize(
    "heading",
    # a thesis numbers its headings by hand, or joins its two lists under one heading
    ["# 7 Literatur", "## VII. Literaturverzeichnis", "Literatur- und Quellenverzeichnis"],
)
def test_a_numbered_or_joined_list_heading_opens_the_list(tmp_path: Path, heading: str) -> None:
    # the list's quoted article title is a reference, not a quotation
    path = tmp_path / "arbeit.md"
    path.write_text(
        "Sie nennt es „eine Geschichte von Taten und nicht von Kräften und Ideen“ (vgl. Arendt "
        f"2002, S. 185).\n\n{heading}\n\n{_GERMAN_LIST[0]}\n\n"
        "Müller, Eva: „Die Frage nach dem Sinn der Politik heute“. In: Zeitschrift 3 (1999), "
        "S. 1–20.\n",
        encoding="utf-8",
    )
    assert _got(scan(path)) == {
        "eine Geschichte von Taten und nicht von Kräften und Ideen": ("Arendt 2002", "185")
    }
