"""Words written on an object (an annotation, an inscription, words scrawled on a list) are
quoted from it, capitalised as a title or not. Written for this test in the forms of an art
historian's essay."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write


def test_an_objects_inscriptions_are_quotations(tmp_path: Path) -> None:
    md = (
        "A faint annotation on the last page—“J’appartiens à Marie Dubois” (I belong to Marie "
        "Dubois)—speaks to the album's two owners.[^1] The dealer took a checklist of the "
        "show, scrawling “Bought by Sir John Carter” or “Sir John Carter Purchase” by several "
        "entries.[^2] He also wrote a “Short History Of The Collection” for the sale.\n\n"
        "[^1]: Album, Getty Research Institute.\n[^2]: Checklist, Carter papers.\n"
    )
    assert set(quotes_found(write(tmp_path, "a.md", md))) == {
        "J’appartiens à Marie Dubois",
        "Bought by Sir John Carter",
        "Sir John Carter Purchase",
    }
