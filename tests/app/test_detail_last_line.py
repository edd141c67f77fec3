"""The Detail pane shows its last line ("What to do") once a check has filled it in."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from quote_tui.app import make_app
from quote_tui.app.widgets.detail import CitationDetail
from tests.app.conftest import settle

# a German quotation from a real manuscript, long enough to wrap once in a wide pane
QUOTE = (
    "alle Kinder der Welt so zu erziehen, dass sie ein wenig besser, ein wenig glücklicher "
    "werden. Darauf müssen wir hinwirken. Ich erstrebe nicht mehr als Liebe und Glück für die "
    "Menschheit, und das, so glaube ich, ersehnt jeder in seinem Innersten."
)


TEX = (
    "\\documentclass{article}\n\\begin{document}\n"
    "Sein Ziel ist \\enquote{" + QUOTE + "}\n\\autocite[103]{suzuki:liebe}\n"
    "\\end{document}\n"
)
BIB = (
    "@book{suzuki:liebe,\n  author = {Suzuki, Shinichi},\n  title = {Erziehung ist Liebe},\n"
    "  subtitle = {Eine neue Erziehungsmethode},\n  year = {1996},\n}\n"
)


async def test_the_detail_is_as_tall_as_what_a_check_put_in_it(
    tmp_path: Path, data_dir: Path
) -> None:
    (tmp_path / "essay.tex").write_text(TEX, encoding="utf-8")
    bib = tmp_path / "refs.bib"
    bib.write_text(BIB, encoding="utf-8")
    app = make_app(tmp_path / "essay.tex", data_dir=data_dir, scan={"bib": (bib,)})
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(app, pilot)
        await pilot.pause(0.3)
        assert app.screen.workspace.verdicts["c1"].status == "unavailable"
        body = app.screen.query_one(CitationDetail).query_one("#detail-body", Static)
        text = str(body.render())
        assert "What to do" in text
        # every line of it has a row: the wrapped lines, at the width the pane gives it
        rows = body.render().wrap(body.content_region.width)
        assert body.content_region.height >= len(rows), (body.size, len(rows))


async def test_a_quotation_with_no_source_says_what_to_do(tmp_path: Path, data_dir: Path) -> None:
    # a footnote that gives a translation, not a source, as a German rehabilitation chapter does
    (tmp_path / "chapter.md").write_text(
        "Unter Schädigung wird ein „beliebiger Verlust oder eine Normabweichung in der "
        "psychischen, physiologischen oder anatomischen Struktur oder Funktion“ "
        "verstanden[^1].\n\n[^1]: engl.: A loss or abnormity of psychological, physiological, "
        "or anatomical structure or function.\n",
        encoding="utf-8",
    )
    app = make_app(tmp_path / "chapter.md", data_dir=data_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        (citation,) = app.screen.workspace.citations
        assert not citation.source
        text = str(app.screen.query_one(CitationDetail).query_one("#detail-body", Static).render())
        assert "What to do" in text and "Pick its source (Enter)" in text, text
        # copying its passage says what is missing: no source at all, not an unreadable one
        await pilot.press("y")
        said = [n.message for n in app._notifications]
        assert "No passage: c1 has no source." in said, said
