"""Cited before or after the retraction: the manuscript's date beside the notice's.

Citing a work that was retracted after the manuscript was written is a different finding from
citing a work already retracted: the first asks for an update, the second for a reason. When
the manuscript's date is known, each retracted reference with a dated notice gets
``retraction_timing`` (``before``, ``after`` or ``same_day``) and a sentence in its reason.

The date is the one given (``--date YYYY-MM-DD``), else the manuscript's own, and the report
says where it was read (``manuscript_date_from``):

- a Markdown file's YAML ``date:``; else Quarto's ``citation: issued:`` (the document's own
  citation data); else the manuscript's own entry in its ``bibliography:``, named by
  ``citation-key:`` (top level or under ``citation:``) or ``citation: id:``, by its ``date`` or
  its ``year`` and ``month``;
- LaTeX's ``\\date{...}``;
- a Word file's core properties: ``dcterms:created`` before ``dcterms:modified``. A manuscript is
  written from when it was begun; ``modified`` moves with every save, a fixed typo or a
  reviewer's comment among them, and would call every reference retracted before that save
  "cited after the retraction".

A date too vague to say (only a year, the year of the notice) gives no timing rather than a
guess.
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

__all__ = ["add_retraction_timing", "manuscript_date", "manuscript_date_source", "parse_date"]

_ISO = re.compile(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$")
_RETRACTED = frozenset({"retraction", "withdrawal", "removal", "partial_retraction"})
_FORMATS = ("%B %d, %Y", "%d %B %Y", "%b %d, %Y", "%d %b %Y", "%B %Y", "%b %Y")
_MAX_CORE_BYTES = 1024 * 1024
_MAX_HEAD_CHARS = 200_000  # a date is set near the top: the preamble, the front matter
_MAX_BIB_CHARS = 20_000_000


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
    found = manuscript_date_source(path)
    return found[0] if found else None


def manuscript_date_source(path: Path) -> tuple[str, str] | None:
    """The date a manuscript gives itself and where it was read (``YAML date``, ``Word core
    property created``...); None when it gives none or the file cannot be read."""
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
        value = _iso(m.group(1)) if m else None
        return (value, "LaTeX \\date") if value else None
    if suffix in (".md", ".markdown", ".qmd", ".rmd"):
        m = re.match(r"^---\s*\n(.*?)\n(?:---|\.\.\.)\s*\n", head, re.DOTALL)
        return _front_matter_date(m.group(1), path.parent) if m else None
    return None


def _scalar(block: str, name: str) -> str | None:
    """A top-level ``name: value`` of a YAML block (no nesting, quotes stripped)."""
    m = re.search(rf"^{re.escape(name)}:[ \t]*(\S.*?)\s*$", block, re.MULTILINE)
    return m.group(1).strip().strip("\"'") if m else None


def _nested(block: str, parent: str) -> str:
    """The indented lines under a top-level ``parent:`` key, dedented."""
    m = re.search(rf"^{re.escape(parent)}:[ \t]*\n((?:[ \t]+.*\n?)*)", block, re.MULTILINE)
    return "\n".join(line.strip() for line in m.group(1).splitlines()) if m else ""


def _front_matter_date(block: str, folder: Path) -> tuple[str, str] | None:
    found = _iso(_scalar(block, "date") or "")
    if found:
        return found, "YAML date"
    citation = _nested(block, "citation")
    issued = _iso(_scalar(citation, "issued") or "")
    if issued:
        return issued, "YAML citation issued"
    key = _scalar(block, "citation-key") or _scalar(citation, "citation-key")
    key = key or _scalar(citation, "id")
    if not key:
        return None
    for name in _bibliographies(block):
        own = _entry_date(folder / name, key)
        if own:
            return own, f"bibliography entry {key} ({name})"
    return None


def _bibliographies(block: str) -> list[str]:
    """The ``.bib`` files ``bibliography:`` names: one, a ``[a.bib, b.bib]`` list or a block
    list."""
    one = _scalar(block, "bibliography")
    if one and one.startswith("["):
        names = [n.strip().strip("\"'") for n in one.strip("[]").split(",")]
    elif one:
        names = [one]
    else:
        listed = _nested(block, "bibliography")
        names = [line[1:].strip().strip("\"'") for line in listed.splitlines() if line[:1] == "-"]
    return [n for n in names if n.lower().endswith(".bib")]


_MONTHS = {
    m: i
    for i, m in enumerate(
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1
    )
}


def _entry_date(bib: Path, key: str) -> str | None:
    """The ``date`` (biblatex), else ``year`` with ``month``, of the entry ``key`` in ``bib``."""
    try:
        with bib.open(encoding="utf-8", errors="replace") as handle:
            text = handle.read(_MAX_BIB_CHARS)
    except OSError:
        return None
    start = re.search(rf"@\w+\s*[{{(]\s*{re.escape(key)}\s*,", text)
    if start is None:
        return None
    following = re.search(r"\n\s*@\w+\s*[{(]", text[start.end() :])
    body = text[start.end() : start.end() + following.start() if following else None]

    def field(name: str) -> str | None:
        m = re.search(rf"\b{name}\s*=\s*(?:\{{([^{{}}]*)\}}|\"([^\"]*)\"|(\w+))", body, re.I)
        return next((g.strip() for g in m.groups() if g), None) if m else None

    when = _iso(field("date") or "")
    if when:
        return when
    year = field("year")
    if not year or not re.fullmatch(r"\d{4}", year):
        return None
    month = (field("month") or "").lower()[:3]
    number = _MONTHS.get(month) or (int(month) if month.isdigit() and 1 <= int(month) <= 12 else 0)
    return f"{year}-{number:02d}" if number else year


def _docx_date(path: Path) -> tuple[str, str] | None:
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo("docProps/core.xml")
        if info.file_size > _MAX_CORE_BYTES:
            return None
        root = etree.fromstring(archive.read(info), parser=xml_parser())
    for name in ("created", "modified"):
        text = root.findtext(f"{{http://purl.org/dc/terms/}}{name}")
        if text and _iso(text):
            return str(_iso(text)), f"Word core property {name}"
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
