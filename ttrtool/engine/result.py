"""The outcome of a finished game: everything needed to re-score it without the engine."""

from __future__ import annotations

from dataclasses import dataclass

from ttrtool.engine.tickets import TicketResult

__all__ = ["GameResult", "PlayerResult", "ScoreBreakdown", "TicketResult"]


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """Where a player's points came from (R-SCORE-1, R-TIX-2, R-EU-5, R-SCORE-3)."""

    routes: int
    tickets: int
    stations: int  # points for stations left in supply (R-EU-5)
    longest: int  # the longest-path bonus, if earned
    # The other end-game bonuses of the rules, in rules order: (type, points) (R-VAR-6).
    bonuses: tuple[tuple[str, int], ...] = ()

    @property
    def total(self) -> int:
        return (self.routes + self.tickets + self.stations + self.longest
                + sum(p for _, p in self.bonuses))

    def bonus(self, bonus_type: str) -> int:
        """Points earned from bonuses of this type (the longest path's included)."""
        if bonus_type == "longest_path":
            return self.longest
        return sum(p for t, p in self.bonuses if t == bonus_type)


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One seat's final position.

    ``claimed`` lists route indices in claim order with the turn of each in
    ``claim_turns``; ``stations`` lists (city node, route it uses or None) in
    build order (R-EU-4); ``longest_path`` is in trains (R-SCORE-2).
    """

    seat: int
    score: int
    trains_left: int
    breakdown: ScoreBreakdown
    longest_path: int
    claimed: tuple[int, ...]
    claim_turns: tuple[int, ...]
    stations: tuple[tuple[int, int | None], ...]
    tickets: tuple[TicketResult, ...]
    completed_tickets: int
    network: int = 0  # cities in the largest network, when a bonus looks at it (R-VAR-8)
    multi_path_tickets: int = 0  # tickets joined by two paths, likewise (R-VAR-9)

    @property
    def stations_used(self) -> int:
        """Stations placed on the board (R-EU-9 tie-break)."""
        return len(self.stations)


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game.  ``end_reason`` is ``normal`` (R-END-1), ``stalled`` (R-END-2)
    or ``turn_cap``; ``winners`` are seats after the tie-breakers (R-SCORE-4, R-EU-9)."""

    seed: int
    end_reason: str
    turns: int
    winners: tuple[int, ...]
    players: tuple[PlayerResult, ...]
    tunnels_paid: int
    tunnels_withdrawn: int
    extra_cards_paid: int
    market_wipes: int
    stations_built: int
    wipes_stopped: int = 0  # times the market got stuck with too many locomotives (R-DRAW-5)
