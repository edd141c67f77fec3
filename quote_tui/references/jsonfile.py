"""Reading a JSON file the user names (a baseline report, a review file) within a size limit,
each failure said through the caller's own refusal."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["read_json_file"]


def read_json_file(path: Path, limit: int, refused: Callable[[str], Exception]) -> Any:
    """The JSON document in ``path``, read whole up to ``limit`` bytes.

    Args:
        path: the file.
        limit: the most bytes read; a larger file is refused.
        refused: the caller's error for a reason ("cannot be read: ...", "is not JSON (...)").

    Raises:
        FileNotFoundError: the file does not exist (a caller for whom that is no error says so).
        Exception: ``refused(why)`` when it cannot be read, is larger than ``limit`` or is not
            JSON.
    """
    try:
        with path.open("rb") as stream:
            data = stream.read(limit + 1)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise refused(f"cannot be read: {exc.strerror or exc}") from exc
    if len(data) > limit:
        raise refused(f"is larger than the limit of {limit:,} bytes")
    try:
        return json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise refused(f"is not JSON ({exc})") from exc
