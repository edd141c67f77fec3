"""Cited before or after the retraction: the manuscript's date beside the notice's.

Citing a work that was retracted after the manuscript was written is a different finding from
citing a work already retracted: the first asks for an update, the second for a reason. When
the manuscript's date is known, each retracted reference with a dated notice gets
``retraction_timing`` (``before``, ``after`` or ``same_day``) and a sentence in its reason.

The date is the one given (``--date YYYY-MM-DD``), else the manuscript's own: a Markdown file's
YAML ``date:``, LaTeX's ``\\date{...}``, a Word file's core properties (``dcterms:modified``: the
last time the author could have seen the notice, so a manuscript touched after a retraction is
never excused by when it was begun). A date too vague to say (only a year, the year of the
notice) gives no timing rather than a guess.
"""

from __future__ import annotations

import re
import zipfile
from datetime import date, datetime
from pathlib import Path
from typing import Any

from lxml import etree

from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.sources.readers.safe_xml import xml_parser

__all__ = ["add_retraction_timing", "manuscript_date", "parse_date"]

_ISO = re.compile(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$")
_RETRACTED = frozenset({"retraction", "withdrawal", "removal", "partial_retraction"})
_FORMATS = ("%B %d, %Y", "%d %B %Y", "%b %d, %Y", "%d %b %Y", "%B %Y", "%b %Y")
_MAX_CORE_BYTES = 1024 * 1024
_MAX_HEAD_CHARS = 200_000  # a date is set near the top: the preamble, the front matter


def parse_date(text: str, label: str = "--date") -> str:
    """``text`` as an ISO date (``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``), as precise as given.

    Raises:
        BatchInputError: ``bad_option`` naming ``label`` for anything else.
    """
    value = _iso(text)
    if value is None:
        raise BatchInputError(
            f"{label} takes a date as YYYY-MM-DD (or YYYY-MM), not {text!r}",
            code=ErrorCode.BAD_OPTION,
            recovery=Recovery.FIX_INPUT,
        )
    return value


def _iso(text: str) -> str | None:
    text = text.strip().strip("\"'")
    m = _ISO.match(text[:10] if re.match(r"^\d{4}-\d{2}-\d{2}T", text) else text)
    if m:
        try:
            date(int(m.group(1)), int(m.group(2) or 1), int(m.group(3) or 1))
        except ValueError:
            return None
        return "-".join(g for g in m.groups() if g)
    for fmt in _FORMATS:
        try:
            parsed = datetime.strptime(text, fmt)
        except ValueError:
            continue
        return parsed.strftime("%Y-%m-%d" if "%d" in fmt else "%Y-%m")
    return None


def manuscript_date(path: Path) -> str | None:
    """The date a manuscript gives itself (see the module docstring); None when it gives none
    or the file cannot be read (a date is a help, never a reason to stop)."""
    suffix = path.suffix.lower()
    try:
        if suffix == ".docx":
            return _docx_date(path)
        with path.open(encoding="utf-8", errors="replace") as handle:
            head = handle.read(_MAX_HEAD_CHARS)
    except (OSError, zipfile.BadZipFile, KeyError, etree.XMLSyntaxError):
        return None
    if suffix == ".tex":
        m = re.search(r"\\date\{([^{}]*)\}", head)
        return _iso(m.group(1)) if m else None
    if suffix in (".md", ".markdown", ".qmd", ".rmd"):
        m = re.match(r"^---\s*\n(.*?)\n(?:---|\.\.\.)\s*\n", head, re.DOTALL)
        found = re.search(r"^date:\s*(.+?)\s*$", m.group(1), re.MULTILINE) if m else None
        return _iso(found.group(1)) if found else None
    return None


def _docx_date(path: Path) -> str | None:
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo("docProps/core.xml")
        if info.file_size > _MAX_CORE_BYTES:
            return None
        root = etree.fromstring(archive.read(info), parser=xml_parser())
    for name in ("modified", "created"):
        text = root.findtext(f"{{http://purl.org/dc/terms/}}{name}")
        if text and _iso(text):
            return _iso(text)
    return None


def _compare(written: str, notice: str) -> str | None:
    """``before``, ``after`` or ``same_day`` at the precision both dates share; None when
    they agree only as far as one of them goes (2010 beside 2010-02-06 says nothing)."""
    parts = min(written.count("-"), notice.count("-")) + 1
    a, b = written.split("-")[:parts], notice.split("-")[:parts]
    if a != b:
        return "before" if a < b else "after"
    return "same_day" if parts == 3 else None


def add_retraction_timing(report: dict[str, Any], written: str) -> None:
    """Give each retracted reference with a dated retraction notice its ``retraction_timing``
    and say it first in its reason; the earliest notice counts."""
    for ref in report.get("references", ()):
        dates = sorted(
            str(n["date"])
            for n in ref.get("notices", ())
            if n.get("kind") in _RETRACTED and _iso(str(n.get("date") or ""))
        )
        if ref.get("status") != "retracted" or not dates:
            continue
        notice = _iso(dates[0]) or dates[0]
        cited = _compare(written, notice)
        if cited is None:
            continue
        ref["retraction_timing"] = {
            "cited": cited,
            "manuscript_date": written,
            "notice_date": notice,
        }
        sentence = {
            "before": f"Cited before the retraction: the manuscript is dated {written}, the "
            f"retraction notice {notice}; the citation needs updating, not a reason.",
            "after": f"Cited after the retraction: the manuscript is dated {written}, the "
            f"retraction notice {notice}.",
            "same_day": f"The manuscript and the retraction notice are both dated {written}.",
        }[cited]
        ref["reason"] = f"{sentence} {ref['reason']}" if ref.get("reason") else sentence
