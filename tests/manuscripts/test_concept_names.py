"""Words in marks that name a hypothesis, theory, effect or principle ("the “light
level-detectability hypothesis” [@galeotti2003]", „Backfire-Effekt“) name a concept, cited to
who proposed it or not; numbers and signs in marks ("the lot number “1 • 847,”") are an
identifier. Neither is a quotation; a cited sentence that ends on such a word still is. Written
in the forms of an R Markdown essay and a journal article (m15)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write


def test_named_concepts_and_numbers(tmp_path: Path) -> None:
    text = (
        'Tate found support for the "light level-detectability hypothesis" [@galeotti2003] '
        "in sparrowhawks. Der sogenannte „Backfire-Effekt“ [@nyhan2010] ist umstritten. The "
        'sticker carries the lot number “1 • 847,” in ink. Galeotti writes that "darker '
        'plumage is favoured under the dim light of the forest model" [@galeotti2003, p. 4]. '
        'Such birds live "above the law" [@galeotti2003, p. 5].\n'
    )
    assert set(quotes_found(write(tmp_path, "essay.md", text))) == {
        "darker plumage is favoured under the dim light of the forest model",
        "above the law",
    }
