"""A small slice of ``scripts/probe.py``: each attack once, at a small count, loopback only.

The full run (5,000 raced reads, 1,000 hog connections, an answer of 10^6 citations) is the
script's own; its figures are in docs/security.md.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_the_probe_slice_holds() -> None:
    probe = _load("probe")
    lines: list[str] = []
    # WebRTC has its own test beside the renderer's (tests/sources/test_render.py), and the
    # Retry-After attack (a 10 s idle pause, then 300 heavy requests) is the full run's only
    held = probe.run(
        races=200,
        hog=200,
        citations=500,
        cap=50,
        skip=("webrtc", "retry-after"),
        out=lines.append,
    )
    assert held, "\n".join(lines)
    assert len(lines) == 6
