"""``python -m quote_tui.cli``: the same as ``quote-tui``."""

from quote_tui.cli import run

run()
