"""Playouts at ticket keeps: does search lift four experts off the plateau line?

    .venv/bin/python -m benchmarks.keep_search [--games G] [--seed S] [--samples K]
                                               [--keeps every|deal|play] [--alone] [--fair]

A searching expert judges each way of keeping the tickets it is offered by
``samples`` playouts: the position copied with its hidden order dealt anew
(:meth:`GameState.resampled`: the card deck, the ticket deck; the same deals for
every option, so the options are compared on the same luck), the keep applied,
and the game played to its end by experts in every seat.  It keeps the option
with the best mean final score of its own.  By default it sees the other
players' hands and tickets as they are, a generous test; with ``--fair`` each
playout deals them anew from what the searcher has not seen, as a player at
the table would have to.

It is far too slow to seat (a playout is a whole game: about 80 times the
expert's time a game at 8 playouts an option).  The script asks one question:
do better ticket keeps move the 4-player figures of issue 22 off the line of
about 4.9 points a turn that every weight of the expert lies on
(``tune_goals.py --only sweep``; ``tune_expert.py --selfplay``)?

Self-play (the default): each deal is played by four experts and by four
searchers; the figures of both and the paired difference are printed.
``--alone``: one searcher among three experts, each deal with it in every seat.
``--keeps deal``: search at the first deal only; ``--keeps play``: only at tickets
drawn in play; ``every`` (the default): both.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Callable, Collection
from pathlib import Path
from typing import NamedTuple

import ttrtool
from benchmarks.tune_expert import GOAL_TURNS, PLATEAU
from benchmarks.tune_goals import mean_ci
from ttrtool.bots.expert import Expert
from ttrtool.engine.actions import KeepTickets
from ttrtool.engine.result import GameResult
from ttrtool.engine.state import GameState
from ttrtool.engine.view import PlayerView
from ttrtool.simulate.playout import Table, make_bots, uses_board_menu
from ttrtool.simulate.seating import game_seed

ROOT = Path(__file__).resolve().parent.parent

TABLE = Table(ttrtool.load_map("usa"), 4, ("expert",))
GAME = TABLE.game
EXPERTS = {"expert": Expert}


def play_out(state: GameState, seed: int) -> GameResult:
    """Play ``state`` to its end with experts in every seat."""
    bots = make_bots(GAME, ("expert",) * GAME.players, seed, EXPERTS)
    menu = [uses_board_menu(b) for b in bots]
    while not state.is_over:
        p = state.current_player
        state.apply(bots[p].choose(state.view(p), state.default_actions(menu=menu[p])))
    return state.result()


def searched_keep(state: GameState, options: list[KeepTickets], samples: int,
                  seed: int, fair: bool) -> KeepTickets:
    """The keep with the best mean own score over ``samples`` playouts, each from the
    position with its hidden order dealt anew (:meth:`GameState.resampled`; with
    ``fair``, the other players' hands and tickets too)."""
    p = state.current_player
    best, best_value = options[0], -math.inf
    for option in options:
        total = 0.0
        for k in range(samples):
            s = state.resampled(seed + 7919 * k, p if fair else None)
            s.apply(option)
            total += play_out(s, seed + 7919 * k).players[p].score
        if total / samples > best_value:
            best, best_value = option, total / samples
    return best


class Search(NamedTuple):
    """How the searchers search: playouts an option, which keeps, and whether they
    deal the other players' hands and tickets anew (``fair``) or see them."""

    samples: int
    keeps: str
    fair: bool


SEARCHED_PHASES = {"every": ("setup_tickets", "tickets"), "deal": ("setup_tickets",),
                   "play": ("tickets",)}


KeepHook = Callable[[GameState, PlayerView, list[KeepTickets], KeepTickets, Expert],
                    KeepTickets]


def expert_game(deal: int, at_keep: KeepHook) -> GameResult:
    """One game of four experts on ``deal``.  At each keep with a choice, ``at_keep``
    is given the position, the keeper's view, the options, the expert's keep and the
    keeper, and returns the keep made."""
    state = GAME.new_state(deal)
    bots = make_bots(GAME, ("expert",) * GAME.players, deal, EXPERTS)
    menu = [uses_board_menu(b) for b in bots]
    while not state.is_over:
        p = state.current_player
        legal = state.default_actions(menu=menu[p])
        view = state.view(p)
        action = bots[p].choose(view, legal)
        if isinstance(action, KeepTickets):
            options = [a for a in legal if isinstance(a, KeepTickets)]
            if len(options) > 1:
                action = at_keep(state, view, options, action, bots[p])
        state.apply(action)
    return state.result()


def play(seed: int, searchers: Collection[int], search: Search) -> GameResult:
    """One game of experts, those in ``searchers`` choosing their keeps by playouts."""
    decision = 0

    def at_keep(state: GameState, view: PlayerView, options: list[KeepTickets],
                action: KeepTickets, bot: Expert) -> KeepTickets:
        nonlocal decision
        if (state.current_player not in searchers
                or state.phase_name not in SEARCHED_PHASES[search.keeps]):
            return action
        decision += 1
        action = searched_keep(state, options, search.samples,
                               seed * 1009 + decision * 104729, search.fair)
        bot.seen.update(t for t in view.offered if t not in action.tickets)
        return action

    return expert_game(seed, at_keep)


def seen(search: Search) -> str:
    """How the searchers treat the other players' hands and tickets, for a heading."""
    return ", others' hands and tickets dealt anew" if search.fair else ", others' hands seen"


def shown(values: list[float]) -> str:
    """Mean ± the half-width of its 95% interval."""
    mean, half = mean_ci(values)
    return f"{mean:8.2f} ± {half:.2f}"


def self_play(games: int, seed: int, search: Search) -> None:
    rows: dict[str, dict[str, list[float]]] = {"experts": {}, "searchers": {}}
    for number in range(games):
        deal = game_seed(seed, 4, number)
        for name, who in (("experts", ()), ("searchers", range(4))):
            result = play(deal, who, search)
            winner = result.players[result.winners[0]]
            turns = result.turns / 4
            for key, value in (("winner's score", winner.score),
                               ("completed tickets", winner.completed_tickets),
                               ("turns per player", turns),
                               ("above the line", winner.score - PLATEAU * (turns - GOAL_TURNS))):
                rows[name].setdefault(key, []).append(float(value))
    print(f"USA, 4 players, {games} deals, seed {seed}, {search.samples} playouts an option"
          f", {search.keeps} keep searched{seen(search)}: experts, searchers, difference")
    for key, plain in rows["experts"].items():
        searched = rows["searchers"][key]
        diff = [b - a for a, b in zip(plain, searched, strict=True)]
        print(f"  {key:<18} {shown(plain)}  {shown(searched)}  {shown(diff)}")


def alone(deals: int, seed: int, search: Search) -> None:
    shares: list[float] = []
    margins: list[float] = []
    for number in range(deals):
        deal = game_seed(seed, 4, number)
        for seat in range(4):
            result = play(deal, (seat,), search)
            scores = [pr.score for pr in result.players]
            shares.append(1.0 / len(result.winners) if seat in result.winners else 0.0)
            margins.append(scores[seat] - statistics.fmean(scores[:seat] + scores[seat + 1:]))
    print(f"USA, one searcher among three experts, {deals} deals x 4 seats, seed {seed}, "
          f"{search.samples} playouts an option{seen(search)}: "
          f"share of the wins {shown(shares)} (fair 0.25), points ahead {shown(margins)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--keeps", choices=tuple(SEARCHED_PHASES), default="every")
    parser.add_argument("--alone", action="store_true")
    parser.add_argument("--fair", action="store_true",
                        help="searchers deal the other players' hands and tickets anew")
    args = parser.parse_args()
    search = Search(args.samples, args.keeps, args.fair)
    if args.alone:
        alone(args.games, args.seed, search)
    else:
        self_play(args.games, args.seed, search)
    return 0


if __name__ == "__main__":
    sys.exit(main())
