"""The ``--log`` file: one JSON line per game, whole games only.

The log is written as the games finish, so a long run can be followed and an
interrupted one keeps what it played.  Three promises:

* the previous log stays as it was until this run has a whole game written (the
  first game goes to a temporary file renamed over the log, so a run that fails
  or is stopped before loses nothing);
* every line in the file is a whole game: a record goes out in one piece, and
  a write that fails half-way (a full disk) or is interrupted is cut back to
  the last whole game;
* a failed write is an :class:`~ttrtool.outputs.OutputError` naming the file,
  the reason (a full disk as such) and how many games the log keeps.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from ttrtool.outputs import OutputError, why_not_written, write_all


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _offset(fd: int) -> int | None:
    """Where the next write to ``fd`` goes; None on a pipe or device, which cannot tell."""
    try:
        return os.lseek(fd, 0, os.SEEK_CUR)
    except OSError:
        return None


def _same_file(fd: int, path: Path) -> bool:
    """Is ``path`` the file open as ``fd`` (has the rename been made)?"""
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except OSError:
        return False


class GameLog:
    """Game records appended to ``path``, opened when the first one comes.

    A Ctrl-C or SIGTERM raises wherever the main thread is, so what the file
    holds is kept in one attribute, ``_whole`` (bytes and games), changed by one
    assignment once a game is in the file: no signal can leave the bytes
    counted and the game not, or the other way round."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._whole = (0, 0)  # bytes and games, of whole games in the file
        self._fd: int | None = None

    @property
    def games(self) -> int:
        """Whole games in the file."""
        return self._whole[1]

    def write(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
        data = line.encode("utf-8")
        size, games = before = self._whole
        try:
            if self._fd is None:
                self._first(data)
            else:
                write_all(self._fd, data)
            self._whole = (size + len(data), games + 1)
        except OSError as e:
            self._cut_back()
            raise OutputError(f"{why_not_written(self.path, e, replaced=False)}; the log keeps "
                              f"{self.games} whole game(s)") from None
        except BaseException:
            # A Ctrl-C or SIGTERM: the game counts if all of it reached the file.
            if self._whole == before and self._fd is not None and _offset(
                    self._fd) == size + len(data):
                self._whole = (size + len(data), games + 1)
            self._cut_back()
            raise

    def _first(self, data: bytes) -> None:
        """Open the log with its first game: written to a temporary file beside it and
        renamed over the previous log once whole (a device or FIFO is opened in place).
        Interrupted, the temporary file is removed unless the rename was made: then it is
        the log, and :meth:`write` counts the game if it is whole."""
        target = Path(os.path.realpath(self.path))
        if target.exists() and not stat.S_ISREG(os.stat(target).st_mode):
            self._fd = os.open(target, os.O_WRONLY)
            write_all(self._fd, data)
            return
        fd, name = -1, ""
        try:
            fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                        suffix=".part")
            self._fd = fd
            write_all(fd, data)
            os.chmod(name, 0o666 & ~_umask())
            os.replace(name, target)
        except BaseException:
            if fd >= 0 and not _same_file(fd, target):
                self._fd = None
                os.close(fd)
                with contextlib.suppress(OSError):
                    os.unlink(name)
            raise

    def _cut_back(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):  # a device or pipe: nothing to cut
                os.ftruncate(self._fd, self._whole[0])

    def close(self) -> None:
        """Close the file (once, however often this is called)."""
        if self._fd is not None:
            self._cut_back()
            os.close(self._fd)
            self._fd = None

    @property
    def started(self) -> bool:
        """Has this run written to the file (else the previous log is untouched)?"""
        return self.games > 0
