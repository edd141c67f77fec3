"""Mutation check for the address guard: the security tests must fail when the guard is broken.

Copies the package and the tests to a temporary folder, disables one part of the address check at
a time, and runs the security tests against each copy (two copies at a time). It fails (exit 1)
unless the tests pass on the unmodified copy and fail on every mutant, so a test suite that cannot
catch a missing guard is caught itself.

    python scripts/mutation_check_guard.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUARD = Path("quote_tui/sources/net/guard.py")
SECURITY_TESTS = [
    "tests/sources/test_guard.py",
    "tests/test_mcp_server.py",
    # a rendered page's requests go through the same guard
    "tests/sources/test_render.py",
]

# (name, anchor text in guard.py, replacement)
MUTANTS: list[tuple[str, str, str]] = [
    (
        "every address counts as public",
        "def address_refusal(ip: IPAddress) -> str | None:\n",
        "def address_refusal(ip: IPAddress) -> str | None:\n    return None\n",
    ),
    (
        "numeric host spellings allowed",
        "    if _NUMERIC_HOST.match(early_host) and",
        "    if False and _NUMERIC_HOST.match(early_host) and",
    ),
    (
        "the transport skips the check and connects by name",
        "        address = await self.checked_address(request.url)\n",
        "        return await self._inner.handle_async_request(request)\n",
    ),
    (
        "IPv6 forms of IPv4 addresses pass",
        '    if ip.ipv4_mapped is not None:\n        return "ipv4_mapped"\n',
        "",
    ),
]


def _copy(dest: Path) -> None:
    shutil.copytree(
        ROOT / "quote_tui", dest / "quote_tui", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copytree(ROOT / "tests", dest / "tests", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "pyproject.toml", dest / "pyproject.toml")


def _run_tests(where: Path) -> int:
    env = {**os.environ, "PYTHONPATH": str(where)}
    cmd = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *SECURITY_TESTS]
    done = subprocess.run(cmd, cwd=where, env=env, capture_output=True, text=True, timeout=600)
    return done.returncode


def _prepare(where: Path, anchor: str, replacement: str) -> bool:
    """A copy with the guard mutated; False when the anchor is not found once."""
    _copy(where)
    source = (where / GUARD).read_text(encoding="utf-8")
    if source.count(anchor) != 1:
        return False
    (where / GUARD).write_text(source.replace(anchor, replacement), encoding="utf-8")
    return True


def main() -> int:
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="guard-mutants-") as tmp:
        base = Path(tmp) / "original"
        _copy(base)
        runs: dict[str, Path] = {}
        for index, (name, anchor, replacement) in enumerate(MUTANTS):
            where = Path(tmp) / f"mutant{index}"
            if _prepare(where, anchor, replacement):
                runs[name] = where
            else:
                failures.append(f"{name}: anchor not found once in guard.py (update the mutant)")
        # two runs at a time, the unmodified copy's full run beside the mutants' (each stops at
        # its first failure): every copy is its own folder and every server takes a free port
        with ThreadPoolExecutor(max_workers=2) as pool:
            original = pool.submit(_run_tests, base)
            codes = {name: pool.submit(_run_tests, where) for name, where in runs.items()}
            if original.result() != 0:
                print("FAIL: the security tests do not pass on the unmodified copy")
                pool.shutdown(cancel_futures=True)
                return 1
            print("ok: unmodified guard passes the security tests")
            for name, code in codes.items():
                if code.result() == 0:
                    failures.append(f"{name}: the security tests still pass")
                else:
                    print(f"ok: mutant caught: {name}")
    for failure in failures:
        print(f"FAIL: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
