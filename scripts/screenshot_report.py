"""Render the demonstration report to HTML and save a headless Chromium screenshot of it.

Usage: python scripts/screenshot_report.py [OUTPUT.png]   (default: screenshots/report-html.png)
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from quote_tui.reports import render_html
from quote_tui.reports.sample import sample_report

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "screenshots" / "report-html.png"
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        print("chromium is not installed (apt-get install -y chromium)", file=sys.stderr)
        return 1
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "report.html"
        page.write_text(render_html(sample_report()), encoding="utf-8")
        profile = Path(tmp) / "profile"
        subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                f"--user-data-dir={profile}",
                "--hide-scrollbars",
                "--window-size=1100,1900",
                f"--screenshot={out}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
