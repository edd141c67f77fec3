"""The references report's views: escaping, the terminal summary, check --refs sections."""

from __future__ import annotations

from quote_tui import api

REPORT = {
    "summary": {
        "total": 2,
        "verified": 1,
        "metadata_mismatch": 0,
        "retracted": 1,
        "corrected": 0,
        "expression_of_concern": 0,
        "unverifiable": 0,
        "not_found": 0,
    },
    "references": [
        {"key": "ok", "status": "verified", "cited": {"title": "Fine"}},
        {
            "key": "<script>x</script>",
            "status": "retracted",
            "cited": {"title": "A | pipe <b>bold</b>"},
            "reason": "Notices: retraction (from retraction watch).",
            "notices": [{"kind": "retraction", "source": "retraction_watch", "date": "2010-02-06"}],
        },
    ],
}


def test_html_escapes_everything_it_is_given() -> None:
    page = api.render_references(REPORT, "html")
    assert "<script>x" not in page and "&lt;script&gt;x" in page
    assert "<b>bold" not in page


def test_markdown_escapes_pipes_and_names_notices() -> None:
    text = api.render_references(REPORT, "markdown")
    assert "A \\| pipe" in text
    assert "notice: retraction from retraction watch 2010-02-06" in text


def test_terminal_lists_only_what_needs_a_look() -> None:
    text = api.render_references(REPORT, "terminal")
    assert text.startswith("2 references: 1 verified, 1 retracted")
    assert "ok:" not in text and "retracted" in text.splitlines()[1]


def test_sections_added_to_a_quotation_report() -> None:
    html = api.append_references("<html><body><p>report</p></body></html>", REPORT, "html")
    assert html.index("<section class=refs>") < html.index("</body>")
    md = api.append_references("# Report\n", REPORT, "markdown")
    assert md.startswith("# Report\n\n## References")
    assert api.failing_references(REPORT)[0]["status"] == "retracted"
