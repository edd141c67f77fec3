"""The app's side of reference checks: what a workspace cites, marks, and the detail's record.

A workspace's references are its sources: a source named by ``doi:`` or ``pmid:`` carries its
identifier, and what a manuscript's bibliography said about it (title, authors, year, pages)
travels in its citations' ``reference`` field. ``workspace_references`` turns them into CSL-JSON
items keyed by source id for ``api.parse_references``; the report's records come back keyed the
same way, so the citation list marks each citation by its source's status.
"""

from __future__ import annotations

from typing import Any

from textual.content import Content

from quote_tui.api import reference_facts, work_identifiers
from quote_tui.workspace import Workspace

__all__ = ["REFERENCE_LOOKS", "reference_content", "reference_look", "workspace_references"]

REFERENCE_LOOKS: dict[str, tuple[str, str]] = {
    "verified": ("✓ref", "$text-success"),
    "metadata_mismatch": ("≠ref", "$text-warning"),
    "corrected": ("±ref", "$text-warning"),
    "expression_of_concern": ("?ref", "$text-warning"),
    "retracted": ("✗ref", "$text-error"),
    "not_found": ("∅ref", "$text-error"),
    "unverifiable": ("·ref", "$text-muted"),
}
"""The mark and colour of each reference status in the citation list and the detail."""


def workspace_references(workspace: Workspace) -> list[dict[str, Any]]:
    """CSL-JSON items, one per source that has a DOI, a PMID or a bibliography entry."""
    bibs: dict[str, dict[str, Any]] = {}
    for citation in workspace.citations:
        reference = citation.extra.get("reference") if citation.extra else None
        bib = reference.get("bib") if isinstance(reference, dict) else None
        if citation.source and isinstance(bib, dict):
            bibs.setdefault(citation.source, bib)
    items = []
    for source in workspace.sources:
        doi, pmid = work_identifiers(source.ref)
        bib = bibs.get(source.id, {})
        doi = doi or bib.get("doi")
        pmid = pmid or bib.get("pmid")
        title = bib.get("title") or source.title
        if not (doi or pmid or bib):
            continue  # a file or a web page with nothing bibliographic to check
        item: dict[str, Any] = {"id": source.id}
        if title:
            item["title"] = str(title)
        if doi:
            item["DOI"] = str(doi)
        if pmid:
            item["PMID"] = str(pmid)
        if bib.get("year"):
            item["issued"] = {"raw": str(bib["year"])}
        if isinstance(bib.get("authors"), list):
            item["author"] = [{"family": str(a)} for a in bib["authors"]]
        if bib.get("pages"):
            item["page"] = str(bib["pages"])
        items.append(item)
    return items


def reference_look(status: str) -> tuple[str, str]:
    """A reference status's mark and colour (a status without its own look is muted)."""
    return REFERENCE_LOOKS.get(status, ("·ref", "$text-muted"))


def reference_content(record: dict[str, Any] | None) -> Content:
    """The detail pane's Reference section for one reference record (empty without one)."""
    if not record:
        return Content("")
    status = str(record.get("status", ""))
    mark, colour = reference_look(status)
    out: list[Content | str | tuple[str, str]] = [
        ("Reference   ", "bold $text-muted"),
        (f"{mark} {status.replace('_', ' ')}", f"bold {colour}"),
        "\n",
    ]
    if record.get("reason"):
        out += ["  ", (str(record["reason"]), "$text-muted"), "\n"]
    for d in record.get("differences", ()):
        field = str(d.get("field", "")).replace("_", " ")
        out += [
            f"  {field}: cited {d.get('cited')}; registered ",
            (str(d.get("registered")), "bold"),
            "\n",
        ]
    for label, text in reference_facts(record):
        out += [(f"  {label}: ", "$text-error" if label == "notice" else ""), text, "\n"]
    return Content.assemble(*out)
