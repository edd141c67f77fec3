"""LaTeX cite commands (natbib, biblatex, csquotes): ``\\citep[S. 4]{key}``,
``\\autocites[5]{a}[7]{b}``, ``\\textcquote[12]{key}{…}``."""

from __future__ import annotations

import re

from quote_tui.manuscripts.locators import parse_locator, postnote_locator
from quote_tui.manuscripts.mention import Mention, Scanner

__all__ = ["LATEX_SCANNERS", "is_latex_cite"]

_LATEX_CMD = (
    r"cite|Cite|citep|citet|citealp|citealt|citeauthor|citeyear|parencite|Parencite|textcite|"
    r"Textcite|autocite|Autocite|footcite|footcitetext|smartcite|Smartcite|supercite|fullcite|"
    r"footfullcite|textcquote|blockcquote|nocite"
)
_LATEX_CITE = re.compile(
    r"\\(?:" + _LATEX_CMD + r")\*?(?P<opts>(?:\s*\[[^\]]*\]){0,2})\s*\{(?P<keys>[^{}]*)\}"
)
_LATEX_CITES = re.compile(
    r"\\(?:cites|Cites|parencites|Parencites|textcites|Textcites|autocites|Autocites|footcites|"
    r"smartcites|supercites)(?:\s*\([^)]*\)){0,2}(?P<body>(?:\s*(?:\[[^\]]*\]){0,2}\s*\{[^{}]*\})+)"
)
_LATEX_CITES_ITEM = re.compile(r"(?P<opts>(?:\s*\[[^\]]*\]){0,2})\s*\{(?P<keys>[^{}]*)\}")
_OPT = re.compile(r"\[([^\]]*)\]")


def _latex(m: re.Match[str]) -> list[Mention]:
    opts = _OPT.findall(m.group("opts") or "")
    post = opts[-1] if opts else ""
    keys = [k.strip() for k in m.group("keys").split(",") if k.strip()]
    if not keys:
        return []
    # a reference typed where the key goes, its page last: \autocite{Bericht IW …, 2013, S. 7}
    typed = not post and " " in keys[0] and len(keys) > 1
    written = keys[-1] if typed else ""
    loc = postnote_locator(post) if post else parse_locator(written, bare_is_page=False)
    return [Mention(m.start(), m.end(), "latex", m.group(0), key=keys[0], locator=loc)]


def _latex_cites(m: re.Match[str]) -> list[Mention]:
    first = _LATEX_CITES_ITEM.search(m.group("body"))
    if not first:
        return []
    return _latex_item(m, first)


def _latex_item(outer: re.Match[str], m: re.Match[str]) -> list[Mention]:
    opts = _OPT.findall(m.group("opts") or "")
    post = opts[-1] if opts else ""
    keys = [k.strip() for k in m.group("keys").split(",") if k.strip()]
    return (
        [
            Mention(
                outer.start(),
                outer.end(),
                "latex",
                outer.group(0),
                key=keys[0],
                locator=parse_locator(post) if post else None,
            )
        ]
        if keys
        else []
    )


LATEX_SCANNERS: tuple[Scanner, ...] = ((_LATEX_CITES, _latex_cites), (_LATEX_CITE, _latex))


def is_latex_cite(text: str) -> bool:
    """Whether ``text`` holds a LaTeX cite command (``\\citep[S. #2]{#1}``)."""
    return bool(_LATEX_CITE.search(text) or _LATEX_CITES.search(text))
