"""Blog essays open with the writer's note on the text itself, set off as a block quotation
before the first heading's prose ("> This was reworked from my …", "> This post first appeared
…"): the writer's words about this text, not a quotation. A source's block later in the text,
or an epigraph at the head that does not speak of the text, stays one. Written in the form of
a Jekyll blog essay (m17)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_POST = """---
layout: post
title: "On Promises"
---

# On Promises

> This essay grew out of a seminar paper I wrote in my second year; I have since
> changed my mind about its last section.

A promise binds the one who makes it. Hume puts the puzzle plainly:

> A promise is not intelligible naturally, nor antecedent to human conventions.

The rest of this essay asks what follows.
"""

_EPIGRAPH = """# Leaving home

> I have been a stranger in a strange land, and I have not regretted it.

Exile is a theme of the novel from its first page.
"""


def test_head_note_is_the_writers(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "promises.md", _POST))
    assert set(got) == {
        "A promise is not intelligible naturally, nor antecedent to human conventions."
    }


def test_epigraph_at_head_stays(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "home.md", _EPIGRAPH))
    assert set(got) == {"I have been a stranger in a strange land, and I have not regretted it."}


_GERMAN = """# Über Versprechen

> Dieser Beitrag erschien zuerst in meinem alten Blog; ich habe ihn leicht überarbeitet.

Ein Versprechen bindet den, der es gibt.
"""


def test_head_note_in_german(tmp_path: Path) -> None:
    assert quotes_found(write(tmp_path, "versprechen.md", _GERMAN)) == {}
