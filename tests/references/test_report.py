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


def _batch() -> api.Batch:
    return api.parse_batch(
        {
            "sources": [{"id": "s", "text": "Four score and seven years ago."}],
            "citations": [{"id": "c1", "source": "s", "quote": "seven years ago"}],
        }
    )


def test_sections_are_part_of_a_quotation_report() -> None:
    report = api.run(lambda: api.check_batch(_batch()))
    report["references"] = REPORT
    html = api.render(report, "html")
    # the section stands inside the page the renderer writes, before the body closes once
    assert html.count("</body>") == 1
    assert html.index("<h2>Citations</h2>") < html.index("<section class=refs>")
    assert html.index("<section class=refs>") < html.index("</body>")
    md = api.render(report, "markdown")
    assert md.index("## Citations") < md.index("\n\n## References\n")
    assert md.endswith(api.render_references(REPORT, "markdown").split("\n", 1)[1])
    assert api.failing_references(REPORT)[0]["status"] == "retracted"


def test_a_report_without_references_has_no_section() -> None:
    report = api.run(lambda: api.check_batch(_batch()))
    assert "class=refs" not in api.render(report, "html")
    assert "# References" not in api.render(report, "markdown")
