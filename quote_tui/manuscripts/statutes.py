"""A law quoted by its article or paragraph, named in prose rather than cited: "im Sinne des
Grundgesetzes Artikel 74 Nr. 7 („die öffentliche Fürsorge …“)", "Die Bundesärzteordnung … legt
in Paragraph 1, Absatz 1 fest: „…“". The law is the source, its article the place."""

from __future__ import annotations

import re

from quote_tui.manuscripts.evidence import sentence_start
from quote_tui.manuscripts.model import Locator
from quote_tui.manuscripts.refs import Mention

__all__ = ["named_statute"]

_LAW = re.compile(
    r"\b(?P<law>[A-ZÄÖÜ][\wäöüß]*(?:gesetz|gesetzbuch|ordnung|verfassung|satzung)(?:es|s)?"
    r"|(?:[A-Z][a-z]+\s){1,4}Act(?:\s+\d{4})?)\b"
)
_ARTICLE = re.compile(
    r"(?P<article>(?:Artikel|Art\.|Paragraph|Paragraf|§§?|Section|Article)\s*\d+[a-z]?"
    r"(?:\s*,?\s*(?:Absatz|Abs\.|Nr\.|Satz|Ziffer)\s*\d+[a-z]?)*)"
)
_SENTENCES = 2  # the quotation's sentence and the one before ("Die BÄO … Sie legt … fest:")


def named_statute(text: str, start: int) -> Mention | None:
    """The law and its article named before the quotation at ``start``, in its sentence or the
    sentence before; ``None`` unless both are named."""
    lo = start
    for _ in range(_SENTENCES):
        lo = sentence_start(text, lo - 1) if lo > 0 else 0
    before = text[lo:start]
    laws = list(_LAW.finditer(before))
    articles = list(_ARTICLE.finditer(before))
    if not laws or not articles:
        return None
    law = re.sub(r"(gesetz|gesetzbuch)e?s$", r"\1", laws[-1].group("law"))
    article = " ".join(articles[-1].group("article").split()).rstrip(" ,")
    return Mention(
        lo + laws[-1].start(),
        lo + laws[-1].end(),
        "note",
        f"{law}, {article}",
        key=law,
        locator=Locator(label="section", value=article),
    )
