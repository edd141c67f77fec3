"""A small slice of ``scripts/soak.py``: every attack once, few connections, short timeouts,
loopback only."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "soak.py"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and Unix sockets")
def test_the_soak_slice_holds() -> None:
    spec = importlib.util.spec_from_file_location("soak", SCRIPT)
    assert spec is not None and spec.loader is not None
    soak = importlib.util.module_from_spec(spec)
    sys.modules["soak"] = soak
    spec.loader.exec_module(soak)
    lines: list[str] = []
    held = soak.run(
        silent_count=20, slow_count=5, header_timeout=1.0, body_timeout=2.0, out=lines.append
    )
    assert held, "\n".join(lines)
    assert len(lines) == 6
