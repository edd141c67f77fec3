"""A course, class or seminar named by its subject in marks ("an assignment for a course on
“Old Norse Gods and Heroes”", "im Seminar zu „Medien und Macht“") is a name, not a quotation,
even where an annotation cue stands before it. A class told a sentence stays a quotation.
Written in the form of a Markdown book chapter on teaching (m17)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_CHAPTER = """# Annotation

Her annotation assignment for a course on "Old Norse Gods and Heroes" asks students to read
images. Im Seminar zu „Medien und Macht im Wandel der Zeit“ lasen wir Texte.

The teacher then told the class "Read every margin as if it were the main text itself" (Baer 12).

## Works Cited

Baer, P. Annotation. Victoria: UVic, 2012.
"""


def test_course_named_by_its_subject(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "chapter.md", _CHAPTER))
    assert set(got) == {"Read every margin as if it were the main text itself"}
