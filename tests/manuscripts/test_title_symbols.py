"""A title in marks keeps its statistics and ordinals: "Moving to a World Beyond p<.05",
"Statistical Inference in the 21st Century", "When n = 1: Single Case Designs" name works; a
letter alone is a symbol and the letters after a number are no word, so neither makes the
title a sentence."""

from __future__ import annotations

import pytest

from quote_tui.manuscripts.title_case import is_title


@pytest.mark.parametrize(
    "words",
    [
        "Moving to a World Beyond p<.05",
        "Statistical Inference in the 21st Century: A World Beyond p < 0.05",
        "When n = 1: Single Case Designs in Clinical Research",
        "Literature of the 19th Century",
    ],
)
def test_a_title_with_a_symbol_or_an_ordinal_is_a_title(words: str) -> None:
    assert is_title(words, 0, len(words))


@pytest.mark.parametrize(
    "words",
    [
        "the value of p is small in the 21st century",
        "Every object falls at the same rate, whatever its mass m",
        "A literatura é a reflexão sobre a literatura",
    ],
)
def test_a_sentence_with_a_symbol_stays_a_sentence(words: str) -> None:
    assert not is_title(words, 0, len(words))
