"""The copies of a workspace as another window left it: told of, opened, and kept few.

When two windows change one citation, the save keeps this window's change and writes the file as
the other window left it beside the workspace (``workspace.shared``). The user is told where, and
can open it here: a dialog lists the citations the copy holds otherwise, and takes the other
window's versions when asked (undoable, as any edit). A copy whose place the user was told is
recorded (``shown-copies.json`` in the data folder), and only such copies are ever removed, past
the newest ``KEEP_COPIES``.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from quote_tui.api import CitationSpec
from quote_tui.workspace import Workspace
from quote_tui.workspace.model import atomic_write

__all__ = ["SHOWN_FILE", "OtherCopyDialog", "ShownCopies", "differing", "take_theirs"]

SHOWN_FILE = "shown-copies.json"
_MAX_RECORDED = 200
"""Copies remembered as shown; the oldest are forgotten (then never removed: the safe side)."""


class ShownCopies:
    """The copies whose place the user was shown, kept in the data folder between runs (only
    in memory without one)."""

    def __init__(self, data_dir: Path | None) -> None:
        self._file = data_dir / SHOWN_FILE if data_dir is not None else None
        self._paths: list[str] = []
        if self._file is not None:
            with contextlib.suppress(OSError, ValueError, TypeError):
                data = json.loads(self._file.read_text(encoding="utf-8"))
                self._paths = [p for p in data.get("shown", ()) if isinstance(p, str)]

    def __contains__(self, path: object) -> bool:
        return isinstance(path, Path) and str(path.resolve()) in self._paths

    @property
    def paths(self) -> tuple[Path, ...]:
        """Every copy recorded as shown."""
        return tuple(Path(p) for p in self._paths)

    def add(self, *paths: Path) -> None:
        """Record copies as shown; a failed write only leaves them unremovable.

        Args:
            paths: the copies whose place the user was just told.
        """
        new = [str(p.resolve()) for p in paths if str(p.resolve()) not in self._paths]
        if new:
            self._paths = [*self._paths, *new][-_MAX_RECORDED:]
            self._write()

    def forget(self, removed: tuple[Path, ...]) -> None:
        """Drop removed copies from the record."""
        gone = {str(p.resolve()) for p in removed}
        if gone & set(self._paths):
            self._paths = [p for p in self._paths if p not in gone]
            self._write()

    def _write(self) -> None:
        if self._file is None:
            return
        with contextlib.suppress(OSError):
            self._file.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self._file, json.dumps({"shown": self._paths}, indent=1) + "\n")


def differing(mine: Workspace, theirs: Workspace) -> tuple[str, ...]:
    """The citations (ids) the copy holds otherwise: changed, or only there."""
    return tuple(c.id for c in theirs.citations if mine.citation(c.id) != c)


def take_theirs(mine: Workspace, theirs: Workspace, ids: tuple[str, ...]) -> Workspace:
    """``mine`` with the copy's version of each citation in ``ids``, its verdict and its source
    (when this window has no source by that id)."""
    out = mine
    for cid in ids:
        cited = theirs.citation(cid)
        if cited is None:
            continue
        source = theirs.source(cited.source)
        if source is not None and out.source(source.id) is None:
            out = out.with_source(source)
        out = out.with_citation(cited).with_verdict(cid, theirs.verdicts.get(cid))
    return out


def _side(label: str, cited: CitationSpec | None) -> Content:
    if cited is None:
        return Content.assemble((f"  {label:<14}", "$text-muted"), ("(absent)", "$text-muted"))
    return Content.assemble(
        (f"  {label:<14}", "$text-muted"),
        f"“{cited.quote or ''}”",
        (f"  source {cited.source or '(none)'}", "$text-muted"),
    )


class OtherCopyDialog(ModalScreen[bool]):
    """The citations a copy holds otherwise, side by side; True takes the copy's versions."""

    BINDINGS = [Binding("escape", "keep", "Keep mine", id="cancel_dialog")]

    def __init__(self, path: Path, mine: Workspace, theirs: Workspace) -> None:
        super().__init__(classes="dialog")
        self._path = path
        self._mine = mine
        self._theirs = theirs

    def compose(self) -> ComposeResult:
        ids = differing(self._mine, self._theirs)
        with Vertical(classes="dialog-box") as box:
            box.border_title = Content("The other window's copy")
            yield Static(Content(str(self._path)), classes="hint")
            with VerticalScroll(id="other-copy-list"):
                if not ids:
                    yield Static(Content("It holds every citation as this window does."))
                for cid in ids:
                    yield Static(
                        Content.assemble(
                            (cid, "bold"),
                            "\n",
                            _side("this window", self._mine.citation(cid)),
                            "\n",
                            _side("other window", self._theirs.citation(cid)),
                        )
                    )
            with Horizontal(classes="buttons"):
                yield Button("Keep mine", variant="primary", id="keep")
                yield Button("Take the other window's", id="take", disabled=not ids)

    @on(Button.Pressed, "#take")
    def _take(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#keep")
    def action_keep(self) -> None:
        """Close, keeping this window's versions."""
        self.dismiss(False)
