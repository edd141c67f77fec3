import sys

from quote_tui.cli import main

sys.exit(main())
