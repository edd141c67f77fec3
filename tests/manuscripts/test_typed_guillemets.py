"""Guillemets typed as two angle brackets, <<…>>: Italian and French writers whose keyboard has
no « » type them so in Word and Markdown, and a LaTeX T1 font prints them as guillemets. They
open and close a quotation as « » do; shifts, arrows and here-documents are no marks."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.quotes import find_quotes
from tests.manuscripts.helpers import write


def _spans(text: str, latex: bool = False) -> list[str]:
    return [text[q.start : q.end] for q in find_quotes(text, min_words=1, latex=latex)]


def test_typed_guillemets_open_and_close() -> None:
    it = "Ida trovò un lavoro. <<Era proprio bella e le chiesero di posare.>> Poi partì."
    assert _spans(it) == ["Era proprio bella e le chiesero di posare."]
    fr = "Comme le dit Barthes, <<le texte est un tissu de citations>> \\cite[12]{barthes}."
    assert _spans(fr, latex=True) == ["le texte est un tissu de citations"]
    nested = "Il écrit <<les meilleurs « vrais » philosophes>> ici."
    assert _spans(nested)[0] == "les meilleurs « vrais » philosophes"


def test_shifts_arrows_and_heredocs_are_no_marks() -> None:
    assert _spans("x << 2 and y >> 3 give the bits") == []
    assert _spans("cat <<EOF\nhello world here\nEOF\n") == []
    assert _spans("A <<- B >> C and D <<= E") == []


def test_a_quotation_in_typed_guillemets_is_found_with_its_note(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Le parole della sopravvissuta sono chiare: <<Non trovammo niente. Il deserto. "
        "Nessuno dei nostri cari.>>[^1]\n\n[^1]: Pavia 2015, p. 88.\n",
    )
    quotes = [c.quote for c in scan(md).citations]
    assert quotes == ["Non trovammo niente. Il deserto. Nessuno dei nostri cari."]


def test_a_cross_reference_in_angle_brackets_is_no_quotation() -> None:
    text = "Sie spricht von Teilhabe [@key] (<<fig:teilhabe-modell>>); see <<intro,the intro>>."
    assert _spans(text) == []
