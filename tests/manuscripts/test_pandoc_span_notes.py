"""A note whose text Pandoc's Word reader wrapped in a bracketed span (a highlight, an
underline): "[^15]: [Sloan and Yarnall, "Art of an Opaline Mind," 24.]{.mark}". The markup
is not the note's: its work and page are read as in any note."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan

_ONE = "caused some glass to turn golden in tone and to disintegrate"
_TWO = "evolution to smoother surfaces and sharper delineation culminating in windows"


def test_notes_wrapped_in_a_pandoc_span_give_their_pages(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        f'The firings "{_ONE}."[^3] Later they describe an "{_TWO}."[^15]\n\n'
        '[^3]: J[ulie L. Sloan and James L. Yarnall, "Art of an Opaline Mind: The Stained Glass'
        ' of John La Farge," *American Art Journal* 24, nos. 1/2 (1992): 32--33.]{.mark}\n\n'
        '[^15]: [Sloan and Yarnall, "Art of an Opaline Mind," 24.]{.mark}\n',
        encoding="utf-8",
    )
    got = {
        c.quote: (c.reference.raw if c.reference else "", c.locator.value if c.locator else None)
        for c in scan(md).citations
    }
    assert got[_ONE + "."][1] == "32–33" and "1992" in got[_ONE + "."][0]
    assert got[_TWO + "."][1] == "24" and "1992" in got[_TWO + "."][0]
