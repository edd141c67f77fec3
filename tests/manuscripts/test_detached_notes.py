"""Notes whose text stands apart from their mark: LaTeX's \\footnotemark with a \\footnotetext
or with a list of notes typed at the end, and a note that gives a page and no work."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan

_BIB = (
    "@book{orwell1949, title = {Nineteen Eighty-Four}, author = {Orwell, George}, year = 1949}\n"
    "@book{huxley1932, title = {Brave New World}, author = {Huxley, Aldous}, year = 1932}\n"
)


def _cited(tmp_path: Path, body: str, name: str = "essay.tex") -> dict[str, tuple]:
    (tmp_path / "refs.bib").write_text(_BIB, encoding="utf-8")
    path = tmp_path / name
    if name.endswith(".tex"):
        body = f"\\documentclass{{article}}\\begin{{document}}\n{body}\n\\end{{document}}\n"
    path.write_text(body, encoding="utf-8")
    result = scan(path, bib=[tmp_path / "refs.bib"])
    return {
        c.quote[:24]: (
            c.reference.key if c.reference else None,
            c.locator.value if c.locator else None,
        )
        for c in result.citations
    }


def test_footnotemarks_take_the_notes_typed_in_a_list_at_the_end(tmp_path: Path) -> None:
    body = (
        "The novel opens plainly.\n"
        "``It was a bright cold day in April, and the clocks were striking thirteen.''"
        "\\footnotemark\nLater the tone darkens.\n"
        "``Who controls the past controls the future, who controls the present controls"
        " the past.''\\footnotemark\n\n"
        "\\begin{center}\nNotes:\n\\end{center}\n\n"
        "1. Page 1\n\n2. Pages 34-35\n"
    )
    assert _cited(tmp_path, body) == {
        "It was a bright cold day": (None, "1"),
        "Who controls the past co": (None, "34-35"),
    }


def test_a_footnotetext_is_the_note_of_its_mark_by_latex_counting(tmp_path: Path) -> None:
    # Two marks in a row, their texts after: the counter is set back, then stepped per text.
    body = (
        "Both books warn of it: ``the clocks were striking thirteen on that cold day''"
        "\\footnotemark{} and ``community, identity, stability as the planetary motto''"
        "\\footnotemark.\n"
        "\\addtocounter{footnote}{-1}\\footnotetext{\\cite[p.~3]{orwell1949}.}\n"
        "\\stepcounter{footnote}\\footnotetext{See \\cite[p.~1]{huxley1932}.}\n"
    )
    assert _cited(tmp_path, body) == {
        "the clocks were striking": ("orwell1949", "3"),
        "community, identity, sta": ("huxley1932", "1"),
    }


def test_an_enumerate_under_a_notes_section_holds_the_marks_notes(tmp_path: Path) -> None:
    body = (
        "Smith opens with ``the clocks were striking thirteen on that cold day''\\footnotemark.\n"
        "A footnote of the usual kind.\\footnote{A remark of the writer's.}\n"
        "Then ``community, identity, stability as the planetary motto''\\footnotemark.\n"
        "\\section*{Notes}\n\\begin{enumerate}\n"
        "\\item Orwell, \\emph{Nineteen Eighty-Four}, 1949, p. 3.\n"
        "\\item A remark of the writer's.\n"
        "\\item Huxley, \\emph{Brave New World}, 1932, p. 7.\n"
        "\\end{enumerate}\n"
    )
    # the note set with \footnote counts too: the second mark is note 3
    assert _cited(tmp_path, body) == {
        "the clocks were striking": ("orwell1949", "3"),
        "community, identity, sta": ("huxley1932", "7"),
    }


def test_a_note_that_gives_only_a_page_names_no_work(tmp_path: Path) -> None:
    body = (
        'The book begins: "It was a bright cold day in April, and the clocks were striking'
        ' thirteen."[^1]\n\n[^1]: p. 1.\n'
    )
    assert _cited(tmp_path, body, "essay.md") == {"It was a bright cold day": (None, "1")}


def test_a_typed_notes_list_before_its_marks_is_not_theirs(tmp_path: Path) -> None:
    body = (
        "\\section*{Notes}\n1. Page 9\n\n"
        "\\section{Text}\n``It was a bright cold day in April, and the clocks were striking"
        " thirteen.''\\footnotemark\n"
    )
    assert _cited(tmp_path, body) == {"It was a bright cold day": (None, None)}


def test_a_numbered_footnotemark_cites_the_footnote_of_that_number_again(tmp_path: Path) -> None:
    """``\\footnotemark[1]`` with no ``\\footnotetext[1]``: the writer marks a second quotation
    from the source of note 1 with that note's number."""
    first = "the history of all hitherto existing society is the history of class struggles"
    second = "the working men have no country, and we cannot take from them what they have not"
    tex = tmp_path / "essay.tex"
    tex.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        f"Marx writes: ``{first}.''\\footnote{{Karl Marx, \\emph{{Manifesto of the Communist "
        "Party}} (London: Burghard, 1848), 14.} Elsewhere he adds a second point. "
        f"He also says ``{second}.''\\footnotemark[1] A third remark follows.\\footnote{{Ibid.}}\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    cited = {c.quote.rstrip("."): c for c in scan(tex).citations}
    ref = cited[second].reference
    assert ref is not None and ref.style == "note"
    assert ref.key == cited[first].reference.key == "Manifesto of the Communist Party"


def test_a_footnotemark_setting_a_remarks_number_again_cites_nothing(tmp_path: Path) -> None:
    """``\\footnotemark[1]`` after a word in marks, note 1 a remark on the word: the word is
    the writer's (a scare quote explained), as it is beside the note itself."""
    tex = tmp_path / "essay.tex"
    tex.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "Deutsche Banken \\enquote{müssen}\\footnote{Rechtlich müssen sie das zwar nicht, aber "
        "ohne diese Anleihen halten sie ihre Quoten kaum.} Anleihen halten. Italienische Banken "
        "hingegen \\enquote{müssen}\\footnotemark[1] italienische Anleihen halten.\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    assert [c.quote for c in scan(tex).citations] == []
