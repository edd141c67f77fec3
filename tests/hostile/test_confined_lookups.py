"""Looking at a file is confined as reading it is: the format sniff and a bibliography's
attached files go through the same folders (a symlink out of the root leads nowhere)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from quote_tui.manuscripts.attachments import attached_file
from quote_tui.manuscripts.model import BibEntry
from quote_tui.sources.readers.files import regular_file_head
from quote_tui.sources.readers.local import native

PDF_HEAD = b"%PDF-1.7\n%secret outside\n"


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    """A root holding a link to a PDF outside it, and that outside folder."""
    root = tmp_path / "root"
    outside = tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    (outside / "private.pdf").write_bytes(PDF_HEAD)
    (root / "link.pdf").symlink_to(outside / "private.pdf")
    (root / "own.pdf").write_bytes(b"%PDF-1.7\n%own\n")
    return root.resolve(), outside.resolve()


def test_the_sniff_reads_nothing_through_a_link_out_of_its_root(
    folders: tuple[Path, Path],
) -> None:
    root, _ = folders
    # unconfined, the link is followed (a path the user named may be a link)
    assert regular_file_head(root / "link.pdf") == PDF_HEAD
    assert regular_file_head(root / "link.pdf", beneath=root) is None
    assert not native(root / "link.pdf", beneath=root)
    assert native(root / "own.pdf", beneath=root)
    assert regular_file_head(root / "own.pdf", beneath=root) == b"%PDF-1.7\n%own\n"


def _looked_at(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real_stat, real_lstat = os.stat, os.lstat

    def stat(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(os.fspath(path))
        return real_stat(path, *args, **kwargs)

    def lstat(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(os.fspath(path))
        return real_lstat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    monkeypatch.setattr(os, "lstat", lstat)
    return seen


def test_an_attached_file_outside_the_folders_is_never_looked_at(
    folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, outside = folders
    secret = str(outside / "private.pdf")
    entry = BibEntry(key="k", title="T", doi="10.1234/x", files=(secret,), base_dir=str(root))
    seen = _looked_at(monkeypatch)
    # the DOI leads to the text; whether the file outside exists stays unknown
    assert attached_file(entry, (root,)) is None
    assert not [p for p in seen if p.startswith(str(outside))], seen
    # without a DOI the path is handed on unlooked-at, for the read to refuse with its hint
    bare = BibEntry(key="k", title="T", files=(secret,), base_dir=str(root))
    assert attached_file(bare, (root,)) == Path(secret)
    assert not [p for p in seen if p.startswith(str(outside))], seen
    # unconfined, the file is found as before
    assert attached_file(entry) == Path(secret)


def test_an_attached_link_out_of_the_folders_is_not_taken(folders: tuple[Path, Path]) -> None:
    root, _ = folders
    linked = BibEntry(key="k", title="T", doi="10.1/x", files=("link.pdf",), base_dir=str(root))
    assert attached_file(linked, (root,)) is None
    own = BibEntry(key="k", title="T", doi="10.1/x", files=("own.pdf",), base_dir=str(root))
    assert attached_file(own, (root,)) == root / "own.pdf"
