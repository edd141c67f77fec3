"""A paragraph about one writer's text, in a text that cites: the writer named in the
possessive twice and three times in all ("Ruefle’s story …", "Like Ruefle’s clouds, the virus
seemed “…”", "Ruefle’s text"), its longer quotations are that writer's though uncited, as a
section's are in an uncited essay. A paragraph that names no one so leaves them to evidence."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_ESSAY = """The survey opened with a long citation (Ortiz 2001, 12).

*Among the Rivers* is a short text by Lena Vogt, which I read in the spring. Vogt’s story is
about rivers, but rivers can stand for much else. Like Vogt’s rivers, the rumour seemed
“sudden, endless, muddy and brown,” and I mean to map it so.

The second plan is simpler: the weather seemed “sudden, endless, grey and cold”
to everyone that year.

## Works Cited

Ortiz, Ana. *Rumours*. Example Press, 2001.
Vogt, Lena. *Among the Rivers*. Example Press, 2016.
"""


def test_a_paragraph_about_one_writer_gives_its_quotations_to_her(tmp_path: Path) -> None:
    found = quotes_found(write(tmp_path, "essay.md", _ESSAY))
    assert "sudden, endless, muddy and brown," in found
    assert "sudden, endless, grey and cold" not in found
