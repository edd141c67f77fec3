"""A LaTeX writer's own commands that stand for words: ``\\newcommand{\\punkte}{[\\ldots]}``,
``\\def\\christ{Christ}``, ``\\newcommand\\ie{i.e.}``.

A quotation that uses one reads as its words: dropped as an unknown command, "in Christ, the
shadows" became "in , the shadows". Only commands without arguments whose definition is short
text are read; a command defined twice (in the branches of an ``\\if``) takes its last
definition, the ``\\else`` branch a ``\\newif`` switch runs by default.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from quote_tui.manuscripts.latex_macros import DEFINED

__all__ = ["text_macros"]

_DEFINE = re.compile(DEFINED + r"\s*(?=\{)|\\(?:g|e|x)?def\s*\\(?P<def>[a-zA-Z]+)\s*(?=\{)")
# The body: short, one brace level deep at most, no parameter, no layout or definitions.
_BODY = re.compile(r"\{(?P<body>(?:[^{}#\n%]|\{[^{}#\n%]*\}){1,80})\}")
_LAYOUT = re.compile(
    r"\\(?:[a-z]*(?:space|skip|box|rule|penalty|break|par|def|command|let|if|fi|else|color|"
    r"font|size|large|Large|small|tiny|normal|hfill|vfill|label|ref|cite|include|input|"
    r"begin|end|item|section|chapter|csname|expandafter|relax|makeatletter|catcode|the)\b)"
)
# TeX's ^^ notation for a character by its code: ^^^^2026 (…), ^^27 (')
_CARET = re.compile(r"\^\^\^\^([0-9a-f]{4})|\^\^([0-9a-f]{2})")


def text_macros(texts: Iterable[str]) -> dict[str, str]:
    """The commands without arguments ``texts`` define as words: name -> its LaTeX body."""
    out: dict[str, str] = {}
    for text in texts:
        for m in _DEFINE.finditer(text):
            body = _BODY.match(text, m.end())
            if body is None or _LAYOUT.search(body["body"]):
                continue
            words = _CARET.sub(lambda c: chr(int(c[1] or c[2], 16)), body["body"])
            if words.strip() or body["body"] == "":
                out[m["name"] or m["bare"] or m["def"]] = words
    return out
