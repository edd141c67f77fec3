"""What the app remembers between runs (theme, pane sizes, zoom, last source) and the user keymap.

Both live in the user config folder (platformdirs' ``user_config_dir("quote-tui")``, or
``QUOTE_TUI_CONFIG_DIR`` when set): ``settings.json``, written by the app after each change, and
``keymap.json``, written only by the user, a map of binding id to keys, e.g.
``{"zoom": "Z", "help": "f1"}``.

Reading is tolerant: a file that cannot be read is renamed ``*.corrupt-TIMESTAMP`` (so the next
write never replaces what the user may want back) and the app starts with its defaults and says
where the file went. A value of the wrong type is dropped alone; the others are kept.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from datetime import datetime
from pathlib import Path

__all__ = [
    "CONFIG_ENV",
    "DETAIL_HEIGHT_RANGE",
    "KEYMAP_FILE",
    "LIST_WIDTH_RANGE",
    "SETTINGS_FILE",
    "ZOOM_PANES",
    "Prefs",
    "default_config_dir",
    "load_keymap",
    "load_prefs",
    "save_prefs",
]

CONFIG_ENV = "QUOTE_TUI_CONFIG_DIR"
SETTINGS_FILE = "settings.json"
KEYMAP_FILE = "keymap.json"
LIST_WIDTH_RANGE = (20, 120)
"""The citation list's width in columns, clamped: narrower hides the marks, wider the source."""
DETAIL_HEIGHT_RANGE = (3, 60)
"""The detail pane's height in rows, clamped: lower shows no line, higher leaves no viewer."""
ZOOM_PANES = ("viewer", "detail")
_CLAMPED = {"list_width": LIST_WIDTH_RANGE, "detail_height": DETAIL_HEIGHT_RANGE}
_MAX_BYTES = 64 * 1024
"""A settings or keymap file is a few hundred bytes; anything this big is not one of ours."""


@dataclass(frozen=True, slots=True)
class Prefs:
    """What stays from one run to the next; None means the app's default.

    Attributes:
        theme: the Textual theme's name.
        list_width: the citation list's width in columns.
        detail_height: the detail pane's height in rows.
        zoom: the pane zoomed (``z``) when the app closed: ``viewer`` or ``detail``.
        last_source: the id of the source last in the viewer.
    """

    theme: str | None = None
    list_width: int | None = None
    detail_height: int | None = None
    zoom: str | None = None
    last_source: str | None = None


def default_config_dir() -> Path:
    """``QUOTE_TUI_CONFIG_DIR`` when set (tests point it at a temporary folder), else
    platformdirs' per-user config folder."""
    named = os.environ.get(CONFIG_ENV)
    if named:
        return Path(named).expanduser()
    from platformdirs import user_config_dir

    return Path(user_config_dir("quote-tui", appauthor=False))


def load_prefs(folder: Path, *, now: datetime | None = None) -> tuple[Prefs, str | None]:
    """The settings in ``folder``, and a notice when the file was damaged and kept aside.

    Never raises for a bad file: the app must start whatever the file holds.
    """
    data, notice = _read_json(folder / SETTINGS_FILE, "settings", now)
    kept: dict[str, object] = {}
    for field in fields(Prefs):
        value = data.get(field.name)
        if field.name in _CLAMPED:
            if isinstance(value, int) and not isinstance(value, bool):
                low, high = _CLAMPED[field.name]
                kept[field.name] = min(max(value, low), high)
        elif field.name == "zoom":
            if value in ZOOM_PANES:
                kept[field.name] = value
        elif isinstance(value, str) and value:
            kept[field.name] = value
    return Prefs(**kept), notice  # type: ignore[arg-type]


def save_prefs(folder: Path, prefs: Prefs) -> None:
    """Write ``prefs`` with the project's one output writer (atomic for a regular file).

    Raises:
        OSError: the folder or the file cannot be written (the caller reports it).
    """
    from quote_tui.api import write_text

    folder.mkdir(parents=True, exist_ok=True)
    body = {"format": "quote_tui.settings", "version": 1, **asdict(prefs)}
    write_text(folder / SETTINGS_FILE, json.dumps(body, ensure_ascii=False, indent=2) + "\n")


def load_keymap(folder: Path, *, now: datetime | None = None) -> tuple[dict[str, str], str | None]:
    """The user's keymap (binding id to comma-separated keys), and a notice about what was wrong.

    Entries that are not a string to a non-empty string are skipped and named in the notice.
    """
    data, notice = _read_json(folder / KEYMAP_FILE, "keymap", now)
    keymap: dict[str, str] = {}
    skipped: list[str] = []
    for key, value in data.items():
        if key in ("format", "version"):
            continue
        if isinstance(value, str) and value.strip():
            keymap[key] = value.strip()
        else:
            skipped.append(key)
    if skipped:
        notice = (notice + " " if notice else "") + (
            f"{KEYMAP_FILE}: skipped {', '.join(sorted(skipped))} (each needs keys as text, "
            'e.g. "ctrl+k,f5").'
        )
    return keymap, notice


def _read_json(path: Path, what: str, now: datetime | None) -> tuple[dict[str, object], str | None]:
    """The file's JSON object; a damaged file is renamed aside and named in the notice."""
    try:
        if not path.is_file():
            return {}, None
        if path.stat().st_size > _MAX_BYTES:
            raise ValueError(f"larger than {_MAX_BYTES // 1024} KB")
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        return data, None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
        kept = path.with_name(f"{path.name}.corrupt-{stamp}")
        try:
            os.replace(path, kept)
        except OSError:
            return {}, f"Your {what} file {path} could not be read ({exc}); defaults are used."
        return {}, (
            f"Your {what} file could not be read ({exc}); it was kept as {kept} and defaults are "
            "used."
        )
