"""The PDF reader stays a text reader: no layout model, no runtime that writes outside the project.

PyMuPDF 2 brings pymupdf-layout, and with it onnxruntime and numpy: about 200 MB more in the
environment, a second more to import, and a device id that onnxruntime writes under the user's
cache folder on the first PDF. The project pins PyMuPDF below 2; these tests notice if that slips.
"""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import quote_tui

DEMO_PDF = Path(quote_tui.__file__).parent / "demo" / "constitution.pdf"
HEAVY = ("onnxruntime", "numpy", "pymupdf.layout", "pymupdf4llm", "pymupdf_layout")


def test_pymupdf_is_a_release_before_2() -> None:
    major = int(metadata.version("pymupdf").split(".")[0])
    assert major < 2, "PyMuPDF 2 pulls in pymupdf-layout and onnxruntime; keep the pin"


def test_reading_a_pdf_loads_no_layout_model_and_writes_nothing_outside(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    code = (
        "import sys\nfrom pathlib import Path\n"
        "from quote_tui.sources.readers.pdf import extract_pdf\n"
        f"pdf = extract_pdf(Path({str(DEMO_PDF)!r}).read_bytes())\n"
        "assert 'Congress' in pdf.text\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    )
    env = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache")}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.strip() == "[]"
    assert list(home.rglob("*")) == []
