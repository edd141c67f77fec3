"""The app's workspace file: sources, citations, snapshot keys and the last verdicts.

A workspace is an immutable value: every edit builds a new ``Workspace`` (``dataclasses.replace``),
which makes undo a stack of earlier values and lets the app autosave after each change with one
atomic write. The file is JSON::

    {"format": "quote_tui.workspace", "version": 1, "name": ..., "base_dir": ...,
     "sources": [{id, ref, text, title, truncated, snapshot}], "citations": [{id, source, quote,
     locator, extra}], "verdicts": {citation id: {status, result, error}}}

``result`` is the engine's ``CheckResult.to_dict()``; it is read back into a ``CheckResult`` so a
re-opened workspace shows its last verdicts (with differences and locations) before any re-check.
A file that cannot be read is never overwritten: it is renamed ``*.corrupt-TIMESTAMP`` and the
error names where it went.
"""

from quote_tui.workspace.model import (
    FORMAT,
    Verdict,
    Workspace,
    WorkspaceCorruptError,
    is_workspace_file,
    load_workspace,
    result_from_dict,
    save_workspace,
)
from quote_tui.workspace.opening import (
    ManuscriptRead,
    Opened,
    last_workspace_path,
    open_target,
    remember_last,
    with_rescan,
    workspace_from_batch,
    workspace_from_report,
)

__all__ = [
    "FORMAT",
    "ManuscriptRead",
    "Opened",
    "Verdict",
    "Workspace",
    "WorkspaceCorruptError",
    "is_workspace_file",
    "last_workspace_path",
    "load_workspace",
    "open_target",
    "remember_last",
    "result_from_dict",
    "save_workspace",
    "with_rescan",
    "workspace_from_batch",
    "workspace_from_report",
]
