"""Play one seeded game with bots and turn its result into a game-log record.

The record (``schemas/game-log.schema.json``) is the one thing a game leaves
behind: the report is computed from it, ``--log`` writes it, the re-scorer
checks it.  Only the game's seed and the seat's number feed a bot's
generator, so a game is the same wherever it is played.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping
from typing import Any

from ttrtool.bots import HUMAN, canonical_name, resolve_bot
from ttrtool.engine.actions import IllegalAction, KeepTickets
from ttrtool.engine.game import Game
from ttrtool.engine.result import GameResult
from ttrtool.engine.state import GameState
from ttrtool.model import Board
from ttrtool.rules import Rules
from ttrtool.simulate.seating import game_seed, seating

LOG_FORMAT = 2  # 2: each record carries its own ``scoring`` rules


class BotError(RuntimeError):
    """A bot broke the interface: it raised, or returned an action that is not legal."""


class InvariantError(RuntimeError):
    """The engine broke one of its invariants during a game (``--check-invariants``)."""


def bot_seed(seed: int, seat: int) -> int:
    """The seed of a seat's bot generator in the game with ``seed``."""
    digest = hashlib.sha256(f"ttrtool-bot:{seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def make_bots(game: Game, names: tuple[str, ...], seed: int,
              classes: Mapping[str, Any] | None = None) -> list[Any]:
    """One bot per seat, each with its own seeded generator (``classes``: bot
    classes already resolved by name); None for a seat a person played (``human``)."""
    found = classes or {}
    return [None if canonical_name(name) == HUMAN
            else (found.get(name) or resolve_bot(name))(game, seat,
                                                        random.Random(bot_seed(seed, seat)))
            for seat, name in enumerate(names)]


def takes_default_payments(bot: object) -> bool:
    """Does this bot decide on ``GameState.default_actions`` (one claim per route and
    colour) rather than every payment?  A bot says so with a true class attribute
    ``default_payments``: it promises to choose the same on either list."""
    return bool(getattr(bot, "default_payments", False))


def uses_board_menu(bot: object) -> bool:
    """Does this default-payment bot read its claims and stations from a ``BoardMenu``
    of its own (a true class attribute ``board_menu``), so that its list need not
    hold them (``GameState.default_actions(menu=True)``)?"""
    return takes_default_payments(bot) and bool(getattr(bot, "board_menu", False))


class Table:
    """A map, a player count and the bots to seat; plays game after game.

    ``default_payments=False`` hands every bot the full list of legal actions,
    even those that would take the shorter one (a test compares the two).
    """

    def __init__(self, board: Board, players: int, bots: tuple[str, ...],
                 default_payments: bool = True) -> None:
        self.board = board
        self.game = Game(board, players)
        self.bots = bots
        self.default_payments = default_payments
        # Resolved once: fails before the first game, not in the middle.
        self.classes = {name: resolve_bot(name) for name in set(bots)}

    def play(self, run_seed: int, number: int, log_actions: bool = False,
             check_invariants: bool = False) -> dict[str, Any]:
        """Play game ``number`` of the run with ``run_seed``; return its log record."""
        seed = game_seed(run_seed, self.game.players, number)
        names = seating(self.bots, self.game.players, number)
        return self.play_seed(seed, names, number, log_actions, check_invariants)

    def play_seed(self, seed: int, names: tuple[str, ...], number: int = 0,
                  log_actions: bool = False, check_invariants: bool = False) -> dict[str, Any]:
        game = self.game
        state = game.new_state(seed)
        bots = make_bots(game, names, seed, self.classes)
        offered: list[list[int]] = [[] for _ in names]
        actions: list[list[Any]] | None = [] if log_actions else None
        check: Callable[[GameState], list[str]] | None = None
        if check_invariants:
            from ttrtool.engine.invariants import check_invariants as engine_check

            check = engine_check
        short = [self.default_payments and takes_default_payments(b) for b in bots]
        menu = [self.default_payments and uses_board_menu(b) for b in bots]
        while not state.is_over:
            p = state.current_player
            legal = (state.default_actions(menu=menu[p]) if short[p]
                     else state.legal_actions())
            if not legal:
                raise InvariantError(f"game {number} (seed {seed}): the engine offers seat {p} "
                                     "no action, but the game is not over")
            view = state.view(p)
            try:
                action = bots[p].choose(view, legal)
            except Exception as e:  # a plug-in bot's bug must name the bot
                raise BotError(f"bot {names[p]} (seat {p}) failed in game {number} "
                               f"(seed {seed}): {e!r}") from e
            if isinstance(action, KeepTickets):
                offered[p].extend(view.offered)
            try:
                state.apply(action)  # the one legality check
            except IllegalAction as e:
                text = getattr(action, "text", repr(action))
                raise BotError(f"bot {names[p]} (seat {p}) chose '{text}', which is not legal, "
                               f"in game {number} (seed {seed})") from e
            if actions is not None:
                actions.append([p, action.text])
            if check is not None:
                problems = check(state)
                if problems:
                    raise InvariantError(f"game {number} (seed {seed}) after "
                                         f"'{action.text}': " + "; ".join(problems))
        record = game_record(self.board, state.result(), names, number, seed, offered)
        if actions is not None:
            record["actions"] = actions
        return record


def _route_entry(board: Board, index: int, turn: int) -> dict[str, Any]:
    r = board.routes[index]
    entry: dict[str, Any] = {"id": r.id, "a": r.a_name, "b": r.b_name, "length": r.length,
                             "color": r.color, "kind": r.kind, "double": r.double, "turn": turn}
    if r.border_point is not None:
        entry["border_point"] = r.border_point
    if r.mountains and board.rules.mountains_allowed:  # R-VAR-10: trains discarded beyond
        entry["mountains"] = r.mountains
    return entry


def scoring_rules(rules: Rules) -> dict[str, Any]:
    """The resolved rules a game's scores follow, as logged in each record's ``scoring``.

    Everything :mod:`ttrtool.simulate.rescore` needs, so a log re-scores on
    its own, without the map or the presets of this version.
    """
    out: dict[str, Any] = {
        "route_points": {str(length): pts for length, pts in rules.route_points},  # R-SCORE-1
        "trains_per_player": rules.trains_per_player,  # R-SET-1, R-CH-1: for trains_left
        "longest_path_bonus": rules.longest_path_bonus,  # R-SCORE-3
        "stations_per_player": rules.stations_per_player,  # R-EU-1
        "station_unused_points": rules.station_unused_points,  # R-EU-5
        "countries_junction": rules.countries_junction,  # R-CH-9
        "multi_destination": rules.tickets.multi_destination,  # R-CH-3
        "tie_breakers": list(rules.tie_breakers),  # R-SCORE-4, R-EU-9
    }
    if rules.mountains_allowed:  # R-VAR-10
        out["mountain_points"] = rules.mountain_points
    if not _longest_path_only(rules):  # R-VAR-6: the bonus list, when it says more
        out["bonuses"] = [
            {"type": b.type, "name": b.name, "points": b.points, "ties": b.ties,
             **({"table": list(b.table)} if b.table else {})} for b in rules.bonuses]
    return out


def _longest_path_only(rules: Rules) -> bool:
    """Do the rules' bonuses say no more than ``longest_path_bonus`` does (the only
    bonus a format-2 log without ``bonuses`` knows)?"""
    if not rules.bonuses:
        return rules.longest_path_bonus == 0
    return len(rules.bonuses) == 1 and rules.bonuses[0].type == "longest_path" and (
        rules.bonuses[0].ties == "all")


def game_record(board: Board, result: GameResult, bots: tuple[str, ...], number: int,
                seed: int, offered: list[list[int]]) -> dict[str, Any]:
    """The log record of a finished game (``schemas/game-log.schema.json``)."""
    players = []
    for p in result.players:
        tickets = []
        for t in p.tickets:
            card = board.tickets[t.ticket]
            tickets.append({
                "id": card.id, "from": card.origin,
                "to": [{"name": d.name, "points": d.points} for d in card.destinations],
                "completed": t.completed, "scored": t.scored,
                "destination": card.destinations[t.destination].name if t.completed else None,
            })
        b = p.breakdown
        breakdown: dict[str, Any] = {"routes": b.routes, "tickets": b.tickets,
                                     "stations": b.stations, "longest": b.longest}
        if b.bonuses:  # R-VAR-6: the other bonuses, by type
            breakdown["bonuses"] = [{"type": k, "points": v} for k, v in b.bonuses]
        measures = {k.type for k in board.rules.bonuses}
        extra: dict[str, Any] = {}
        if "largest_network" in measures:
            extra["network"] = p.network
        if "multi_path_tickets" in measures:
            extra["multi_path_tickets"] = p.multi_path_tickets
        players.append({
            "seat": p.seat, "bot": bots[p.seat], "score": p.score, "trains_left": p.trains_left,
            "breakdown": breakdown, **extra,
            "longest_path": p.longest_path, "completed_tickets": p.completed_tickets,
            "claimed": [_route_entry(board, r, turn)
                        for r, turn in zip(p.claimed, p.claim_turns, strict=True)],
            "stations": [{"city": board.nodes[city].name,
                          "route": None if route is None else board.routes[route].id}
                         for city, route in p.stations],
            "tickets": tickets,
            "offered": [board.tickets[t].id for t in offered[p.seat]],
        })
    return {
        "format": LOG_FORMAT, "game": number, "map": board.meta.id,
        "map_version": board.meta.version, "scoring": scoring_rules(board.rules),
        "seed": seed, "players": len(result.players),
        "bots": list(bots), "end": result.end_reason, "turns": result.turns,
        "winners": list(result.winners),
        "counters": {"tunnels_paid": result.tunnels_paid,
                     "tunnels_withdrawn": result.tunnels_withdrawn,
                     "tunnel_extra_cards": result.extra_cards_paid,
                     "market_wipes": result.market_wipes,
                     "wipes_stopped": result.wipes_stopped,
                     "stations_built": result.stations_built},
        "results": players,
    }
