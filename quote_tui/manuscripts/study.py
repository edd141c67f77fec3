"""Participants' words in an empirical study, as its report quotes them.

A study reports what its participants answered in their words: "Other reasons mentioned were
“it is there, so why not?” and “I saw others using it”", "“I felt watched” (P12)". No citation
follows (the source is the study's own data), and the answers are short. What tells them from
the writer's terms is the report around them: a paragraph that speaks of participants,
respondents or interviews, a sentence that says they were mentioned or answered, or a
participant's code after the closing mark.
"""

from __future__ import annotations

import re

__all__ = ["participant_code", "participants_words"]

# Who answered: the people of a study, English and German.
_PEOPLE = re.compile(
    r"\b(?:participants?|respondents?|interviewees?|informants?|passers-?by|"
    r"interviews?|survey|questionnaire|focus\s+groups?|"
    r"Teilnehmer\w*|Teilnehmende\w*|Befragte\w*|Proband\w*|Interviews?|Umfrage|Fragebogen)\b",
    re.I,
)
# How a report hands them the word.
_ANSWERED = re.compile(
    r"\b(?:mentioned|named|responded|answered|indicated|stated|said|reported|expressed|"
    r"introduced|gave|given|wrote|replied|commented|nannten|genannt|antwortete\w*|"
    r"gaben\s+an|äußerte\w*|schrieben)\b",
    re.I,
)
# A participant's code right after the closing mark: (P12), [P3], (I4, 2x), (TN 7).
_CODE = re.compile(r"[\"'”’»“]*\s*[(\[](?:P|I|R|TN|B)\s?\d{1,3}\b")
# How far back the report is read for who answered: a findings section names its participants
# once and then lists their answers paragraph after paragraph.
_REPORT_BACK = 1500
_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*\s+(?=[A-ZÀ-ÖØ-Þ`\"“„‘(\[])")


def participant_code(text: str, close_end: int) -> bool:
    """Whether a participant's code ("(P12)") follows the closing mark ending at ``close_end``."""
    return _CODE.match(text, close_end) is not None


def participants_words(text: str, start: int, close_end: int) -> bool:
    """Whether the span in marks opening at ``start`` (its closing mark ends at ``close_end``)
    reads as a study's participants' words."""
    if _CODE.match(text, close_end):
        return True
    sentence = max(0, start - 300)
    for m in _SENTENCE_END.finditer(text, sentence, start):
        sentence = m.end()
    if not _ANSWERED.search(text, sentence, start):
        return False
    return bool(_PEOPLE.search(text, max(0, start - _REPORT_BACK), start))
