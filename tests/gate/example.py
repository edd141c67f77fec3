"""cite-gate's own example, recreated: claims about the Gettysburg Address (public domain, the
Bliss copy) whose last three items are the mistakes a language model makes (a number it worked
out, a half-remembered quotation, a lifted paragraph)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SOURCE_TEXT = """Address delivered at the dedication of the Cemetery at Gettysburg.

Abraham Lincoln

November 19, 1863

Four score and seven years ago our fathers brought forth on this continent, a new nation, \
conceived in Liberty, and dedicated to the proposition that all men are created equal.

Now we are engaged in a great civil war, testing whether that nation, or any nation so conceived \
and so dedicated, can long endure. We are met on a great battle-field of that war. We have come \
to dedicate a portion of that field, as a final resting place for those who here gave their lives \
that that nation might live. It is altogether fitting and proper that we should do this.

But, in a larger sense, we can not dedicate\u2014we can not consecrate\u2014we can not \
hallow\u2014this ground. The brave men, living and dead, who struggled here, have consecrated \
it, far above our poor power to add or detract. The world will little note, nor long remember \
what we say here, but it can never forget what they did here. It is for us the living, rather, \
to be dedicated here to the unfinished work which they who fought here have thus far so nobly \
advanced. It is rather for us to be here dedicated to the great task remaining before \
us\u2014that from these honored dead we take increased devotion to that cause for which they \
gave the last full measure of devotion\u2014that we here highly resolve that these dead shall \
not have died in vain\u2014that this nation, under God, shall have a new birth of \
freedom\u2014and that government of the people, by the people, for the people, shall not \
perish from the earth.
"""

OPENING = "Four score and seven years ago our fathers brought forth on this continent, a new nation"
LIVING = (
    "It is for us the living, rather, to be dedicated here to the unfinished work which they "
    "who fought here have thus far so nobly advanced."
)

CLAIMS: dict[str, Any] = {
    "config": {"allow": ["Lincoln", "Gettysburg"]},
    "sections": [
        {
            "title": "The occasion",
            "items": [
                {
                    "id": "date",
                    "text": "Lincoln spoke at the dedication of the cemetery at Gettysburg on "
                    "November 19, 1863.",
                    "claims": [
                        {
                            "src": "gettysburg",
                            "quote": "Address delivered at the dedication of the Cemetery at "
                            "Gettysburg.",
                        },
                        {"src": "gettysburg", "quote": "Abraham Lincoln November 19, 1863"},
                    ],
                },
                {
                    "id": "opening",
                    "text": "He began by looking back four score and seven years, to the founding "
                    "of a nation built on the idea that all men are created equal.",
                    "claims": [
                        {"src": "gettysburg", "quote": OPENING},
                        {
                            "src": "gettysburg",
                            "quote": "dedicated to the proposition that all men are created equal",
                        },
                    ],
                },
            ],
        },
        {
            "title": "Deliberate mistakes (this section should fail)",
            "items": [
                {
                    "id": "number-not-in-quote",
                    "text": "Four score and seven years is 87 years, so he was counting back "
                    "to 1776.",
                    "claims": [{"src": "gettysburg", "quote": OPENING}],
                },
                {
                    "id": "copied-not-retold",
                    "text": "He said it is for us the living, rather, to be dedicated here to the "
                    "unfinished work which they who fought here have thus far so nobly advanced.",
                    "claims": [{"src": "gettysburg", "quote": LIVING}],
                },
                {
                    "id": "quote-not-in-source",
                    "text": "He promised that the nation would endure forever.",
                    "claims": [
                        {"src": "gettysburg", "quote": "this nation shall endure forever and ever"}
                    ],
                },
            ],
        },
    ],
}


def write_example(folder: Path, claims: dict[str, Any] | None = None) -> Path:
    """Write the claims file (laid out as cite-gate's, one quotation a line) and
    ``sources/gettysburg.txt`` into ``folder``; returns the claims file's path."""
    (folder / "sources").mkdir(parents=True, exist_ok=True)
    (folder / "sources" / "gettysburg.txt").write_text(SOURCE_TEXT, encoding="utf-8")
    path = folder / "claims.json"
    path.write_text(json.dumps(claims or CLAIMS, indent=1, ensure_ascii=False), encoding="utf-8")
    return path


def line_column(path: Path, needle: str) -> tuple[int, int]:
    """1-based line and column of the first ``needle`` in the file."""
    text = path.read_text(encoding="utf-8")
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1
