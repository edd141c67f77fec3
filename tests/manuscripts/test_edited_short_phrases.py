"""A short phrase with an editor's bracket in it, an insertion or an ellipsis, is someone's
words the writer changed: a quotation, even where a cue presents it as a name ("might be
called '[shared] reading machines'"). A link's text, a note and a number in brackets are
no such edit. Written in the form of a Markdown book chapter (m17) and a German thesis (m9)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_CHAPTER = """# Reading together

As Lee points out in her post, the tools to which such platforms belong might be called
'[shared] reading machines' as opposed to word processors. Der Erzähler nennt sie
„[d]ie müden Gäste“, und später „die […] Kellner“.

Some call them "smart tools" and others "[reading apps](https://example.org)".
"""


def test_edited_phrases_are_quotations(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "chapter.md", _CHAPTER))
    assert set(got) == {"[shared] reading machines", "[d]ie müden Gäste", "die […] Kellner"}
