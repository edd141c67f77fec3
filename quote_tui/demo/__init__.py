"""The bundled demo: a short manuscript's citations against a PDF, an HTML page and plain text.

The files here are read-only package data; ``install_demo`` writes a fresh workspace into the
user's data folder that points back at them, so the demo can autosave like any workspace.
"""

from __future__ import annotations

import json
from pathlib import Path

__all__ = ["DEMO_DIR", "PREVIOUS_DEMO", "demo_workspace_dict", "install_demo"]

PREVIOUS_DEMO = "demo-previous.json"
"""Where the last run's demo workspace is kept when a fresh one replaces it."""

DEMO_DIR = Path(__file__).resolve().parent
"""Where the demo's documents are."""


def demo_workspace_dict() -> dict:
    """The demo workspace (unchecked) with its sources resolving into ``DEMO_DIR``."""
    data = json.loads((DEMO_DIR / "demo.json").read_text(encoding="utf-8"))
    data["base_dir"] = str(DEMO_DIR)
    data["manuscript"] = str(DEMO_DIR / "manuscript.md")
    return data


def install_demo(data_dir: Path) -> Path:
    """Write a fresh copy of the demo workspace under ``data_dir`` and return its path.

    Args:
        data_dir: the per-user data folder.

    Returns:
        The workspace file (``data_dir/demo/demo.json``), replaced on every call; the one it
        replaces is kept beside it as ``PREVIOUS_DEMO``, so no edit is lost unsaid.
    """
    from quote_tui.api import write_text as atomic_write

    target = data_dir / "demo" / "demo.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.is_file():
        target.replace(target.with_name(PREVIOUS_DEMO))
    atomic_write(target, json.dumps(demo_workspace_dict(), ensure_ascii=False, indent=1) + "\n")
    return target
