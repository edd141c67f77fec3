"""A text that cites nothing and whose title names a topic, not a person ("In Defense of
Spending Bitcoin", the text writing "bitcoin" in lower case too): its short phrases in marks
are the essayist's terms ("free market", "trophy wife"), not the topic's words; its longer
quotations keep the evidence the title gives, and a title naming an author still does."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write

_ESSAY = """# In Defense of Spending Gold

## Why use gold?

Gold's history is long. Gold's price moves slowly, and gold keeps its worth. Gold is heavy.
Some keep gold in a vault; others wear gold every day. Gold is old money.

There has never been a real "free market." A wife bought with gold was a "trophy wife" to her
husband. As the historian Anna Berg put it, "the first coins were struck to pay soldiers, not
to feed markets."
"""


def test_a_topics_short_phrases_are_the_essayists_terms(tmp_path: Path) -> None:
    quotes = [c.quote for c in scan(write(tmp_path, "essay.md", _ESSAY)).citations]
    assert quotes == ["the first coins were struck to pay soldiers, not to feed markets."]


def test_an_author_named_by_the_title_still_owns_short_phrases(tmp_path: Path) -> None:
    essay = _ESSAY.replace("Spending Gold", "Reading Dickens").replace("Gold", "Dickens")
    essay = essay.replace("gold", "books").replace("A wife bought", "Dickens likens a wife bought")
    # (two words are the author's when the sentence has him say them; three or more anyway)
    quotes = [c.quote for c in scan(write(tmp_path, "essay.md", essay)).citations]
    assert "trophy wife" in quotes
