"""Test sources written into tmp_path: a paged PDF, an HTML page and a plain text."""

from __future__ import annotations

from pathlib import Path

import pymupdf

PDF_PAGES = (
    "The first page speaks of rivers and of the long road to the sea.",
    "On the second page the committee reported 42 cases in the northern district.",
    "The third page closes with a promise that nothing was left unsaid.",
)
HTML = """<!DOCTYPE html><html><head><title>Harbour notes</title></head><body><main><article>
<h1>Harbour notes</h1>
<p>The harbour master counted seventeen ships at anchor before the storm arrived.</p>
<p>By morning the quay was empty and the gulls had the whole bay to themselves.</p>
</article></main></body></html>
"""
TEXT = "A plain text source.\nIts second line holds the phrase quiet orchards in winter.\n"
PASTED = "Pasted words stand here: the lantern burned until dawn over the square."


def write_sources(folder: Path) -> dict[str, Path]:
    """Write the PDF, HTML and text sources; returns their paths by kind."""
    folder.mkdir(parents=True, exist_ok=True)
    pdf = folder / "minutes.pdf"
    doc = pymupdf.open()
    for text in PDF_PAGES:
        page = doc.new_page(width=400, height=300)
        page.insert_textbox(pymupdf.Rect(30, 30, 370, 270), text, fontsize=11)
    doc.save(pdf)
    html = folder / "harbour.html"
    html.write_text(HTML, encoding="utf-8")
    txt = folder / "orchards.txt"
    txt.write_text(TEXT, encoding="utf-8")
    return {"pdf": pdf, "html": html, "text": txt}


def keys_for(text: str) -> list[str]:
    """Pilot key names that type ``text``."""
    names = {" ": "space", "/": "slash", ".": "full_stop", "-": "minus", "_": "underscore"}
    return [names.get(ch, ch) for ch in text]
