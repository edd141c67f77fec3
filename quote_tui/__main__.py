from quote_tui.cli import run

run()
