"""App test fixtures: a private data folder, no cursor blink, the demo app factory."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, TextArea

from quote_tui.app import make_app
from quote_tui.app.app import QuoteApp


@pytest.fixture(autouse=True)
def _no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> None:
    """A blinking cursor makes screenshots differ from run to run."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    monkeypatch.setattr(TextArea, "_toggle_cursor_blink_visible", lambda self: None)


@pytest.fixture(autouse=True)
def _private_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings and keymap in a per-test folder: never the real user's, and no leftovers."""
    folder = tmp_path / "config"
    monkeypatch.setenv("QUOTE_TUI_CONFIG_DIR", str(folder))
    return folder


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A per-test user data folder (never the real one)."""
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


def make_demo_app(data_dir: Path) -> QuoteApp:
    """The demo app, as ``quote-tui demo`` builds it (one factory for every snapshot)."""
    return make_app(demo=True, data_dir=data_dir)


def record_notifications(app: QuoteApp) -> list[str]:
    """Every message the app is asked to show as a toast, kept as given: a toast leaves the
    app's own list when its time is up, which a loaded machine may reach before a look."""
    said: list[str] = []
    real = app.notify

    def notify(message: str, **kw: object) -> None:
        said.append(message)
        real(message, **kw)  # type: ignore[arg-type]

    app.notify = notify  # type: ignore[method-assign]
    return said


_GROUPS = frozenset({"check", "view", "export", "load-source", "finder", "bibliography"})


async def settle(app: QuoteApp, pilot, delay: float = 0.05, timeout: float = 15.0) -> None:
    """Wait until the app's own workers are done and the screen has caught up.

    Only the app's groups count: DirectoryTree keeps a loader worker alive for its lifetime.
    """
    waited = 0.0
    await pilot.pause(delay)
    while any(w.group in _GROUPS and not w.is_finished for w in app.workers):
        await pilot.pause(0.02)
        waited += 0.02
        if waited > timeout:
            raise AssertionError("workers still running after the timeout")
    await pilot.pause(delay)
