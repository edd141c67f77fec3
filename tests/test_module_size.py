"""Small modules: no module of the package grows past 600 lines (the engine included)."""

from __future__ import annotations

from pathlib import Path

import quote_tui

LIMIT = 600


def test_no_module_is_over_the_limit() -> None:
    root = Path(quote_tui.__file__).parent
    sizes = {
        str(path.relative_to(root)): len(path.read_text(encoding="utf-8").splitlines())
        for path in root.rglob("*.py")
    }
    assert len(sizes) > 100  # the package itself was found
    too_long = {name: lines for name, lines in sizes.items() if lines > LIMIT}
    assert too_long == {}, f"split these modules: {too_long}"
