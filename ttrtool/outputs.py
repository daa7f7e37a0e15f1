"""The files a command writes: checked before any work, then written whole.

A command that plays thousands of games or draws a large board must not find
out at the end that ``--out`` names a folder that does not exist.  Each
command passes every output path it was given to :func:`output_problem`
first and stops with exit code 2 on the first problem.  No folder is ever
created: a mistyped path must not leave new folders behind.

Every output is then written through :func:`write_output` or
:func:`replacing`: into a temporary file in the same folder, renamed onto
the output only once it is complete.  A full disk, an error or a Ctrl-C in
the middle leaves the previous file whole, and the message says which file
and why (a full disk is named as such).
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path


def output_problem(path: Path, source: Path | None = None) -> str | None:
    """Why ``path`` cannot be written (a message for the user), or None if it can.

    ``source`` is the map being read: writing over it is refused, for nothing a
    user wrote is ever overwritten.
    """
    if source is not None and path.resolve() == source.resolve():
        return f"refusing to overwrite the map file {source}"
    if path.is_dir():
        return f"cannot write {path}: it is a folder (give a file name)"
    folder = path.parent
    if not folder.is_dir():
        if folder.exists():
            return f"cannot write {path}: {folder} is not a folder"
        return f"cannot write {path}: the folder {folder} does not exist (create it first)"
    if path.exists():
        if not os.access(path, os.W_OK):
            return f"cannot write {path}: the file is read-only"
    elif not os.access(folder, os.W_OK):
        return f"cannot write {path}: the folder {folder} is not writable"
    return None


def first_output_problem(paths: Iterable[Path | None], source: Path | None = None) -> str | None:
    """The first problem among ``paths`` (None entries are skipped), including the same
    file named twice (the second write would replace the first)."""
    seen: dict[Path, Path] = {}
    for path in paths:
        if path is None:
            continue
        problem = output_problem(path, source)
        if problem:
            return problem
        key = path.resolve()
        if key in seen:
            return f"{seen[key]} and {path} name the same file: give each output its own name"
        seen[key] = path
    return None


def not_a_regular_file(path: Path) -> str | None:
    """Why an input at ``path`` will not be read (a folder, a FIFO that would block the
    read for ever, a device), or None for a regular file or one that does not exist (the
    read itself then says so)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "it is a folder"
    if stat.S_ISFIFO(mode):
        return "it is a FIFO (a named pipe), which would block the read"
    return "it is not a regular file"


# --- Writing: every output replaces the previous file whole, or leaves it as it was -------

_FULL = (errno.ENOSPC, errno.EDQUOT)


class OutputError(Exception):
    """An output could not be written; the message names the file and why, and says
    that the previous file (if any) is untouched."""


def _disk_full(folder: Path) -> bool:
    """Is the file system holding ``folder`` out of space (for writers such as cairo that
    report a failed write without the operating system's reason)?"""
    try:
        st = os.statvfs(folder)
    except OSError:
        return False
    return st.f_bavail * st.f_frsize < 64 * 1024


def why_not_written(path: Path, error: BaseException, replaced: bool = True) -> str:
    """A message for a write of ``path`` that failed with ``error``; ``replaced``: the
    write was to replace the file whole (so a file already there is kept)."""
    if isinstance(error, OSError) and error.errno in _FULL or _disk_full(path.parent):
        reason = "the disk is full (no space left on device)"
    elif isinstance(error, OSError) and error.errno == errno.EFBIG:
        reason = "the file is too large for its file system"
    elif isinstance(error, OSError) and isinstance(error.strerror, str):
        reason = error.strerror
    else:
        reason = f"{type(error).__name__}: {error}"
    kept = " (the previous file is kept)" if replaced and path.exists() else ""
    return f"cannot write {path}: {reason}{kept}"


def write_all(fd: int, data: bytes) -> None:
    """Write every byte of ``data`` to ``fd`` (a write may take only part of it)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _regular_or_new(path: Path) -> bool:
    """Can ``path`` be replaced by renaming (a regular file, or nothing yet)?  A device
    such as /dev/null or a FIFO is written in place: renaming over it would replace it."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return True


@contextmanager
def replacing(path: Path) -> Iterator[Path]:
    """A temporary file beside ``path`` to write into; when the block ends without an
    error it takes ``path``'s place in one rename, else it is removed and ``path`` is
    left as it was.  Raises :class:`OutputError` for a failed write or rename.

    The same folder keeps the rename atomic; the new file gets the old one's
    permissions (or the usual ones for a new file), and a symbolic link is followed,
    so the file it points to is replaced, not the link."""
    target = Path(os.path.realpath(path))
    if not _regular_or_new(target):
        yield target
        return
    try:
        fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                    suffix=".part")
    except OSError as e:
        raise OutputError(why_not_written(path, e)) from None
    os.close(fd)
    temp = Path(name)
    try:
        yield temp
        with open(temp, "rb+") as f:
            os.fsync(f.fileno())
        os.chmod(temp, _mode(target))
        os.replace(temp, target)
    except BaseException as e:
        temp.unlink(missing_ok=True)
        if isinstance(e, OSError | OutputError):
            raise OutputError(str(e) if isinstance(e, OutputError)
                              else why_not_written(path, e)) from None
        raise


def _mode(target: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        return new_file_mode()


def new_file_mode() -> int:
    """The permissions ``open`` gives a new file (0o666 less the umask); temporary files
    are made private and get these before they take a file's place."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def write_output(path: Path, data: bytes | str, append: bool = False) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` atomically, or raise :class:`OutputError`.

    ``append`` adds to the end of the file (GitHub's step summary collects every
    step's text); a failed append is cut back, so the file keeps what it had."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if append:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
        except OSError as e:
            raise OutputError(why_not_written(path, e)) from None
        size = os.fstat(fd).st_size
        try:
            write_all(fd, raw)
        except OSError as e:
            os.ftruncate(fd, size)
            raise OutputError(why_not_written(path, e)) from None
        finally:
            os.close(fd)
        return
    with replacing(path) as temp:
        fd = os.open(temp, os.O_WRONLY | os.O_TRUNC | os.O_CREAT, 0o600)
        try:
            write_all(fd, raw)
        finally:
            os.close(fd)
