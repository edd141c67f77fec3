"""An MLA essay on one book: its list headed "Work Cited" (the singular many students type), a
quotation cited "(Rankine 7)" or framed by a sentence of the paragraph that opens with its page
("On page 43, Rankine describes …. She comments, "…"")."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan

_LIST = (
    "\n\n## Work Cited\n\nRankine, Claudia. *Citizen: An American Lyric*. Graywolf Press, 2014.\n"
)
_FIRST = "Haven't you said this to yourself? Haven't you said this to a close friend?"
_SECOND = "Apparently your own invisibility is the real problem causing her confusion."


def _cited(tmp_path: Path, text: str) -> dict[str, tuple[str | None, str | None]]:
    md = tmp_path / "essay.md"
    md.write_text(text, encoding="utf-8")
    return {
        c.quote: (c.reference.key if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(md).citations
    }


def test_a_work_cited_list_holds_the_author_of_an_mla_citation(tmp_path: Path) -> None:
    got = _cited(tmp_path, f'Rankine asks the reader, "{_FIRST}" (Rankine 7) The question…{_LIST}')
    assert got[_FIRST] == ("Rankine 2014", "7")

