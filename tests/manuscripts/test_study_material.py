"""An experiment's own material, which its report quotes but no source wrote: what the
experimenter says by the protocol, the test sentences children hear, a model's prompts and
inputs set out under their labels. Lines written in the form of a developmental psychology
thesis and a retrieval paper in Word (m15), not copied from them."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx


def _write(path: Path, paragraphs: list[str]) -> None:
    d = wx.new_document()
    for text in paragraphs:
        wx.add_paragraph(d, [text])
    d.save(str(path))


def test_a_protocols_words_and_test_sentences_are_no_quotations(tmp_path: Path) -> None:
    path = tmp_path / "thesis.docx"
    _write(
        path,
        [
            "Children learn verbs from the frames they hear (Naigles, 1990).",
            "Then the critical sentence was introduced: either “Look! I’m going to blick the "
            "ball!” in the manner condition or “Look! I’m going to blick to the ball!” in the "
            "outcome condition.",
            "When the child touched the ball, the experimenter replied warmly, “Great job! Now "
            "it is your turn.” The session then went on.",
            "Gleitman warns that “an observer who notices everything can learn nothing at all” "
            "(Gleitman, 1990, p. 12).",
        ],
    )
    quotes = [c.quote for c in scan(path).citations]
    assert quotes == ["an observer who notices everything can learn nothing at all"]


def test_a_models_prompts_under_their_labels_are_no_quotations(tmp_path: Path) -> None:
    path = tmp_path / "paper.docx"
    _write(
        path,
        [
            "Consider the following example from the test set (Kwiatkowski et al., 2019):",
            'Query: "When did the first crewed moon landing take place?"',
            'Retrieved Document (Middle Position): "The first crewed landing was in July 1969 '
            'and was watched by millions of people around the world."',
            'Instruction (Baseline): "Answer briefly from the document you were given."',
            "The model then answered wrongly.",
        ],
    )
    assert not scan(path).citations
