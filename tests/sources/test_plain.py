"""decode_text: BOMs, UTF-8, legacy code pages, binary refusal; corpus text files."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine.errors import SourceError
from quote_tui.sources.readers.plain import decode_text, sniff_binary


@pytest.mark.parametrize(
    ("bom", "codec", "name"),
    [
        (codecs.BOM_UTF8, "utf-8", "utf-8"),
        (codecs.BOM_UTF16_LE, "utf-16-le", "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be", "utf-16-be"),
        (codecs.BOM_UTF32_LE, "utf-32-le", "utf-32-le"),
        (codecs.BOM_UTF32_BE, "utf-32-be", "utf-32-be"),
    ],
)
def test_bom_decides_and_is_stripped(bom: bytes, codec: str, name: str) -> None:
    text, encoding = decode_text(bom + "Ça va\r\nbien".encode(codec))
    assert (text, encoding) == ("Ça va\r\nbien", name)


def test_utf16_without_bom_is_recognised() -> None:
    assert decode_text("plain words here".encode("utf-16-le")) == ("plain words here", "utf-16-le")


def test_line_breaks_are_kept() -> None:
    assert decode_text(b"a\r\nb\rc\n") == ("a\r\nb\rc\n", "utf-8")


def test_legacy_cp1252_when_c1_bytes_are_printable() -> None:
    text, encoding = decode_text("“Déjà vu” – 5 €".encode("cp1252"))
    assert (text, encoding) == ("“Déjà vu” – 5 €", "cp1252")


def test_legacy_latin1_without_c1_bytes() -> None:
    assert decode_text("fâché".encode("latin-1")) == ("fâché", "iso-8859-1")


def test_declared_charset_is_used_when_it_decodes() -> None:
    data = "Привет".encode("koi8-r")
    assert decode_text(data, declared="KOI8-R") == ("Привет", "koi8-r")
    # A mislabelled UTF-8 page: the bytes decide.
    assert decode_text("é".encode(), declared="iso-8859-1") == ("é", "utf-8")


@pytest.mark.parametrize("data", [b"abc\x00def", bytes(range(256)) * 4, b"\x01\x02\x03\x04 text"])
def test_binary_is_refused(data: bytes) -> None:
    with pytest.raises(SourceError) as err:
        decode_text(data)
    assert err.value.code == "decode_error"
    assert "binary" in err.value.message


def test_bad_bom_is_a_decode_error() -> None:
    with pytest.raises(SourceError) as err:
        decode_text(codecs.BOM_UTF8 + b"\xff\xfe\xfa")
    assert err.value.code == "decode_error"


def test_sniff_binary() -> None:
    assert sniff_binary(b"hello\tworld\r\n") is None
    assert sniff_binary(b"%PDF\x00") == "NUL bytes"


@settings(max_examples=200)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs"))))
def test_utf8_round_trip(text: str) -> None:
    assert decode_text(text.encode("utf-8")) == (text, "utf-8")


def test_corpus_text_files(corpus_dir: Path) -> None:
    latin, enc = decode_text((corpus_dir / "text/entre-nous-pg44157-latin1.txt").read_bytes())
    assert enc == "iso-8859-1"
    assert "Alors papa se fâche et donne une tape au petit Paul." in latin
    assert "\r\n" in latin

    moby, enc = decode_text((corpus_dir / "text/melville-moby-dick-pg2701.txt").read_bytes())
    assert enc == "utf-8"
    assert not moby.startswith("\ufeff")
    assert "The drama’s done." in moby

    bierce, _ = decode_text((corpus_dir / "text/bierce-devils-dictionary-pg972.txt").read_bytes())
    assert "ACCIDENT, n.  An inevitable occurrence" in bierce
