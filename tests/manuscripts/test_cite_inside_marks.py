"""A Pandoc citation typed inside the closing mark, with no full stop before it: "…
abzufragen [@key, S. 878]." and a block wrapped in marks closed after its citation. No source
prints Pandoc's markup, so the citation is the writer's, and not part of the quoted words."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan

_BIB = (
    "@book{flick2019, title = {Qualitative Sozialforschung}, author = {Flick, Uwe},"
    " year = 2019}\n@book{mayring2015, title = {Qualitative Inhaltsanalyse},"
    " author = {Mayring, Philipp}, year = 2015}\n"
)


def _scan(tmp_path: Path, text: str) -> list[tuple[str, str | None, str | None]]:
    md = tmp_path / "methode.md"
    md.write_text(text, encoding="utf-8")
    (tmp_path / "refs.bib").write_text(_BIB, encoding="utf-8")
    return [
        (
            c.quote,
            c.reference.key if c.reference else None,
            c.locator.value if c.locator else None,
        )
        for c in scan(md, bib=[tmp_path / "refs.bib"]).citations
    ]


def test_a_block_wrapped_in_marks_closed_after_its_citation(tmp_path: Path) -> None:
    got = _scan(
        tmp_path,
        "Interviews brauchen Offenheit.\n\n"
        '>"Die Befragten sollen ihre Sicht in eigenen Worten darlegen können, ohne dass'
        ' die Fragen\n>ihnen eine Ordnung aufzwingen [...][@flick2019, S. 194]."\n\n'
        "Das heißt nicht, dass es keinen Leitfaden gibt.\n",
    )
    assert got == [
        (
            "Die Befragten sollen ihre Sicht in eigenen Worten darlegen können, ohne dass die"
            " Fragen ihnen eine Ordnung aufzwingen [...]",
            "flick2019",
            "194",
        )
    ]


def test_an_inline_quotation_with_its_citation_inside_the_marks(tmp_path: Path) -> None:
    got = _scan(
        tmp_path,
        'Mayring warnt: "Die Kategorien müssen am Material immer wieder überprüft werden'
        ' [@mayring2015, S. 61]." Danach wird kodiert.\n',
    )
    assert got == [
        (
            "Die Kategorien müssen am Material immer wieder überprüft werden",
            "mayring2015",
            "61",
        )
    ]


def test_the_citation_outside_still_wins_over_one_the_source_printed(tmp_path: Path) -> None:
    got = _scan(
        tmp_path,
        'Er schreibt: "Die Kategorien müssen am Material überprüft werden, wie schon gezeigt'
        ' [@flick2019]." [@mayring2015, S. 61] Danach wird kodiert.\n',
    )
    assert [(key, loc) for _, key, loc in got] == [("mayring2015", "61")]
