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

__all__ = ["participant_code", "participants_words", "study_material"]

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


# The study's own material, which its report quotes as it quotes its data but which no source
# wrote: what the experimenter or a parent says by the protocol ("the experimenter responded
# with the reply, “…”", "parents … by saying, “…”"), the sentences the children hear ("the
# critical sentence was introduced: either “…” …", "a goal-encoding frame (i.e. “…”)"), a
# model's prompts and inputs ("Instruction (Baseline): "…"", "instructed to "…"").
_PROTOCOL = re.compile(
    r"\b(?:experimenters?|confederates?|"
    r"(?:critical|novel|test|target|training|practice|transitive|intransitive|nonsense|"
    r"prime|priming)\s+(?:sentences?|phrases?|utterances?|verbs?|words?|items?|trials?)|"
    r"(?:syntactic|sentence|verb)\s+frames?|(?:was|were|been|being)\s+instructed|"
    r"instructed\s+to|(?:language|experimental|control|baseline)\s+conditions?|"
    r"Versuchsleiter\w*|Testsätze|Testsatz)\b",
    re.I,
)
# A paragraph that opens on the part of a model's input or output it shows: "Query: "…"",
# "Retrieved Document (Middle Position): "…"", "Baseline Output (low): "…"". Not "Answer:" or
# "Question:": an interview's excerpts set out a participant's words so.
_IO_LABEL = re.compile(
    r"\A[ \t]*(?:[A-Z][\w-]*\s+){0,2}(?:Query|Queries|Instruction|Prompt|Input|Output|"
    r"Document|Context|System|User|Assistant|Completion|Stimulus)"
    r"(?:\s*\([^()\n]{1,40}\))?\s*:\s*[\"“„«'‘]*$"
)
# The writer's own wordings of an event: "We could describe this event in a number of ways:".
_OWN_WORDINGS = re.compile(
    r"\b(?:we|one|you)\s+(?:could|might|would|can|may)\s+(?:describe|say|call|phrase|word|put)\b"
    r"[^.!?]{0,160}$",
    re.I,
)
_LOOK_BACK = 2  # sentences read back for who speaks: the protocol is named once, then followed


def study_material(text: str, start: int) -> bool:
    """Whether the span in marks opening at ``start`` is the study's own material (a protocol's
    words, a test sentence, a model's prompt) rather than anyone's quoted words."""
    line = text.rfind("\n", max(0, start - 200), start) + 1
    if _IO_LABEL.search(text[line:start]):
        return True
    begin = max(0, start - 400)
    ends = [m.end() for m in _SENTENCE_END.finditer(text, begin, start)]
    since = ends[-_LOOK_BACK] if len(ends) >= _LOOK_BACK else begin
    para = text.rfind("\n\n", since, start)
    since = para + 2 if para >= 0 else since
    if _OWN_WORDINGS.search(text, since, start):
        return True
    return bool(_PROTOCOL.search(text, since, start))
