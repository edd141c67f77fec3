"""The writer's hypothetical or imagined speech: words put in the mouth of someone made up.

"A skeptic might ask, “why should we trust the model at all?”", "Imagine a voter who says,
“my vote never changes anything”", "Suppose someone objects: “…”", "Man könnte einwenden:
„…“". The speaker is nobody in particular (an indefinite or generic person, a role, "one",
"you") speaking in a mood of possibility, or someone the writer asks us to imagine: the
words are the writer's, whatever the citation after them supports (it names who raised the
point). A page cited for them says they stand in that work, and keeps them a quotation.
"""

from __future__ import annotations

import re

__all__ = ["imagined_speech"]

_SAY = (
    r"(?:say|ask|object|reply|respond|answer|think|argue|wonder|claim|exclaim|retort|complain|"
    r"protest|insist|counter|add|put\s+it)"
)
_SAYS = (
    r"(?:says|saying|asks|asking|objects|objecting|thinks|thinking|replies|replying|exclaims|"
    r"tells|telling|argues|arguing|wonders|wondering|complains|complaining)"
)
_SOMEONE = (
    r"(?:someone|somebody|anyone|anybody|people|one|you|some|others|(?:skeptics|sceptics|"
    r"critics|readers|users|students|voters|customers|observers|cynics|opponents|defenders|"
    r"proponents)|(?:a|an|some|any|the\s+average|"
    r"the\s+typical)\s+(?:[\w-]+\s+){0,2}?(?:skeptic|sceptic|critic|reader|user|student|voter|"
    r"customer|person|observer|cynic|opponent|defender|proponent|lay(?:person|man)|child|"
    r"parent|teacher|friend|colleague|listener|viewer|patient|citizen|consumer)s?)"
)
_GERMAN = (
    r"\b(?:man|jemand|ein(?:e)?\s+(?:[\w-]+\s+)?(?:Kritiker(?:in)?|Skeptiker(?:in)?|Leser(?:in)?|"
    r"Nutzer(?:in)?))\s+(?:könnte|würde|mag|möchte|müsste|dürfte)\s+(?:\w+\s+){0,2}"
    r"(?:sagen|fragen|einwenden|entgegnen|antworten|erwidern|denken|meinen|einwerfen)"
)
_IMAGINED = re.compile(
    rf"(?:\b{_SOMEONE}\s+(?:\w+\s+)?(?:might|could|would|may|will|must|should|can)\s+"
    rf"(?:well\s+|even\s+|also\s+|then\s+|now\s+)?{_SAY}|"
    rf"\b(?:imagine|suppose|picture|assume)\b[^.!?\n]{{0,80}}?\b{_SAYS}|{_GERMAN})"
    r"(?:\s+(?:that|dass))?\s*[:,]?\s*[„“\"'‘«»`*_\s]*$",
    re.I,
)
_REACH = 160


def imagined_speech(text: str, start: int) -> bool:
    """Whether the words in marks opening at ``start`` are put in a made-up speaker's mouth by
    the words right before them (see the module)."""
    return _IMAGINED.search(text, max(0, start - _REACH), start) is not None
