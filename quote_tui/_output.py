"""The one writer of every output: reports, scans, exports, the workspace and every ``-o``.

What stands at the output path decides how it is written:

- nothing, or a regular file: a temporary file in the same folder, flushed, then renamed over the
  path, so a reader sees the old file or the new one, never half of one. A replaced file keeps
  its mode and, where the process may set it, its owner.
- a symlink: written through. Its final target is replaced the same way and the link is kept,
  since the user pointed the link somewhere on purpose (a dotfiles folder, a synced report).
- a device, a FIFO or a socket: written in place, never replaced. ``-o /dev/null``,
  ``-o /dev/stdout`` and a named pipe work; run as root, a rename would have turned ``/dev/null``
  into a regular file for every other process on the machine.

A folder at the path is refused with :class:`OutputError`, before anything is written.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import threading
from pathlib import Path

__all__ = ["OutputError", "atomic_write"]

_TEMP_SUFFIX = ".tmp"


class OutputError(OSError):
    """An output path that cannot be written as asked (a folder, a loop of links).

    An ``OSError`` so callers that already report a failed write report this one the same way;
    ``code`` and ``recovery`` are the report's words for it.
    """

    code = "bad_output"
    recovery = "fix_input"


def atomic_write(path: str | Path, data: str | bytes) -> Path:
    """Write ``data`` to ``path``: atomically for a regular file, in place for a special one.

    Args:
        path: the output; a symlink is followed to its final target, which is what is written.
        data: text (written as UTF-8) or bytes.

    Returns:
        ``path`` as given (the link, when it was one).

    Raises:
        OutputError: the path names a folder, or links that never end.
        OSError: the write itself failed; an existing regular file is left as it was.
    """
    given = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        info: os.stat_result | None = given.stat()  # through every link, as open() would go
    except FileNotFoundError:
        info = None  # nothing there, or a dangling link whose target open() would create
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OutputError(f"{given} is a loop of symbolic links; name a file to write") from exc
        raise
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise OutputError(f"{given} is a folder; name a file to write")
    if info is not None and not stat.S_ISREG(info.st_mode):
        # opened through the link as given: /dev/stdout's target is a "magic" link (pipe:[N])
        # that only the kernel can follow
        _write_in_place(given, payload)
        return given
    target = Path(os.path.realpath(given)) if given.is_symlink() else given
    _replace(target, payload, info)
    return given


def _write_in_place(target: Path, payload: bytes) -> None:
    """A device, FIFO or socket: opened for writing as it is, never truncated or replaced."""
    # no O_TRUNC: a character device ignores it, a FIFO has nothing to truncate, and neither
    # may become a regular file; O_NOCTTY keeps a terminal device from becoming ours
    fd = os.open(target, os.O_WRONLY | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
    try:
        view = memoryview(payload)
        while view:
            written = os.write(fd, view)
            view = view[written:]
    finally:
        os.close(fd)


def _replace(target: Path, payload: bytes, info: os.stat_result | None) -> None:
    """A temporary file beside ``target``, flushed, then renamed over it."""
    folder = target.parent if str(target.parent) else Path(".")
    prefix = f".{target.name}.{os.getpid()}."
    import tempfile  # only an output written to a file needs it

    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=_TEMP_SUFFIX, dir=folder)
    try:
        # mkstemp makes the file 0600: a new file gets the mode a plain open would give it, and
        # a replaced one keeps its own mode and owner
        os.fchmod(fd, stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask())
        if info is not None and hasattr(os, "fchown"):
            # only root may give a file away; without it the mode still holds
            with contextlib.suppress(PermissionError):
                os.fchown(fd, info.st_uid, info.st_gid)
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_folder(folder)
    _remove_dead_writers_temps(folder, target.name)


def _umask() -> int:
    """The process's umask, read without changing it where the system says it."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    with _UMASK_LOCK:  # elsewhere, set and restore it at once
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


_UMASK_LOCK = threading.Lock()


def _fsync_folder(folder: Path) -> None:
    if os.name != "posix":
        return  # folders cannot be opened for fsync on Windows; NTFS journals renames itself
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems (network mounts) refuse fsync on a folder; the rename stands
    finally:
        os.close(fd)


def _remove_dead_writers_temps(folder: Path, name: str) -> None:
    """Delete ``.NAME.PID.*.tmp`` files whose writer process no longer exists.

    A writer killed between creating its temporary file and the rename leaves it behind; it is
    never read, but without this sweep such files would pile up beside an autosaved workspace.
    A temporary file of a live writer (another process saving the same path) is left alone.
    """
    if os.name != "posix":
        return  # os.kill(pid, 0) is not a liveness probe on Windows
    prefix = f".{name}."
    try:
        candidates = [p for p in folder.iterdir() if p.name.startswith(prefix)]
    except OSError:
        return
    for leftover in candidates:
        pid, _, rest = leftover.name[len(prefix) :].partition(".")
        if not pid.isdigit() or not rest.endswith(_TEMP_SUFFIX) or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            leftover.unlink(missing_ok=True)
        except OSError:
            pass  # the process exists under another user: it may still be writing
