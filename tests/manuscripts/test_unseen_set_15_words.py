"""Words and phrases a chapter takes from the work it reads, taught by the fifteenth held-out
set (two Word chapters of an edited philosophy volume, on Rawls and on Heidegger, citing in
notes): a word someone characterizes as, words listed right after someone's verb of saying, a
phrase of four to six words someone terms. Lines are retyped from the labelled real chapters;
the .docx files are built with python-docx."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts import wordxml as wx
from tests.manuscripts.helpers import quotes_found

_RAWLS = "Rawls, A Theory of Justice, {}."


def _chapter(tmp_path: Path, paragraphs: list[list[object]], notes: list[str]) -> Path:
    """A Word chapter of ``paragraphs`` (text and note marks) with ``notes`` as its footnotes."""
    document = wx.new_document()
    document.add_paragraph("John Rawls and the Original Position")
    for parts in paragraphs:
        wx.add_paragraph(document, parts)  # type: ignore[arg-type]
    path = tmp_path / "chapter.docx"
    document.save(str(path))
    wx.add_footnotes_part(path, wx.footnotes_xml({i: [n] for i, n in enumerate(notes, 1)}))
    return path


def test_a_word_someone_characterizes_as_is_theirs(tmp_path: Path) -> None:
    path = _chapter(
        tmp_path,
        [
            [
                "Rawls delineates several conditions that require consent. Among these include "
                "what he characterizes as a “priority” problem, the issue being how to determine "
                "which principles are the most foundational.",
                wx.footnote_ref(1),
                " Our “ranking” of them is another matter.",
            ]
        ],
        [_RAWLS.format(40)],
    )
    # The writer's own scare quote in the next sentence stays out.
    assert set(quotes_found(path)) == {"priority"}


def test_words_listed_right_after_someones_verb_of_saying_are_theirs(tmp_path: Path) -> None:
    path = _chapter(
        tmp_path,
        [
            [
                "The deeper assumptions at play are that the interest of individuals are "
                "connected (Rawls says they are “chain connected” and “close knit”) such that "
                "everyone rises or falls together.",
                wx.footnote_ref(1),
            ],
            [
                "Critics sort theories into “contract views”, “rights views” and “welfare "
                "views” for convenience."
            ],
        ],
        [_RAWLS.format(80)],
    )
    # Labels the writer lists, no one named saying them, stay out.
    assert set(quotes_found(path)) == {"chain connected", "close knit"}


def test_a_phrase_of_four_words_someone_terms_is_theirs(tmp_path: Path) -> None:
    path = _chapter(
        tmp_path,
        [
            [
                "Other reasons are derivative from the constraints of right.",
                wx.footnote_ref(1),
                " One such reason is that the principles address what Rawls terms “the strains "
                "of commitment,” or the idea that individuals will not assent to an outcome the "
                "results of which are unacceptable. Rawls prefers “a fair and open deal” here.",
            ]
        ],
        [_RAWLS.format(176)],
    )
    # Four words in marks with no one named giving them stay the writer's own.
    assert set(quotes_found(path)) == {"the strains of commitment,"}


def test_a_word_its_citation_key_repeats_is_not_used_again(tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@online{faz_offenbarungseid_2025,\n  author = {Mihm, Andreas},\n"
        "  title = {Offenbarungseid},\n  year = {2025}\n}\n",
        encoding="utf-8",
    )
    tex = tmp_path / "kapitel.tex"
    tex.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "Mithin wird die Rohstoffpolitik der EU als ein \\glqq Offenbarungseid\\grqq{} "
        "bezeichnet, da zwar Rohstoffprojekte identifiziert würden, aber kein Investment "
        "damit verbunden sei.\\autocite{faz_offenbarungseid_2025}\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    assert set(quotes_found(tex, bib)) == {"Offenbarungseid"}


def _commentary(tmp_path: Path, authors: list[str]) -> Path:
    """A chapter quoting in eight noted paragraphs the works of ``authors`` (one per note, in
    turn), then borrowing phrases without a note in two paragraphs, one naming Heidegger."""
    document = wx.new_document()
    document.add_paragraph("Heidegger on State Authority")
    notes = []
    for i in range(1, 9):
        author = authors[(i - 1) % len(authors)]
        wx.add_paragraph(
            document,
            [
                f"In lecture {i}, {author} says the state is “the way of Being of a people "
                f"in its {i}th sense of history.”",
                wx.footnote_ref(i),
            ],
        )
        notes.append(f"{author}, Nature, History, State, p. {20 + i}.")
    wx.add_paragraph(
        document,
        [
            "It is a “historically fateful decision” that legitimizes this existence, by "
            "enacting a clarification on the original, “essential connection” between people "
            "and state. This is a necessary connection Heidegger pleads."
        ],
    )
    wx.add_paragraph(
        document,
        ["Liberal critics will find such talk a “dangerous overreach” of political theory."],
    )
    wx.add_paragraph(
        document,
        [
            "Liberalism causes the “ruination and decline” of a people, and "
            "politics depends on the “personal genius” of a legislator. Without Being we cannot "
            "tell whether we are in “ruination and decline.” And the personal genius of a "
            "legislator brings about this myth, Heidegger holds."
        ],
    )
    path = tmp_path / "chapter.docx"
    document.save(str(path))
    wx.add_footnotes_part(path, wx.footnotes_xml({i: [n] for i, n in enumerate(notes, 1)}))
    return path


def test_a_commentarys_phrases_in_a_paragraph_naming_its_author_are_the_works(
    tmp_path: Path,
) -> None:
    found = set(quotes_found(_commentary(tmp_path, ["Heidegger"])))
    # A phrase said twice, in marks both times, is the work's; one the writer says again
    # plainly is the writer's term, and the paragraph that names no one keeps its phrase.
    assert {
        "historically fateful decision",
        "essential connection",
        "ruination and decline",
        "ruination and decline.",
    } <= found
    assert not {"dangerous overreach", "personal genius"} & found


def test_phrases_stay_out_when_the_notes_cite_many_authors(tmp_path: Path) -> None:
    found = set(quotes_found(_commentary(tmp_path, ["Heidegger", "Schmitt", "Arendt"])))
    assert not {"historically fateful decision", "essential connection"} & found


def test_a_saying_named_as_someones_mantra_is_theirs(tmp_path: Path) -> None:
    tex = tmp_path / "aufklaerung.tex"
    tex.write_text(
        "\\documentclass{article}\n\\usepackage{csquotes}\n\\begin{document}\n"
        "Doch sein Lehrer, der Philosoph Dr. Pangloss, hält stur an seinem Mantra fest: "
        "\\enquote{Alles ist zum Besten bestellt.} Pangloss symbolisiert die Blindheit.\n\n"
        "Das Mantra vieler Ratgeber, \\enquote{alles wird schon gut gehen}, hilft hier wenig.\n"
        "Siehe \\cite{voltaire}.\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@book{voltaire,\n  author = {Voltaire},\n  title = {Candide},\n  year = {1759}\n}\n",
        encoding="utf-8",
    )
    # A mantra no one is named owning stays the writer's mention.
    assert set(quotes_found(tex, bib)) == {"Alles ist zum Besten bestellt."}


def test_one_word_in_what_someone_named_argues_or_notes_is_theirs(tmp_path: Path) -> None:
    path = _chapter(
        tmp_path,
        [
            [
                "Part of Dworkin’s target is the hypothetical nature of the original position.",
                wx.footnote_ref(1),
                " As Dworkin notes, there are the interests individuals actually have and there "
                "are “antecedent” interests that are attributed to them. Hayot argues elsewhere "
                "that the “ultimate” reason for the configuration of modernist studies is "
                "“Eurochronology,” that is, a developmental understanding of cultural history.",
            ],
            [
                "Rawls argues that while anyone can “enter” the original position, the "
                "perspective to be taken is that of the least advantaged. The “really” hard "
                "case is left open."
            ],
        ],
        ["Ronald Dworkin, Taking Rights Seriously, 151."],
    )
    # A verb set off after a modal is the writer's; a word in a sentence reporting no one too.
    assert set(quotes_found(path)) == {"antecedent", "ultimate", "Eurochronology,"}


def test_words_presented_as_terms_like_these_are_mentions(tmp_path: Path) -> None:
    path = tmp_path / "paper.md"
    path.write_text(
        "Scholars might have turned to other organizing terms: either rivals, like "
        '"avant-garde," or, just possibly, more neutral terms like "early twentieth-century." '
        'Scott called it "the politics and aesthetics of gender" [@scott1990, 16].\n',
        encoding="utf-8",
    )
    assert set(quotes_found(path)) == {"the politics and aesthetics of gender"}
