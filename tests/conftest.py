"""Shared fixtures: where the shared corpus lies, and a skip when it does not."""

from __future__ import annotations

from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[1]
CORPUS_DIR = (PROJECT_ROOT.parent / "shared" / "corpus").resolve()
CORPUS_MISSING = "needs ../shared/corpus beside the project (absent in a stand-alone clone)"


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The read-only corpus of real documents; tests using it skip where it is absent."""
    if not CORPUS_DIR.is_dir():
        pytest.skip(CORPUS_MISSING)
    return CORPUS_DIR
