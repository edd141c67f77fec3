"""The ``quote-tui`` command on manuscripts, end to end: a Word file with Zotero fields and a
folder of PDFs, a Markdown file with a BibTeX bibliography, scan-then-check, report formats.

Every document is written by the test: PDFs with PyMuPDF (DOI or title in their metadata and
first page, so ``--pdfs`` finds them), the .docx with the manuscripts test helpers.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from tests.cli_docs import run_cli, write_pdf
from tests.manuscripts import wordxml as wx

TIDE_DOI = "10.5555/tides.2021.0042"
TIDE_PAGES = (
    "Tide ledgers of the northern coast\n"
    f"Journal of Coastal History 12 (2021) 101-102. doi:{TIDE_DOI}\n\n"
    "The harbour master kept a ledger of every tide from 1843 until the great flood, and in "
    "that year the ledger recorded 214 tides above the old quay.",
    "Readings were taken at dawn and at dusk, and each entry was signed by the clerk on duty, "
    "who also noted the wind and the state of the sea beyond the breakwater.",
)
LETTERS_TITLE = "Letters from the lighthouse keeper"
LETTERS_PAGES = (
    f"{LETTERS_TITLE}\n\n"
    "The keeper's sister kept every letter, and the letters describe the long winter nights "
    "and the oil that froze in the tanks.",
    "Only forty of the letters survive, bound together in a single volume.",
)

TIDE_ITEM = {
    "id": 1,
    "type": "article-journal",
    "title": "Tide ledgers of the northern coast",
    "author": [{"family": "Marsh", "given": "Ada"}],
    "issued": {"date-parts": [[2021]]},
    "container-title": "Journal of Coastal History",
    "page": "101-102",
    "DOI": TIDE_DOI,
}
LETTERS_ITEM = {
    "id": 2,
    "type": "book",
    "title": LETTERS_TITLE,
    "author": [{"family": "Reed", "given": "Tom"}],
    "issued": {"date-parts": [[1998]]},
}

# quotation -> verdict, for the Word manuscript
DOCX_EXPECTED = {
    "each entry was signed by the clerk on duty": "exact",
    "The keeper\u2019s sister kept every letter": "normalized",
    "in that year the ledger recorded 241 tides above the old quay": "near",
    "the lighthouse was painted red and white every spring": "not_found",
    "a quotation that nobody has cited anywhere": "unreferenced",
}


def _pdf_folder(folder: Path) -> Path:
    folder.mkdir()
    tide = write_pdf(folder / "marsh-2021.pdf", TIDE_PAGES, subject=f"doi:{TIDE_DOI}")
    write_pdf(folder / "reed.pdf", LETTERS_PAGES, title=LETTERS_TITLE)
    import pymupdf

    # printed page numbers as the journal has them, so a cited page can be compared
    with pymupdf.open(tide) as doc:
        doc.set_page_labels([{"startpage": 0, "prefix": "", "style": "D", "firstpagenum": 101}])
        doc.saveIncr()
    return folder


def _cite(item: dict[str, Any], shown: str, locator: str | None = None) -> list[Any]:
    return wx.zotero_field(wx.csl_citation(item, locator=locator), shown)


def _write_docx(path: Path) -> Path:
    d = wx.new_document()
    d.add_heading("Records of the coast", level=1)
    wx.add_paragraph(
        d,
        [
            "The ledger was kept with care: "
            "\u201ceach entry was signed by the clerk on duty\u201d ",
            _cite(TIDE_ITEM, "(Marsh, 2021, p. 102)", "102"),
            ". In the flood year \u201cin that year the ledger recorded 241 tides above the old "
            "quay\u201d ",
            _cite(TIDE_ITEM, "(Marsh, 2021, p. 101)", "101"),
            ".",
        ],
    )
    wx.add_paragraph(
        d,
        [
            "Reed notes that \u201cThe keeper\u2019s sister kept every letter\u201d ",
            _cite(LETTERS_ITEM, "(Reed, 1998)"),
            " and that \u201cthe lighthouse was painted red and white every spring\u201d ",
            _cite(LETTERS_ITEM, "(Reed, 1998, p. 2)", "2"),
            ".",
        ],
    )
    wx.add_paragraph(
        d, ["Elsewhere a reviewer wrote \u201ca quotation that nobody has cited anywhere\u201d."]
    )
    d.save(str(path))
    return path


@pytest.fixture
def word_case(tmp_path: Path) -> tuple[Path, Path]:
    return _write_docx(tmp_path / "paper.docx"), _pdf_folder(tmp_path / "pdfs")


def _by_quote(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["quote"]: c for c in report["citations"]}


def test_docx_with_a_pdf_folder_json(word_case: tuple[Path, Path], tmp_path: Path) -> None:
    docx, pdfs = word_case
    out = tmp_path / "r.json"
    run = run_cli(["check", str(docx), "--pdfs", str(pdfs), "--format", "json", "-o", str(out)])
    assert run.code == 0, run.err
    assert "no reference" in run.err  # the unreferenced quotation is warned about
    report = json.loads(out.read_text(encoding="utf-8"))
    cites = _by_quote(report)
    assert {q: c["status"] for q, c in cites.items()} == DOCX_EXPECTED

    sources = {s["id"]: s for s in report["sources"]}
    used = {c["source"] for c in report["citations"] if c["source"]}
    assert {Path(sources[s]["ref"]).name for s in used} == {"marsh-2021.pdf", "reed.pdf"}
    assert all(sources[s]["representation"] == "pdf_text_layer" for s in used)

    exact = cites["each entry was signed by the clerk on duty"]
    assert exact["matches"][0]["page_start"] == 2
    assert exact["page_check"]["status"] == "agrees"
    assert exact["page_check"]["found"] == "102"
    near = cites["in that year the ledger recorded 241 tides above the old quay"]
    assert near["page_check"]["status"] == "agrees"
    changed = [(d["quote"], d["source"], d["critical"]) for d in near["matches"][0]["differences"]]
    assert ("241", "214", True) in changed
    missing = cites["the lighthouse was painted red and white every spring"]
    assert missing["page_check"]["status"] == "unknown"
    assert "page_check" not in cites["The keeper\u2019s sister kept every letter"]
    assert cites["a quotation that nobody has cited anywhere"]["source"] is None
    assert report["summary"] == {**report["summary"], "citations": 5, "unreferenced": 1}

    strict = run_cli(["check", str(docx), "--pdfs", str(pdfs), "--strict", "-o", str(out)])
    assert strict.code == 1


_RESOURCE = re.compile(r"""\b(src|href|action|poster|data)\s*=\s*["']?([^"'\s>]+)""", re.I)


def test_docx_html_report_is_one_self_contained_file(
    word_case: tuple[Path, Path], tmp_path: Path
) -> None:
    docx, pdfs = word_case
    out = tmp_path / "report.html"
    run = run_cli(["check", str(docx), "--pdfs", str(pdfs), "--format", "html", "-o", str(out)])
    assert run.code == 0, run.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["paper.docx", "pdfs", "report.html"]
    html = out.read_text(encoding="utf-8")
    assert html.lstrip().lower().startswith("<!doctype html")
    lower = html.lower()
    # nothing is loaded from elsewhere: no external scripts, styles, fonts or images
    assert "<link" not in lower
    assert "@import" not in lower
    assert not re.search(r"url\(\s*['\"]?(https?:)?//", lower)
    sources = {f.resolve().as_uri() for f in pdfs.iterdir()} | {docx.resolve().as_uri()}
    links = 0
    for attr, value in _RESOURCE.findall(html):
        value = unescape(value)
        if attr.lower() == "href":
            if value.startswith("#"):
                continue
            # plain links are allowed, to the cited sources only
            assert value.split("#", 1)[0] in sources, value
            links += 1
        else:
            assert not value.lower().startswith(("http:", "https:", "//")), (attr, value)
    assert links >= 2
    # what a reader sees: each verdict in the summary table and on its citation
    visible = re.sub(r"<style.*?</style>|<script.*?</script>", " ", html, flags=re.S | re.I)
    visible = " ".join(unescape(re.sub(r"<[^>]+>", " ", visible)).split())
    for label in ("✓ Exact", "≈ Normalized", "✗ Not found", "– No reference"):
        assert visible.count(label) == 2, (label, visible)
    # the near quotation changes a number: counted and headed as critical, never as a plain near
    assert visible.count("‼ Critical difference") == 1 and "~ Near" not in visible
    assert visible.count("‼ Near — critical number") == 1
    assert "5 citations." in visible
    assert "critical number: quotation “241” → source “214”" in visible
    for quote in DOCX_EXPECTED:
        assert quote in visible.replace("‼", ""), quote


# -- Markdown with a BibTeX bibliography whose entries carry Zotero file fields ---------------

NOTES_TEXT = (
    "Minutes of the council, spring session.\n\n"
    "The committee\u2019s report called the plan \u201ca careful and modest proposal\u201d and "
    "recommended it to the council without amendment.\n"
)


def _bib_case(tmp_path: Path) -> tuple[Path, Path]:
    files = tmp_path / "library"
    files.mkdir()
    tide = write_pdf(files / "Marsh - 2021 - Tide ledgers.pdf", TIDE_PAGES)
    (files / "minutes.txt").write_text(NOTES_TEXT, encoding="utf-8")
    # Zotero's file field: title:path:mime, with ':' and ';' in paths escaped
    tide_field = "Full Text PDF:" + str(tide).replace("\\", "\\\\").replace(":", "\\:")
    bib = tmp_path / "refs.bib"
    bib.write_text(
        f"""@article{{marsh2021,
  title = {{Tide ledgers of the northern coast}},
  author = {{Marsh, Ada}}, year = {{2021}}, pages = {{101--102}},
  doi = {{{TIDE_DOI}}},
  file = {{{tide_field}:application/pdf}}
}}
@report{{council1999,
  title = {{Minutes of the council}}, author = {{Clerk, A.}}, year = {{1999}},
  file = {{Snapshot:library/minutes.txt:text/plain}}
}}
@book{{lost1900, title = {{A lost manuscript}}, author = {{Nobody, N.}}, year = {{1900}}}}
""",
        encoding="utf-8",
    )
    paper = tmp_path / "paper.md"
    paper.write_text(
        """# Council and coast

The ledger was kept with care: "each entry was signed by the clerk on duty" [@marsh2021, p. 102].
As "The committee's report called the plan" [@council1999] in its words, the council
"recommended it to the council without amendment" [@council1999].

The ledger says "in that year the ledger recorded 241 tides above the old quay" [@marsh2021].
It never says "the council rejected the plan and dismissed the clerk" [@council1999].

A lost book holds "words that nobody can check any more" [@lost1900].

"A quotation with no reference whatsoever in it." Then more text.
""",
        encoding="utf-8",
    )
    return paper, bib


MD_EXPECTED = {
    "each entry was signed by the clerk on duty": "exact",
    "The committee's report called the plan": "normalized",
    "recommended it to the council without amendment": "exact",
    "in that year the ledger recorded 241 tides above the old quay": "near",
    "the council rejected the plan and dismissed the clerk": "not_found",
    "words that nobody can check any more": "unavailable",
    "A quotation with no reference whatsoever in it.": "unreferenced",
}


MD_SUMMARY = {
    "Exact": 2,
    "Normalized": 1,
    "Critical difference": 1,  # the near quotation changes a number
    "Not found": 1,
    "Unavailable": 1,
    "No reference": 1,
}


def _statuses(report: dict[str, Any]) -> dict[str, str]:
    return {c["quote"]: c["status"] for c in report["citations"]}


def test_markdown_with_bibtex_file_fields_prints_json(tmp_path: Path) -> None:
    paper, bib = _bib_case(tmp_path)
    run = run_cli(["check", str(paper), "--bib", str(bib)])
    assert run.code == 0, run.err
    report = run.json()  # stdout holds the report and nothing else
    assert _statuses(report) == MD_EXPECTED
    cites = _by_quote(report)
    sources = {s["id"]: s for s in report["sources"]}
    exact = cites["each entry was signed by the clerk on duty"]
    assert sources[exact["source"]]["representation"] == "pdf_text_layer"
    assert exact["page_check"]["status"] == "agrees"
    norm = cites["The committee's report called the plan"]
    assert sources[norm["source"]]["representation"] == "plain_text"
    assert "quotes" in norm["matches"][0]["rules"]
    lost = cites["words that nobody can check any more"]
    assert lost["error"]["code"]
    assert lost["error"]["recovery"]


def test_scan_then_check_equals_one_step_check(tmp_path: Path) -> None:
    paper, bib = _bib_case(tmp_path)
    batch = tmp_path / "out" / "batch.json"
    batch.parent.mkdir()
    scanned = run_cli(["scan", str(paper), "--bib", str(bib), "-o", str(batch)])
    assert scanned.code == 0, scanned.err
    assert scanned.out == ""
    data = json.loads(batch.read_text(encoding="utf-8"))
    assert len(data["citations"]) == len(MD_EXPECTED)

    two_step = run_cli(["check", str(batch)])
    one_step = run_cli(["check", str(paper), "--bib", str(bib)])
    assert two_step.code == one_step.code == 0, (two_step.err, one_step.err)
    first, second = two_step.json(), one_step.json()
    assert _statuses(first) == _statuses(second) == MD_EXPECTED
    for a, b in zip(first["citations"], second["citations"], strict=True):
        assert (a["id"], a["matches"]) == (b["id"], b["matches"])
    assert first["summary"] == second["summary"]


def test_markdown_report_has_summary_and_near_words(tmp_path: Path) -> None:
    paper, bib = _bib_case(tmp_path)
    out = tmp_path / "report.md"
    run = run_cli(["check", str(paper), "--bib", str(bib), "--format", "markdown", "-o", str(out)])
    assert run.code == 0, run.err
    assert run.out == ""
    text = out.read_text(encoding="utf-8")
    assert "**7 citations.**" in text
    summary = text[: text.index("## Citations")]
    for verdict, count in MD_SUMMARY.items():
        assert re.search(rf"^\|[^|\n]*\b{verdict}\s*\|\s*{count}\s*\|", summary, re.M | re.I), (
            verdict,
            summary,
        )
    near = text[text.index("### ‼ Near — critical number") + 3 :]
    near = near[: near.index("###")]
    # the differing words, marked on both sides, and named in the list of differences
    assert "**‼241‼**" in near and "**‼214‼**" in near
    assert re.search(r"critical number: quotation .241. → source .214.", near)


def test_markdown_report_gives_no_path_for_a_source_without_one(tmp_path: Path) -> None:
    paper, bib = _bib_case(tmp_path)
    run = run_cli(["check", str(paper), "--bib", str(bib), "--format", "markdown"])
    assert run.code == 0, run.err
    lost = run.out[run.out.index("### ⊘ Unavailable") :]
    lost = lost[: lost.index("###", 3)]
    assert "Path:" not in lost, lost


def _odt(tmp_path: Path) -> Path:
    odt = tmp_path / "paper.odt"
    odt.write_bytes(b"PK\x03\x04" + bytes(range(256)) * 4)  # a zip, like a real .odt
    return odt


def test_scan_of_an_unknown_manuscript_format_exits_2(tmp_path: Path) -> None:
    run = run_cli(["scan", str(_odt(tmp_path))])
    assert run.code == 2
    assert run.out == ""
    assert "bad_manuscript" in run.err
    assert "'.odt' are not supported" in run.err


def test_check_of_an_unknown_manuscript_format_exits_2_with_a_clear_message(
    tmp_path: Path,
) -> None:
    run = run_cli(["check", str(_odt(tmp_path))])
    assert run.code == 2
    assert run.out == ""
    assert "'.odt' are not supported" in run.err
