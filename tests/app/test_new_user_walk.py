"""A new user's walk with a real Pandoc and a real LaTeX paper (issue 29): each test fails
without its fix."""

from __future__ import annotations

from pathlib import Path

from quote_tui.app import make_app
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.app.widgets.detail import CitationDetail
from tests.app.conftest import settle

# A JOSS-style paper: citations everywhere, not one quotation.
PARAPHRASE_ONLY = """---
title: 'A library'
bibliography: paper.bib
---

# Summary

We learn a joint distribution through expectation maximization [@Dempster1977] and
compare with scikit-learn [@Pedregosa2011].
"""

BIB = """@article{Dempster1977, title={Maximum likelihood from incomplete data}, year={1977}}
@article{Pedregosa2011, title={Scikit-learn}, year={2011}}
"""

# One quotation with a reference, one with none (as in the LaTeX paper's \\enquote{} asides).
WITH_AND_WITHOUT = """---
bibliography: paper.bib
---

As they put it, "the likelihood increases at every step of the algorithm" [@Dempster1977, p. 3].
A reader adds, "every step of the algorithm raises the likelihood of the data" without a source.
"""


def _write(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "paper.bib").write_text(BIB, encoding="utf-8")
    paper = folder / "paper.md"
    paper.write_text(text, encoding="utf-8")
    return paper


def _text(widget) -> str:
    return str(widget.render())


async def test_a_paper_without_quotations_says_why_the_list_is_empty(
    tmp_path: Path, data_dir: Path
) -> None:
    app = make_app(_write(tmp_path / "paper", PARAPHRASE_ONLY), data_dir=data_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        said = " ".join(
            _text(app.screen.query_one(CitationDetail).query_one("#detail-body")).split()
        )
        assert "No quotation found in paper.md" in said
        assert "paraphrase is not checked" in said
        assert "[@key, p. 4]" in said  # shown as written, not read as markup


async def test_one_mark_for_no_reference_in_rows_title_and_help(
    tmp_path: Path, data_dir: Path
) -> None:
    from quote_tui.app.screens.help import help_content

    app = make_app(_write(tmp_path / "paper", WITH_AND_WITHOUT), data_dir=data_dir)
    async with app.run_test(size=(140, 36)) as pilot:
        await settle(app, pilot)
        listing = app.screen.query_one(CitationList)
        rows = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        unreferenced = [r for r in rows if "no reference" in r]
        assert unreferenced, rows
        assert all(r.startswith("∅ ") for r in unreferenced), unreferenced
        assert "∅1" in str(listing.border_title)
    assert "∅ no reference" in str(help_content())


async def test_the_list_names_its_order_in_words(tmp_path: Path, data_dir: Path) -> None:
    app = make_app(_write(tmp_path / "paper", WITH_AND_WITHOUT), data_dir=data_dir)
    async with app.run_test(size=(140, 36)) as pilot:
        await settle(app, pilot)
        listing = app.screen.query_one(CitationList)
        assert listing.border_subtitle == "in text order · all"
        await pilot.press("s")
        await pilot.pause()
        assert listing.border_subtitle == "by status · all"


async def test_ctrl_r_reads_the_manuscript_again_and_keeps_what_did_not_change(
    tmp_path: Path, data_dir: Path
) -> None:
    paper = _write(tmp_path / "paper", WITH_AND_WITHOUT)
    app = make_app(paper, data_dir=data_dir)
    async with app.run_test(size=(140, 36)) as pilot:
        await settle(app, pilot)
        main = app.screen
        before = [c.quote for c in main.workspace.citations]
        await pilot.press("ctrl+r")
        await settle(app, pilot)
        said = [n.message for n in app._notifications]
        assert any("nothing to reload" in m for m in said), said
        added = (
            '\nThey add that "convergence is guaranteed for every bounded likelihood" '
            "[@Pedregosa2011].\n"
        )
        paper.write_text(WITH_AND_WITHOUT + added, encoding="utf-8")
        await pilot.press("ctrl+r")
        await settle(app, pilot)
        await pilot.pause(0.5)
        await settle(app, pilot)
        after = [c.quote for c in main.workspace.citations]
        assert len(after) == len(before) + 1, after
        assert any("Reloaded paper.md" in n.message for n in app._notifications)
        # the new quotation is checked without a key press
        new = next(c for c in main.workspace.citations if "convergence" in (c.quote or ""))
        assert new.id in main.workspace.verdicts


async def test_ctrl_r_on_a_saved_workspace_says_there_is_no_file(
    tmp_path: Path, data_dir: Path
) -> None:
    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+r")
        await settle(app, pilot)
        assert any("Nothing to reload" in n.message for n in app._notifications)


async def test_ctrl_r_sees_an_edit_in_a_file_the_manuscript_inputs(
    tmp_path: Path, data_dir: Path
) -> None:
    """The real LaTeX paper keeps its text in ``sections/*.tex``: an edit there leaves the main
    file as it was, and ctrl+r must still find the new quotation."""
    folder = tmp_path / "latex"
    (folder / "sections").mkdir(parents=True)
    (folder / "refs.bib").write_text(BIB, encoding="utf-8")
    main = folder / "main.tex"
    main.write_text(
        "\\documentclass{article}\n\\begin{document}\n\\input{sections/body}\n"
        "\\bibliography{refs}\n\\end{document}\n",
        encoding="utf-8",
    )
    body = folder / "sections" / "body.tex"
    first = (
        "As they wrote, \\enquote{the likelihood increases at every step}\\cite[3]{Dempster1977}.\n"
    )
    body.write_text(first, encoding="utf-8")
    app = make_app(main, data_dir=data_dir)
    async with app.run_test(size=(140, 36)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert len(screen.workspace.citations) == 1, screen.workspace.citations
        body.write_text(
            first + "And \\enquote{every bounded likelihood converges in the end}"
            "\\cite[4]{Dempster1977}.\n",
            encoding="utf-8",
        )
        await pilot.press("ctrl+r")
        await settle(app, pilot)
        await pilot.pause(0.5)
        await settle(app, pilot)
        assert len(screen.workspace.citations) == 2, [n.message for n in app._notifications]


async def test_a_missing_word_is_said_in_words_not_with_the_no_reference_mark(
    data_dir: Path,
) -> None:
    from quote_tui.app.widgets.finder import Finder
    from quote_tui.app.widgets.source_viewer import SourceViewer
    from tests.app.conftest import make_demo_app

    app = make_demo_app(data_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("j", "j")  # c3: "these dead shall have died in vain", "not" left out
        await settle(app, pilot)
        detail = " ".join(
            _text(app.screen.query_one(CitationDetail).query_one("#detail-body")).split()
        )
        assert "“not” is in the source, not in the quotation (negation, critical)" in detail
        assert "∅" not in detail
        app.screen.query_one(SourceViewer).focus()
        await pilot.press("slash")
        await settle(app, pilot)
        finder = app.screen.query_one(Finder)
        finder.query_one("#finder-input").value = "these dead shall have died in vain"
        await pilot.pause(1.0)
        await settle(app, pilot)
        verdict = _text(finder.query_one("#finder-verdict"))
        assert "“not” missing" in verdict and "∅" not in verdict


async def test_ctrl_r_keeps_a_bibliography_added_with_b(tmp_path: Path, data_dir: Path) -> None:
    folder = tmp_path / "paper"
    folder.mkdir()
    paper = folder / "paper.md"
    paper.write_text(
        'As they put it, "the likelihood increases at every step of the algorithm" '
        "[@Dempster1977, p. 3].\n",
        encoding="utf-8",
    )
    elsewhere = tmp_path / "refs" / "library.bib"
    elsewhere.parent.mkdir()
    elsewhere.write_text(BIB, encoding="utf-8")
    app = make_app(paper, data_dir=data_dir)
    async with app.run_test(size=(140, 36)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        screen.add_bibliography(elsewhere)
        await settle(app, pilot)
        titled = [s.title for s in screen.workspace.sources]
        assert any("Maximum likelihood" in (t or "") for t in titled), titled
        paper.write_text(paper.read_text(encoding="utf-8") + "More text.\n", encoding="utf-8")
        await pilot.press("ctrl+r")
        await settle(app, pilot)
        await pilot.pause(0.5)
        await settle(app, pilot)
        assert [s.title for s in screen.workspace.sources] == titled
        assert str(elsewhere.resolve()) in screen.workspace.bibliographies
