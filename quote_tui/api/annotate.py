"""Annotated copies of the checked PDFs: every match highlighted on its page.

``quote-tui check … --annotate DIR`` calls this after the check, and so can any front end that
holds a report (the app's export, later). A PDF is annotated only when the file still holds the
text the report checked (same checked-text hash), so every highlight stands on the words the
report names; a PDF fetched from the network, or changed since, is skipped with a warning.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from quote_tui.batch.report import atomic_write
from quote_tui.engine.errors import BatchInputError, ErrorCode, QuoteTuiError, Recovery

__all__ = ["Annotated", "annotate_pdfs"]

_NOTE_QUOTE = 120
"""Characters of the quotation repeated in a highlight's note."""


@dataclass(frozen=True, slots=True)
class Annotated:
    """What ``annotate_pdfs`` wrote, and what it passed over and why."""

    written: tuple[Path, ...]
    warnings: tuple[str, ...]


def annotate_pdfs(report: dict[str, Any], folder: str | Path) -> Annotated:
    """Write a highlighted copy of each local PDF source of a report into ``folder``.

    Args:
        report: a check report (schema ``quote_tui.report`` v1).
        folder: where the copies go (made if missing); each is ``<source id>-<file name>``.

    Returns:
        The files written and a warning per PDF left out.

    Raises:
        BatchInputError: ``bad_option`` when ``folder`` cannot be made or is not a folder.
    """
    from quote_tui.sources.readers.local import read_path
    from quote_tui.sources.readers.pdf_annotate import annotate_pdf, highlight

    out = Path(folder)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BatchInputError(
            f"--annotate: the folder {out} cannot be made ({exc.strerror or exc}).",
            code=ErrorCode.BAD_OPTION,
            recovery=Recovery.FIX_INPUT,
        ) from exc
    by_source: dict[str, list[dict[str, Any]]] = {}
    for citation in report.get("citations", ()):
        if citation.get("matches") and not citation.get("outside_main_text"):
            by_source.setdefault(str(citation.get("source")), []).append(citation)
    written: list[Path] = []
    warnings: list[str] = []
    for source in report.get("sources", ()):
        citations = by_source.get(str(source.get("id")))
        if not citations or source.get("representation") != "pdf_text_layer":
            continue
        location = (source.get("retrieval") or {}).get("location")
        path = Path(location) if isinstance(location, str) else None
        if path is None or not path.is_file():
            warnings.append(f"source {source.get('id')}: not a local PDF file, not annotated")
            continue
        try:
            loaded = read_path(path)
            if loaded.prepared.sha256 != source.get("checked_text_sha256"):
                warnings.append(f"{path.name}: changed since the check, not annotated")
                continue
            marks = [
                highlight(loaded.prepared, m["start"], m["end"], c["status"], _note(c))
                for c in citations
                for m in c["matches"]
            ]
            annotated = annotate_pdf(path.read_bytes(), marks)
        except (QuoteTuiError, OSError) as exc:
            warnings.append(f"{path.name}: not annotated ({exc})")
            continue
        written.append(atomic_write(out / f"{source.get('id')}-{path.name}", annotated))
    return Annotated(tuple(written), tuple(warnings))


def _note(citation: dict[str, Any]) -> str:
    quote = " ".join(str(citation.get("quote") or "").split())
    if len(quote) > _NOTE_QUOTE:
        quote = quote[: _NOTE_QUOTE - 1] + "…"
    check = citation.get("page_check") or {}
    page = f"; cited {check['cited']}: {check['status']}" if check.get("cited") else ""
    return f"{citation.get('id')}: {citation.get('status')}{page}\n“{quote}”"
