"""One vocabulary of verbs of saying: every rule's verbs come from it, in every form it names."""

from __future__ import annotations

import re

import pytest

from quote_tui.manuscripts import saying
from quote_tui.manuscripts.clauses import lead_in_names
from quote_tui.manuscripts.evidence import SAYING

_SUBSETS = ("EVIDENCE", "ARGUING", "SPEAKER", "LEAD_IN", "SAYS_AT_END", "INTERRUPTING")


def _known() -> set[str]:
    words = {
        w
        for table in saying.VERBS.values()
        for forms in table.values()
        for f in forms.values()
        for w in f
    }
    return words | {w for group in saying.ATTRIBUTIONS.values() for w in group}


@pytest.mark.parametrize("name", _SUBSETS)
def test_each_rule_takes_its_verbs_from_the_vocabulary(name: str) -> None:
    assert set(getattr(saying, name)) <= _known()


def test_a_longer_form_is_tried_before_the_one_it_begins_with() -> None:
    rx = re.compile(saying.alternation(["go", "go on", "goes on"]))
    assert rx.match("go on")[0] == "go on"
    assert rx.fullmatch("goes  on")


@pytest.mark.parametrize(
    "sentence",
    [
        "As Kant puts it in the first Critique,",
        "Luhmann schreibt an anderer Stelle",
        "Como señala Dussel en su Ética,",
        "comme l'écrit Weil dans L'Enracinement",
        "Nach Ansicht der Kommission",
        "Findlater makes a short comment about the term",
    ],
)
def test_evidence_reads_saying_in_each_language(sentence: str) -> None:
    assert SAYING.search(sentence)


def test_a_lead_in_names_its_speaker_by_the_shared_verbs() -> None:
    assert lead_in_names("Emil Post writes:") == ("Post",)
    assert lead_in_names("Wie Luhmann formuliert:") == ("Luhmann",)
