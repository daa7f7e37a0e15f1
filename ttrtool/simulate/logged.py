"""A report from games already played: ``ttrtool simulate MAP --from-log LOG``.

The finished games of a log (``simulate --log`` writes one, and so does ``ttrtool play``)
are tallied as a run's games are, one record at a time, and judged by the same report:
the findings, the figures, the HTML page.  No game is played, so nothing of the run
that chooses games (``--games``, ``--bots``, ``--seed``, ``--styles``, ``--baseline``)
applies; ``--players`` keeps the games of those counts.  A game still in play (the last
line of a ``play`` save) is left out and counted.  Each record is checked against the
log's schema and must be a game of MAP; a log is read line by line, so its size does not
matter.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ttrtool.model import Board
from ttrtool.simulate.replay import MalformedLog, check_record, in_play, open_log, records
from ttrtool.verdict.report import Tally


class LoggedGamesError(ValueError):
    """The log cannot be read, holds a malformed record or a game of another map, or no
    finished game of the counts asked for."""


@dataclass
class LoggedGames:
    """The tallies of a log's finished games, a player count each, and what was left out."""

    tallies: list[Tally]
    bots: list[str]  # every bot seated, in the order first seen
    in_play: int = 0  # games still in play, not counted
    other_counts: dict[int, int] = field(default_factory=dict)  # left out by --players

    def run_info(self, map_path: str, log: Path) -> dict[str, Any]:
        """The report's ``run`` section: the map, the log and its games."""
        games = sorted({t.games for t in self.tallies})
        return {
            "map_sha256": hashlib.sha256(Path(map_path).read_bytes()).hexdigest(),
            "from_log": str(log), "seed": "as logged",
            "games": games[0] if len(games) == 1 else "/".join(map(str, games)),
            "players": [t.players for t in self.tallies], "bots": self.bots,
            "seed_rule": "each game's own seed, as the log has it",
            "seating": "as the log has it",
        }


def tally_log(log: Path, board: Board, counts: Collection[int] = ()) -> LoggedGames:
    """The finished games of ``log`` on ``board``, tallied per player count (only those of
    ``counts`` when given); :class:`LoggedGamesError` for anything that is not such a log."""
    tallies: dict[int, Tally] = {}
    bots: dict[str, None] = {}
    found = LoggedGames([], [])
    try:
        with open_log(log) as f:
            for n, record in records(f):
                if in_play(record):
                    found.in_play += 1
                    continue
                check_record(record, n)
                if record["map"] != board.meta.id:
                    raise LoggedGamesError(f"{log}: line {n}: a game of map '{record['map']}', "
                                           f"not of {board.meta.id}: give the map the games "
                                           "were played on")
                players = record["players"]
                if counts and players not in counts:
                    found.other_counts[players] = found.other_counts.get(players, 0) + 1
                    continue
                tallies.setdefault(players, Tally(players)).add(record)
                bots.update(dict.fromkeys(record["bots"]))
    except MalformedLog as e:
        raise LoggedGamesError(f"{log}: {e}") from None
    except OSError as e:
        raise LoggedGamesError(f"cannot read {log}: {e.strerror or e}") from None
    if not tallies:
        left = (f" ({found.in_play} still in play)" if found.in_play else "") + (
            f" (other player counts: {sorted(found.other_counts)})" if found.other_counts
            else "")
        raise LoggedGamesError(f"{log} holds no finished game to report on{left}")
    found.tallies = [tallies[n] for n in sorted(tallies)]
    found.bots = list(bots)
    return found
