"""A blog post exported to Markdown keeps inline HTML between a quotation mark and its words
(`“<span style="font-style: italic">… Tercer Mundo”</span>`, `"<em>…</em>"`): the quotation is
read as typed, and a tag before the next quotation's mark leaves that mark its own. Written in
the form of a Spanish blog post moved from Blogger to Jekyll (m12)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_POST = (
    "---\nlayout: post\n---\n"
    'Es en la opción donde el dilema aparece y “<span style="font-style: italic">... se '
    "presenta hoy, en forma ineludible, a los países del Tercer Mundo”</span>\n"
    'Freire escribe que "<em>la educación es un acto de amor, por tanto un acto de '
    'valor</em>".<br>"Nadie educa a nadie, nadie se educa a sí mismo", dice Freire.\n'
)


def test_quotations_behind_inline_tags(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "post.md", _POST))
    assert set(got) == {
        "... se presenta hoy, en forma ineludible, a los países del Tercer Mundo",
        "la educación es un acto de amor, por tanto un acto de valor",
        "Nadie educa a nadie, nadie se educa a sí mismo",
    }
