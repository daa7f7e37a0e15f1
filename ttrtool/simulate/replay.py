"""Replay a logged game: re-simulate it from its seed and check every action.

A record written with ``--log-actions`` holds the game's seed and the text of
every action.  :func:`replay` starts the same game, re-plays the logged bots
from the seed and checks that each one chooses exactly the logged action (the
determinism promise), applies it, and at the end checks the final scores
against the record.  It yields one :class:`Step` per action, with a
description in the board's own words, for ``ttrtool replay``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ttrtool.engine import actions as act
from ttrtool.model import Board


class ReplayError(ValueError):
    """The record cannot be replayed, or the replay disagrees with it."""


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
        r = board.routes[action.route]
        pay = f"{action.cards} {action.color}" if action.cards else ""
        if action.locomotives:
            pay += (" + " if pay else "") + f"{action.locomotives} locomotive(s)"
        return f"claims {r.label()} with {pay}"
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


def replay(board: Board, record: Mapping[str, Any], check_bots: bool = True) -> Iterator[Step]:
    """Re-play ``record`` action by action; raise :class:`ReplayError` on any disagreement."""
    from ttrtool.engine.game import Game
    from ttrtool.simulate.playout import make_bots

    if "actions" not in record:
        raise ReplayError("this log has no actions: simulate again with --log-actions")
    if record["map"] != board.meta.id:
        raise ReplayError(f"the game was played on map '{record['map']}', not '{board.meta.id}'")
    try:
        game = Game(board, record["players"])
    except ValueError as e:
        raise ReplayError(str(e)) from e
    state = game.new_state(record["seed"])
    bots = make_bots(game, tuple(record["bots"]), record["seed"]) if check_bots else None
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
        if bots is not None:
            chosen = bots[seat].choose(state.view(seat), legal)
            if chosen.text != text:
                raise ReplayError(f"action {i}: the log says '{text}' but {record['bots'][seat]} "
                                  f"now chooses '{chosen.text}' from seed {record['seed']}")
        if action not in legal:
            raise ReplayError(f"action {i}: '{text}' is not legal here")
        yield Step(i, state.turn, seat, record["bots"][seat], text, describe(board, action))
        state.apply(action)
    if not state.is_over:
        raise ReplayError("the log ends before the game does")
    result = state.result()
    scores = [p.score for p in result.players]
    logged = [p["score"] for p in record["results"]]
    if scores != logged:
        raise ReplayError(f"final scores {scores} differ from the logged {logged}")


# What to do about a file that is not a game log.
LOG_HINT = "give the log `ttrtool simulate MAP --log games.jsonl` writes"


def find_record(lines: Iterator[str], game: int, players: int | None = None) -> dict[str, Any]:
    """The record of game number ``game`` (and player count) in a JSONL log."""
    import json

    found: list[dict[str, Any]] = []
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            raise ReplayError(f"line {n} is not JSON ({e.msg}): {LOG_HINT}") from e
        if not isinstance(record, dict) or "game" not in record:
            raise ReplayError(f"line {n} is not a game record: {LOG_HINT}")
        if record["game"] == game and (players is None or record.get("players") == players):
            found.append(record)
    if not found:
        raise ReplayError(f"no game {game}" + (f" with {players} players" if players else "")
                          + " in the log")
    if len(found) > 1:
        counts = ", ".join(str(r.get("players")) for r in found)
        raise ReplayError(f"game {game} appears for several player counts ({counts}): "
                          "add --players")
    return found[0]
