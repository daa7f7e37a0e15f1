"""Replay a logged game: re-simulate it from its seed and check every action.

A record written with ``--log-actions`` holds the game's seed and the text of
every action.  :func:`replay` starts the same game, re-plays the logged bots
from the seed and checks that each one chooses exactly the logged action (the
determinism promise), applies it, and at the end recomputes the whole record
(winners, end reason, turns, every player's score, breakdown, routes, tickets
and stations) and names every field that differs from the log.  It yields one
:class:`Step` per action, with a description in the board's own words, for
``ttrtool replay``.

A log is input a user hands over, so nothing in it is trusted: :func:`read_log`
refuses what is not a regular file (a FIFO would block for ever), reads it as
UTF-8 line by line, parses each line (deep nesting included) and checks the
record against ``schemas/game-log.schema.json`` and the seat ranges, and
every problem is a :class:`MalformedLog` naming the line and the field.  Nor
does a log choose what code runs: :func:`replay` seats only registered bots, and a
plug-in bot only when the caller names its module (``--bot-module``), checked by
:func:`refuse_untrusted_bots` before anything is imported.
"""

from __future__ import annotations

import functools
import json
import os
import stat
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from ttrtool.bots import BOTS, HUMAN, canonical_name
from ttrtool.engine import actions as act
from ttrtool.model import Board


class ReplayError(ValueError):
    """The record cannot be replayed, or the replay disagrees with it."""


class MalformedLog(ReplayError):
    """The file is no game log this version can read: not a regular file, not UTF-8,
    not JSON, or a record that breaks the log's schema (exit 2, not 1)."""


class UntrustedBot(ReplayError):
    """The log seats a bot that is not registered and whose module the user did not
    name: replaying it would run code the log chose (exit 2)."""


def untrusted_bots(names: Iterable[str], modules: Collection[str] = ()) -> list[str]:
    """The bot names of a log that may not be seated: neither a registry name nor a
    plug-in ``module:Class`` whose module is one of ``modules``.  Imports nothing."""
    out = []
    for name in names:
        key = canonical_name(name)
        if key in BOTS or key == HUMAN:  # a person's seat runs no code (ttrtool play)
            continue
        module, colon, _ = key.partition(":")
        if not (colon and module.strip() in modules):
            out.append(name)
    return out


def refuse_untrusted_bots(names: Iterable[str], modules: Collection[str] = ()) -> None:
    """Raise :class:`UntrustedBot` unless every bot a log seats may be imported."""
    bad = untrusted_bots(names, modules)
    if bad:
        shown = ", ".join(f"'{b}'" for b in dict.fromkeys(bad))
        plugins = sorted({b.partition(":")[0].strip() for b in bad if ":" in b})
        hint = ("; if it is your own bot, name its module (installed or on PYTHONPATH): "
                + " ".join(f"--bot-module {m}" for m in plugins) if plugins else "")
        raise UntrustedBot(f"the log seats {shown}, not a registered bot "
                           f"({', '.join(BOTS)}): nothing was run, a log never chooses the "
                           f"code a replay runs{hint}")


@dataclass(frozen=True)
class Step:
    index: int  # action number, 0-based
    turn: int  # the game's turn counter before the action
    seat: int
    bot: str
    text: str  # the action's stable text form
    description: str  # the same in the board's words


def describe(board: Board, action: act.Action) -> str:
    """An action in words: route and city names instead of indices."""
    if isinstance(action, act.ClaimRoute):
        return f"claims {board.routes[action.route].label()} with {paid(board, action)}"
    if isinstance(action, act.BuildStation):
        return f"builds a station in {board.nodes[action.city].name}"
    if isinstance(action, act.KeepTickets):
        kept = "; ".join(board.tickets[t].label() for t in action.tickets)
        return f"keeps {kept}" if kept else "keeps no ticket"
    if isinstance(action, act.DrawFaceUp):
        return f"takes a face-up {action.color}"
    if isinstance(action, act.DrawBlind):
        return "draws from the deck"
    if isinstance(action, act.DrawTickets):
        return "draws destination tickets"
    if isinstance(action, act.TunnelPay):
        extra = action.cards + action.locomotives
        return f"pays {extra} extra card(s) for the tunnel" if extra else "pays nothing extra"
    if isinstance(action, act.TunnelWithdraw):
        return "withdraws from the tunnel"
    return "passes"


def paid(board: Board, claim: act.ClaimRoute) -> str:
    """Every card a claim pays, and the trains a mountain route discards: the coloured
    cards, the locomotives, the sets of substitute cards (R-VAR-3: each set of "any N"
    cards stands for one card) and the mountain trains (R-VAR-10)."""
    parts = []
    if claim.cards:
        parts.append(f"{claim.cards} {claim.color}")
    if claim.locomotives:
        parts.append(f"{claim.locomotives} locomotive(s)")
    if claim.substitutes:
        given = ", ".join(f"{n} {name}" for name, n in claim.substitutes)
        parts.append(f"substitute cards {given}")
    route = board.routes[claim.route]
    if route.mountains and board.rules.mountains_allowed:
        parts.append(f"{route.mountains} mountain train(s) discarded")
    return " + ".join(parts) if parts else "no card"


def replay(board: Board, record: Mapping[str, Any], check_bots: bool = True,
           bot_modules: Collection[str] = ()) -> Iterator[Step]:
    """Re-play ``record`` action by action; raise :class:`ReplayError` on any disagreement.

    The log's bots are registry names, or plug-ins from one of ``bot_modules`` (the
    modules the user named); any other name is :class:`UntrustedBot`, before any import.
    """
    from ttrtool.engine.game import Game
    from ttrtool.simulate.playout import BotError, game_record, make_bots

    if "actions" not in record:
        raise ReplayError("this log has no actions: simulate again with --log-actions")
    if record["map"] != board.meta.id:
        raise ReplayError(f"the game was played on map '{record['map']}', not '{board.meta.id}'")
    try:
        game = Game(board, record["players"])
    except ValueError as e:
        raise ReplayError(str(e)) from e
    state = game.new_state(record["seed"])
    names = tuple(record["bots"])
    if check_bots:
        refuse_untrusted_bots(names, bot_modules)
    try:
        bots = make_bots(game, names, record["seed"]) if check_bots else None
    except (ValueError, TypeError) as e:  # a bot name no import can follow (":x", "..a:b")
        raise MalformedLog(f"bots: cannot seat {list(names)}: {e}") from None
    offered: list[list[int]] = [[] for _ in names]
    for i, (seat, text) in enumerate(record["actions"]):
        if state.is_over:
            raise ReplayError(f"action {i}: the game is already over, but the log goes on")
        if state.current_player != seat:
            raise ReplayError(f"action {i}: the log has seat {seat} to move, the game seat "
                              f"{state.current_player}")
        try:
            action = act.parse_action(text)
        except ValueError as e:
            raise ReplayError(f"action {i}: {e}") from e
        legal = state.legal_actions()
        if bots is not None and bots[seat] is not None:  # a human seat: legality only
            try:
                chosen = bots[seat].choose(state.view(seat), legal)
            except Exception as e:  # a plug-in bot's bug must name the bot
                raise BotError(f"bot {names[seat]} (seat {seat}) failed at action {i}: "
                               f"{e!r}") from e
            if chosen.text != text:
                raise ReplayError(f"action {i}: the log says '{text}' but {record['bots'][seat]} "
                                  f"now chooses '{chosen.text}' from seed {record['seed']}")
        if action not in legal:
            raise ReplayError(f"action {i}: '{text}' is not legal here")
        if isinstance(action, act.KeepTickets):
            offered[seat].extend(state.view(seat).offered)
        yield Step(i, state.turn, seat, record["bots"][seat], text, describe(board, action))
        state.apply(action)
    if not state.is_over:
        if in_play(record):
            return  # a game in play (a ``play`` save): its moves so far check out
        raise ReplayError("the log ends before the game does")
    replayed = game_record(board, state.result(), names, record.get("game", 0),
                           record["seed"], offered)
    differ = differences(record, replayed)
    if differ:
        shown = "; ".join(differ[:8]) + (f"; and {len(differ) - 8} more" if len(differ) > 8
                                         else "")
        raise ReplayError(f"the replay differs from the log in {len(differ)} field(s): {shown}")


# Fields of a record that the replay cannot recompute: how the run was described.
NOT_REPLAYED = frozenset({"actions", "map_version", "format"})


def differences(logged: Mapping[str, Any], replayed: Mapping[str, Any],
                where: str = "") -> list[str]:
    """Every field of ``replayed`` whose value in ``logged`` is not the same, as
    ``path: logged X, replayed Y`` (``results[1].breakdown.tickets: ...``)."""
    out: list[str] = []
    for key, value in replayed.items():
        if not where and key in NOT_REPLAYED:
            continue
        path = f"{where}.{key}" if where else key
        if key not in logged:
            out.append(f"{path}: missing from the log, replayed {_short(value)}")
        else:
            out += _compare(logged[key], value, path)
    return out


def _compare(logged: Any, replayed: Any, path: str) -> list[str]:
    if isinstance(replayed, Mapping) and isinstance(logged, Mapping):
        return differences(logged, replayed, path)
    if (isinstance(replayed, list) and isinstance(logged, list)
            and len(replayed) == len(logged) and any(isinstance(v, dict) for v in replayed)):
        return [d for n, (a, b) in enumerate(zip(logged, replayed, strict=True))
                for d in _compare(a, b, f"{path}[{n}]")]
    if logged != replayed or type(logged) is not type(replayed):
        return [f"{path}: logged {_short(logged)}, replayed {_short(replayed)}"]
    return []


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


# What to do about a file that is not a game log.
LOG_HINT = "give the log `ttrtool simulate MAP --log games.jsonl` writes"


def read_log(path: Path, game: int, players: int | None = None) -> dict[str, Any]:
    """The record of game ``game`` (and player count) in the log at ``path``, checked
    against the log's schema; :class:`MalformedLog` for anything else."""
    with open_log(path) as f:
        try:
            return find_record(f, game, players)
        except OSError as e:
            raise MalformedLog(f"cannot read {path}: {e.strerror}") from None


def open_log(path: Path) -> BinaryIO:
    """The log at ``path`` opened for reading; :class:`MalformedLog` for what is no regular
    file (a FIFO would block for ever) or cannot be opened."""
    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        raise MalformedLog(f"cannot read {path}: {e.strerror}") from None
    if not stat.S_ISREG(mode):
        kind = ("a folder" if stat.S_ISDIR(mode) else
                "a FIFO (a named pipe)" if stat.S_ISFIFO(mode) else "not a regular file")
        raise MalformedLog(f"cannot read {path}: it is {kind}; {LOG_HINT}")
    try:
        return open(path, "rb")
    except OSError as e:
        raise MalformedLog(f"cannot read {path}: {e.strerror}") from None


def records(lines: Iterable[bytes | str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, record) for each game record of a JSONL log, not yet checked against
    the schema; :class:`MalformedLog` for a line that is no game record."""
    for n, raw in enumerate(lines, start=1):
        if isinstance(raw, bytes):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise MalformedLog(f"line {n} is not UTF-8 text (byte {e.start + 1}): "
                                   f"{LOG_HINT}") from None
        else:
            line = raw
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            raise MalformedLog(f"line {n} is not JSON ({e.msg}, column {e.colno}): "
                               f"{LOG_HINT}") from None
        except RecursionError:
            raise MalformedLog(f"line {n} nests its JSON too deeply to be a game record: "
                               f"{LOG_HINT}") from None
        if not isinstance(record, dict) or "game" not in record:
            raise MalformedLog(f"line {n} is not a game record: {LOG_HINT}")
        yield n, record


def find_record(lines: Iterable[bytes | str], game: int,
                players: int | None = None) -> dict[str, Any]:
    """The record of game number ``game`` (and player count) in a JSONL log, checked."""
    found = [(n, record) for n, record in records(lines)
             if record["game"] == game and (players is None or record.get("players") == players)]
    if not found:
        raise ReplayError(f"no game {game}" + (f" with {players} players" if players else "")
                          + " in the log")
    if len(found) > 1:
        counts = ", ".join(str(r.get("players")) for _, r in found)
        raise ReplayError(f"game {game} appears for several player counts ({counts}): "
                          "add --players")
    n, record = found[0]
    if in_play(record):
        check_in_play(record, n)
    else:
        check_record(record, n)
    return record


def in_play(record: Mapping[str, Any]) -> bool:
    """Whether ``record`` is a game still in play: ``ttrtool play`` saves one as the log's
    last line, with its moves and no result."""
    return "end" not in record and "results" not in record and "actions" in record


def check_in_play(record: Mapping[str, Any], line: int = 0) -> None:
    """Raise :class:`MalformedLog` unless ``record`` holds what a game in play needs to be
    replayed or resumed: its map, seed, seats and moves, with the types they need."""
    where = f"line {line}" if line else "the game in play"
    for key, kind in (("map", str), ("seed", int), ("players", int), ("bots", list),
                      ("actions", list)):
        value = record.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise MalformedLog(f"{where}: the unfinished game has no valid {key!r}")
    seats = record["players"]
    if not all(isinstance(b, str) for b in record["bots"]):
        raise MalformedLog(f"{where}: 'bots' must be a list of names")
    if len(record["bots"]) != seats:
        raise MalformedLog(f"{where}: bots has {len(record['bots'])} entries for {seats} players")
    for i, entry in enumerate(record["actions"]):
        if not (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int
                and 0 <= entry[0] < seats and isinstance(entry[1], str)):
            raise MalformedLog(f"{where}: actions[{i}] is not [seat, action text] with a seat "
                               f"from 0 to {seats - 1}")


def check_record(record: Mapping[str, Any], line: int = 0) -> None:
    """Raise :class:`MalformedLog` unless ``record`` keeps the log's schema and its seats
    (bots, results, winners, actions) are within its player count."""
    where = f"line {line}" if line else "the record"
    try:
        error = next(iter(_validator().iter_errors(record)), None)
    except RecursionError:
        raise MalformedLog(f"{where} nests its JSON too deeply to be a game record") from None
    if error is not None:
        field = "".join(f"[{p}]" if isinstance(p, int) else f".{p}"
                        for p in error.absolute_path).lstrip(".") or "the record"
        message = error.message if len(error.message) <= 120 else error.message[:117] + "..."
        raise MalformedLog(f"{where}: {field}: {message} (schemas/game-log.schema.json; "
                           f"{LOG_HINT})")
    seats = record["players"]
    for field, count in (("bots", len(record["bots"])), ("results", len(record["results"]))):
        if count != seats:
            raise MalformedLog(f"{where}: {field} has {count} entries for {seats} players")
    for n, player in enumerate(record["results"]):
        if player["seat"] != n:
            raise MalformedLog(f"{where}: results[{n}].seat is {player['seat']}, not {n}")
    for field, values in (("winners", record["winners"]),
                          ("actions", [a[0] for a in record.get("actions", ())])):
        for n, seat in enumerate(values):
            if seat >= seats:
                raise MalformedLog(f"{where}: {field}[{n}] names seat {seat}, but the game "
                                   f"has seats 0 to {seats - 1}")


@functools.cache
def _validator() -> Any:
    import jsonschema

    from ttrtool.resources import load_schema

    return jsonschema.Draft7Validator(load_schema("game-log"))
