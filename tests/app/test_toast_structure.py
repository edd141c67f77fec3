"""What ``app/toasts.py`` assumes of Textual's toasts beyond its documented CSS names: each toast
in a ``ToastHolder`` inside the screen's ``ToastRack``, the severity as a class on the toast.
Textual is pinned exactly; when an upgrade changes this, this test says what to update."""

from __future__ import annotations

import re
from pathlib import Path

import textual
from textual.app import App

from quote_tui.app.toasts import HOLDER, RACK, TOAST

_CHANGED = (
    "Textual {version} no longer holds each toast as ToastRack > ToastHolder > Toast with its "
    "severity as a class: update quote_tui/app/toasts.py and the ToastHolder rules of app.tcss "
    "(which toasts are shown), then this test."
)


def test_textual_is_the_version_this_was_checked_against() -> None:
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    pinned = re.search(r'"textual==([^"]+)"', pyproject.read_text(encoding="utf-8"))
    assert pinned is not None, "pyproject.toml must pin textual exactly (textual==X.Y.Z)"
    assert textual.__version__ == pinned.group(1), (
        f"Textual {textual.__version__} is installed, {pinned.group(1)} is pinned: reinstall, "
        "or check the toasts' structure (test below) on the new version"
    )


async def test_each_toast_stands_in_a_holder_in_the_rack() -> None:
    app: App[None] = App()
    async with app.run_test(notifications=True) as pilot:
        app.notify("first")
        app.notify("second", severity="warning")
        await pilot.pause(0.2)
        said = _CHANGED.format(version=textual.__version__)
        racks = app.screen.query_children(RACK)
        assert len(racks) == 1, said
        holders = racks.first().query_children(HOLDER)
        assert len(holders) == 2, said
        toasts = [list(h.query_children(TOAST)) for h in holders]
        assert all(len(t) == 1 for t in toasts), said
        assert toasts[1][0].has_class("-warning") and toasts[0][0].has_class("-information"), said


def test_the_app_imports_no_private_textual_module_but_the_footers() -> None:
    app_dir = Path(__file__).resolve().parents[2] / "quote_tui" / "app"
    private = re.compile(r"^\s*(?:from|import)\s+textual(?:\.\w+)*\._\w+", re.M)
    found = {
        str(path.relative_to(app_dir))
        for path in app_dir.rglob("*.py")
        if private.search(path.read_text(encoding="utf-8"))
    }
    # the footer's FooterKey has no public name yet; every other private use is a defect
    assert found <= {"widgets/footer.py"}, found
