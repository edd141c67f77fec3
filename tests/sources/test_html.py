"""extract_html on generated pages and on the corpus's labelled HTML cases."""

from __future__ import annotations

import codecs
import json
import re
from pathlib import Path

import lxml.html
import pytest

from quote_tui.engine.errors import SourceError
from quote_tui.sources.readers.html import extract_html
from quote_tui.sources.readers.html_render import html_to_text
from quote_tui.sources.records import Representation

ARTICLE = " ".join(
    f"Sentence number {i} of the article says something worth quoting about lactate."
    for i in range(12)
)


def _page(body: str, head: str = "<title>A page</title>") -> bytes:
    return f"<!doctype html><html><head>{head}</head><body>{body}</body></html>".encode()


def test_blocks_inline_and_entities() -> None:
    html = _page(
        "<article><h1>Heading</h1><p>The LE<sub>min</sub> and\n   V&#775;O<sub>2</sub>max were"
        " <a href='https://x.org/a'>linked</a> &amp; <em>stressed</em>.<br>After a break.</p>"
        f"<ul><li>one</li><li>two</li></ul><table><tr><td>cell a</td><td>cell b</td></tr></table>"
        f"<p>{ARTICLE}</p></article>"
    )
    result = extract_html(html)
    assert result.representation == Representation.HTML_MAIN_TEXT
    text = result.text
    assert "The LEmin and V\u0307O2max were linked & stressed.\nAfter a break." in text
    assert "Heading\n\nThe LEmin" in text
    assert "<" not in text and "https://x.org" not in text
    assert result.title == "A page"


def test_html_to_text_block_separators() -> None:
    root = lxml.html.document_fromstring(
        "<body>intro<ul><li>one</li><li>t<b>w</b>o</li></ul><table><tr><td>cell a</td>"
        "<td>cell b</td></tr><tr><th>c</th></tr></table><pre>  keep\n    this</pre>"
        "<div><div><p>nested</p></div></div>tail words<!-- comment -->end</body>"
    )
    assert html_to_text(root) == (
        "intro\n\none\ntwo\n\ncell a\ncell b\nc\n\n  keep\n    this\n\nnested\n\ntail wordsend"
    )


def test_link_words_stay_whatever_the_target() -> None:
    html = _page(
        f"<div><p>{ARTICLE}</p><p>He said that on that point "
        '<a href="javascript:void(0);" onclick="return overlib(\'that\\\'s it\', STICKY)" '
        'class="popup">my judgment was sound.</a> Yes.</p></div>'
    )
    assert "He said that on that point my judgment was sound. Yes." in extract_html(html).text


def test_hidden_elements_and_scripts_are_not_text() -> None:
    html = _page(
        f"<div><p>{ARTICLE}</p><p style='display:none'>secret one</p><p hidden>secret two</p>"
        "<script>var secret = 3;</script><style>.x{}</style></div>"
    )
    text = extract_html(html).text
    assert "secret" not in text


def test_nbsp_is_kept_and_source_wraps_vanish() -> None:
    html = _page(f"<p>{ARTICLE}</p><p>200\u00a0persons were\n      wrapped   here.</p>")
    assert "200\u00a0persons were wrapped here." in extract_html(html).text


def test_script_only_page_is_no_text() -> None:
    with pytest.raises(SourceError) as err:
        extract_html(_page("<script>document.write('hi')</script><noscript></noscript>"))
    assert (err.value.code, err.value.recovery) == ("no_text", "use_supplied_text")


def test_short_main_text_falls_back_to_the_whole_body() -> None:
    html = _page(
        "<nav>Home | About</nav><table><tr><td>Fable title</td><td>The dog crossed the bridge."
        "</td></tr><tr><td>Moral</td><td>Greed loses all.</td></tr></table>"
    )
    result = extract_html(html)
    assert result.representation == Representation.HTML_FULL_TEXT
    assert result.note and "whole visible page" in result.note
    assert "The dog crossed the bridge." in result.text and "Greed loses all." in result.text


@pytest.mark.parametrize(
    ("data", "declared", "encoding"),
    [
        (
            b'<html><head><meta charset="windows-1252"></head>'
            b"<body><p>\x93Caf\xe9\x94</p></body></html>",
            None,
            "cp1252",
        ),
        (
            codecs.BOM_UTF8 + "<html><body><p>“Café”</p></body></html>".encode(),
            "iso-8859-1",
            "utf-8",
        ),
        ("<html><body><p>“Café”</p></body></html>".encode("utf-16"), None, "utf-16-le"),
        ("<p>“Café”</p>".encode("cp1252"), "windows-1252", "cp1252"),
        ("<p>“Café”</p>".encode(), None, "utf-8"),
    ],
)
def test_charset_order(data: bytes, declared: str | None, encoding: str) -> None:
    result = extract_html(data, declared_charset=declared)
    assert result.encoding == encoding
    assert "“Café”" in result.text


def test_xml_declaration_and_metadata() -> None:
    html = (
        '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head>'
        '<meta name="citation_doi" content="10.1371/journal.pone.0213978"/>'
        '<meta name="DC.Creator.PersonalName" content="Calvin  Liang"/>'
        '<meta name="description" content="not collected"/></head>'
        f"<body><p>{ARTICLE}</p></body></html>"
    ).encode()
    result = extract_html(html)
    assert result.metadata == (
        ("citation_doi", "10.1371/journal.pone.0213978"),
        ("DC.Creator.PersonalName", "Calvin Liang"),
    )
    assert ARTICLE in result.text


def test_dev_cases_html_quotes(corpus_dir: Path) -> None:
    """Exact HTML quotes occur verbatim; every expected passage occurs modulo whitespace."""
    cases = [json.loads(line) for line in (corpus_dir / "dev-cases.jsonl").open(encoding="utf-8")]
    cases = [c for c in cases if c["kind"] == "html" and c["expect_text"]]
    texts = {c["source"]: extract_html((corpus_dir / c["source"]).read_bytes()).text for c in cases}

    def collapse(s: str) -> str:
        return re.sub(r"\s+", " ", s)

    exact = [c for c in cases if c["expect"] == "exact"]
    assert len(exact) >= 10
    assert [c["id"] for c in exact if c["quote"] not in texts[c["source"]]] == []
    missing = [
        c["id"] for c in cases if collapse(c["expect_text"]) not in collapse(texts[c["source"]])
    ]
    assert missing == []


def test_corpus_doi_pages_metadata(corpus_dir: Path) -> None:
    plos = extract_html((corpus_dir / "html/doi-plos-one-0213978.html").read_bytes())
    assert ("citation_doi", "10.1371/journal.pone.0213978") in plos.metadata
    fm = extract_html((corpus_dir / "html/doi-first-monday-10274.html").read_bytes())
    assert any(name.lower().startswith("dc.") for name, _ in fm.metadata)
    assert fm.title and "First Monday" in fm.title


_PROSE = "".join(
    f"<p>Paragraph {i} of the article tells of the harbour, the boats and the long winter, "
    "and of the people who kept the lamps burning through the storms.</p>"
    for i in range(8)
)


def test_a_caption_list_of_paragraphs_stays_in_the_main_text() -> None:
    page = (
        "<html><body><nav><a href='/'>Home</a></nav><div class='article-body'>"
        + _PROSE[: len(_PROSE) // 2]
        + "<figure><img src='x.jpg' alt=''></figure>"
        "<ul><li><p>The keeper at his desk, the place where he was born</p></li></ul>"
        + _PROSE[len(_PROSE) // 2 :]
        + "</div><footer>Footer</footer></body></html>"
    )
    read = extract_html(page.encode())
    assert read.representation is Representation.HTML_MAIN_TEXT
    assert "The keeper at his desk, the place where he was born" in read.text


def test_a_note_beside_the_article_is_outside_the_main_text() -> None:
    page = (
        "<html><body><div class='content'>"
        "<div role='note' class='hatnote'>For the ship, see Lighthouse tender.</div>"
        + _PROSE
        + "</div></body></html>"
    )
    read = extract_html(page.encode())
    assert read.representation is Representation.HTML_MAIN_TEXT
    assert "see Lighthouse tender" not in read.text
    assert read.full_text is not None and "see Lighthouse tender" in read.full_text


def test_a_photo_caption_is_not_taken_for_the_article_lead() -> None:
    # readability takes an element classed like a standfirst ("subtitle", "dek") for the
    # article's lead; a photo caption classed after its widget must not become one
    page = (
        "<html><body><article><div class='head'><figure><img src='x.jpg' alt=''>"
        "<figcaption class='image__subtitle'>The keeper waves from the lamp room</figcaption>"
        "</figure></div><div class='body'>" + _PROSE + "</div></article></body></html>"
    )
    read = extract_html(page.encode())
    assert read.representation is Representation.HTML_MAIN_TEXT
    assert "Paragraph 0 of the article" in read.text
    assert "The keeper waves" not in read.text
    assert read.full_text is not None and "The keeper waves" in read.full_text


@pytest.mark.parametrize(
    "steps",
    [
        "<div><a href='/older'>← <strong>Previous</strong>: The winter of the gales</a></div>",
        "<p><a href='/a'>«\u00a0Older</a> | <a href='/b'>Newer\u00a0»</a></p>",
        "<div><a rel='prev' href='/a'>The winter of the gales</a></div>",
    ],
)
def test_links_to_the_previous_or_next_post_are_not_main_text(steps: str) -> None:
    page = "<html><body><div class='post'>" + _PROSE + steps + "</div></body></html>"
    read = extract_html(page.encode())
    assert read.representation is Representation.HTML_MAIN_TEXT
    assert "Paragraph 7 of the article" in read.text
    assert "gales" not in read.text
    assert "Older" not in read.text
    assert read.full_text is not None and ("gales" in read.full_text or "Older" in read.full_text)


def test_a_headline_in_guillemets_is_not_a_step_link() -> None:
    quoted = "<div><a href='/story'>«Le grand cirque humanitaire»</a></div>"
    page = "<html><body><div class='post'>" + _PROSE + quoted + "</div></body></html>"
    assert "«Le grand cirque humanitaire»" in extract_html(page.encode()).text


def _sectioned_page(tail: str) -> bytes:
    return (
        "<html><body><div class='content'><h1>Lighthouses</h1>" + _PROSE + tail + "</div>"
        "</body></html>"
    ).encode()


def test_a_kept_heading_gets_back_the_list_readability_dropped_under_it() -> None:
    read = extract_html(
        _sectioned_page(
            "<h2>See also</h2><ul><li><a href='/a'>Lightship</a></li>"
            "<li><a href='/b'>Fog signal</a></li></ul>"
            "<h2>References</h2><ol><li><a href='/c'>Stevenson, A. (1850). Lighthouses.</a>"
            "</li></ol>"
        )
    )
    assert read.representation is Representation.HTML_MAIN_TEXT
    assert "See also\n\nLightship\nFog signal\n\nReferences" in read.text
    assert read.text.endswith("Stevenson, A. (1850). Lighthouses.")


def test_a_restored_section_leaves_out_the_page_furniture() -> None:
    read = extract_html(
        _sectioned_page(
            "<h2>Further reading</h2><ul><li><a href='/a'>Lightship</a></li></ul>"
            "<h2>Responses</h2><ol class='commentlist'><li>I loved the part about the lamps."
            "</li></ol><nav><ul><li><a href='/n'>Next in the series</a></li></ul></nav>"
        )
    )
    assert "Further reading\n\nLightship" in read.text
    assert "lamps." not in read.text and "series" not in read.text
    assert read.full_text is not None and "lamps." in read.full_text


_HALF = len(_PROSE) // 2


@pytest.mark.parametrize(
    "heading",
    [
        "<h2><a href='/lamps'>Lamps</a></h2>",
        "<div class='section'><h2 class='section-title'>Lamps</h2></div>",
        "<h3><span>Lamps</span><span>[<a href='/edit'>edit</a>]</span></h3>",
    ],
)
def test_a_heading_between_kept_paragraphs_stays(heading: str) -> None:
    # readability drops a heading that is a link, or that is too short in its wrapper
    page = (
        ("<html><body><article><div class='text'>" + _PROSE[:_HALF] + "</div>" + heading)
        + "<div class='text'>"
        + _PROSE[_HALF:]
        + "</div></article></body></html>"
    )
    text = extract_html(page.encode()).text
    assert re.search(r"storms\.\n\nLamps(\[edit\])?\n\nParagraph 4 ", text), text


def test_a_dropped_heading_over_dropped_links_stays_out() -> None:
    related = (
        "<h3>More from the coast</h3><ul><li><a href='/a'>The fog horn</a></li>"
        "<li><a href='/b'>The keeper's log</a></li></ul>"
    )
    page = "<html><body><div class='content'>" + _PROSE + "</div>" + related + "</body></html>"
    text = extract_html(page.encode()).text
    assert "More from the coast" not in text and "fog horn" not in text


def test_a_data_table_between_kept_paragraphs_stays() -> None:
    # readability drops a table most of whose words are links
    rows = "".join(
        f"<tr><td><a href='/r{n}'>Release 4.{n}</a></td><td>May 201{n}</td></tr>" for n in range(6)
    )
    table = f"<table><tr><th>Release</th><th>Date</th></tr>{rows}</table>"
    page = (
        "<html><body><article><div class='text'>" + _PROSE[:_HALF] + table + _PROSE[_HALF:]
    ) + "</div></article></body></html>"
    text = extract_html(page.encode()).text
    assert "storms.\n\nRelease\nDate\nRelease 4.0\nMay 2010\n" in text
    assert "Release 4.5\nMay 2015\n\nParagraph 4 " in text


def test_the_notes_the_article_points_to_stay() -> None:
    # readability drops a block classed "footnotes": "foot" reads like the page's footer
    marked = _PROSE.replace("storms.</p>", "storms.<sup><a href='#fn1'>1</a></sup></p>", 1)
    page = (
        "<html><body><div class='main'><section>" + marked + "</section>"
        "<div class='footnotes'><p id='fn1'><sup>1</sup>The lamp burned whale oil until "
        "1870, then paraffin.</p></div><div class='comments'><p id='c1'>Lovely story about "
        "the storms and the harbour.</p></div></div></body></html>"
    )
    text = extract_html(page.encode()).text
    assert text.endswith("storms.\n\n1The lamp burned whale oil until 1870, then paraffin.")


def test_a_link_to_a_comment_is_not_a_note() -> None:
    marked = _PROSE.replace("storms.</p>", "storms. <a href='#c1'>1</a></p>", 1)
    page = (
        "<html><body><div class='main'><section>" + marked + "</section>"
        "<div class='comments'><p id='c1'>Lovely story about the storms and the harbour, "
        "well told.</p></div></div></body></html>"
    )
    assert "Lovely story" not in extract_html(page.encode()).text


def test_a_marker_pointing_at_a_block_around_it_brings_back_nothing() -> None:
    marked = _PROSE.replace("storms.</p>", "storms.<sup><a href='#top'>1</a></sup></p>", 1)
    page = (
        "<html><body><div id='top'><div class='menu-strip'><p>Harbour news, weather and the "
        "tide tables for every port of the coast, updated daily.</p></div><div class='main'>"
        + marked
        + "</div></div></body></html>"
    )
    text = extract_html(page.encode()).text
    assert "tide tables" not in text and text.count("Paragraph 0 ") == 1


@pytest.mark.parametrize("anchor", ["<a name='fn1'></a>", "<span id='fn1'></span>"])
def test_a_note_found_by_an_inline_anchor_stays(anchor: str) -> None:
    marked = _PROSE.replace("storms.</p>", "storms.<sup><a href='#fn1'>[1]</a></sup></p>", 1)
    page = (
        "<html><body><div class='main'><section>" + marked + "</section>"
        f"<div class='footnotes'><p>{anchor}[1] The lamp burned whale oil until 1870.</p>"
        "</div></div></body></html>"
    )
    text = extract_html(page.encode()).text
    assert text.endswith("storms.\n\n[1] The lamp burned whale oil until 1870.")


def test_an_arrowed_link_inside_a_sentence_stays() -> None:
    sentence = "<p>The keepers logged the <span><a href='/chart'>tide chart →</a></span> daily.</p>"
    page = "<html><body><div class='post'>" + _PROSE + sentence + "</div></body></html>"
    assert "The keepers logged the tide chart → daily." in extract_html(page.encode()).text
