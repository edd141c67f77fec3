"""A play's dialogue quoted as its script sets it, one speaker a line and the page after the
last line, with no marks and no block markup: "Hamm: …" / "Clov: …" / "He does not move."
(84). Lines that only look so (a list of names and roles) have no page after them."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_ESSAY = """The ending repeats the beginning, and the repetition is the point. At the close
Hamm: Is it time for my painkiller yet?
Clov: No, it is not time yet.
He does not move.
Silence. (84)
The audience laughs and then stops laughing.

The cast of the first production was small.
Hamm: Roger Blin
Clov: Jean Martin
"""


def test_dialogue_lines_with_a_page_are_a_block_quotation(tmp_path: Path) -> None:
    for name in ("essay.md", "essay.txt"):
        found = quotes_found(write(tmp_path, name, _ESSAY))
        assert list(found) == [
            "Hamm: Is it time for my painkiller yet? Clov: No, it is not time yet. He does not "
            "move. Silence."
        ]
