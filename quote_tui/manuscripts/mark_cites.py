"""Numbered references and note marks: "[12]", "[3, p. 4]", "^2^", "<sup>2</sup>", "²", a
Markdown footnote mark "[^note]", and a Word export's linked mark "[\\[12\\]](#_ftn12)"."""

from __future__ import annotations

import re

from quote_tui.manuscripts.locators import parse_locator
from quote_tui.manuscripts.mention import Mention, Scanner
from quote_tui.manuscripts.notelinks import LINK_OPEN, NOTE_NUMBER, NOTE_TARGET, note_link_id

__all__ = ["NOTE_MARK_SCANNERS", "NUMBER_SCANNERS"]

_NUMBERED = re.compile(
    r"\[(?P<num>\d{1,4}(?:\s*[-–,]\s*\d{1,4})*)(?:\s*,\s*(?P<loc>[^\]]{1,40}))?\](?!\()"
)
# Pandoc's Markdown writer escapes a typed bracket: a Word document's "[1]" becomes "\[1\]"
# (read in Markdown only: in LaTeX "\[" opens display math).
_ESCAPED_NUMBERED = re.compile(
    r"\\\[(?P<num>\d{1,4}(?:\s*[-–,]\s*\d{1,4})*)(?:\s*,\s*(?P<loc>[^\]\\]{1,40}))?\\\](?!\()"
)
# (an edition's number set before its year is no note mark: "Mainz ^13^2012", "München ³2005")
_SUPERSCRIPT = re.compile(
    r"(?:\^(?P<num>\d{1,4}(?:[-–,]\d{1,4})*)\^|<sup>(?P<num2>\d{1,4})</sup>|(?P<uni>[¹²³⁰⁴-⁹]++))"
    r"(?!\s?(?:1[5-9]|20)\d\d\b)"
)
_FOOTNOTE = re.compile(r"\[\^(?P<id>[^\]\s]+)\](?!:)")
# A note mark linked to its note, [\[12\]](#_ftn12) (notelinks.py).
_NOTE_LINK = re.compile(
    NOTE_NUMBER + LINK_OPEN + r"(?P<id>" + NOTE_TARGET + r")\)(?:\{[^{}\n]*\})?"
)
_UNI_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def _numbered(m: re.Match[str]) -> list[Mention]:
    num = re.split(r"[-–,]", m.group("num"))[0].strip()
    loc = m.group("loc")
    return [
        Mention(
            m.start(),
            m.end(),
            "numbered",
            m.group(0),
            number=num,
            locator=parse_locator(loc) if loc else None,
        )
    ]


def _superscript(m: re.Match[str]) -> list[Mention]:
    raw = m.group("num") or m.group("num2") or (m.group("uni") or "").translate(_UNI_DIGITS)
    num = re.split(r"[-–,]", raw)[0]
    return [Mention(m.start(), m.end(), "numbered", m.group(0), number=num)] if num else []


def _footnote(m: re.Match[str]) -> list[Mention]:
    return [Mention(m.start(), m.end(), "footnote", m.group(0), footnote=m.group("id"))]


def _linked_note(m: re.Match[str]) -> list[Mention]:
    note_id = note_link_id(m.group("id"))
    return [Mention(m.start(), m.end(), "footnote", m.group(0), footnote=note_id)]


# the linked mark first: [^1^](#fn1) is a linked mark, not a Pandoc one
NOTE_MARK_SCANNERS: tuple[Scanner, ...] = (
    (_NOTE_LINK, _linked_note),
    (_FOOTNOTE, _footnote),
    (_ESCAPED_NUMBERED, _numbered),
)
NUMBER_SCANNERS: tuple[Scanner, ...] = ((_NUMBERED, _numbered), (_SUPERSCRIPT, _superscript))
