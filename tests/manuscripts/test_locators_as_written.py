"""Every locator as its writer typed it: pages compared, every other kind shown as written."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.locators import parse_locator
from quote_tui.reports.common import locator_text


@pytest.mark.parametrize(
    ("written", "label", "pages", "shown"),
    [
        ("S. 12 f.", "page", (12,), "p. 12 f."),
        ("S. 12ff.", "page", (12,), "p. 12ff."),
        ("pp. 3–4", "page", (3, 4), "pp. 3–4"),
        ("p. xii", "page", (), "p. xii"),
        ("Rn. 5", "paragraph", (), "Rn. 5"),
        ("§ 3", "section", (), "§ 3"),
        ("Abs. 2", "paragraph", (), "Abs. 2"),
        ("col. 4", "column", (), "col. 4"),
        ("fol. 12r", "folio", (), "fol. 12r"),
        ("l. 5", "line", (), "l. 5"),
        ("Z. 12", "line", (), "Z. 12"),
        ("Kap.~4", "chapter", (), "Kap. 4"),  # as printed: the tie is a space
        ("Kap.\\ 4", "chapter", (), "Kap. 4"),
        ("para. 8", "paragraph", (), "para. 8"),
        ("chapter 4", "chapter", (), "chapter 4"),
        ("B37", "A/B", (), "A/B B37"),
        ("§ 3.", "section", (), "§ 3"),
        # APA 7 for a source without pages: the heading the paragraphs count from, then the number
        ("“Webquest” para. 3", "paragraph", (), "“Webquest” para. 3"),
        ('"Innovative Mentoring" section, para. 4', "paragraph", (), None),
        ("Symptoms section, para. 2", "paragraph", (), "Symptoms section, para. 2"),
    ],
)
def test_a_locator_keeps_its_kind_and_is_shown_as_written(
    written: str, label: str, pages: tuple[int, ...], shown: str | None
) -> None:
    loc = parse_locator(written)
    assert loc is not None
    assert (loc.label, loc.pages) == (label, pages)
    assert locator_text(loc.to_dict()) == (shown or written)


def test_a_chapter_cited_in_latex_is_reported_as_written(tmp_path: Path) -> None:
    (tmp_path / "refs.bib").write_text(
        "@book{trilcke2020, title = {Small World}, author = {Trilcke, Peer}, year = 2020}\n",
        encoding="utf-8",
    )
    tex = tmp_path / "a.tex"
    tex.write_text(
        "\\documentclass{article}\\begin{document}\n"
        "Sie sei \\enquote{rein netzwerkanalytisch, wenn nicht algorithmisch inspiriert}"
        " \\autocite[Kap.~4]{trilcke2020}.\n\\end{document}\n",
        encoding="utf-8",
    )
    result = scan(tex, bib=[tmp_path / "refs.bib"])
    (cit,) = result.citations
    assert cit.locator is not None
    # LaTeX's tie is the space it prints, as in a page's value ("p.~4" is page 4)
    assert (cit.locator.label, cit.locator.value) == ("chapter", "Kap. 4")


def test_an_apa_citation_of_a_heading_and_paragraph_keeps_both(tmp_path: Path) -> None:
    md = tmp_path / "review.md"
    md.write_text(
        "One participant wrote:\n\n> the activity let each member of the group do a part of"
        " the work by playing a role. (Kanuka, 2005, “Webquest” para. 3).\n\n"
        "## References\n\nKanuka, H. (2005). An exploration into facilitating higher levels of"
        " learning. *Journal of Interactive Online Learning, 4*(3).\n",
        encoding="utf-8",
    )
    (cit,) = scan(md).citations
    assert cit.reference is not None and cit.reference.raw.startswith("(Kanuka, 2005")
    assert cit.locator is not None
    assert (cit.locator.label, cit.locator.value) == ("paragraph", "“Webquest” para. 3")


@pytest.mark.parametrize(
    ("written", "label", "value", "pages"),
    [
        # a play's act, scene and lines, as MLA cites verse drama
        ("3.1.56-58", "section", "3.1.56-58", ()),
        ("3.1.56–8", "section", "3.1.56–8", ()),
        ("I.ii.34", "section", "I.ii.34", ()),
        # a numbered section after its term keeps its whole number
        ("Abschn. 2.1", "section", "Abschn. 2.1", ()),
        ("Kap. 3.2.", "chapter", "Kap. 3.2", ()),
        # a page after a chapter is the page compared, the chapter shown with it
        ("chap. 2, p. 45", "page", "chap. 2, p. 45", (45,)),
        ("Kap. 4, S. 12 f.", "page", "Kap. 4, S. 12 f.", (12,)),
    ],
)
def test_a_numbered_part_keeps_its_whole_number(
    written: str, label: str, value: str, pages: tuple[int, ...]
) -> None:
    loc = parse_locator(written)
    assert loc is not None and (loc.label, loc.value, loc.pages) == (label, value, pages)


def test_a_play_cited_by_act_scene_and_line_after_the_quotation(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        "In *Macbeth* by Shakespeare, the king's murderer hears that \"sleep that knits up"
        ' the ravelled sleave of care" is lost to him (2.2.36-37).\n\n## Works Cited\n\n'
        "Shakespeare, William. *Macbeth*. Edited by Sandra Clark, Arden, 2015.\n",
        encoding="utf-8",
    )
    (cit,) = scan(md).citations
    assert cit.locator is not None and cit.locator.value == "2.2.36-37"
    assert cit.reference is not None and "Shakespeare" in cit.reference.key


def test_a_persons_life_dates_after_a_quotation_are_no_pages(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        'Physicians answer with a saying of William Osler, "listen to your patient, he is'
        ' telling you the diagnosis" (1849-1919). Others disagree.\n',
        encoding="utf-8",
    )
    (cit,) = scan(md).citations
    assert cit.locator is None and cit.reference is None
