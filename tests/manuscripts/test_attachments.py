"""Where cited works are found: BibTeX file fields, a folder of PDFs, a Zotero library."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from quote_tui.engine.errors import BatchInputError
from quote_tui.manuscripts import scan
from quote_tui.manuscripts.attachments import ZoteroLibrary, split_file_field
from quote_tui.manuscripts.bibliography import parse_csl_json
from tests.manuscripts.test_docx import build


def test_zotero_file_field() -> None:
    value = (
        r"Full Text PDF:C\:\\Users\\me\\Zotero\\storage\\AB12CD34\\Lo et al.pdf:application/pdf;"
        r"Snapshot:/home/me/Zotero/storage/X/page.html:text/html"
    )
    assert split_file_field(value) == (
        r"C:\Users\me\Zotero\storage\AB12CD34\Lo et al.pdf",
        "/home/me/Zotero/storage/X/page.html",
    )


def test_better_bibtex_file_field() -> None:
    assert split_file_field("/home/me/a.pdf;/home/me/b c.pdf") == (
        "/home/me/a.pdf",
        "/home/me/b c.pdf",
    )
    assert split_file_field(r"C:\Users\me\a.pdf") == (r"C:\Users\me\a.pdf",)


def test_csl_json_carries_doi_and_url() -> None:
    entries = parse_csl_json(
        '[{"id": "lo2020", "title": "S2ORC", "DOI": "10.18653/V1/2020.ACL-MAIN.447",'
        ' "URL": "https://aclanthology.org/2020.acl-main.447", "page": "4969-4983",'
        ' "author": [{"family": "Lo", "given": "Kyle"}], "issued": {"date-parts": [[2020]]}}]'
    )
    (entry,) = entries
    assert (entry.key, entry.doi, entry.year, entry.authors, entry.pages) == (
        "lo2020",
        "10.18653/v1/2020.acl-main.447",
        "2020",
        ("Lo",),
        "4969-4983",
    )
    assert entry.files == ()


def test_pdfs_folder_matches_doi_and_title(tmp_path: Path, corpus_dir: Path) -> None:
    (tmp_path / "refs.json").write_text(
        '[{"id": "lo2020", "title": "S2ORC: The Semantic Scholar Open Research Corpus"},'
        ' {"id": "nist", "title": "Something else", "DOI": "10.6028/NIST.SP.800-223"},'
        ' {"id": "ghost", "title": "A work no PDF in the folder holds at all"}]',
        encoding="utf-8",
    )
    (tmp_path / "p.md").write_text(
        "“a quotation from the corpus paper” [@lo2020, p. 4970].\n"
        "“a quotation from the NIST report” [@nist, p. 11].\n"
        "“a quotation from a ghost work here” [@ghost].\n",
        encoding="utf-8",
    )
    result = scan(tmp_path / "p.md", bib=[tmp_path / "refs.json"], pdfs=corpus_dir / "pdf")
    sources = {s.id: s for s in result.sources}
    got = {c.reference.key: sources[c.source] for c in result.citations if c.reference}
    assert got["lo2020"].ref == str(corpus_dir / "pdf" / "s2orc-acl2020.pdf")
    assert got["lo2020"].how == "pdfs_dir"
    assert got["nist"].ref == str(corpus_dir / "pdf" / "nist-sp800-223.pdf")
    assert got["ghost"].unavailable is not None
    assert got["ghost"].unavailable.code == "no_source"


def _zotero_db(data_dir: Path) -> None:
    data_dir.mkdir()
    con = sqlite3.connect(data_dir / "zotero.sqlite")
    con.executescript(
        """
        CREATE TABLE items (itemID INTEGER PRIMARY KEY, itemTypeID INT, libraryID INT, key TEXT);
        CREATE TABLE itemAttachments (itemID INTEGER PRIMARY KEY, parentItemID INT,
            linkMode INT, contentType TEXT, path TEXT);
        CREATE TABLE fields (fieldID INTEGER PRIMARY KEY, fieldName TEXT);
        CREATE TABLE itemDataValues (valueID INTEGER PRIMARY KEY, value);
        CREATE TABLE itemData (itemID INT, fieldID INT, valueID INT);
        INSERT INTO items VALUES (1, 22, 1, 'ABCD2345'), (2, 3, 1, 'ATT00001'),
            (3, 22, 1, 'EFGH6789'), (4, 3, 1, 'ATT00002');
        INSERT INTO itemAttachments VALUES (2, 1, 0, 'text/plain', 'storage:s2orc.txt'),
            (4, 3, 0, 'application/pdf', 'storage:nist.pdf');
        INSERT INTO fields VALUES (26, 'DOI');
        INSERT INTO itemDataValues VALUES (1, '10.3115/1220835.1220874');
        INSERT INTO itemData VALUES (3, 26, 1);
        """
    )
    con.commit()
    con.close()
    for att, name in (("ATT00001", "s2orc.txt"), ("ATT00002", "nist.pdf")):
        (data_dir / "storage" / att).mkdir(parents=True)
        (data_dir / "storage" / att / name).write_text("text", encoding="utf-8")


def test_zotero_library_by_uri_key_and_doi(tmp_path: Path) -> None:
    data_dir = tmp_path / "Zotero"
    _zotero_db(data_dir)
    library = ZoteroLibrary.open(data_dir)
    assert library.by_key["ABCD2345"] == ((data_dir / "storage/ATT00001/s2orc.txt").resolve(),)
    path = tmp_path / "paper.docx"
    build(path)
    result = scan(path, zotero=data_dir)
    sources = {s.id: s for s in result.sources}
    by_quote = {c.quote: c for c in result.citations}
    first = sources[by_quote["a large corpus of scientific papers"].source]
    assert first.how == "zotero"
    assert first.ref == str((data_dir / "storage" / "ATT00001" / "s2orc.txt").resolve())
    endnote = sources[by_quote["unrestricted relation discovery is proposed here"].source]
    assert endnote.how == "zotero" and endnote.ref.endswith("nist.pdf")  # matched by DOI
    batch = result.to_batch_dict(tmp_path / "batch.json")
    refs = [s["ref"] for s in batch["sources"] if s.get("found_by") == "zotero"]
    assert str(Path("Zotero") / "storage" / "ATT00001" / "s2orc.txt") in refs


def test_zotero_database_is_read_from_a_copy_while_locked(tmp_path: Path) -> None:
    data_dir = tmp_path / "Zotero"
    _zotero_db(data_dir)
    holder = sqlite3.connect(data_dir / "zotero.sqlite")
    holder.execute("BEGIN EXCLUSIVE")  # Zotero holds its database like this while running
    try:
        assert "ABCD2345" in ZoteroLibrary.open(data_dir).by_key
    finally:
        holder.rollback()
        holder.close()


def test_not_a_zotero_dir(tmp_path: Path) -> None:
    with pytest.raises(BatchInputError) as info:
        ZoteroLibrary.open(tmp_path)
    assert info.value.code == "bad_manuscript"


def test_a_zotero_database_that_is_not_one(tmp_path: Path) -> None:
    (tmp_path / "zotero.sqlite").write_bytes(b"not a database, only bytes " * 100)
    with pytest.raises(BatchInputError) as info:
        ZoteroLibrary.open(tmp_path)
    assert info.value.code == "bad_manuscript"
    assert "cannot be read as a Zotero database" in info.value.message
