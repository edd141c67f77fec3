"""The Textual app: opens a workspace, owns the session's front door, autosaves.

The app holds what lives as long as the session (the ``api.Session``: its network session, the
workspace file's path); the main screen holds the workspace value and coordinates the widgets.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from textual import work
from textual.app import App
from textual.binding import Binding
from textual.notifications import SeverityLevel

from quote_tui.api import QuoteTuiError, Session, Settings
from quote_tui.app.commands import QuoteCommands
from quote_tui.app.other_copies import OtherCopyDialog, ShownCopies, differing, take_theirs
from quote_tui.app.prefs import SETTINGS_FILE, Prefs, load_keymap, load_prefs, save_prefs
from quote_tui.app.screens.dialogs import ChoiceDialog
from quote_tui.app.screens.help import HelpScreen
from quote_tui.app.screens.main import MainScreen
from quote_tui.app.toasts import schedule_arrangement
from quote_tui.workspace import Opened, Workspace, remember_last
from quote_tui.workspace.model import parse_workspace
from quote_tui.workspace.shared import (
    KEEP_COPIES,
    WorkspaceFile,
    other_window_copies,
    prune_copies,
)

__all__ = ["QuoteApp"]


class QuoteApp(App[int]):
    """quote-tui's terminal app.

    Args:
        workspace: the workspace to show.
        workspace_path: where it autosaves.
        settings: matching and reading settings (the CLI's defaults when None).
        notice: a message to show once the app is up (e.g. a corrupt file kept aside).
        data_dir: where the "last workspace" pointer lives (None: do not record it).
        check_on_open: check every citation as soon as the app is up (the demo does).
        reload: the workspace the opened file gives now, when it changed since ``workspace``
            was made from it: the user chooses between the two.
        config_dir: where the settings that stay and the user keymap live (None: remember
            nothing, as tests that build the app by hand want).
        reopen: reads the opened manuscript, batch or report again, as opening it did (None:
            the workspace was not opened from one, and ctrl+r says so).
    """

    CSS_PATH = "app.tcss"
    TITLE = "quote-tui"
    COMMANDS = App.COMMANDS | {QuoteCommands}
    BINDINGS = [
        Binding("question_mark,f1", "help", "Help", id="help"),
        Binding("ctrl+q", "quit", "Quit", priority=True, id="quit"),
        Binding("ctrl+r", "reload_file", "Reload", show=False, id="reload_file"),
    ]

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A toast whose text is shown as written: messages carry file names, ids, titles and
        errors from manuscripts and sources, and ``[bold]`` or ``[@click=app.quit]`` in one of
        them must not style the toast or run an action. Widgets' ``notify`` asks for markup by
        default; nothing here uses it."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)
        schedule_arrangement(self, self.NOTIFICATION_TIMEOUT if timeout is None else timeout)

    def __init__(
        self,
        workspace: Workspace,
        workspace_path: Path,
        *,
        settings: Settings | None = None,
        notice: str | None = None,
        info: str | None = None,
        data_dir: Path | None = None,
        check_on_open: bool = False,
        reload: Workspace | None = None,
        config_dir: Path | None = None,
        reopen: Callable[..., Opened] | None = None,
    ) -> None:
        super().__init__()
        self._reopen = reopen
        self.workspace_path = workspace_path
        """The file every change is saved to."""
        self._file = WorkspaceFile(workspace_path, workspace)
        self.settings = settings or Settings()
        """Run settings, passed unchanged to the service."""
        self.session = Session(self.settings)
        """Shared by every check and read of the session; closed on exit."""
        self._initial = workspace
        self._notice = notice
        self._info = info
        self._data_dir = data_dir
        self.save_failures = 0
        self._check_on_open = check_on_open
        self._reload = reload
        self.config_dir = config_dir
        """Where settings.json and keymap.json live; None keeps nothing between runs."""
        self.prefs = Prefs()
        """What stays between runs; every change goes through ``remember``."""
        self._shown = ShownCopies(data_dir)
        """The other windows' copies whose place the user was told: only those are removed."""
        self._last_copy: Path | None = None
        """The copy this window's last save set aside, for "Open the other window's copy"."""
        self._config_notices: list[str] = []
        self._user_keymap: dict[str, str] = {}
        self._keep_file = False
        if config_dir is not None:
            self.prefs, said = load_prefs(config_dir)
            # a damaged file that could not be set aside is the user's to recover: never written
            self._keep_file = said is not None and (config_dir / SETTINGS_FILE).exists()
            self._user_keymap, said_keys = load_keymap(config_dir)
            self._config_notices = [n for n in (said, said_keys) if n]

    def on_mount(self) -> None:
        if self.prefs.theme in self.available_themes:
            self.theme = self.prefs.theme
        if self._user_keymap:
            self.set_keymap(self._user_keymap)
        # subscribed after the saved theme is applied, so starting never rewrites the file
        self.theme_changed_signal.subscribe(self, lambda theme: self.remember(theme=theme.name))
        for said in self._config_notices:
            self.notify(said, title="Settings", severity="warning", timeout=10)
        screen = MainScreen(self._initial)
        self.push_screen(screen)
        if self._check_on_open:
            screen.call_after_refresh(screen.check_unchecked)
        if self._reload is not None:
            self._offer_reload(screen, self._reload)
        elif self._notice:
            self.notify(self._notice, title="Workspace", severity="warning", timeout=10)
        if self._info:
            self.notify(self._info, title="Workspace", timeout=10)
        self._tell_unseen_copies()
        if self._data_dir is not None:
            # Not remembering the last workspace costs nothing now; never fail the start on it.
            with contextlib.suppress(OSError):
                remember_last(self._data_dir, self.workspace_path)

    def action_reload_file(self) -> None:
        """Read the opened manuscript, batch or report again: the edits to what did not change
        are kept, and what changed is checked again (ctrl+z brings the earlier state back)."""
        screen = next((s for s in self.screen_stack if isinstance(s, MainScreen)), None)
        if self._reopen is None or screen is None:
            self.notify(
                "Nothing to reload: this workspace was not opened from a manuscript, batch or "
                "report (quote-tui open FILE).",
                severity="warning",
            )
            return
        origin = Path(screen.workspace.origin or screen.workspace.name).name
        # a long manuscript takes seconds to read: say so at once
        self.notify(f"Reading {origin} again…", timeout=3)
        self._read_again(
            screen, partial(self._reopen, bibliographies=screen.workspace.bibliographies)
        )

    @work(thread=True, exclusive=True, group="reload", exit_on_error=False)
    def _read_again(self, screen: MainScreen, reopen: Callable[[], Opened]) -> None:
        try:
            opened = reopen()
        except (OSError, QuoteTuiError) as exc:
            message = exc.message if isinstance(exc, QuoteTuiError) else str(exc)
            self.call_from_thread(
                self.notify, f"Could not read the file again: {message}", severity="error"
            )
            return
        self.call_from_thread(self._reloaded, screen, opened)

    def _reloaded(self, screen: MainScreen, opened: Opened) -> None:
        name = Path(opened.workspace.origin or opened.workspace.name).name
        now = screen.workspace
        fresh = replace(opened.reload or opened.workspace, bibliographies=now.bibliographies)
        if (fresh.citations, fresh.sources) == (now.citations, now.sources):
            self.notify(f"{name} says what it said when it was read; nothing to reload.")
            return
        screen.commit(carry_verdicts(now, fresh))
        self.notify(f"Reloaded {name}. Press ctrl+z to get your edits back.", timeout=8)
        screen.check_unchecked()  # what the file changed, and only that

    def _offer_reload(self, screen: MainScreen, fresh: Workspace) -> None:
        """The opened file changed since the workspace was made: keep the edits, or reload."""
        name = Path(fresh.origin or fresh.name).name

        def chosen(reload: bool | None) -> None:
            if reload:
                # undoable: ctrl+z brings the edits back
                screen.commit(carry_verdicts(screen.workspace, fresh))
                self.notify(f"Reloaded {name}. Press ctrl+z to get your edits back.", timeout=8)
                screen.check_unchecked()  # what the file changed, and only that

        dialog = ChoiceDialog(
            "The file has changed",
            f"{name} has changed since you last opened it. Keep your edits, or reload the file "
            "(ctrl+z then brings your edits back)?",
            yes="Reload the file",
            no="Keep my edits",
        )
        self.push_screen(dialog, chosen)

    def remember(self, **changes: Any) -> None:
        """Change what stays between runs and write it; a failed write is said, never fatal."""
        prefs = replace(self.prefs, **changes)
        if prefs == self.prefs:
            return
        self.prefs = prefs
        if self.config_dir is None or self._keep_file:
            return
        try:
            save_prefs(self.config_dir, prefs)
        except (OSError, QuoteTuiError) as exc:
            # QuoteTuiError: the writer refuses a folder standing where the file goes
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            self.notify(
                f"Could not save settings in {self.config_dir}: {reason}.",
                title="Settings",
                severity="error",
            )

    async def on_unmount(self) -> None:
        await self.session.aclose()

    def save_workspace(self, workspace: Workspace) -> Workspace:
        """Autosave (atomic), merged with what another window saved to the file meanwhile;
        returns the workspace now in the file. A failure is reported, never fatal."""
        try:
            saved = self._file.save(workspace)
        except OSError as exc:
            self.save_failures += 1
            self.notify(
                f"Could not save {self.workspace_path}: {exc.strerror or exc}.",
                title="Autosave failed",
                severity="error",
            )
            return workspace
        if saved.from_other:
            self.notify(
                f"From another window on this workspace: {_named(saved.from_other)}.",
                title="Merged",
                timeout=8,
            )
        if saved.kept_aside is not None:
            self._tell_copy(saved.kept_aside, saved.both_changed)
        return saved.workspace

    # ----------------------------------------------------------------- other windows' copies

    def _tell_copy(self, copy: Path, both_changed: tuple[str, ...]) -> None:
        """Say where the file as the other window left it was kept, and how to open it; then
        remove the oldest copies past the newest few, of those the user was told of."""
        self._last_copy = copy
        self._shown.add(copy)
        removed = prune_copies(self.workspace_path, self._shown.paths)
        self._shown.forget(removed)
        both = f" changed {_named(both_changed)} too" if both_changed else " wrote"
        gone = (
            f" {len(removed)} older cop{'ies' if len(removed) > 1 else 'y'} removed (the newest "
            f"{KEEP_COPIES} stay)."
            if removed
            else ""
        )
        self.notify(
            f"Another window{both}; this window's changes are kept, and the file as the other "
            f"window left it is {copy}. To compare or take its versions: ctrl+p, Open the "
            f"other window's copy.{gone}",
            title="Merged",
            severity="warning",
            timeout=20,
        )

    def _tell_unseen_copies(self) -> None:
        """Name the copies beside the workspace no window told the user of (its window closed
        first): never removed until told."""
        unseen = [c for c in other_window_copies(self.workspace_path) if c not in self._shown]
        if not unseen:
            return
        named = unseen[:3]
        more = f" and {len(unseen) - 3} more" if len(unseen) > 3 else ""
        self._shown.add(*named)
        self.notify(
            "Another window's changes were kept beside this workspace: "
            f"{', '.join(str(c) for c in named)}{more}. To compare: ctrl+p, Open the other "
            "window's copy.",
            title="Workspace",
            severity="warning",
            timeout=20,
        )

    def action_open_other_copy(self) -> None:
        """Open the file as another window left it: the citations it holds otherwise, side by
        side with this window's, and its versions taken when asked (ctrl+z undoes)."""
        screen = next((s for s in self.screen_stack if isinstance(s, MainScreen)), None)
        copies = other_window_copies(self.workspace_path)
        copy = self._last_copy if self._last_copy in copies else next(iter(copies), None)
        if screen is None or copy is None:
            self.notify("No copy from another window stands beside this workspace.")
            return
        try:
            theirs = parse_workspace(json.loads(copy.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
            self.notify(
                f"{copy} is no workspace ({exc}); open it in a text editor.", severity="error"
            )
            return
        self._shown.add(copy)

        def chosen(take: bool | None) -> None:
            if not take:
                return
            ids = differing(screen.workspace, theirs)
            screen.commit(take_theirs(screen.workspace, theirs, ids))
            self.notify(
                f"Took {_named(ids)} from the other window's copy; ctrl+z brings yours back.",
                timeout=8,
            )
            screen.check_unchecked()

        self.push_screen(OtherCopyDialog(copy, screen.workspace, theirs), chosen)

    def base_dir_for(self, workspace: Workspace) -> Path:
        """Where the workspace's relative source paths resolve."""
        return workspace.base_dir or self.workspace_path.parent

    def default_report_path(self, workspace: Workspace) -> Path:
        """Suggested export path: beside the manuscript or the workspace's sources, named after
        the workspace; the working folder when that is not writable or lies inside the installed
        package (the demo's documents do)."""
        package = Path(__file__).resolve().parent.parent
        candidates = []
        if workspace.manuscript:
            candidates.append(Path(workspace.manuscript).expanduser().parent)
        candidates.append(self.base_dir_for(workspace))
        folder = next(
            (
                f
                for f in candidates
                if f.is_dir() and _writable(f) and not f.resolve().is_relative_to(package)
            ),
            Path.cwd(),
        )
        return folder / f"{workspace.name}-report.json"

    def action_help(self) -> None:
        """Show the key reference."""
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())


def carry_verdicts(old: Workspace, fresh: Workspace) -> Workspace:
    """``fresh`` with ``old``'s verdicts for the citations a reload left as they were: the same
    citation, on the same source. What changed stays unchecked, to be checked again."""
    kept = fresh
    for citation in fresh.citations:
        verdict = old.verdicts.get(citation.id)
        if (
            verdict is not None
            and citation.id not in fresh.verdicts
            and old.citation(citation.id) == citation
            and old.source(citation.source) == fresh.source(citation.source)
        ):
            kept = kept.with_verdict(citation.id, verdict)
    return kept


def _writable(folder: Path) -> bool:
    import os

    return os.access(folder, os.W_OK)


def _named(ids: tuple[str, ...]) -> str:
    """A few ids, and how many more."""
    shown = ", ".join(ids[:5])
    return shown if len(ids) <= 5 else f"{shown} and {len(ids) - 5} more"
