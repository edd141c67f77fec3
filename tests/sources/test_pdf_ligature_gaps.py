"""A space a producer sets inside a ligature's box prints no gap and splits no word."""

from __future__ import annotations

from pathlib import Path

from quote_tui.api import check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.local import read_path
from quote_tui.sources.readers.pdf_annotate import ligature_words
from quote_tui.sources.readers.pdf_lines import close_ligature_gaps, ligature_gap


def _char(c: str, x0: float, x1: float) -> dict:
    return {"c": c, "bbox": (x0, 10.0, x1, 20.0), "origin": (x0, 18.0)}


def _raw(chars: list[dict]) -> dict:
    return {"blocks": [{"type": 0, "lines": [{"spans": [{"size": 9.0, "chars": chars}]}]}]}


def test_a_space_inside_the_ligature_before_it_is_left_out() -> None:
    # as spektrum-editorial-de.pdf sets "Inﬂ uenzavirus": the space within the ligature's box,
    # the "u" where the ligature ends
    chars = [_char("I", 230.8, 233.5), _char("n", 233.5, 238.6), _char("\ufb02", 238.6, 244.1)]
    chars += [_char(" ", 241.3, 243.8), _char("u", 244.1, 249.6), _char("e", 249.6, 254.6)]
    span = close_ligature_gaps(_raw(chars))["blocks"][0]["lines"][0]["spans"][0]
    assert span["text"] == "In\ufb02ue"
    assert "chars" not in span


def test_a_ligature_that_ends_a_word_keeps_its_space() -> None:
    # "staﬀ is": the space stands past the ligature, and so does the next word
    chars = [_char("s", 0, 4), _char("t", 4, 7), _char("a", 7, 12), _char("\ufb00", 12, 18)]
    chars += [_char(" ", 18, 21), _char("i", 21, 23), _char("s", 23, 27)]
    span = close_ligature_gaps(_raw(chars))["blocks"][0]["lines"][0]["spans"][0]
    assert span["text"] == "sta\ufb00 is"


def test_only_a_ligature_before_a_space_asks_for_the_glyphs() -> None:
    assert ligature_gap("Inﬂ uenzavirus")
    assert not ligature_gap("Influenzavirus and staff")


def test_the_german_editorial_reads_its_ligatures_whole(corpus_dir: Path) -> None:
    prepared = read_path(str(corpus_dir / "pdf" / "spektrum-editorial-de.pdf")).prepared
    assert "Inﬂuenzavirus" in prepared.text and "Erﬁnder" in prepared.text
    result = check_text(prepared, "Dem amerikanischen Erfinder und Visionär geht es darum")
    assert result.status is Status.NORMALIZED


def test_highlights_count_a_word_split_at_its_ligature_as_one() -> None:
    # MuPDF's words of "ein Inﬂ uenzavirus die": four, where the checked text has three
    words = [
        (200.0, 10.0, 214.0, 20.0, "ein", 0, 0, 0),
        (216.0, 10.0, 239.0, 20.0, "In\ufb02", 0, 0, 1),
        (239.0, 10.0, 280.0, 20.0, "uenzavirus", 0, 0, 2),
        (283.0, 10.0, 295.0, 20.0, "die", 0, 0, 3),
    ]
    joined = ligature_words(words)
    assert [w[4] for w in joined] == ["ein", "In\ufb02uenzavirus", "die"]
    assert joined[1][:4] == (216.0, 10.0, 280.0, 20.0)
    # a ligature that ends a word before a real gap stays a word of its own
    apart = [(0.0, 0.0, 18.0, 9.0, "sta\ufb00", 0, 0, 0), (21.0, 0.0, 27.0, 9.0, "is", 0, 0, 1)]
    assert [w[4] for w in ligature_words(apart)] == ["sta\ufb00", "is"]
