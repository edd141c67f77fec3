"""``python -m quote_tui.cli``: the same as ``quote-tui``."""

import sys

from quote_tui.cli import main

sys.exit(main())
