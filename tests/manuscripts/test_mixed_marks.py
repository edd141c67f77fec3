"""A quotation opened with a curly mark and closed with a straight one, or the other way round
(“…" and "…”), as text pasted from another program or typed with autocorrect on for one mark
only comes out, is one quotation; a straight pair nested in a curly one stays nested."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_ESSAY = """We must enact what Hardin refers to as “social arrangements that will keep the
rivers from becoming the commons in the first place". These arrangements include penalties.
As Ostrom notes, "the commons can be governed by those who use them every day” [@ostrom1990,
p. 4]. Her critic wrote that “the word "commons" hides more than it shows to any reader”
[@ruiz2001, p. 9].
"""


def test_mixed_marks_bound_one_quotation(tmp_path: Path) -> None:
    found = quotes_found(write(tmp_path, "essay.md", _ESSAY))
    assert (
        "social arrangements that will keep the rivers from becoming the commons in the first "
        "place" in found
    )
    assert found["the commons can be governed by those who use them every day"] == (
        "ostrom1990",
        "4",
    )
    assert found['the word "commons" hides more than it shows to any reader'] == ("ruiz2001", "9")
