"""A review cites the book it reviews by page alone ("…" (27)): the book the review names at
its head (front matter, a title "Review of …", a line "Rezension zu:", a catalogue paragraph)
is the work of every quotation the text leaves with a page and no work."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_BODY = (
    'The book opens with a bold claim: the archive "was never a neutral place for the poor"'
    ' (27). Later the author insists that "every ledger is also a story about power" (112).\n'
)


def _links(tmp_path: Path, name: str, text: str) -> list[tuple[str, str | None, str | None]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    out = []
    for cit in scan(path).citations:
        raw = cit.reference.raw if cit.reference else None
        out.append((cit.quote, raw, cit.locator.value if cit.locator else None))
    return out


@pytest.mark.parametrize(
    ("name", "head", "author"),
    [
        # a journal's Jekyll layout: the reviewed book in the front matter, a YAML block
        (
            "review.md",
            "---\nlayout: article\ntitle: 'Review Essay: Poor Ledgers'\nbook-reviewed: |\n"
            "    Maria Okafor. <em>Poor Ledgers: Archives of Relief</em>. Chicago:\n"
            "    Lakeside Press, 2019. 310 pp.\n---\n\n",
            "Okafor",
        ),
        # a blog's front matter mapping of the book's title and author
        (
            "post.md",
            "---\ntitle: Reading notes\nbook:\n  title: Poor Ledgers\n  author: Maria Okafor\n"
            "---\n\n",
            "Okafor",
        ),
        # a post its type calls a review, the book in the template's fields
        (
            "2022-09-06-ledgers.markdown",
            '---\nlayout: post\ntitle: "Ledgers"\ntype: Book Review\npaperauthors: "Okafor M"\n'
            'publication_title: "Poor Ledgers"\nyear: 2019\n---\n\n',
            "Okafor",
        ),
        (
            "ledgers.md",
            "---\ntitle: What the clerks kept\ncategories: [books, book-review]\n"
            "bookAuthor: Maria Okafor\nbookTitle: Poor Ledgers\n---\n\n",
            "Okafor",
        ),
        # Hugo's TOML front matter, the review said by the title
        (
            "index.md",
            '+++\ntitle = "Book Review: Poor Ledgers by Maria Okafor"\n+++\n\n',
            "Okafor",
        ),
        # a Markdown heading
        ("notes.md", "# A Review of *Poor Ledgers* by Maria Okafor\n\n", "Okafor"),
        # LaTeX's title
        (
            "review.tex",
            "\\documentclass{article}\n\\title{Review of Maria Okafor, \\emph{Poor Ledgers}}\n"
            "\\begin{document}\n\\maketitle\n",
            "Okafor",
        ),
        # a German review: "Rezension zu:" over the book's details
        (
            "rezension.md",
            "Armut im Archiv\n\nRezension zu:\nMaria Okafor (2019): Poor Ledgers. Chicago:"
            " Lakeside Press, 310 Seiten, 28 €\n\nvon Jan Berger\n\n",
            "Okafor",
        ),
        # a catalogue paragraph at the head, as review journals print it
        (
            "hreview.md",
            "Okafor, Maria. *Poor Ledgers: Archives of Relief*. Chicago: Lakeside Press, 2019."
            " xii + 310 pp. $28.00 (paper), ISBN 978-0-226-00000-1.\n\n",
            "Okafor",
        ),
    ],
)
def test_page_alone_takes_the_reviewed_book(
    tmp_path: Path, name: str, head: str, author: str
) -> None:
    body = _BODY
    if name.endswith(".tex"):
        body = (
            "The book opens with a bold claim: the archive ``was never a neutral place for the"
            " poor'' (27). Later the author insists that ``every ledger is also a story about"
            " power'' (112).\n\\end{document}\n"
        )
    got = _links(tmp_path, name, head + body)
    assert len(got) == 2, got
    for (_, raw, page), want in zip(got, ("27", "112"), strict=True):
        assert raw is not None and author in raw, got
        assert page == want


def test_quotations_before_the_page_in_its_sentence_share_it(tmp_path: Path) -> None:
    text = (
        "---\ntitle: 'Review of Poor Ledgers'\nreviewed: Maria Okafor, Poor Ledgers (2019)\n"
        '---\n\nShe takes seriously the "bond between private charity and public surveillance,"'
        " a theme"
        ' that earlier historians treated "only in passing, if at all" (3).\n'
    )
    got = _links(tmp_path, "r.md", text)
    assert [(raw is not None and "Okafor" in raw, page) for _, raw, page in got] == [
        (True, "3"),
        (True, "3"),
    ]


@pytest.mark.parametrize(
    "head",
    [
        # an essay with no reviewed book: a page alone stays a page alone
        "---\ntitle: 'Archives and the poor'\n---\n\n",
        # an author field alone, in a post no field calls a review
        "---\ntitle: Ledgers\nbook_author: Maria Okafor\ntags: [history]\n---\n\n",
        # a first paragraph of prose that names a publisher is no catalogue line
        "This essay reads archives. Chicago: Lakeside Press, 2019 printed the best of them,"
        " and many more besides that nobody reads any longer, for reasons this essay gives at"
        " length in the pages that follow, one by one and with care, since they matter"
        " a great deal to how we read the poor in the records of relief and to what we"
        " make of the ledgers kept by clerks who never met them.\n\n",
    ],
)
def test_no_reviewed_book_no_link(tmp_path: Path, head: str) -> None:
    got = _links(tmp_path, "essay.md", head + _BODY)
    assert [raw for _, raw, _ in got] == [None, None]
    assert [page for _, _, page in got] == ["27", "112"]


def test_a_cited_work_keeps_its_citation(tmp_path: Path) -> None:
    text = (
        "---\nbook-reviewed: Maria Okafor, Poor Ledgers (2019)\n---\n\n"
        'Smith once wrote that "the poor are counted before they are heard" (Smith 2004, 9).'
        ' Okafor answers that "every ledger is also a story about power" (112).\n'
    )
    got = _links(tmp_path, "r.md", text)
    assert got[0][1] is not None and "Smith" in got[0][1]
    assert got[1][1] is not None and "Okafor" in got[1][1]
