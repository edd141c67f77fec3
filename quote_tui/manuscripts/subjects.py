"""The author a section of an uncited text is about, as ``evidence.subject_author`` finds the
author a whole text is about: a school essay's section "How does Charles Dickens present the
character of Scrooge in A Christmas Carol?" reads one novel, and its phrases in marks
(``hard and sharp as flint'', what the ghost said: “…”) are the novel's words though nothing
is cited. A collection of essays (a travel sketch, then the Dickens essay) has no one title
that says so; each section's heading does.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from quote_tui.manuscripts.document import Manuscript
from quote_tui.manuscripts.evidence import cites_nothing, common_noun, subject_author

__all__ = ["Subjects", "paragraph_person"]

_LATEX_HEADING = re.compile(
    r"\\(?P<level>chapter|section|subsection|subsubsection)\*?\s*(?:\[[^\]]*\])?\s*\{(?P<title>[^{}\n]{1,200})\}"
)
_MD_HEADING = re.compile(r"^(?P<level>#{1,6})[ \t]+(?P<title>[^\n]{1,200})$", re.M)
_LEVELS = {"chapter": 0, "section": 1, "subsection": 2, "subsubsection": 3}
_BY_AUTHOR = re.compile(r"\bby\s+(?:[A-Z][\w.'’-]*\s+){0,2}([A-Z][\w'’-]+)\W*$")
_TITLE_NAME = re.compile(r"\b[A-Z][^\W\d_]{3,}\b")
_NAMED_TIMES = 5  # the author a section discusses is named this often at least
_POSSESSIVE_TIMES = 2  # and given their ideas in the possessive ("Tocqueville's") this often,
_SUBJECT_TIMES = 3  # or is the subject of this many verbs ("Dickens presents", "Dickens used")


class Subjects:
    """Who each part of a manuscript that cites nothing is about: the whole text's author
    (``subject_author``), else the author its section's heading names; None elsewhere."""

    def __init__(self, ms: Manuscript) -> None:
        self.whole = subject_author(ms)
        self._texts = [doc.text for doc in ms.documents]
        self.sections: list[list[tuple[int, int, str]]] = [[] for _ in ms.documents]
        if self.whole is not None or not cites_nothing(ms):
            return
        for index, doc in enumerate(ms.documents):
            heading = _LATEX_HEADING if doc.kind == "latex" else _MD_HEADING
            heads = [
                (m.start(), m.end(), _level(m["level"]), m["title"])
                for m in heading.finditer(doc.text)
            ]
            for k, (_, body, level, title) in enumerate(heads):
                end = next((h[0] for h in heads[k + 1 :] if h[2] <= level), len(doc.text))
                author = _author(title, doc.text[body:end])
                if author is not None:
                    self.sections[index].append((body, end, author))

    def person_at(self, index: int, pos: int) -> str | None:
        """The author the text at ``pos`` is about, when that is a person: a title's common
        noun ("In Defense of Spending Bitcoin", the text writing "bitcoin" too) is an essay's
        topic, and its short phrases in marks are the essayist's terms ("free market", "trophy
        wife"); its longer quotations keep the topic's evidence (``at``)."""
        subject = self.at(index, pos)
        if subject is None or index >= len(self._texts):
            return subject
        return None if common_noun(subject, self._texts[index]) else subject

    def at(self, index: int, pos: int) -> str | None:
        """The author the text at ``pos`` of document ``index`` is about, or None."""
        if self.whole is not None:
            return self.whole
        sections = self.sections[index] if index < len(self.sections) else []
        # the innermost section holding ``pos``: the last opened before it that still runs
        k = bisect_right(sections, pos, key=lambda s: s[0])
        for start, end, author in reversed(sections[:k]):
            if start <= pos < end:
                return author
        return None


def _level(mark: str) -> int:
    return _LEVELS.get(mark, len(mark))


def _author(title: str, body: str) -> str | None:
    """The author a section titled ``title`` discusses throughout its ``body``, or None."""
    title = re.sub(r"\\[A-Za-z]+\*?", " ", title)
    if m := _BY_AUTHOR.search(title):
        return m[1]
    for name in _TITLE_NAME.findall(title):
        named = re.findall(rf"\b{re.escape(name)}\b(['’]s\b)?", body)
        if len(named) < _NAMED_TIMES:
            continue
        verbs = re.findall(
            rf"\b{re.escape(name)}\s+(?:\w+ly\s+)?(?:has\s+|had\s+)?[a-z]+(?:s|ed)\b", body
        )
        if sum(1 for p in named if p) >= _POSSESSIVE_TIMES or len(verbs) >= _SUBJECT_TIMES:
            return name
    return None


# A paragraph about one writer's text in a text that cites: "Ruefle’s story is about clouds …
# Like Ruefle’s clouds, the virus appeared “irrational, impossible, baffling and alarming,” …
# Ruefle’s text would function as a guide". Its longer quotations are that writer's, cited or
# not, as a section's are in an uncited essay.
_PARAGRAPH = re.compile(r"\n[ \t]*\n")
_POSSESSIVE = re.compile(r"\b([A-Z][a-z][\w-]+)['’]s\b")
_PARAGRAPH_NAMED = 3
_NOT_PROSE = re.compile(r"\\item\b|\\(?:sub)*section\b|^[ \t]*(?:[-*+•][ \t]|#{1,6}[ \t])", re.M)


def paragraph_person(text: str, pos: int) -> str | None:
    """The one writer the paragraph around ``pos`` names in the possessive twice and three times
    in all (no other so), or None."""
    begin = max((m.end() for m in _PARAGRAPH.finditer(text, max(0, pos - 3000), pos)), default=0)
    after = _PARAGRAPH.search(text, pos)
    paragraph = text[begin : after.start() if after else min(len(text), pos + 3000)]
    if _NOT_PROSE.search(paragraph):
        return None  # a list or a run of headings (a handout) is no paragraph of prose
    counts: dict[str, int] = {}
    for m in _POSSESSIVE.finditer(paragraph):
        counts[m[1]] = counts.get(m[1], 0) + 1
    names = [n for n, k in counts.items() if k >= _POSSESSIVE_TIMES]
    if len(names) != 1:
        return None
    name = names[0]
    named = len(re.findall(rf"\b{re.escape(name)}\b", paragraph))
    return name if named >= _PARAGRAPH_NAMED and not common_noun(name, text) else None
