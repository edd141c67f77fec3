"""The app's "What to do" for a bibliography's file outside the folders it may read."""

from __future__ import annotations

from quote_tui.app.widgets.detail import recovery_hint


def test_a_file_outside_the_allowed_folders_names_allow_path() -> None:
    hint = recovery_hint("fix_input", "outside_root")
    assert "--allow-path DIR" in hint
    assert "Correct the entry" not in hint  # the entry is right; the folder is not allowed
