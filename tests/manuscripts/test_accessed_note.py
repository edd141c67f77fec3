"""A Chicago note for a work read online ends with the day it was read and the address:
"White, Hayden. "Interpretation in History." New Literary History 4, no. 2 (1973), 281.
Accessed December 13, 2019. https://…". The note names the work, at its page; the address is
where to read it. A note that is only the day and the address names no work."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan

_QUOTE = "A historical narrative is thus necessarily a mixture of adequately explained events."


def _one(tmp_path: Path, note: str) -> tuple[str | None, str | None, str | None]:
    md = tmp_path / "essay.md"
    md.write_text(f'White holds that "{_QUOTE}"[^1]\n\n[^1]: {note}\n', encoding="utf-8")
    (cit,) = scan(md).citations
    ref = cit.reference
    return (
        ref.raw if ref else None,
        ref.target if ref else None,
        cit.locator.value if cit.locator else None,
    )


def test_a_note_read_online_names_its_work_before_the_day_it_was_read(tmp_path: Path) -> None:
    raw, url, page = _one(
        tmp_path,
        'White, Hayden. "Interpretation in History." _New Literary History_ 4, no. 2 (Winter'
        " 1973), 281. Accessed December 13, 2019. https://www.jstor.org/stable/468478.",
    )
    assert raw is not None and raw.startswith("White, Hayden.") and "1973" in raw
    assert page == "281"
    assert url == "https://www.jstor.org/stable/468478"


def test_retrieved_on_a_day_in_a_german_note_too(tmp_path: Path) -> None:
    raw, _, page = _one(
        tmp_path,
        "Müller, Hans: Die Erzählung in der Geschichte. Berlin 2004, S. 12. Abgerufen am"
        " 04.09.2014 unter https://example.org/mueller",
    )
    assert raw is not None and "Müller" in raw and page == "12"
