"""Reports for people, rendered from the report JSON dict (schema v1)."""

from quote_tui.reports.html import render_html
from quote_tui.reports.markdown import render_markdown

__all__ = ["render_html", "render_markdown"]
