"""jekyll-scholar's Liquid citations in a Jekyll post, ``{% cite key -l 8 %}``: the quotation
before the tag takes its key, its entry in the bibliography given, and its locator."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan

_FIRST = "the history of all hitherto existing society is the history of class struggles"
_SECOND = "a nation is a historically constituted, stable community of people"
_THIRD = "the working men have no country, and we cannot take from them what they have not got."
_POST = (
    '---\nlayout: post\ntitle: "Marx"\n---\n\n'
    f'Its purpose was to reflect on "{_FIRST}" {{% cite marx1969 -l 8 %}}. Stalin later wrote'
    f' that "{_SECOND}" {{% cite "stalin1913" --label chapter --locator 2 %}}.\n\n'
    f'The Manifesto insists that "{_THIRD}"{{% cite marx1969 %}}\n'
)


def test_liquid_cite_tags_give_key_entry_and_locator(tmp_path: Path) -> None:
    md = tmp_path / "2019-10-01-marx.md"
    md.write_text(_POST, encoding="utf-8")
    bib = tmp_path / "references.bib"
    bib.write_text(
        "@book{marx1969, author={Marx, Karl}, title={The Communist Manifesto}, year={1969}}",
        encoding="utf-8",
    )
    got = {
        c.quote: (
            c.reference.key if c.reference else None,
            c.reference.bib.year if c.reference and c.reference.bib else None,
            (c.locator.label, c.locator.value) if c.locator else None,
        )
        for c in scan(md, bib=[bib]).citations
    }
    assert got[_FIRST] == ("marx1969", "1969", ("page", "8"))
    assert got[_SECOND] == ("stalin1913", None, ("chapter", "chapter 2"))
    assert got[_THIRD] == ("marx1969", "1969", None)
