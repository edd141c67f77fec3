"""A near match that differs only at glyphs the text layer cannot read is inconclusive."""

from __future__ import annotations

import json
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pymupdf

from quote_tui.api import check_batch, parse_batch, run
from quote_tui.batch.service import check_text_sync
from quote_tui.batch.unread_glyphs import unread_glyphs
from quote_tui.engine.records import Status
from quote_tui.engine.text import PreparedText

PRINTED = "A Markdown-forma\x01ed document should be publishable as-is, as plain text."
"""The line as the PDF draws it: code 1 is the "tt" ligature, mapped to U+E03C."""
AS_IS = " as-is, as plain text."
DOSE = " of the first dose was marked and it was "


def _pua_pdf(line: str) -> bytes:
    """A page whose line is drawn in a font whose ToUnicode map gives code 1 a private-use
    character, as a CID font's unnamed ligature extracts (MuPDF reads "forma\\ue03ced")."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), "Title", fontname="helv", fontsize=10)
    cmap = doc.get_new_xref()
    doc.update_object(cmap, "<<>>")
    doc.update_stream(
        cmap,
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
        b"/CMapName /PUA def 1 begincodespacerange <00> <FF> endcodespacerange\n"
        b"1 beginbfchar <01> <E03C> endbfchar\n"
        b"1 beginbfrange <20> <7E> <0020> endbfrange\n"
        b"endcmap CMapName currentdict /CMap defineresource pop end end\n",
    )
    font = doc.get_new_xref()
    doc.update_object(font, f"<</Type/Font/Subtype/Type1/BaseFont/Helvetica/ToUnicode {cmap} 0 R>>")
    kind, resources = doc.xref_get_key(page.xref, "Resources")
    assert kind == "xref"
    doc.xref_set_key(int(resources.split()[0]), "Font/F9", f"{font} 0 R")
    stream = page.get_contents()[0]
    drawn = b"\nBT /F9 11 Tf 72 300 Td (" + line.encode("latin-1") + b") Tj ET\n"
    doc.update_stream(stream, doc.xref_stream(stream) + drawn)
    return doc.tobytes()


def _check(source: dict[str, Any], quotes: dict[str, str]) -> dict[str, dict[str, Any]]:
    batch = {
        "sources": [{"id": "s", **source}],
        "citations": [{"id": k, "source": "s", "quote": q} for k, q in quotes.items()],
    }
    report = run(lambda: check_batch(parse_batch(batch)))
    schema = resources.files("quote_tui.batch").joinpath("report.schema.json").read_text("utf-8")
    jsonschema.validate(report, json.loads(schema))
    return {c["id"]: c for c in report["citations"]}


def test_a_quotation_differing_only_at_an_unmapped_ligature_is_inconclusive(
    tmp_path: Path,
) -> None:
    path = tmp_path / "ligature.pdf"
    path.write_bytes(_pua_pdf(PRINTED))
    got = _check(
        {"ref": str(path)},
        {
            "as_printed": "A Markdown-formatted document should be publishable" + AS_IS,
            "other_word": "A Markdown-formatted document should be printable" + AS_IS,
            "negation": "A Markdown-formatted document should not be publishable" + AS_IS,
            "digits": "A Markdown-forma11ed document should be publishable" + AS_IS,
        },
    )
    printed = got["as_printed"]
    assert printed["status"] == "inconclusive", printed
    assert printed["reason"] == "unmapped_font"
    assert "U+E03C" in printed["note"]
    # the nearest passage is kept, glyph and all, for the reader to look at
    assert "forma\ue03ced document" in printed["matches"][0]["text"]
    # any other difference is a misquotation still: a word, a negation, digits for the glyph
    for key in ("other_word", "negation", "digits"):
        assert got[key]["status"] == "near", got[key]
        assert "note" not in got[key] and "reason" not in got[key]


def test_replacement_and_control_characters_and_the_letters_a_glyph_may_stand_for() -> None:
    text = "The e\ufffdect of the ﬁrst dose was ma\x02ed and it was not large in anyone at all."
    got = _check(
        {"text": text},
        {
            "fffd": "The effect" + DOSE + "not large in anyone at all.",
            "four": "The effffect" + DOSE + "not large in anyone at all.",
            "five": "The efffffect" + DOSE + "not large in anyone at all.",
            "dropped": "The effect" + DOSE + "large in anyone at all.",
        },
    )
    assert got["fffd"]["status"] == "inconclusive", got["fffd"]
    assert "U+FFFD" in got["fffd"]["note"] and "U+0002" in got["fffd"]["note"]
    # a glyph stands for at most four letters (a ligature draws three at most)
    assert got["four"]["status"] == "inconclusive", got["four"]
    assert got["five"]["status"] == "near", got["five"]
    assert got["dropped"]["status"] == "near", got["dropped"]


def test_a_near_match_in_readable_text_keeps_its_verdict() -> None:
    got = _check(
        {"text": "The effect of the first dose was marked and it was not large in anyone."},
        {"near": "The effect of the first dose was marked and it was large in anyone."},
    )
    assert got["near"]["status"] == "near"
    assert "note" not in got["near"]


def test_differences_without_source_offsets_are_not_read_back() -> None:
    text = "The e\ufffdect of the first dose was marked."
    result = check_text_sync(PreparedText(text), "The effect of the first dose was marked.")
    assert result.status is Status.NEAR
    match = result.matches[0]
    assert unread_glyphs(match) == ("\ufffd",)
    blind = tuple(replace(d, source_start=None, source_end=None) for d in match.differences)
    assert unread_glyphs(replace(match, differences=blind)) is None
