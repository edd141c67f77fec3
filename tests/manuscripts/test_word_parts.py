"""A .docx whose main part is not word/document.xml (Word for the web, Google Docs exports):
the package's relationships name it, and its own relationships its styles and footnotes."""

from __future__ import annotations

import zipfile
from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx


def _renamed(path: Path, main: str, *, absolute: bool) -> None:
    """Move the main part (and its relationships) to ``main``, as Word for the web does."""
    with zipfile.ZipFile(path) as zin:
        items = {name: zin.read(name) for name in zin.namelist()}
    folder, file = main.rsplit("/", 1)
    items[main] = items.pop("word/document.xml")
    rels = items.pop("word/_rels/document.xml.rels").decode()
    if absolute:
        rels = rels.replace('Target="', 'Target="/word/')
        rels = rels.replace('Target="/word/http', 'Target="http')
    items[f"{folder}/_rels/{file}.rels"] = rels.encode()
    target = "/" + main if absolute else main
    items["_rels/.rels"] = (
        items["_rels/.rels"].decode().replace('Target="word/document.xml"', f'Target="{target}"')
    ).encode()
    items["[Content_Types].xml"] = (
        items["[Content_Types].xml"].decode().replace("/word/document.xml", "/" + main)
    ).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in items.items():
            zout.writestr(name, data)


def _essay(path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "The report is blunt: “the archive was never meant to be read by the public”",
            wx.footnote_ref(1),
            ". Nobody answered it.",
        ],
    )
    wx.add_paragraph(d, ["She closes on a warning:"])
    wx.add_paragraph(
        d,
        ["What is kept is what was feared, and what was feared is never thrown away."],
        style="Quote",
    )
    d.save(str(path))
    wx.add_footnotes_part(
        path, wx.footnotes_xml({1: [" Ruth Mayer, Keeping Records (London: Verso, 2014), 88."]})
    )


def test_a_main_part_named_document2_is_read(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    _essay(path)
    _renamed(path, "word/document2.xml", absolute=True)
    found = {c.quote: c for c in scan(path).citations}
    quote = "the archive was never meant to be read by the public"
    assert quote in found
    assert found[quote].locator is not None and found[quote].locator.value == "88"
    # the style part, found by the main part's relationships, still marks the block
    assert "What is kept is what was feared, and what was feared is never thrown away." in found


def test_relative_targets_in_another_folder(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    _essay(path)
    _renamed(path, "word/main.xml", absolute=False)
    found = {c.quote for c in scan(path).citations}
    assert "the archive was never meant to be read by the public" in found


def test_a_note_no_mark_points_to_is_not_read(tmp_path: Path) -> None:
    # the paragraph that held note 2's mark was deleted: Word neither numbers nor prints it
    d = wx.new_document()
    wx.add_paragraph(
        d, ["The report is blunt: “the archive was never meant to be read”", wx.footnote_ref(1)]
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    notes = {
        1: [" Ruth Mayer, Keeping Records (London: Verso, 2014), 88."],
        2: [" As the charter says, “every record shall be kept for the public good”."],
    }
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))
    quotes = {c.quote for c in scan(path).citations}
    assert "the archive was never meant to be read" in quotes
    assert "every record shall be kept for the public good" not in quotes


def test_a_note_begins_at_the_paragraph_with_its_own_number(tmp_path: Path) -> None:
    # a journal's first note holds the "Notes" heading and an unnumbered thanks before it
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "One critic wrote: “it is easy to laugh at the styles of our fathers”",
            wx.footnote_ref(1),
        ],
    )
    path = tmp_path / "article.docx"
    d.save(str(path))
    xml = wx.footnotes_xml({1: [" Ruth Mayer, Keeping Records (London: Verso, 2014), 51."]})
    heading = b"<w:p><w:r><w:t>Notes</w:t></w:r></w:p>"
    thanks = b"<w:p><w:r><w:t>I thank the archive in Paris, 2015, for its help.</w:t></w:r></w:p>"
    at = xml.index(b'<w:footnote w:id="1">') + len(b'<w:footnote w:id="1">')
    wx.add_footnotes_part(path, xml[:at] + heading + thanks + xml[at:])
    found = {c.quote: c for c in scan(path).citations}
    cited = found["it is easy to laugh at the styles of our fathers"]
    assert cited.reference is not None and "thank" not in cited.reference.raw
    assert cited.locator is not None and cited.locator.value == "51"
