"""A Markdown note mark typed without its caret, ``[White2]`` for ``[^White2]``, is the mark
of the note defined under that label, unless the label is a link's."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan

_QUOTE = "the narrative has been viewed for the most part neither as a product of a theory"
_NOTE = (
    '[^White2]: White, Hayden. "The Question of Narrative in Contemporary Historical Theory."'
    " _History and Theory_ 23, no. 1 (1984): 2.\n"
)


def _one(tmp_path: Path, text: str) -> tuple[str | None, str | None]:
    md = tmp_path / "essay.md"
    md.write_text(text, encoding="utf-8")
    (cit,) = scan(md).citations
    return (
        cit.reference.raw if cit.reference else None,
        cit.locator.value if cit.locator else None,
    )


def test_a_mark_without_its_caret_points_to_the_note_of_its_label(tmp_path: Path) -> None:
    raw, page = _one(tmp_path, f'White notes that "{_QUOTE}."[White2] Later on.\n\n{_NOTE}')
    assert raw is not None and raw.startswith("White, Hayden.") and page == "2"


def test_a_block_quotation_closed_by_a_mark_without_its_caret(tmp_path: Path) -> None:
    raw, page = _one(
        tmp_path, f"White writes:\n\n> {_QUOTE}, but rather a form.[White2]\n\n{_NOTE}"
    )
    assert raw is not None and raw.startswith("White, Hayden.") and page == "2"


def test_a_label_that_is_a_link_stays_a_link(tmp_path: Path) -> None:
    raw, _ = _one(
        tmp_path,
        f'White notes that "{_QUOTE}."[White2] Later on.\n\n[White2]: https://example.org/w\n\n'
        + _NOTE,
    )
    assert raw is None or not raw.startswith("White, Hayden.")
