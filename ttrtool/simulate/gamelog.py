"""The ``--log`` file: one JSON line per game, whole games only.

The log is written as the games finish, so a long run can be followed and an
interrupted one keeps what it played.  Three promises:

* the previous log stays as it was until this run has a game to write (a run
  that fails or is stopped before its first game loses nothing);
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
from pathlib import Path
from typing import Any

from ttrtool.outputs import OutputError, why_not_written, write_all


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
                self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
            write_all(self._fd, data)
        except OSError as e:
            self._cut_back()
            raise OutputError(f"{why_not_written(self.path, e, replaced=False)}; the log keeps "
                              f"{self.games} whole game(s)") from None
        except BaseException:
            self._cut_back()  # a Ctrl-C in the middle of a line
            raise
        self._size += len(data)
        self.games += 1

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
