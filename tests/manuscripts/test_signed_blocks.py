"""A block quotation signed after its words, as epigraphs are: the signature names the source."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_WORDS = "Whatever you can do, or dream you can, begin it; boldness has genius in it."


def _cited(tmp_path: Path, text: str) -> dict[str, tuple[str | None, str | None]]:
    path = tmp_path / "chapter.md"
    path.write_text(text, encoding="utf-8")
    return {
        c.quote: (c.reference.raw if c.reference else None, c.status) for c in scan(path).citations
    }


@pytest.mark.parametrize(
    ("text", "raw"),
    [
        # an HTML epigraph whose <footer> names the work (a Pandoc book's epigraph class)
        (
            f'<blockquote class="epigraph">{_WORDS}<footer>John Anster, *Faustus: A Dramatic'
            " Mystery*, 1835</footer></blockquote>\n\nThe chapter begins.\n",
            "John Anster, *Faustus: A Dramatic Mystery*, 1835",
        ),
        # the <footer> with a <cite> around the work
        (
            f"<blockquote>{_WORDS}<footer>— John Anster, <cite>Faustus</cite>, 1835</footer>"
            "</blockquote>\n\nThe chapter begins.\n",
            "John Anster, Faustus , 1835",
        ),
        # a name alone on the block's last line
        (f"> {_WORDS}\n>\n> — John Anster\n\nThe chapter begins.\n", "John Anster"),
        # a name and a year on the line right after the block
        (f"> {_WORDS}\n\n— Anster 1835\n\nThe chapter begins.\n", "Anster 1835"),
        # the signature set as a ">" block of its own after a blank line (ext16)
        (
            f">{_WORDS}\n\n>---John Anster (1793-1867), 1835\n\nThe chapter begins.\n",
            "John Anster (1793-1867), 1835",
        ),
        # an epigraph set in emphasis, its author in brackets on the paragraph after it
        (f"**{_WORDS}**\n\n(John Anster)\n\nThe chapter begins.\n", "John Anster"),
    ],
)
def test_a_block_signed_after_its_words_cites_the_signature(
    tmp_path: Path, text: str, raw: str
) -> None:
    assert _cited(tmp_path, text) == {_WORDS: (raw, None)}


def test_a_list_item_at_a_blocks_end_is_no_signature(tmp_path: Path) -> None:
    text = f"> {_WORDS}\n> - Another line of the quoted list\n\nThe chapter begins.\n"
    cited = _cited(tmp_path, text)
    assert all(raw is None for raw, _ in cited.values())


def test_a_note_in_the_block_comes_before_its_footer(tmp_path: Path) -> None:
    text = (
        f"<blockquote>{_WORDS}[^1] <footer>John Anster</footer></blockquote>\n\n"
        "The chapter begins.\n\n[^1]: Anster, *Faustus*, 1835, p. 12.\n"
    )
    ((raw, _),) = _cited(tmp_path, text).values()
    assert raw is not None and raw.startswith("Anster, *Faustus*, 1835, p. 12")


def test_a_latex_epigraph_cites_its_second_argument(tmp_path: Path) -> None:
    (tmp_path / "refs.bib").write_text(
        "@book{ww, title={Poems}, author={Wordsworth, William}, year=1807}\n", encoding="utf-8"
    )
    path = tmp_path / "thesis.tex"
    path.write_text(
        "\\documentclass{report}\\usepackage{epigraph}\\begin{document}\n\\chapter{One}\n"
        f"\\epigraph{{{_WORDS}}}{{--- John Anster, \\textit{{Faustus}} (1835)}}\n"
        "\\epigraph{The world is too much with us; late and soon, getting and spending.}"
        "{\\cite[p.~4]{ww}}\n"
        "\\epigraph{The mass of men lead lives of quiet desperation.}{\\textsc{Henry Thoreau}}\n"
        "The chapter begins.\n\\end{document}\n",
        encoding="utf-8",
    )
    got = {
        c.quote[:20]: (c.reference.key if c.reference else None, c.reference and c.reference.raw)
        for c in scan(path, bib=[tmp_path / "refs.bib"]).citations
    }
    assert got == {
        "Whatever you can do,": ("Faustus", "John Anster, \\textit{Faustus} (1835)"),
        "The world is too muc": ("ww", "\\cite[p.~4]{ww}"),
        "The mass of men lead": ("Henry Thoreau", "Henry Thoreau"),
    }
