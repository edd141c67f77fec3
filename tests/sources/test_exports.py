"""The package's public names resolve, stay sorted, and load no heavy parser on import."""

from __future__ import annotations

import subprocess
import sys

import quote_tui.sources as sources
from quote_tui._lazy import public_names


def test_all_is_sorted_and_resolves() -> None:
    assert sources.__all__ == sorted(sources.__all__) == public_names(sources._EXPORTS)
    for name in sources.__all__:
        assert getattr(sources, name) is not None
    assert "read_path" in dir(sources)


def test_unknown_name_raises() -> None:
    try:
        sources.no_such_name  # noqa: B018
    except AttributeError as exc:
        assert "no_such_name" in str(exc)
    else:
        raise AssertionError("expected AttributeError")


def test_import_is_light() -> None:
    code = (
        "import sys, quote_tui.sources as s; s.parse_ref('doi:10.1000/x');"
        "print(sorted(m for m in ('pymupdf', 'readability', 'lxml') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
