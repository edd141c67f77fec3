"""What the sixteenth held-out set's first run took for quotations and a careful reader does
not, and one it missed: a document's title opened by its kind, a phrase the writer says plainly
in the text it annotates, a term the writer says they use, a term whose note only compares
("Vgl."), and words a relative clause gives to someone ("whose repeated statement"). Lines are
retyped from the labelled real manuscripts; the .docx files are built with python-docx."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts import wordxml as wx
from tests.manuscripts.helpers import quotes_found


def _docx(tmp_path: Path, paragraphs: list[list[object]], notes: list[str]) -> Path:
    document = wx.new_document()
    for parts in paragraphs:
        wx.add_paragraph(document, parts)  # type: ignore[arg-type]
    path = tmp_path / "arbeit.docx"
    document.save(str(path))
    if notes:
        wx.add_footnotes_part(path, wx.footnotes_xml({i: [n] for i, n in enumerate(notes, 1)}))
    return path


def test_a_documents_title_opened_by_its_kind_is_a_title(tmp_path: Path) -> None:
    path = tmp_path / "einleitung.md"
    path.write_text(
        "Nach Abschluss der 91. GMK im März 2018 wurde als einstimmiger Beschluss der "
        "Ministerinnen und Minister das „Leitbild eines modernen Öffentlichen "
        "Gesundheitsdienstes - Zuständigkeiten. Ziele. Zukunft.” vorgestellt [REF]. "
        "Die Ärzteordnung sagt: „Der Arzt dient der Gesundheit des einzelnen Menschen und des "
        "gesamten Volkes“ (BÄO, § 1).\n",
        encoding="utf-8",
    )
    assert set(quotes_found(path)) == {
        "Der Arzt dient der Gesundheit des einzelnen Menschen und des gesamten Volkes"
    }


def test_a_phrase_the_writer_says_plainly_in_the_text_its_note_annotates_is_theirs(
    tmp_path: Path,
) -> None:
    (tmp_path / "refs.bib").write_text(
        "@book{Sartre,\n  author = {Sartre, Jean-Paul},\n  title = {Being and Nothingness},\n"
        "  year = {1943}\n}\n",
        encoding="utf-8",
    )
    tex = tmp_path / "contingency.tex"
    tex.write_text(
        "\\documentclass{article}\n\\usepackage{csquotes}\n\\begin{document}\n"
        "Being contingent in the hands of the Other is the source of our existential terror. "
        "However, it is also the source of an intoxicating possibility.\\footnote{Sartre "
        "explores this \\enquote{intoxicating possibility} through a rather novel treatment "
        "of seduction, in \\autocite[492]{Sartre}.} It is the possibility of becoming "
        "\\textcquote[734]{Sartre}{as a for-itself a being that is what it is.}\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    found = set(quotes_found(tex, tmp_path / "refs.bib"))
    assert found == {"as a for-itself a being that is what it is."}


def test_a_term_the_writer_says_they_use_and_its_definition_are_theirs(tmp_path: Path) -> None:
    path = _docx(
        tmp_path,
        [
            [
                "“Artificial Emotions” is a term I use to describe when either you are “faking "
                "your emotions that you display to others” (ex: Crocodile Tears), or when you "
                "are not sure if how you feel is actually genuine or not."
            ],
            [
                "Oliver writes that we should “let the soft animal of your body love what it "
                "loves” (Oliver, 1986)."
            ],
        ],
        [],
    )
    assert set(quotes_found(path)) == {"let the soft animal of your body love what it loves"}


def test_words_a_relative_clause_gives_to_someone_are_theirs(tmp_path: Path) -> None:
    path = _docx(
        tmp_path,
        [
            [
                '"Bartleby the Scrivener" by Herman Melville introduces us to Bartleby, whose '
                'repeated statement "I would prefer not to" can be seen as not just '
                "disengagement from work but also from an emotional connection. (Melville, "
                "1856)."
            ]
        ],
        [],
    )
    assert set(quotes_found(path)) == {"I would prefer not to"}


def test_a_term_whose_note_only_compares_is_a_term(tmp_path: Path) -> None:
    path = _docx(
        tmp_path,
        [
            [
                "Inkremente gelten als fertig, wenn sie die „Definition of done“ erfüllen. Dies "
                "umfasst auch eine gemeinsame Auffassung von der „Definition of done“.",
                wx.footnote_ref(1),
                " Das Team arbeitet in „kurzen Iterationen“",
                wx.footnote_ref(2),
                " und liefert Inkremente.",
            ]
        ],
        [
            "Vgl. Schwaber, K., Sutherland, J., Scrum, 2017, S. 5.",
            "Schwaber, K., Sutherland, J., Scrum, 2017, S. 9.",
        ],
    )
    # A note that places the words without "Vgl." still makes them the work's.
    assert set(quotes_found(path)) == {"kurzen Iterationen"}


def _sartre(tmp_path: Path, body: str) -> set[str]:
    (tmp_path / "refs.bib").write_text(
        "@book{Sartre,\n  author = {Sartre, Jean-Paul},\n  title = {Being and Nothingness},\n"
        "  year = {1943}\n}\n",
        encoding="utf-8",
    )
    tex = tmp_path / "essay.tex"
    tex.write_text(
        "\\documentclass{article}\n\\usepackage{csquotes}\n\\begin{document}\n"
        + body
        + "\n\\end{document}\n",
        encoding="utf-8",
    )
    return set(quotes_found(tex, tmp_path / "refs.bib"))


def test_a_phrase_of_a_cited_csquotes_quotation_said_again_is_the_sources(
    tmp_path: Path,
) -> None:
    found = _sartre(
        tmp_path,
        "Sartre distinguishes anguish from fear. \\textcquote[66]{Sartre}{Anguish is "
        "distinguished from fear by the fact that fear is fear of beings in the world, and "
        "anguish is anguish before myself.} It is this reflective nature, of an "
        "\\enquote{anguish before myself,} that holds the key. We call it an "
        "\\enquote{inward turn} here.",
    )
    assert "anguish before myself," in found
    assert "inward turn" not in found


def test_one_word_pointed_back_at_in_the_quotation_before_is_the_sources(
    tmp_path: Path,
) -> None:
    found = _sartre(
        tmp_path,
        "The project of love begins with the look. \\textcquote[481]{Sartre}{the Other "
        "looks at me, and in doing so, he holds the secret of my being, he knows what I am.} "
        "With this, we begin our attempt to retrieve this \\enquote*{secret}. Love is a "
        "\\enquote{game} of sorts.",
    )
    assert "secret" in found
    assert "game" not in found


def test_an_epigraph_in_bold_with_its_author_below_is_a_quotation(tmp_path: Path) -> None:
    path = tmp_path / "einleitung.md"
    path.write_text(
        "# **Der Öffentliche Gesundheitsdienst**\n\n"
        "**Gesundheit ist nicht alles, aber ohne Gesundheit ist alles nichts.**\n\n"
        "(Arthur Schopenhauer)\n\n"
        "**Ein Überblick**\n\n"
        "(Stand Mai)\n\n"
        "Der ÖGD ist die dritte Säule des Gesundheitswesens.\n",
        encoding="utf-8",
    )
    # A bold heading that is no sentence stays a heading, whatever follows it.
    assert set(quotes_found(path)) == {
        "Gesundheit ist nicht alles, aber ohne Gesundheit ist alles nichts."
    }
