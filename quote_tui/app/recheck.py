"""Which citations opening a file checks: those with no verdict, and those a reading failure
left ``unavailable`` that this opening may settle (a file outside the allowed folders, now
allowed with ``--allow-path``; a file moved back). A saved ``unavailable`` for them would
otherwise stand until each is checked by hand."""

from __future__ import annotations

from quote_tui.workspace import Workspace

__all__ = ["to_check_on_open"]

LOCAL_FAILURES = frozenset({"outside_root", "file_not_found"})
"""Codes of reading failures an opening can settle, each at the cost of a local look."""


def to_check_on_open(workspace: Workspace) -> list[str]:
    """The ids of ``workspace``'s citations to check as it opens, in its order."""
    ids = []
    for citation in workspace.citations:
        verdict = workspace.verdicts.get(citation.id)
        code = (verdict.error or {}).get("code") if verdict is not None else None
        if verdict is None or (verdict.status == "unavailable" and code in LOCAL_FAILURES):
            ids.append(citation.id)
    return ids
