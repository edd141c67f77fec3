"""A Markdown reference link's definition, ``[id]: URL "Title"`` with its title on the same line
or the next (CommonMark), is markup: its title is no quotation (a blog's list of links)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_BIB = "@book{smith, author={Smith, Ann}, title={Reading}, year={2020}}\n"


def test_a_reference_links_title_is_no_quotation(tmp_path: Path) -> None:
    text = (
        "Beauvoir wrote [The Second Sex][sex], and Butler holds that gender is "
        '"an identity tenuously constituted in time" [@smith, p. 4].\n\n'
        "[sex]: https://archive.org/details/second-sex\n"
        '    "The Second Sex - English translation"\n'
        '[post]: {% post_url 2020-11-26-kessler %} "Kessler and McKenna: the categorization"\n'
        "[gh]: https://github.com/x/y 'pdftk-php on its own GitHub page'\n"
    )
    assert quotes_found(write(tmp_path, "a.md", text), write(tmp_path, "refs.bib", _BIB)) == {
        "an identity tenuously constituted in time": ("smith", "4")
    }
