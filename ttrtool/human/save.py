"""The play log: ``simulate --log``'s JSONL file, which is also the save of a game in play.

Each finished game is one record of ``schemas/game-log.schema.json`` with its
actions, so ``ttrtool replay LOG --game K`` re-plays it.  A game still in play
is the file's last line: a record with the game's seed, seats and actions so
far but no result (``end`` and the scores are missing), which is all that is
needed to resume it by playing the actions again.  After every action the
whole file is written to a temporary file beside it and renamed over it, so
the file on disk is always either the old one or the new one, and the games
already in it are kept byte for byte.

A log is input a user hands over: :func:`read_play_log` refuses what is not a
regular file or is too large, and a line that is not a JSON object; nothing is
ever written over a file it could not read.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ttrtool.outputs import write_output
from ttrtool.simulate.replay import MalformedLog, check_in_play

# A game's record is a few tens of kilobytes; a log of a thousand games stays far below this.
MAX_LOG_BYTES = 64 * 1024 * 1024


class SaveError(ValueError):
    """The log cannot be read as a play log, or does not fit the game asked for."""


@dataclass(frozen=True)
class PlayLog:
    """What a play log holds: the finished games (lines kept as they are) and the game
    still in play, if its last line is one."""

    path: Path
    kept: tuple[bytes, ...]  # whole lines (newline included) of the finished games
    unfinished: dict[str, Any] | None

    @property
    def next_game(self) -> int:
        """The number of a new game: one past the games in the file."""
        return len(self.kept)

    def write(self, record: dict[str, Any]) -> PlayLog:
        """The file with ``record`` as its last game (replacing the unfinished game it held,
        if any); a record without ``end`` is a game still in play.
        :class:`~ttrtool.outputs.OutputError` when it cannot be written (the file on disk is
        then as it was)."""
        line = (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
        write_output(self.path, b"".join(self.kept) + line)
        if "end" in record:
            return PlayLog(self.path, (*self.kept, line), None)
        return PlayLog(self.path, self.kept, record)


def read_play_log(path: Path) -> PlayLog:
    """The play log at ``path`` (empty when there is no file yet); :class:`SaveError` for a
    file that is not one."""
    hint = "give another file with --log"
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return PlayLog(path, (), None)
    except OSError as e:
        raise SaveError(f"cannot read {path}: {e.strerror or e}") from None
    if not stat.S_ISREG(st.st_mode):
        raise SaveError(f"{path} is not a regular file; {hint}")
    if st.st_size > MAX_LOG_BYTES:
        raise SaveError(f"{path} is larger than {MAX_LOG_BYTES // 2**20} MB; {hint}")
    try:
        data = path.read_bytes()
    except OSError as e:
        raise SaveError(f"cannot read {path}: {e.strerror or e}") from None
    lines = data.splitlines(keepends=True)
    kept: list[bytes] = []
    unfinished: dict[str, Any] | None = None
    for n, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            record = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            raise SaveError(f"{path}:{n}: not a game log line (not UTF-8 JSON); {hint}") from None
        if not isinstance(record, dict) or not isinstance(record.get("game"), int):
            raise SaveError(f"{path}:{n}: not a game record; {hint}")
        if "end" in record:
            if unfinished is not None:
                raise SaveError(f"{path}:{n}: a finished game after an unfinished one; {hint}")
            kept.append(raw if raw.endswith(b"\n") else raw + b"\n")
        elif n == len(lines):
            unfinished = _checked_unfinished(record, path, n)
        else:
            raise SaveError(f"{path}:{n}: an unfinished game that is not the last line; {hint}")
    return PlayLog(path, tuple(kept), unfinished)


def _checked_unfinished(record: dict[str, Any], path: Path, line: int) -> dict[str, Any]:
    """The fields a game in play needs to resume, with the types it needs."""
    try:
        check_in_play(record, line)
    except MalformedLog as e:
        raise SaveError(f"{path}:{str(e).removeprefix('line ')}") from None
    return record
