"""The detail's context around a match in a text with note marks: "…" only where the text goes
on, whatever the marks left out of ``before`` and ``after``."""

from __future__ import annotations

from pathlib import Path

from quote_tui.api import CitationSpec, PreparedText, SourceSpec, check_text
from quote_tui.app import make_app
from quote_tui.app.widgets.detail import CitationDetail, detail_content
from quote_tui.workspace import Verdict, Workspace, save_workspace
from tests.app.conftest import settle

# note marks as a PDF reader leaves them: a zero-width separator, then the superscript digits
TEXT = "Ions\u200b1 form a crystal structure\u200b16\u201318 that holds in every trap\u200b2."
QUOTE = "form a crystal structure that holds in every trap"


def _context_line(shown: str) -> str:
    return shown.split("Context", 1)[1].split("\n", 1)[0]


def test_a_context_reaching_both_ends_of_a_marked_text_shows_no_ellipsis() -> None:
    prepared = PreparedText(TEXT)
    result = check_text(prepared, QUOTE)
    best = result.matches[0]
    # the marks make before/after shorter than the characters they cover
    assert best.start > len(best.before) and len(TEXT) - best.end > len(best.after)
    line = _context_line(
        detail_content(
            CitationSpec("c1", "s1", QUOTE), Verdict(str(result.status), result), prepared
        ).plain
    )
    assert "…" not in line
    assert line.strip() == "Ions form a crystal structure that holds in every trap."


def test_a_cut_context_in_a_marked_text_still_shows_the_ellipsis() -> None:
    long = "word\u200b3 " * 60 + TEXT + " more\u200b4" * 60
    prepared = PreparedText(long)
    result = check_text(prepared, QUOTE, context=30)
    line = _context_line(
        detail_content(
            CitationSpec("c1", "s1", QUOTE), Verdict(str(result.status), result), prepared
        ).plain
    )
    assert line.count("…") == 2


async def test_the_app_shows_a_marked_context_without_a_false_ellipsis(
    tmp_path: Path, data_dir: Path
) -> None:
    prepared = PreparedText(TEXT)
    result = check_text(prepared, QUOTE)
    ws = Workspace(name="w").with_source(SourceSpec("s1", text=TEXT))
    ws = ws.with_citation(CitationSpec("c1", "s1", QUOTE))
    ws = ws.with_verdict("c1", Verdict(str(result.status), result))
    save_workspace(ws, tmp_path / "ws.json")
    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        shown = str(app.screen.query_one(CitationDetail).query_one("#detail-body").render())
        assert "Context" in shown
        assert "…" not in _context_line(shown)


def test_the_source_field_reads_on_one_line_with_its_differences_in_place() -> None:
    text = (
        "It could confine up to millions of ions with a 2D or 3D\nstructure\u200b16\u201318. More"
    )
    prepared = PreparedText(text)
    quote = "could confine up to thousands of ions with a 2D or 3D structure"
    result = check_text(prepared, quote)
    assert str(result.status) == "near"
    content = detail_content(
        CitationSpec("c1", "s1", quote), Verdict(str(result.status), result), prepared
    )
    source = content.plain.split("Source", 1)[1].split("\n", 1)[0]
    assert "3D structure”" in source
    # the changed word is still the one marked
    marked = [content.plain[s.start : s.end] for s in content.spans]
    assert "millions" in marked


def test_a_cut_context_starts_and_ends_on_whole_words() -> None:
    words = " ".join(f"word{n}" for n in range(40))
    text = words + " the quoted passage stands here " + words
    prepared = PreparedText(text)
    result = check_text(prepared, "the quoted passage stands here", context=33)
    best = result.matches[0]
    # the check's context edges fall inside words
    assert not text[best.start - 33 - 1].isspace() and not text[best.end + 33].isspace()
    line = _context_line(
        detail_content(
            CitationSpec("c1", "s1", "q"), Verdict(str(result.status), result), prepared
        ).plain
    )
    before, after = line.strip().split("the quoted passage stands here")
    assert before.startswith("…word") and after.endswith("…")
    shown = before.strip("… ").split() + after.strip("… ").split()
    assert all(w.startswith("word") and int(w[4:]) < 40 for w in shown), shown
    assert before.strip("… ").split()[0] in words.split()
    assert after.strip("… ").split()[-1] in words.split()
    # a text without spaces keeps its characters up to the edge
    text = "字" * 300 + "引用文" + "字" * 300
    result = check_text(PreparedText(text), "引用文", context=30)
    line = _context_line(
        detail_content(
            CitationSpec("c1", "s1", "引用文"),
            Verdict(str(result.status), result),
            PreparedText(text),
        ).plain
    )
    assert line.strip() == "…" + "字" * 30 + "引用文" + "字" * 30 + "…"


def test_a_context_cut_between_words_keeps_its_first_and_last_words() -> None:
    words = " ".join(f"w{n:02}" for n in range(40))  # each word and its space: 4 characters
    text = words + " the quoted passage stands here " + words
    prepared = PreparedText(text)
    result = check_text(prepared, "the quoted passage stands here", context=40)
    best = result.matches[0]
    assert text[best.start - 41].isspace() and text[best.end + 40].isspace()
    line = _context_line(
        detail_content(
            CitationSpec("c1", "s1", "q"), Verdict(str(result.status), result), prepared
        ).plain
    )
    assert line.strip() == (
        "…"
        + text[best.start - 40 : best.start]
        + "the quoted passage stands here"
        + text[best.end : best.end + 40]
        + "…"
    )
