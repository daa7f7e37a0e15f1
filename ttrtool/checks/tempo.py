"""Check TTR124: how long a game lasts, estimated from the trains and the route spaces.

A player's game is their claims plus the turns spent drawing the cards those claims need.
With ``T`` trains, ``left`` of them still in hand when the game ends (about one a player, so
the last round comes after a claim rather than on the dot), the trains used are
``U = min(T - left, FILL * usable spaces / players)`` (a crowded board runs out of routes
first), and

    turns a player ~ U / Lw + PER_CARD * max(0, U - HAND)

where ``Lw`` is the routes' length weighted by length (the length of the route a train space
chosen at random belongs to: the players take the long routes first, so this is the claim
they make on average) and ``HAND`` the four cards dealt at the start.  ``PER_CARD`` (turns
drawing cards, tickets and the odd wasted draw per train beyond the opening hand) is fitted
to the five official boards played by the default bot table, 100 games a player count
(``ttrtool simulate maps/X.yaml -p 2,3,4 --games 100 --seed 1``): within 5 % of usa, europe
and india, 10-13 % under nordiccountries and switzerland, whose tunnels, ferries and five-ticket
deal add turns it does not see (benchmarks/tempo.md has the figures).

``simulate`` measures the real figure (TTR610); this is the static warning a designer gets
from ``validate`` before any game is played, and :mod:`ttrtool.drafting` sets a draft's
trains with the same estimate.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ttrtool.checks.registry import CheckContext, Problem, check, rules_path
from ttrtool.checks.supply import usable_spaces
from ttrtool.codes import GAME_LENGTH_VS_TRAINS
from ttrtool.diagnostics import Severity
from ttrtool.model import Board

# Turns a player on the official boards with the default bot table (about the range TTR610
# judges played games by: ttrtool/verdict/official_tempo.json, 35.5-43.4 by player count).
OFFICIAL_TURNS = (36.0, 41.0)
TARGET_TURNS = 38.0  # what a draft's trains aim at: the official range's middle
FAR = 0.25  # an estimate this share outside the official range is far off (as TTR610's)
PER_CARD = 0.68  # turns a player per train used beyond the opening hand, besides the claims
HAND = 4  # the cards dealt at the start (R-SET-3)
FILL = 0.85  # of a player's share of the spaces, what they fill before the routes run out
# A map of fewer routes is a sketch or a test, not a whole game (the official boards have 80 to
# 110): its length is not judged.
MIN_ROUTES = 20


@dataclass(frozen=True)
class TempoEstimate:
    """How long a game at ``players`` players is estimated to last, and from what."""

    players: int
    trains: int  # a player's trains (rules.trains_per_player)
    spaces: int  # the usable train spaces at this player count
    weighted_length: float  # Lw: the routes' mean length, weighted by length
    median_length: float
    trains_used: float
    turns: float  # a player's turns

    @property
    def far_off(self) -> str | None:
        """'short' or 'long' when the estimate is :data:`FAR` outside the official range."""
        low, high = OFFICIAL_TURNS
        if self.turns < low * (1 - FAR):
            return "short"
        if self.turns > high * (1 + FAR):
            return "long"
        return None


def weighted_length(lengths: Sequence[int]) -> float:
    """Sum of squared lengths over their sum: the length of the route a random space is on."""
    total = sum(lengths)
    return sum(x * x for x in lengths) / total if total else 0.0


def turns_a_player(trains: float, players: int, spaces: float, lw: float) -> tuple[float, float]:
    """(turns a player, trains used) for ``trains`` each, ``spaces`` usable train spaces and
    routes of weighted length ``lw`` (see the module docstring)."""
    if lw <= 0 or players <= 0:
        return 0.0, 0.0
    used = max(0.0, min(trains - players, FILL * spaces / players))
    return used / lw + PER_CARD * max(0.0, used - HAND), used


def trains_for(turns: float, players: int, lw: float) -> int:
    """The trains a player needs for games of about ``turns`` turns a player (the estimate
    solved for the trains, spaces not binding)."""
    used = (turns + PER_CARD * HAND) / (1 / lw + PER_CARD)
    return round(used + players)


def estimate(board: Board, players: int) -> TempoEstimate:
    lengths = [r.length for r in board.routes if r.length > 0]
    spaces = usable_spaces(board, players)
    lw = weighted_length(lengths)
    trains = board.rules.trains_per_player
    turns, used = turns_a_player(trains, players, spaces, lw)
    median = float(statistics.median(lengths)) if lengths else 0.0
    return TempoEstimate(players, trains, spaces, lw, median, used, turns)


@check(GAME_LENGTH_VS_TRAINS, Severity.WARNING,
       "The trains and the route spaces make a game far shorter or longer than the official "
       "boards' 36-41 turns a player.", whole_board=True)
def game_length_vs_trains(ctx: CheckContext) -> Iterator[Problem]:
    """A player's turns, estimated from ``rules.trains_per_player``, the usable train spaces
    and the routes' lengths, are more than 25 % outside the official boards' 36-41 at some
    player count: 9 trains and routes of one space make games of 8 turns.  The message names
    the figures and the trains that would give about 38 turns, or says to add routes where the
    spaces cannot hold them; long routes make short games (few claims), many short ones long
    games.  A map of fewer than 20 routes (a sketch, a test) is not judged.

    Passing::

        rules: {trains_per_player: 45}   # USA: about 37 turns a player

    Failing::

        rules: {trains_per_player: 12}   # USA's routes: about 11 turns a player
    """
    board = ctx.board
    rules = board.rules
    if len(board.routes) < MIN_ROUTES:
        return
    for players in range(rules.min_players, rules.max_players + 1):
        e = estimate(board, players)
        if e.far_off is None:
            continue
        low, high = OFFICIAL_TURNS
        want = trains_for(TARGET_TURNS, players, e.weighted_length)
        fix = (f"set rules.trains_per_player to about {want}" if want != e.trains
               else "change the routes' lengths")
        if e.trains_used < e.trains - players or want * players > FILL * e.spaces:
            fix = (f"add routes or double tracks (each player can fill only about "
                   f"{FILL * e.spaces / players:.0f} spaces, and about {want} trains a player "
                   "would give a full game), or lower rules.players.max")
        elif e.far_off == "short" and e.median_length < 2:
            fix += (f", or lengthen the routes (median {e.median_length:g} space(s); the "
                    "official boards' is 2-3, up to 6 or 8)")
        yield Problem(
            f"a game at {players} players lasts about {e.turns:.0f} turns a player, far "
            f"{'shorter' if e.far_off == 'short' else 'longer'} than the official boards' "
            f"{low:g}-{high:g}: {e.trains} trains a player, {e.spaces} usable train spaces, "
            f"routes of median length {e.median_length:g} ({e.weighted_length:.1f} weighted "
            f"by length); {fix}", rules_path(ctx, "trains_per_player"))
        return
