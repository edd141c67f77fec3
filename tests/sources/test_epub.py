"""EPUB books: chapters in reading order, chapter locators compared as pages are. The EPUB is
made in the test (a zip of OPF and XHTML files) from a corpus text."""

from __future__ import annotations

import html
import zipfile
from pathlib import Path

import pytest

from quote_tui.api import check_batch, parse_batch, run
from quote_tui.engine.errors import SourceError
from quote_tui.sources.readers.epub import extract_epub
from quote_tui.sources.readers.local import read_path

_CONTAINER = """<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
</rootfiles></container>"""


def _chapters(corpus_dir: Path) -> list[tuple[str, list[str]]]:
    """Moby Dick's first chapters, as (title, paragraphs), from the Gutenberg text."""
    text = (corpus_dir / "text/melville-moby-dick-pg2701.txt").read_text(encoding="utf-8-sig")
    text = text.replace("\r\n", "\n")
    start = text.index("CHAPTER 1. Loomings.", text.index("CHAPTER 1. Loomings.") + 1)
    chapters = []
    for part in text[start:].split("\nCHAPTER ")[:3]:
        title, _, body = part.removeprefix("CHAPTER ").partition("\n")
        paragraphs = [" ".join(p.split()) for p in body.split("\n\n") if p.strip()]
        chapters.append(("Chapter " + title.strip(), paragraphs))
    return chapters


def _epub(chapters: list[tuple[str, list[str]]], path: Path) -> Path:
    """An EPUB 3 with a cover page first, then one XHTML file per chapter."""
    files = [("cover", "Cover", ["MOBY-DICK; or, THE WHALE. By Herman Melville"])]
    files += [(f"c{i}", title, paras) for i, (title, paras) in enumerate(chapters, start=1)]
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
        z.writestr("META-INF/container.xml", _CONTAINER)
        items = "".join(
            f'<item id="{n}" href="{n}.xhtml" media-type="application/xhtml+xml"/>'
            for n, _, _ in files
        )
        spine = "".join(f'<itemref idref="{n}"/>' for n, _, _ in files)
        z.writestr(
            "OEBPS/content.opf",
            '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" '
            'unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
            '<dc:title>Moby-Dick</dc:title><dc:identifier id="id">pg2701</dc:identifier>'
            '<dc:language>en</dc:language></metadata><manifest><item id="nav" '
            'href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>'
            f"{items}</manifest><spine>{spine}</spine></package>",
        )
        toc = "".join(f'<li><a href="{n}.xhtml">{html.escape(t)}</a></li>' for n, t, _ in files[1:])
        z.writestr(
            "OEBPS/nav.xhtml",
            '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" '
            'xmlns:epub="http://www.idpf.org/2007/ops"><body><nav epub:type="toc"><ol>'
            f"{toc}</ol></nav></body></html>",
        )
        for name, title, paras in files:
            body = "".join(f"<p>{html.escape(p)}</p>" for p in paras)
            z.writestr(
                f"OEBPS/{name}.xhtml",
                '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head>'
                f"<title>{html.escape(title)}</title></head><body><h1>{html.escape(title)}"
                f"</h1>{body}</body></html>",
            )
    return path


def test_an_epub_is_read_chapter_by_chapter(corpus_dir: Path, tmp_path: Path) -> None:
    chapters = _chapters(corpus_dir)
    path = _epub(chapters, tmp_path / "moby.epub")
    book = extract_epub(path.read_bytes())
    assert book.title == "Moby-Dick"
    assert book.chapter_labels == (None, "ch. 1", "ch. 2", "ch. 3")
    assert book.text[book.chapter_starts[2] :].startswith("Chapter 2. The Carpet-Bag.")
    loaded = read_path(path)
    assert str(loaded.retrieval.representation) == "epub_text"
    assert loaded.prepared.page_labels == book.chapter_labels


def test_a_chapter_locator_is_compared(corpus_dir: Path, tmp_path: Path) -> None:
    chapters = _chapters(corpus_dir)
    path = _epub(chapters, tmp_path / "moby.epub")
    quote = chapters[1][1][0][:160].rsplit(" ", 1)[0]  # chapter 2's first words
    batch = {
        "sources": [{"id": "b", "ref": str(path)}],
        "citations": [
            {"id": "right", "source": "b", "quote": quote, "locator": "ch. 2"},
            {"id": "wrong", "source": "b", "quote": quote, "locator": "chapter 3"},
            {"id": "range", "source": "b", "quote": quote, "locator": "chs. 1-2"},
        ],
    }
    report = run(lambda: check_batch(parse_batch(batch)))
    right, wrong, within = report["citations"]
    assert right["status"] in ("exact", "normalized")
    assert right["page_check"]["status"] == "agrees"
    assert right["page_check"]["found"] == "ch. 2"
    assert wrong["page_check"]["status"] == "differs"
    assert within["page_check"]["status"] == "agrees"


def test_a_zip_that_is_not_an_epub_is_broken(tmp_path: Path) -> None:
    path = tmp_path / "not.epub"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("readme.txt", "just a zip")
    with pytest.raises(SourceError) as err:
        extract_epub(path.read_bytes())
    assert err.value.code in ("broken_file", "no_text")
