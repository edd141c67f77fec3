"""The gate's config as a front end hands it in: a config file (or a claims file whose
``config`` applies), the names allowed on the command line and a copied-run length.

One reader for every front end, so ``--gate-config`` means the same in the CLI as anywhere else.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from quote_tui._untrusted import loads
from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.gate.prose import GateConfig

__all__ = ["gate_config", "read_gate_config"]


def _bad_config(message: str) -> BatchInputError:
    return BatchInputError(message, code=ErrorCode.BAD_OPTION, recovery=Recovery.FIX_INPUT)


def read_gate_config(path: Path) -> dict[str, Any]:
    """The config keys of a gate config file, or of a claims file's ``config`` object.

    Raises:
        BatchInputError: ``bad_option`` for a file that cannot be read, is not JSON or is not
            an object of config keys with ``allow`` a list.
    """
    try:
        raw = loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _bad_config(f"--gate-config {path} is not a readable JSON file: {exc}.") from exc
    # A whole claims file may be named: its "config" is the part that applies.
    if isinstance(raw, dict) and isinstance(raw.get("sections"), list):
        raw = raw.get("config") or {}
    if not isinstance(raw, dict) or not isinstance(raw.get("allow", []), list):
        raise _bad_config(
            f'--gate-config {path} must be an object of config keys, with "allow" a list.'
        )
    return raw


def gate_config(
    path: Path | None = None, *, allow: Sequence[str] = (), copy_run: int | None = None
) -> GateConfig:
    """The gate's config: the file's keys (if one is named), its allow list extended by
    ``allow``, and ``copy_run`` when given.

    Raises:
        BatchInputError: ``bad_option`` for an unreadable file or a value of the wrong kind.
    """
    raw: dict[str, Any] = read_gate_config(path) if path is not None else {}
    raw["allow"] = [*raw.get("allow", []), *allow]
    if copy_run is not None:
        raw["copy_run"] = copy_run
    return GateConfig.from_mapping(raw)
