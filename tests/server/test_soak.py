"""A fast slice of ``scripts/soak_server.py``: every attack, small counts, short timeouts."""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "soak_server.py"


def _load_soak():
    spec = importlib.util.spec_from_file_location("soak_server", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_quick_soak_keeps_the_server_answering() -> None:
    soak = _load_soak()
    args = soak.parse_args(
        ["--quick", "--silent", "50", "--fd-limit", "256", "--max-seconds", "60"]
    )
    started = time.monotonic()
    outcomes, log_lines = soak.soak(args)
    took = time.monotonic() - started
    failed = [o.line() for o in outcomes if not o.ok]
    assert not failed, failed
    by_name = {o.name: o for o in outcomes}
    assert by_name["silent"].closed == 50
    assert by_name["slow bodies"].closed == args.slow_bodies
    assert all(max(o.normal_latency_s) < 5 for o in outcomes)
    assert log_lines < 100
    assert took < 40
