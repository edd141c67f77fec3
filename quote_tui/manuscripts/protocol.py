"""A study's own material, which its report quotes as it quotes its data but which no source
wrote: what the experimenter or a parent says by the protocol, the sentences the children
hear, a model's prompts and inputs set out under their labels. Participants' own answers are
the study's data and stay quotations (study.participants_words)."""

from __future__ import annotations

import re

__all__ = ["study_material"]

_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*\s+(?=[A-ZÀ-ÖØ-Þ`\"“„‘(\[])")

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
