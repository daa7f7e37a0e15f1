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


class GameLog:
    """Game records appended to ``path``, opened when the first one comes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.games = 0  # whole games in the file
        self._fd: int | None = None
        self._size = 0  # bytes of whole games

    def write(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
        data = line.encode("utf-8")
        try:
            if self._fd is None:
                self._first(data)
            else:
                write_all(self._fd, data)
        except OSError as e:
            self._cut_back()
            raise OutputError(f"{why_not_written(self.path, e, replaced=False)}; the log keeps "
                              f"{self.games} whole game(s)") from None
        except BaseException:
            # A Ctrl-C or SIGTERM: the game counts if all of it reached the file.
            if self._fd is not None and os.lseek(self._fd, 0, os.SEEK_CUR) == (
                    self._size + len(data)):
                self._size += len(data)
                self.games += 1
            self._cut_back()
            raise
        self._size += len(data)
        self.games += 1

    def _first(self, data: bytes) -> None:
        """Open the log with its first game: written to a temporary file beside it and
        renamed over the previous log once whole (a device or FIFO is opened in place)."""
        target = Path(os.path.realpath(self.path))
        if target.exists() and not stat.S_ISREG(os.stat(target).st_mode):
            self._fd = os.open(target, os.O_WRONLY)
            write_all(self._fd, data)
            return
        fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                    suffix=".part")
        try:
            write_all(fd, data)
            os.chmod(name, 0o666 & ~_umask())
            os.replace(name, target)
        except BaseException:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(name)
            raise
        self._fd = fd

    def _cut_back(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):  # a device or pipe: nothing to cut
                os.ftruncate(self._fd, self._size)

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
