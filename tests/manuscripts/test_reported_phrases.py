"""Short phrases a sentence gives to a named writer: "Hardin's proposed “…”", "Kant's famous
“…”" (the writer's known phrase), and "Abrahamsen has nonetheless indicated that … a “…”" (a
verb of reporting after an adverb such as "nonetheless", "even", "later")."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_ESSAY = """Taxes alone will not do. Leveraging the idea behind Ostrom's proposed "shared
stewardship," we argue that farmers must see the levy as their own. Holm has
nonetheless indicated that the quartet is a "sister work" to the symphony,[@noteA] and they
share more than a key. Some critics found the quartet "rather cold" on first hearing.
"""


def test_phrases_given_to_a_named_writer_are_quoted(tmp_path: Path) -> None:
    found = quotes_found(write(tmp_path, "essay.md", _ESSAY))
    assert "shared stewardship," in found
    assert "sister work" in found
    assert "rather cold" not in found
