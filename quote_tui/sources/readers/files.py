"""Reading a local file's bytes within bounds: only regular files, a size cap, a deadline.

A path in a batch or a request may name anything: a FIFO (whose ``open`` blocks until a writer
comes, which may be never), a character device (``/dev/zero`` never ends), a socket, a sparse
file of many gigabytes. So the file is ``stat``-ed first and refused unless it is a regular
file, then opened with ``O_NONBLOCK`` (a FIFO swapped in after the ``stat`` still cannot block
the ``open``) and ``fstat``-ed again, its size checked against the cap before a byte is read,
and then read in chunks, stopping at the cap and at the deadline. Nothing here waits on anything
but the disk.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from quote_tui.engine.errors import ErrorCode, Recovery, SourceError
from quote_tui.sources.readers.beneath import EscapeError, open_beneath

__all__ = [
    "DEFAULT_MAX_FILE_BYTES",
    "read_file_bytes",
    "regular_file_head",
]

DEFAULT_MAX_FILE_BYTES = 256 * 1024 * 1024
"""Largest local file read (256 MiB): a 50,000,000-character text is at most 200 MB of UTF-8,
and a PDF past this is a scanned book whose text layer is far smaller."""

_CHUNK = 1 << 20
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _check_mode(mode: int, shown: str) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise SourceError(
            f"{shown} is a folder, not a file.",
            code=ErrorCode.IS_DIRECTORY,
            recovery=Recovery.FIX_INPUT,
        )
    raise SourceError(
        f"{shown} is {_kind(mode)}, not a regular file; only regular files are read.",
        code=ErrorCode.NOT_A_FILE,
        recovery=Recovery.FIX_INPUT,
    )


def _too_large(shown: str, size: int, max_bytes: int) -> SourceError:
    return SourceError(
        f"{shown} is {size:,} bytes, over the {max_bytes:,}-byte limit for a local file "
        "(--max-file-bytes).",
        code=ErrorCode.TOO_LARGE,
        recovery=Recovery.USE_SUPPLIED_TEXT,
        details={"bytes": size, "max_bytes": max_bytes},
    )


def _past_deadline(shown: str) -> SourceError:
    return SourceError(
        f"Reading {shown} took longer than its budget (--read-timeout); the read was stopped.",
        code=ErrorCode.TIMEOUT,
        recovery=Recovery.RAISE_TIME_BUDGET,
    )


def _open_regular(path: str, shown: str, beneath: Path | None = None) -> tuple[int, os.stat_result]:
    """Open a regular file without blocking; refuse anything else before opening it.

    With ``beneath`` (a resolved folder), ``path`` is its resolved path under that folder and
    is opened relative to the folder's descriptor, no link followed (``beneath.open_beneath``).

    Raises:
        SourceError: ``is_directory`` or ``not_a_file``; ``outside_root`` when something on
            the way was swapped for a link after the caller checked it.
        OSError: the path cannot be opened (not found, permission denied, ...).
    """
    # beneath a folder the path is already resolved: a link there now was swapped in, and is
    # not followed even to look at it
    _check_mode(os.stat(path, follow_symlinks=beneath is None).st_mode, shown)
    if beneath is None:
        fd = os.open(path, _OPEN_FLAGS)
    else:
        try:
            fd = open_beneath(beneath, Path(path).relative_to(beneath), _OPEN_FLAGS)
        except (EscapeError, ValueError) as exc:
            raise SourceError(
                f"{shown} lies outside the allowed folder",
                code=ErrorCode.OUTSIDE_ROOT,
                recovery=Recovery.USE_SUPPLIED_TEXT,
            ) from exc
    try:
        info = os.fstat(fd)
        # the path may have been swapped between the stat and the open
        _check_mode(info.st_mode, shown)
        if _OPEN_FLAGS & getattr(os, "O_NONBLOCK", 0):
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd, info


def regular_file_head(
    path: str | os.PathLike[str], size: int = 4096, *, beneath: Path | None = None
) -> bytes | None:
    """The first ``size`` bytes of a regular file, or None for anything else or an error.

    Never blocks on a FIFO or a device: callers that only sniff a format use this. With
    ``beneath`` (as for ``read_file_bytes``) the file is opened beneath that folder, no link
    followed, so that the sniff cannot read what the read itself may not.
    """
    shown = os.fspath(path)
    try:
        fd, _ = _open_regular(shown, shown, beneath)
    except (OSError, SourceError):
        return None
    try:
        return os.read(fd, size)
    except OSError:
        return None
    finally:
        os.close(fd)


def read_file_bytes(
    path: str | os.PathLike[str],
    *,
    max_bytes: int = DEFAULT_MAX_FILE_BYTES,
    deadline: float | None = None,
    shown: str | None = None,
    beneath: Path | None = None,
) -> bytes:
    """Read a regular file whole, at most ``max_bytes``, stopping at ``deadline``.

    Args:
        path: the file.
        max_bytes: the size cap, checked against the file's size before reading and again
            while reading (a file may grow).
        deadline: a ``time.monotonic()`` value past which the read stops; None for none.
        shown: the path as the user wrote it, for messages.
        beneath: a resolved folder ``path`` (resolved too) lies under; the open then follows no
            link, so nothing swapped in after the caller's check can lead out of it.

    Returns:
        The file's bytes.

    Raises:
        SourceError: ``is_directory``, ``not_a_file``, ``too_large``, ``timeout``,
            ``outside_root``.
        OSError: the path cannot be opened or read.
    """
    target = os.fspath(path)
    shown = shown or target
    fd, info = _open_regular(target, shown, beneath)
    try:
        if info.st_size > max_bytes:
            raise _too_large(shown, info.st_size, max_bytes)
        # one buffer of the stated size (plus a byte to notice growth), filled in chunks
        buffer = bytearray(info.st_size + 1)
        filled = 0
        with open(fd, "rb", buffering=0, closefd=False) as raw:
            while True:
                if filled == len(buffer):
                    if len(buffer) > max_bytes:
                        raise _too_large(shown, len(buffer), max_bytes)
                    buffer.extend(bytes(min(_CHUNK, max_bytes + 1 - len(buffer))))
                with memoryview(buffer) as view, view[filled : filled + _CHUNK] as part:
                    got = raw.readinto(part)
                if not got:
                    break
                filled += got
                # checked only between full chunks: a small file is always read whole
                if got == _CHUNK and deadline is not None and time.monotonic() > deadline:
                    raise _past_deadline(shown)
        del buffer[filled:]
        return bytes(buffer)
    finally:
        os.close(fd)
