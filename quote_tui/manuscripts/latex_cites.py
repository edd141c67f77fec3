"""LaTeX cite commands (natbib, biblatex, csquotes): ``\\citep[S. 4]{key}``,
``\\autocites[5]{a}[7]{b}``, ``\\textcquote[12]{key}{…}``."""

from __future__ import annotations

import re

from quote_tui.manuscripts.locators import parse_locator, postnote_locator
from quote_tui.manuscripts.mention import Mention, Scanner

__all__ = ["LATEX_SCANNERS", "is_latex_cite"]

# Any command whose name says it cites, not only natbib's and biblatex's: a style's own
# (abnTeX2's \citeonline, apacite's \citeA, \shortcite, biblatex-chicago's \headlesscite) and a
# writer's, defined where the chapter at hand does not show it (\citelit, \citeweb,
# \fullfootcite, \footcitePrimaerSekundaer). Not the commands that set up citing
# (\setcitestyle, \newcites, \DeclareCiteCommand, \defcitealias), not Pandoc's \citeproc{ref-…}
# (a link to its own printed list), and no key holding a command.
_LATEX_CMD = (
    r"(?!(?:set|new|renew|provide|Declare|def|Execute|bibliography|print)[A-Za-z]*\b"
    r"|[A-Za-z]*style\b|citeproc\b)(?:[A-Za-z]*[cC]ite[A-Za-z]*|textcquote|blockcquote)"
)
_LATEX_CITE = re.compile(
    r"\\(?:" + _LATEX_CMD + r")\*?(?P<opts>(?:\s*\[[^\]]*\]){0,2})\s*\{(?P<keys>[^{}\\]*)\}"
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
    if loc is None and len(opts) == 2:
        # the page typed as the prenote, a remark as the postnote: \footcite[p. 78][analyses
        # made by …]{key}; a page term is needed (a prenote's bare number is no page)
        loc = parse_locator(opts[0], bare_is_page=False)
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
