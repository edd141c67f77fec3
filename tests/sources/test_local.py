"""read_path / read_bytes / supplied_text: dispatch, errors, truncation, Retrieval facts."""

from __future__ import annotations

import codecs
import hashlib
import json
import os
import re
from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine.errors import SourceError
from quote_tui.sources.readers.local import read_bytes, read_path, supplied_text
from quote_tui.sources.records import RefKind, Representation

HTML = (
    "<!DOCTYPE html><html><head><title>T</title></head><body><article><p>"
    + "The article keeps a long paragraph of words for the extractor to like. " * 12
    + "</p></article></body></html>"
).encode()
PUBMED = (
    b'<?xml version="1.0"?><PubmedArticleSet><PubmedArticle><MedlineCitation><PMID>9</PMID>'
    b"<Article><ArticleTitle>A title.</ArticleTitle></Article></MedlineCitation>"
    b"</PubmedArticle></PubmedArticleSet>"
)


def _pdf(pages: list[str]) -> bytes:
    doc = pymupdf.open()
    for text in pages:
        doc.new_page().insert_text((72, 72), text)
    doc.set_metadata({"title": "A generated PDF"})
    return doc.tobytes()


def test_missing_folder_empty(tmp_path: Path) -> None:
    cases = {
        tmp_path / "nope.txt": "file_not_found",
        tmp_path: "is_directory",
    }
    empty = tmp_path / "empty.md"
    empty.write_bytes(b"")
    cases[empty] = "empty_file"
    blank = tmp_path / "blank.txt"
    blank.write_text("  \n\t\n")
    cases[blank] = "no_text"
    for path, code in cases.items():
        with pytest.raises(SourceError) as err:
            read_path(path)
        assert err.value.code == code, path
        assert err.value.recovery


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions")
def test_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "locked.txt"
    path.write_text("secret")
    path.chmod(0)
    try:
        with pytest.raises(SourceError) as err:
            read_path(path)
        assert err.value.code == "unreadable"
    finally:
        path.chmod(0o600)


def test_retrieval_facts_for_a_text_file(tmp_path: Path) -> None:
    raw = codecs.BOM_UTF8 + "line one\r\nline two é\r\n".encode()
    path = tmp_path / "notes.txt"
    path.write_bytes(raw)
    loaded = read_path(path, ref="notes.txt")
    assert loaded.text == "line one\r\nline two é\r\n"
    r = loaded.retrieval
    assert (r.ref, r.kind, r.representation) == (
        "notes.txt",
        RefKind.PATH,
        Representation.PLAIN_TEXT,
    )
    assert r.content_sha256 == hashlib.sha256(raw).hexdigest()
    assert r.location == str(path.resolve())
    assert (r.content_type, r.encoding) == ("text/plain", "utf-8")
    assert loaded.prepared.line_count == 3 and not loaded.prepared.truncated


@pytest.mark.parametrize(
    ("name", "data", "representation"),
    [
        ("a.md", b"---\ntitle: Front\n---\n# Head\ntext", Representation.MARKDOWN_TEXT),
        ("a.htm", HTML, Representation.HTML_MAIN_TEXT),
        ("a.xhtml", HTML, Representation.HTML_MAIN_TEXT),
        ("a.xml", PUBMED, Representation.PUBMED_ABSTRACT),
        ("a.nbib", b"PMID- 1\nTI  - A title\n      goes on.\n", Representation.PUBMED_ABSTRACT),
        ("noext", HTML, Representation.HTML_MAIN_TEXT),
        ("noext", PUBMED, Representation.PUBMED_ABSTRACT),
        ("noext", b"PMID- 1\nTI  - Medline title.\n", Representation.PUBMED_ABSTRACT),
        ("noext", b"just words", Representation.PLAIN_TEXT),
        # a fixed id: the PDF's bytes hold a fresh /ID each time, and every xdist worker must
        # collect the same tests
        pytest.param(
            "page.data", _pdf(["Sniffed PDF text."]), Representation.PDF_TEXT_LAYER, id="pdf"
        ),
        ("medline.txt", b"PMID- 1\nTI  - Kept literally.\n", Representation.PLAIN_TEXT),
    ],
)
def test_dispatch_by_extension_and_content(
    tmp_path: Path, name: str, data: bytes, representation: Representation
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    assert read_path(path).retrieval.representation == representation


def test_titles() -> None:
    assert read_bytes(b"---\ntitle: Front\n---\n# Head", name="a.md").retrieval.title == "Front"
    assert read_bytes(b"intro\n# Head #\n", name="a.md").retrieval.title == "Head"
    assert read_bytes(_pdf(["x y z"]), name="a.pdf").retrieval.title == "A generated PDF"
    assert read_bytes(PUBMED, name="a.xml").retrieval.title == "A title."


@pytest.mark.parametrize(
    ("content_type", "representation"),
    [
        ("text/html; charset=utf-8", Representation.HTML_MAIN_TEXT),
        ("application/xhtml+xml", Representation.HTML_MAIN_TEXT),
        ("text/plain", Representation.PLAIN_TEXT),
        ("text/markdown", Representation.MARKDOWN_TEXT),
        ("application/xml", Representation.PUBMED_ABSTRACT),
        ("text/xml", Representation.PUBMED_ABSTRACT),
        ("application/octet-stream", Representation.PUBMED_ABSTRACT),
    ],
)
def test_dispatch_by_content_type(content_type: str, representation: Representation) -> None:
    data = HTML if "html" in content_type else PUBMED if "xml" in content_type else b"words"
    if content_type == "application/octet-stream":
        data = PUBMED
    loaded = read_bytes(data, name="body", content_type=content_type, kind=RefKind.URL)
    assert loaded.retrieval.representation == representation
    assert loaded.retrieval.kind == RefKind.URL


def test_content_type_charset_is_used() -> None:
    loaded = read_bytes(
        "fâché".encode("cp1252"), name="x", content_type="text/plain; charset=windows-1252"
    )
    assert (loaded.text, loaded.retrieval.encoding) == ("fâché", "cp1252")


@pytest.mark.parametrize(
    ("data", "content_type"),
    [
        (b"{}", "application/json"),
        (b"\x89PNG\r\n\x1a\n....", None),
        (b"PK\x03\x04 docx", None),
        (b"\x00\x01\x02\x03" * 10, None),
    ],
)
def test_unsupported(data: bytes, content_type: str | None) -> None:
    with pytest.raises(SourceError) as err:
        read_bytes(data, name="thing", content_type=content_type)
    assert err.value.code == "unsupported_type"


def test_truncation_of_a_paged_pdf() -> None:
    data = _pdf(["First page words.", "Second page words.", "Third page words."])
    whole = read_bytes(data, name="a.pdf")
    assert whole.prepared.page_count == 3
    cut_at = whole.prepared.page_starts[1] + 3
    loaded = read_bytes(data, name="a.pdf", max_chars=cut_at)
    p = loaded.prepared
    assert p.truncated and len(p.text) == cut_at
    assert p.page_starts == whole.prepared.page_starts[:2]
    assert len(p.page_labels) == 2
    assert all(s < cut_at and e <= cut_at for s, e, *_ in p.line_boxes)
    assert "may lie in the rest" in (loaded.retrieval.note or "")


@settings(max_examples=50, deadline=None)
@given(
    st.text(
        alphabet=st.characters(blacklist_categories=("Cc", "Cs"), whitelist_characters="\r\n\t"),
        min_size=1,
        max_size=200,
    ).filter(lambda t: t.strip() and not t.startswith("\ufeff")),
    st.integers(1, 250),
)
def test_truncation_is_a_prefix(text: str, max_chars: int) -> None:
    loaded = read_bytes(text.encode("utf-8"), name="t.txt", max_chars=max_chars)
    assert loaded.text == text[:max_chars]
    assert loaded.prepared.truncated == (len(text) > max_chars)
    assert ("may lie in the rest" in (loaded.retrieval.note or "")) == (len(text) > max_chars)


def test_supplied_text() -> None:
    loaded = supplied_text("Pasted words.", title="Pasted")
    r = loaded.retrieval
    assert (r.kind, r.representation, r.title, r.ref) == (
        RefKind.TEXT,
        Representation.SUPPLIED_TEXT,
        "Pasted",
        "text",
    )
    assert r.content_sha256 == hashlib.sha256(b"Pasted words.").hexdigest()
    assert supplied_text("x", truncated=True).prepared.truncated
    with pytest.raises(SourceError) as err:
        supplied_text(" \n ")
    assert err.value.code == "no_text"


def test_every_corpus_file(corpus_dir: Path) -> None:
    """Each corpus document reads with the representation its format calls for."""
    expected_errors = {
        "empty-file.pdf": "empty_file",
        "password-example.pdf": "encrypted",
    }
    # the scan is read by OCR where Tesseract is installed (tests/sources/test_pdf_ocr.py)
    skipped = {"grumman-bulletin-scan.pdf"}
    for path in sorted(corpus_dir.rglob("*")):
        if not path.is_file() or path.parent == corpus_dir or path.name in skipped:
            continue
        if path.name in expected_errors:
            with pytest.raises(SourceError) as err:
                read_path(path)
            assert err.value.code == expected_errors[path.name]
            continue
        loaded = read_path(path)
        assert loaded.text.strip(), path.name
        rep = loaded.retrieval.representation
        folder = path.parent.name
        if folder == "pdf":
            assert rep == Representation.PDF_TEXT_LAYER
        elif folder == "html":
            assert rep in (Representation.HTML_MAIN_TEXT, Representation.HTML_FULL_TEXT)
        elif path.suffix == ".xml":
            assert rep == Representation.PUBMED_ABSTRACT
        elif path.suffix == ".md":
            assert rep == Representation.MARKDOWN_TEXT
        else:
            assert rep == Representation.PLAIN_TEXT
    latin = read_path(corpus_dir / "text/entre-nous-pg44157-latin1.txt")
    assert latin.retrieval.encoding == "iso-8859-1" and "fâche" in latin.text
    assert (
        read_path(corpus_dir / "pdf/password-example.pdf", password="test").prepared.page_count == 4
    )


def test_dev_cases_text_and_markdown(corpus_dir: Path) -> None:
    """Text and Markdown cases: exact quotes verbatim, every expected passage modulo whitespace."""
    cases = [json.loads(line) for line in (corpus_dir / "dev-cases.jsonl").open(encoding="utf-8")]
    cases = [c for c in cases if c["kind"] in ("text", "markdown") and c["expect_text"]]
    assert cases
    for case in cases:
        text = read_path(corpus_dir / case["source"]).text
        assert re.sub(r"\s+", " ", case["expect_text"]) in re.sub(r"\s+", " ", text), case["id"]
        if case["expect"] == "exact":
            assert case["quote"] in text, case["id"]
