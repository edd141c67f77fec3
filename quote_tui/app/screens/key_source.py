"""A loaded work given to a citation's key that has no source.

A scan names a cited work's source after its bibliography key (``nist2024``); when no file,
DOI or URL leads to its text, that source stays empty. Loading the work while one of the key's
citations is selected fills that source, so every citation of the key is checked against it
without picking it for each (a source named after the file would be cited by none of them).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from quote_tui.api import SourceSpec
from quote_tui.workspace import Workspace

__all__ = ["KeyLink", "link_to_key"]


@dataclass(frozen=True, slots=True)
class KeyLink:
    """What linking a loaded work to a key makes.

    Attributes:
        workspace: the workspace with the key's source reading the work, its citations'
            out-of-date verdicts ("no source") dropped.
        spec: the key's source as it now is.
        citations: the ids of the key's citations, to check again.
    """

    workspace: Workspace
    spec: SourceSpec
    citations: tuple[str, ...]


def link_to_key(ws: Workspace, citation_id: str | None, loaded: SourceSpec) -> KeyLink | None:
    """The workspace with ``loaded`` as the source of the selected citation's key.

    Args:
        ws: the workspace.
        citation_id: the selected citation (None when none is).
        loaded: the loaded work's spec, as the Load dialog made it.

    Returns:
        The link, or None when the citation's source has a way to its text already (or it
        has no source, or no citation is selected): the work is then a source of its own.
    """
    citation = ws.citation(citation_id)
    key = ws.source(citation.source if citation is not None else None)
    if key is None or not key.extra.get("unavailable") or key.ref or key.text is not None:
        return None
    extra = {k: v for k, v in loaded.extra.items() if k != "unavailable"}
    spec = replace(loaded, id=key.id, title=key.title or loaded.title, extra=extra)
    ws = ws.with_source(spec)
    ids = tuple(c.id for c in ws.citations if c.source == key.id)
    for cid in ids:
        ws = ws.with_verdict(cid, None)
    return KeyLink(ws, spec, ids)
