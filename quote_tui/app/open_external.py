"""Opening a PDF source in the system's viewer, at the page of the match shown.

The command comes from ``QUOTE_TUI_PDF_VIEWER`` when set: a command line whose ``{path}`` and
``{page}`` are filled in (``{page}`` is the 1-based PDF page, not the printed label), e.g.
``firefox file://{path}#page={page}``. Otherwise a viewer known to take a page is preferred
(evince, okular, zathura), then the desktop's opener (xdg-open, macOS open), which shows the
file at its first page.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

__all__ = ["VIEWER_ENV", "viewer_command", "launch"]

VIEWER_ENV = "QUOTE_TUI_PDF_VIEWER"

# each viewer's way to name a page; the openers after them cannot take one
_PAGED = (
    ("evince", ("--page-index={page}", "{path}")),
    ("okular", ("--page", "{page}", "{path}")),
    ("zathura", ("--page={page}", "{path}")),
)
# Linux's `open` is openvt, a console tool, so macOS's opener is named only on macOS
_OPENERS = ("xdg-open", "open") if sys.platform == "darwin" else ("xdg-open",)


def viewer_command(path: Path, page: int | None) -> tuple[list[str], bool] | None:
    """The command that shows ``path`` (at ``page`` when it can), and whether it takes the page.

    None when no viewer is configured or found on PATH.

    Raises:
        ValueError: the configured command cannot be split or names a field other than
            ``{path}`` and ``{page}``; the message says which.
    """
    fill = {"path": str(path), "page": str(page or 1)}
    configured = os.environ.get(VIEWER_ENV, "").strip()
    if configured:
        try:
            words = shlex.split(configured)
            takes_page = any("{page}" in w for w in words)
            if not any("{path}" in w for w in words):
                words.append("{path}")
            return [w.format_map(fill) for w in words], takes_page
        except (ValueError, KeyError, IndexError) as exc:
            raise ValueError(
                f"{VIEWER_ENV} cannot be used ({exc}): write a command line whose only "
                "fields are {path} and {page}, e.g. 'evince --page-index={page} {path}'."
            ) from exc
    for name, args in _PAGED:
        exe = shutil.which(name)
        if exe:
            return [exe, *(a.format_map(fill) for a in args)], True
    for name in _OPENERS:
        exe = shutil.which(name)
        if exe:
            return [exe, str(path)], False
    return None


def launch(command: list[str]) -> None:
    """Start the viewer on its own, so it outlives neither the terminal's input nor output.

    Raises:
        OSError: the command cannot be started.
    """
    subprocess.Popen(  # noqa: S603 - the user's own viewer command, never a shell
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
