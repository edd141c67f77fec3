"""Rewrite the ``if TYPE_CHECKING:`` imports of each lazy package from its ``_EXPORTS``.

A lazy package (``quote_tui._lazy``) keeps one list of names, ``_EXPORTS``; the imports static
tools read are written from it. Run after changing a package's ``_EXPORTS``:

    python scripts/lazy_names.py          # rewrite the blocks
    python scripts/lazy_names.py --check  # exit 1 when a block is out of date

``tests/test_lazy_names.py`` fails on the same disagreement.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import sys
from pathlib import Path

from quote_tui._lazy import LAZY_PACKAGES, type_checking_block


def block_span(source: str) -> tuple[int, int]:
    """The first and last line (1-based) of the package's first ``if TYPE_CHECKING:`` block."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            return node.lineno, node.end_lineno or node.lineno
    raise LookupError("no `if TYPE_CHECKING:` block")


def written(package: str) -> tuple[Path, str, str]:
    """The package's file, its text, and its text with the block written from ``_EXPORTS``."""
    module = importlib.import_module(package)
    path = Path(module.__file__ or "")
    source = path.read_text(encoding="utf-8")
    first, last = block_span(source)
    lines = source.splitlines(keepends=True)
    block = type_checking_block(module._EXPORTS)
    return path, source, "".join([*lines[: first - 1], block, *lines[last:]])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say which are out of date")
    args = parser.parse_args(argv)
    stale = 0
    for package in LAZY_PACKAGES:
        path, source, new = written(package)
        if new == source:
            continue
        stale += 1
        if args.check:
            print(f"{path}: the TYPE_CHECKING imports differ from _EXPORTS", file=sys.stderr)
        else:
            path.write_text(new, encoding="utf-8")
            print(f"rewrote {path}", file=sys.stderr)
    return int(args.check and stale > 0)


if __name__ == "__main__":
    raise SystemExit(main())
