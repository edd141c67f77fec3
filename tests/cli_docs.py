"""Small documents the end-to-end CLI tests generate: PDFs with a text layer, and a CLI runner."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pymupdf

from quote_tui.cli import main

PROJECT_ROOT = Path(__file__).resolve().parents[1]


def pdf_bytes(pages: Sequence[str], *, title: str = "", subject: str = "") -> bytes:
    """A PDF with one text page per item of ``pages`` (wrapped in a box) and some metadata.

    Args:
        pages: the text of each page.
        title: the PDF's Title metadata.
        subject: the PDF's Subject metadata (a DOI goes here).

    Returns:
        The PDF file's bytes.
    """
    doc = pymupdf.open()
    try:
        for text in pages:
            page = doc.new_page(width=595, height=842)
            left = page.insert_textbox(pymupdf.Rect(72, 72, 523, 770), text, fontsize=11)
            if left < 0:
                raise ValueError("page text does not fit its box")
        doc.set_metadata({"title": title, "subject": subject, "author": "Test Author"})
        return doc.tobytes()
    finally:
        doc.close()


def write_pdf(path: Path, pages: Sequence[str], **meta: str) -> Path:
    """Write ``pdf_bytes(pages, **meta)`` to ``path``; returns the path."""
    path.write_bytes(pdf_bytes(pages, **meta))
    return path


@dataclass(frozen=True)
class Run:
    """What one ``quote-tui`` invocation produced."""

    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


def run_cli(argv: Sequence[str]) -> Run:
    """``quote_tui.cli.main(argv)`` in this process, with stdout and stderr captured."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:  # argparse usage errors
            code = int(exc.code or 0)
    return Run(code, out.getvalue(), err.getvalue())


def run_subprocess(argv: Sequence[str], *, cwd: Path) -> Run:
    """``python -m quote_tui argv`` in a child process (a separate run, as a user would do)."""
    proc = subprocess.run(
        [sys.executable, "-m", "quote_tui", *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr)
