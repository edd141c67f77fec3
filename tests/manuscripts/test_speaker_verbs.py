"""An essay that cites no page names the writer it quotes with a verb of saying, and lists the
work at the end: "Emily Mitchell quotes “…”", "Smith explains that “…”", "Müller betont, dass
„…“", or with a preposition alone ("According to Mitchell, “…”", "Laut Müller „…“"), or by the
work ("Mitchell's study shows that"). The one listed work of that writer is the quotation's."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_QUOTE = "children learn to speak to themselves the way they have been spoken to"


@pytest.mark.parametrize(
    "lead",
    [
        "Emily Mitchell quotes",
        "Mitchell explains that",
        "As Mitchell points out,",
        "Mitchell adds",
        "As Emily Mitchell convincingly argues,",
        "According to Mitchell,",
        "For Mitchell,",
        "Laut Mitchell",
        "Mitchell's study shows that",
        "Mitchell, a psychologist, notes that",
    ],
)
def test_the_listed_work_of_the_writer_the_sentence_names(tmp_path: Path, lead: str) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        f"Trauma shapes how we talk. {lead} “{_QUOTE}.” It stays with them.\n\n"
        "## Works Cited\n\nMitchell, Emily. *Bad Parenting and Its Effects*. Healthline, 2020.\n\n"
        "Peterson, Sarah. *Complex Trauma*. NCTSN, 2018.\n",
        encoding="utf-8",
    )
    cited = next(c for c in scan(md).citations if c.quote.startswith(_QUOTE))
    assert cited.reference is not None and "Mitchell" in (cited.reference.key or "")
