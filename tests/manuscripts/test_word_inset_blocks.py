"""A Word paragraph set in from both margins after a lead-in's colon is the passage the lead-in
introduces, whatever verb the lead-in uses (an essay on film, a finance thesis, a religion paper,
a German thesis all set their quotations so)."""

from __future__ import annotations

from pathlib import Path

import docx
from docx.shared import Cm

from quote_tui.manuscripts import scan


def _word(tmp_path: Path, paragraphs: list[tuple[str, float, float]]) -> Path:
    """Paragraphs with their left and right indentation in centimetres."""
    document = docx.Document()
    for text, left, right in paragraphs:
        fmt = document.add_paragraph(text).paragraph_format
        if left:
            fmt.left_indent = Cm(left)
        if right:
            fmt.right_indent = Cm(right)
    path = tmp_path / "essay.docx"
    document.save(str(path))
    return path


def _quotes(path: Path) -> list[str]:
    return [c.quote for c in scan(path).citations]


_PASSAGE = (
    "The director who chooses at this moment to move the camera towards the body, so that "
    "the fallen figure fills the frame, has turned a death into a picture to be admired."
)


def test_an_inset_passage_after_a_lead_in_with_no_verb_of_saying_is_a_block(
    tmp_path: Path,
) -> None:
    path = _word(
        tmp_path,
        [
            ("The camera is never neutral in such scenes.", 0, 0),
            ("In his essay on camera movement, the critic draws attention to an old review:", 0, 0),
            (_PASSAGE, 2.54, 2.54),
            ("The film avoids exactly this temptation.", 0, 0),
        ],
    )
    assert _PASSAGE in _quotes(path)


def test_a_german_lead_in_naming_what_follows_introduces_the_inset_passage(
    tmp_path: Path,
) -> None:
    words = (
        "Der Film hat eine unbegrenzte Macht der Bewegung, der Vorwegnahme des Kommenden und "
        "der Erneuerung des Gewesenen, wie sie keine andere Kunst besitzt."
    )
    path = _word(
        tmp_path,
        [
            ("Das Potential des Films faszinierte ihn offensichtlich:", 0, 0),
            (words, 1.27, 1.27),
            ("Literatur", 0, 0),
            ("Polgar, A. (1956). Im Lauf der Zeit. Hamburg: Rowohlt.", 0, 0),
        ],
    )
    assert any(q.startswith("Der Film hat eine unbegrenzte Macht") for q in _quotes(path))


def test_an_inset_on_the_left_alone_is_the_writers_own_text(tmp_path: Path) -> None:
    own = (
        "The model is fitted once for each firm, and the discount rate is then varied "
        "between five and ten per cent to see how the price responds."
    )
    path = _word(
        tmp_path,
        [
            ("The procedure has three steps:", 0, 0),
            (own, 1.27, 0),
        ],
    )
    assert own not in _quotes(path)


def test_an_inset_entry_opened_by_its_label_is_no_block(tmp_path: Path) -> None:
    entry = (
        "1988: Carbon dating was done on a small strip of the cloth, and three laboratories "
        "declared it to be from the thirteenth or fourteenth century."
    )
    path = _word(
        tmp_path,
        [
            ("The main events were these:", 0, 0),
            (entry, 2.54, 1.27),
        ],
    )
    assert not any(q.startswith("1988") or "Carbon dating" in q for q in _quotes(path))


def test_an_inset_paragraph_in_its_own_marks_keeps_its_marks_bounds(tmp_path: Path) -> None:
    words = (
        "Idolatry is not only the worship of false gods. It remains a constant temptation "
        "to faith, and consists in divinizing what is not God."
    )
    path = _word(
        tmp_path,
        [
            ("The older view is stated plainly (Aquinas, 1265, q. 94).", 0, 0),
            ("In general, idolatry is wrong according to the Church:", 0, 0),
            (f"“{words}” (Catechism of the Catholic Church, n. 2113) (Francis)", 1.27, 1.27),
        ],
    )
    # the marks bound it: the citations after them are no part of a block's words
    assert not any("Catechism" in q for q in _quotes(path))
