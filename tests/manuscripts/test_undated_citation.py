"""APA cites a source without a date as "(Author, n.d.)"; German writers type "o.J.", French
"s.d.", Spanish "s.f.". Such a citation right after the closing mark is evidence of a
quotation, as a page there is, though the quotation's words are few. Written in the form of
a German seminar protocol in Markdown (m12) and an English web essay."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write


def test_undated_author_date_citations(tmp_path: Path) -> None:
    text = (
        "Das Gesetz galt auch an Universitäten (Grüttner, 2021, S. 515). So wurde Karl Jaspers "
        "„in den unfreiwilligen Ruhestand versetzt“ (Toleranzräume, o.J.). Später floh er "
        'nicht.\n\nThe agency calls it "a fragile and uneven recovery" (World Bank, n.d.), '
        'and the association "a learning difference of reading and spelling" '
        "(International Dyslexia Association [IDA], n.d.).\n"
    )
    assert set(quotes_found(write(tmp_path, "protokoll.md", text))) == {
        "in den unfreiwilligen Ruhestand versetzt",
        "a fragile and uneven recovery",
        "a learning difference of reading and spelling",
    }
