"""Human reports (Markdown and HTML) rendered from the report JSON."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from quote_tui.engine.diff import word_differences
from quote_tui.reports import render_html, render_markdown
from quote_tui.reports.common import marked_segments
from quote_tui.reports.sample import sample_report


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs.extend(attrs)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_markdown_report() -> None:
    md = render_markdown(sample_report())
    assert md.startswith("# Quotation check report")
    assert "| ✓ Exact | 1 |" in md and "| ‼ Critical difference | 1 |" in md
    assert "| ~ Near |" not in md  # a near match with a critical difference is counted apart
    assert "| cited page differs | 1 |" in md
    assert "### ≈ Normalized — c2 · cited page 11, found on page 12" in md
    assert "### ✗ Not found — c4" in md
    assert "paper.md, line 12, column 5" in md
    assert "PDF page 19 (printed 11)" in md
    assert "✗ cited page 11, found on page 12" in md
    # critical differences first, and marked in both wordings
    near = md[md.index("### ‼ Near — critical number, negation — c3") :]
    assert near.index("‼ critical number") < near.index("extra:")
    assert "**‼0.42‼**" in near and "**‼0.042‼**" in near
    assert "the effect was **‼not‼** significant" in near  # spaces around marks survive
    assert "<script>" not in md
    assert "No file, DOI or URL leads to its text" in md
    assert "### – No reference — c6" in md


def test_html_report_is_escaped_and_self_contained() -> None:
    page = render_html(sample_report())
    parser = _Collector()
    parser.feed(page)
    assert "script" not in parser.tags
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "An &lt;i&gt;article&lt;/i&gt; on the web" in page
    assert not [v for k, v in parser.attrs if k == "src"]
    hrefs = [v for k, v in parser.attrs if k == "href"]
    assert hrefs == [
        "file:///home/user/papers/nist-sp800-223.pdf#page=19",
        "file:///home/user/papers/nist-sp800-223.pdf#page=20",
        "https://example.org/article",
        "https://example.org/article",
    ]
    assert "link" not in parser.tags and "img" not in parser.tags
    text = "".join(parser.text)
    for word in ("Exact", "Normalized", "Near", "Not found", "Unavailable", "No reference"):
        assert word in text  # every verdict has a word, not only a colour
    assert "‼ critical" in text


def test_hostile_links_are_not_linked() -> None:
    report = sample_report()
    report["sources"][1]["location"] = "javascript:alert(1)"
    page = render_html(report)
    assert 'href="javascript' not in page
    assert "javascript:alert(1)" in page  # shown as text


def test_marked_segments_join_back() -> None:
    diffs = [{"quote": "not", "critical": True}, {"quote": "0.42", "critical": True}]
    text = "was not significant (p = 0.42)"
    segments = marked_segments(text, diffs, "quote")
    assert "".join(s for s, _, _ in segments) == text
    assert [s for s, differs, _ in segments if differs] == ["not", "0.42"]


def _marked_words(text: str, diffs: list[dict[str, Any]], side: str) -> list[tuple[int, str]]:
    segments = marked_segments(text, diffs, side)
    assert "".join(s for s, _, _ in segments) == text
    out, pos = [], 0
    for segment, differs, _ in segments:
        if differs:
            out.append((pos, segment))
        pos += len(segment)
    return out


def test_offsets_mark_the_second_of_a_repeated_word() -> None:
    quote, source = "the cat saw the dog", "the cat saw a dog"
    diffs = [d.to_dict() for d in word_differences(quote, source)]
    assert _marked_words(quote, diffs, "quote") == [(12, "the")]
    assert _marked_words(source, diffs, "source") == [(12, "a")]
    # Without offsets (a file written before they were recorded) the search marks the first.
    old = [{k: d[k] for k in ("quote", "source", "kind", "critical")} for d in diffs]
    assert _marked_words(quote, old, "quote") == [(0, "the")]


def test_offsets_shift_to_the_quotation_as_typed() -> None:
    typed = " \u201cthe figure is 5, not 5.5\u201d"
    variant = "the figure is 5, not 5.5"
    diffs = [d.to_dict() for d in word_differences(variant, "the figure is 5, not 6.5")]
    assert _marked_words(typed, diffs, "quote") == [(typed.index("5.5"), "5.5")]


def test_offsets_that_do_not_fit_fall_back_to_search() -> None:
    diffs = [{"quote": "dog", "source": "cat", "critical": False, "quote_start": 40}]
    diffs[0]["quote_end"] = True  # malformed: neither trusted nor a crash
    assert _marked_words("a dog and a dog", diffs, "quote") == [(2, "dog")]
    stale = [{"quote": "dog", "critical": False, "quote_start": 0, "quote_end": 3}]
    assert _marked_words("a dog and a dog", stale, "quote") == [(2, "dog")]


def test_markdown_report_marks_the_differing_occurrence() -> None:
    report = sample_report()
    citation = next(c for c in report["citations"] if c["id"] == "c3")
    quote, source = "the cat saw the dog", "the cat saw a dog"
    citation["quote"] = quote
    match = citation["matches"][0]
    match["text"] = source
    match["differences"] = [d.to_dict() for d in word_differences(quote, source)]
    page = render_markdown(report)
    assert "the cat saw **the** dog" in page
    assert "the cat saw **a** dog" in page
    html = render_html(report)
    assert 'the cat saw <mark class="diff" title="differs">the</mark> dog' in html


def test_empty_report_renders() -> None:
    empty = {"schema": "quote_tui.report", "schema_version": 1, "summary": {}, "citations": []}
    assert "0 citations" in render_markdown(empty)
    assert "<h1>" in render_html(empty)


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(_chromium() is None, reason="chromium is not installed")
def test_html_report_renders_in_headless_chromium(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    page.write_text(render_html(sample_report()), encoding="utf-8")
    shot = tmp_path / "shot.png"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                _chromium() or "chromium",
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                f"--user-data-dir={profile}",
                "--window-size=1000,1400",
                f"--screenshot={shot}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) > 10_000  # a blank page compresses far smaller


def test_an_ellipsis_that_hides_a_negation_is_a_critical_difference() -> None:
    from quote_tui.reports.common import differences

    match = {
        "differences": [],
        "fragments": [
            {
                "quote": "the landlord is",
                "start": 0,
                "end": 15,
                "omitted": "not",
                "omitted_flags": ["negation"],
            },
            {"quote": "permitted", "start": 20, "end": 29, "omitted": "", "omitted_flags": []},
        ],
    }
    (only,) = differences(match)
    assert only["critical"] and only["kind"] == "negation" and only["source"] == "not"


@pytest.mark.skipif(
    _chromium() is None and not os.environ.get("CI"),
    reason="chromium is not installed (.ci/run installs it, so CI never skips this)",
)
def test_html_report_screenshot_is_not_blank() -> None:
    """The report as a reader sees it, rendered with the network blocked: ink on the page, in
    more than one colour (the verdict colours), not a white or a single-colour screen."""
    import asyncio

    import pymupdf

    from quote_tui.sources.net.bodies import local_page
    from quote_tui.sources.net.render import render_page

    body = render_html(sample_report()).encode("utf-8")
    document = local_page("report.html", body)
    rendered = asyncio.run(render_page(document.url, document=document, screenshot=True))
    assert rendered.refused == ()  # the report asks for nothing beyond itself
    png = rendered.screenshot
    assert png is not None and png[:8] == b"\x89PNG\r\n\x1a\n"
    pix = pymupdf.Pixmap(png)
    samples, n = pix.samples, pix.n
    pixels = [bytes(samples[i : i + 3]) for i in range(0, len(samples), n * 7)]  # every 7th
    background = max(set(pixels), key=pixels.count)
    ink = sum(1 for p in pixels if p != background) / len(pixels)
    assert ink > 0.02, f"only {ink:.1%} of the screenshot differs from its background"
    colours = {p for p in pixels if max(p) - min(p) > 60}  # saturated: not grey text
    assert len(colours) >= 2, "the verdict colours are missing"


def test_reports_name_the_rules_that_made_a_citation_normalized() -> None:
    md = render_markdown(sample_report())
    normalized = md[md.index("### ≈ Normalized — c2") :]
    normalized = normalized[: normalized.index("\n### ")]
    assert "- Rules: quotes, dashes" in normalized
    assert "- Rules:" not in md[: md.index("### ≈ Normalized — c2")]  # an exact match has none
    page = render_html(sample_report())
    assert ">Rules<" in page and "quotes, dashes" in page
