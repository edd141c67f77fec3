"""A Word paragraph that is one quotation signed with a dash on its own line, as an epigraph
is signed: "“… using cryptography” – Wikipedia". The signature names the source; a term with
its gloss, or a dash the writer's sentence goes on after, signs nothing."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.docx import read_docx
from tests.manuscripts import wordxml as wx

_CHAIN = (
    "A blockchain is a continuously growing list of records, called blocks, which are linked "
    "and secured using cryptography"
)


def _essay(path: Path, line: str) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["What is a blockchain? The notes below gather the definitions."])
    wx.add_paragraph(d, [line])
    wx.add_paragraph(d, ["The chain's first block is called the genesis block."])
    d.save(str(path))


def test_a_quotation_signed_on_its_own_line_names_its_source(tmp_path: Path) -> None:
    path = tmp_path / "notes.docx"
    _essay(path, "“" + _CHAIN + "” – Wikipedia")
    (cit,) = scan(path).citations
    assert cit.quote == _CHAIN
    assert cit.reference is not None and cit.reference.raw == "Wikipedia"


def test_an_em_dash_signature_with_a_full_name(tmp_path: Path) -> None:
    path = tmp_path / "notes.docx"
    quote = "Systems like Ethereum are a fundamentally new class of cryptoeconomic organisms."
    _essay(path, "“" + quote + "” — Vitalik Buterin")
    (cit,) = scan(path).citations
    assert cit.quote == quote
    assert cit.reference is not None and cit.reference.raw == "Vitalik Buterin"


def test_a_term_and_its_gloss_is_no_signed_quotation(tmp_path: Path) -> None:
    path = tmp_path / "notes.docx"
    _essay(path, "“Distributed ledger” – A record kept in many places at once.")
    assert not read_docx(path).documents[0].blocks


def test_a_dash_the_sentence_goes_on_after_signs_nothing(tmp_path: Path) -> None:
    path = tmp_path / "notes.docx"
    _essay(path, "“" + _CHAIN + "” – so the encyclopedia puts it.")
    assert not read_docx(path).documents[0].blocks
