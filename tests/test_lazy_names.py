"""Each lazy package keeps one list of names (``_EXPORTS``): its ``__all__``, its hook and the
``TYPE_CHECKING`` imports static tools read all agree with it."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import quote_tui
from quote_tui._lazy import LAZY_PACKAGES, public_names, type_checking_block


def _first_block(source: str) -> ast.If:
    for node in ast.parse(source).body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            return node
    raise AssertionError("no `if TYPE_CHECKING:` block")


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_type_checking_imports_are_written_from_the_one_list(package: str) -> None:
    module = importlib.import_module(package)
    source = Path(module.__file__ or "").read_text(encoding="utf-8")
    block = _first_block(source)
    imported = {
        (node.module, alias.name)
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.asname == alias.name  # re-exported, as static tools read it
    }
    listed = {(mod, name) for mod, names in module._EXPORTS.items() for name in names}
    assert imported == listed, "run: python scripts/lazy_names.py"
    lines = source.splitlines(keepends=True)
    text = "".join(lines[block.lineno - 1 : block.end_lineno])
    assert text == type_checking_block(module._EXPORTS), "run: python scripts/lazy_names.py"


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_every_listed_name_is_public_and_resolves_to_its_module(package: str) -> None:
    module = importlib.import_module(package)
    names = public_names(module._EXPORTS)
    assert set(names) <= set(module.__all__)
    assert list(module.__all__) == sorted(module.__all__)
    for where, listed in module._EXPORTS.items():
        for name in listed:
            assert getattr(module, name) is getattr(importlib.import_module(where), name), name
            assert name in dir(module)


def test_the_package_gives_every_name_of_the_door() -> None:
    import quote_tui.api as api

    assert quote_tui.__all__ == sorted([*api.__all__, "__version__"])
    assert quote_tui.ErrorCode is api.ErrorCode


def test_an_unknown_name_says_which_package() -> None:
    import quote_tui.api as api

    with pytest.raises(AttributeError, match="quote_tui.api.*no_such_name"):
        api.no_such_name  # noqa: B018
