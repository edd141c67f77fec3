"""Names a package loads on first use, each from its own module (PEP 562), so a command pays
only for what it calls.

A lazy package keeps one list: ``_EXPORTS``, each module (absolute) with the names it gives.
``__all__``, the ``__getattr__`` hook and ``__dir__`` are all read from it. Static tools (type
checkers, editors' go-to-definition) cannot run the hook, so the package also imports the same
names under ``if TYPE_CHECKING:``; that block is written from ``_EXPORTS`` by
``type_checking_block`` (``python scripts/lazy_names.py`` rewrites it) and a test fails when the
two disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from typing import Any

__all__ = ["LAZY_PACKAGES", "lazy_names", "public_names", "type_checking_block"]

Exports = Mapping[str, Sequence[str]]
"""Each module (absolute) and the names it gives, in the order the package lists them."""

LAZY_PACKAGES = ("quote_tui.api", "quote_tui.sources", "quote_tui.engine.near")
"""Every package whose names load through this hook (the test of the blocks reads each)."""


def public_names(exports: Exports) -> list[str]:
    """The package's ``__all__``: every name of ``exports``, sorted."""
    return sorted(name for names in exports.values() for name in names)


def lazy_names(
    package: str, exports: Exports, namespace: dict[str, Any]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of a package whose names load on first use.

    Args:
        package: the package's ``__name__``, for the error message.
        exports: the package's one list: each module (absolute) and the names it gives.
        namespace: the package's ``globals()``: a name loaded once is kept there, so later
            lookups skip the hook.
    """
    where = {name: module for module, names in exports.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = namespace[name] = getattr(import_module(module), name)
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(where))

    return __getattr__, __dir__


def type_checking_block(exports: Exports, *, indent: str = "    ") -> str:
    """The ``if TYPE_CHECKING:`` imports of ``exports``, as ruff writes them: one statement a
    name, modules and names sorted. Each name is imported ``as`` itself, which tells type
    checkers (and ruff) that the package re-exports it."""
    lines = ["if TYPE_CHECKING:"]
    for module in sorted(exports):
        for name in sorted(exports[module], key=_isort_key):
            line = f"{indent}from {module} import {name} as {name}"
            if len(line) > 100:
                line = f"{indent}from {module} import (\n{indent * 2}{name} as {name},\n{indent})"
            lines.append(line)
    return "\n".join(lines) + "\n"


def _isort_key(name: str) -> tuple[int, str]:
    # isort's order (ruff's I001): CONSTANTS, then Classes, then functions
    kind = 0 if name.isupper() else 1 if name[:1].isupper() else 2
    return kind, name.lower()
