"""Plain-text manuscripts (the reader lives beside the Markdown one, which it shares)."""

from __future__ import annotations

from quote_tui.manuscripts.markdown import read_plaintext

__all__ = ["read_plaintext"]
