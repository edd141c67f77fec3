"""The public surface and ``__all__`` stay in step (httpx's tests/test_exported_members.py)."""

from __future__ import annotations

import quote_tui
import quote_tui.engine


def test_all_is_sorted_and_complete() -> None:
    for module in (quote_tui, quote_tui.engine):
        exported = [name for name in dir(module) if not name.startswith("_")]
        public = [
            name
            for name in exported
            if not isinstance(getattr(module, name), type(quote_tui))  # subpackages aren't API
        ]
        assert list(module.__all__) == sorted(set(module.__all__))
        assert set(public) <= set(module.__all__), set(public) - set(module.__all__)
        for name in module.__all__:
            assert hasattr(module, name), name


def test_check_text_example_from_readme() -> None:
    text = "It was the best of times, it was the worst of times."
    result = quote_tui.check_text(text, "it was the worst of times")
    assert result.status == "exact"
    match = result.matches[0]
    assert (match.start, match.end) == (26, 51)
    assert text[match.start : match.end] == "it was the worst of times"
