"""Static findings about the rules' numbers: the route-points table (TTR510), the ticket
deck against the player counts (TTR512), end-game bonuses and unused stations (TTR513),
double routes opened at small tables (TTR515), a rule far from what every official map
sets (TTR517), and validate's balance warnings carried into the findings.

The official maps share one scoring table (R-SCORE-1) and one shape of bonus; each
limit below sits outside what the five official maps give (docs/analyze.md), so
they give none of these findings.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from dataclasses import dataclass

from ttrtool.analysis import Analysis
from ttrtool.codes import (
    BOARD_FILLS_UP,
    BONUS_TOO_LARGE,
    CITY_OUTSIDE_ITS_COUNTRY,
    CITY_WITHOUT_ROUTE,
    DOUBLE_ROUTES_OPEN_EARLY,
    FERRY_OVER_LAND,
    GAME_LENGTH_VS_TRAINS,
    LAND_ROUTE_OVER_SEA,
    ROUTE_POINTS_OUT_OF_LINE,
    RULE_FAR_FROM_OFFICIAL,
    TICKET_DECK_SIZE,
    TRAINS_VS_SPACES,
)
from ttrtool.diagnostics import Severity
from ttrtool.findings import Finding
from ttrtool.model import Board
from ttrtool.rules import CONTESTED

# R-SCORE-1: points by route length on every official board (9: Nordic Countries)
OFFICIAL_POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21, 9: 27}


@dataclass(frozen=True)
class SettingLimits:
    # a length is out of line when its points are this far from the official table's,
    # scaled to the map's other lengths, and at least ``points_off`` points away
    points_ratio: tuple[float, float] = (0.7, 1.3)  # official: 1.0 on every length
    points_off: int = 3
    # a shorter length worth more per space than a longer one by this factor (official:
    # the value per space never falls as routes grow)
    per_space_drop: float = 1.25
    # bonus points against what a player's trains score (official: 18% at most, Europe's
    # unused stations 3 x 4 and the 10-point bonuses on 40-train maps)
    bonus_share: float = 0.25
    # tickets left after the setup deal at the most players, in draws per player
    draws_left: float = 0.5  # official: USA at 5 players, exactly one draw each
    # usable train spaces per train in play (official: 1.32 at least, India at 4 players)
    spaces_per_train: float = 1.15
    # tickets for each player at the fewest players (official: 15 USA to 29 India)
    tickets_per_player: float = 36.0


SETTING_LIMITS = SettingLimits()


def official_points(length: int) -> float:
    """The official table's points for a length (3 a space past the table's end)."""
    return float(OFFICIAL_POINTS.get(length, 3 * length))


def _turns(length: int) -> float:
    """Turns to claim a route: draw its cards two a turn, then claim (R-DRAW-1)."""
    return length / 2 + 1


def _per(points: float, length: int) -> str:
    return f"{points / length:.1f} a space, {points / _turns(length):.1f} a turn"


def _on_board(board: Board) -> dict[int, list[str]]:
    """Route labels by length, for the lengths the board has."""
    out: dict[int, list[str]] = {}
    for r in board.routes:
        out.setdefault(r.length, []).append(f"{r.a_name}–{r.b_name}")
    return out


def route_points_table(a: Analysis, limits: SettingLimits = SETTING_LIMITS
                       ) -> Iterator[Finding]:
    """TTR510: a length of ``rules.route_points`` out of line with the others.

    The map's table is set against the official one, scaled by the median ratio of
    the lengths on the board (a table scaled as a whole is its designer's choice);
    a length far off that line, or worth more per space than a longer length, is
    named with its points per space and per turn of drawing and claiming.
    """
    board = a.board
    table = dict(board.rules.route_points)
    routes = _on_board(board)
    lengths = sorted(length for length in routes if length in table)
    if not lengths:
        return
    scale = statistics.median(table[n] / official_points(n) for n in lengths)
    for i, n in enumerate(lengths):
        points, line = table[n], scale * official_points(n)
        ratio = points / line if line else 1.0
        off = (ratio > limits.points_ratio[1] or ratio < limits.points_ratio[0]) \
            and abs(points - line) >= limits.points_off
        # a longer length far under its own line is the one to name, not this one
        richer = [m for m in lengths[i + 1:]
                  if points / n > limits.per_space_drop * table[m] / m
                  and table[m] >= limits.points_ratio[0] * scale * official_points(m)]
        if not off and not richer:
            continue
        names = routes[n]
        shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
        near = [m for m in (lengths[i - 1] if i else None,
                            lengths[i + 1] if i + 1 < len(lengths) else None) if m is not None]
        neighbours = "; ".join(f"length {m} scores {table[m]} ({_per(table[m], m)})"
                               for m in near)
        word = "more" if ratio >= 1 or richer else "less"
        why = (f"a shorter route is worth more per space than length {richer[0]} "
               f"({table[richer[0]] / richer[0]:.1f}): a first-mover jackpot"
               if richer else f"its routes are worth far {word} than what they cost")
        yield Finding(
            ROUTE_POINTS_OUT_OF_LINE, Severity.WARNING,
            f"routes of length {n} score {points} points ({_per(points, n)}) where the "
            f"table's shape gives {line:.0f} (official table: {official_points(n):.0f}); "
            f"{neighbours}: {why} (the map's {len(names)} tracks of length {n}: {shown})",
            {"routes": tuple(r.id for r in board.routes if r.length == n),
             "settings": ("rules.route_points",)},
            {"length": n, "points": points, "line": round(line, 3),
             "official": official_points(n), "scale": round(scale, 4),
             "ratio": round(ratio, 4), "richer_than": richer,
             "points_per_space": round(points / n, 3),
             "points_per_turn": round(points / _turns(n), 3)})


def ticket_deck_size(a: Analysis, limits: SettingLimits = SETTING_LIMITS
                     ) -> Iterator[Finding]:
    """TTR512: too few tickets left to draw after the setup deal at the most players, or so
    many tickets for the fewest players that most never come out."""
    rules = a.board.rules
    deal = dict(rules.tickets.setup_deal)
    deck = rules.tickets.draw_deck
    players, draw = rules.max_players, rules.tickets.draw
    tickets = len(a.board.deck(deck))
    if not tickets or draw <= 0:
        return
    settings = ("rules.players", "rules.tickets.setup_deal")
    left = tickets - deal.get(deck, 0) * players
    need = limits.draws_left * players * draw
    every = len(a.board.tickets)
    if left < need:
        yield Finding(
            TICKET_DECK_SIZE, Severity.WARNING,
            f"the {deck} deck has {tickets} tickets: after the setup deal of "
            f"{deal.get(deck, 0)} to each of {players} players, {max(left, 0)} "
            f"{'is' if left == 1 else 'are'} left to draw, fewer than "
            f"{_fraction(limits.draws_left)} one draw of {draw} for each player ({need:.0f}): "
            "players run out of tickets to draw",
            {"decks": (deck,), "settings": settings},
            {"tickets": tickets, "players": players, "setup_deal": deal.get(deck, 0),
             "left": left, "draw": draw, "limit": round(need, 3)})
    elif every / rules.min_players > limits.tickets_per_player:
        fewest = rules.min_players
        yield Finding(
            TICKET_DECK_SIZE, Severity.WARNING,
            f"the ticket decks hold {every} tickets: {every / fewest:.0f} for each of "
            f"{fewest} players, where the official maps have at most 29 (India): most "
            "tickets never come out, so a game's routes depend on which few do",
            {"decks": tuple(a.board.decks), "settings": settings},
            {"tickets": every, "players": fewest, "per_player": round(every / fewest, 3),
             "limit": limits.tickets_per_player})


def board_fills(a: Analysis, limits: SettingLimits = SETTING_LIMITS) -> Iterator[Finding]:
    """TTR518: at some player count the players' trains nearly fill the usable spaces (the
    Capacity section's figure; validate's TTR312 when they cannot fit at all)."""
    rules = a.board.rules
    tight = [c for c in a.capacity if c.trains and 1 <= c.ratio < limits.spaces_per_train]
    if not tight:
        return
    worst = min(tight, key=lambda c: c.ratio)
    yield Finding(
        BOARD_FILLS_UP, Severity.WARNING,
        f"rules.trains_per_player is {rules.trains_per_player}: at {worst.players} players "
        f"the players hold {worst.trains} trains for {worst.usable_spaces} usable train "
        f"spaces, {worst.ratio:.2f} a train (official maps: 1.32 at least): the board fills "
        "up before the trains run out, and the last claims go to whoever is left a route",
        {"settings": ("rules.trains_per_player",)},
        {"trains_per_player": rules.trains_per_player,
         "spaces_per_train": {str(c.players): round(c.ratio, 4) for c in tight},
         "limit": limits.spaces_per_train},
        players=tuple(c.players for c in tight))


def _fraction(x: float) -> str:
    return {2 / 3: "two-thirds of", 1.0: "", 0.5: "half of"}.get(x, f"{x:.2g} of")


def trains_score(board: Board) -> float:
    """What a player's trains score on the map's routes: trains x points per space of the
    board's tracks (every track weighed by its spaces)."""
    spaces = points = 0
    for r in board.routes:
        value = board.rules.points_for_length(r.length)
        if value is not None:
            spaces += r.length
            points += value
    return board.rules.trains_per_player * points / spaces if spaces else 0.0


def bonuses(a: Analysis, limits: SettingLimits = SETTING_LIMITS) -> Iterator[Finding]:
    """TTR513: a contested end-game bonus, or the unused stations, worth too much against
    what a player's trains score."""
    rules = a.board.rules
    score = trains_score(a.board)
    if score <= 0:
        return
    trains = rules.trains_per_player
    items = [(f"the {b.name} bonus ({b.type.replace('_', ' ')})", b.points,
              f"bonuses.{b.type}", "official bonuses: 10")
             for b in rules.bonuses if b.type in CONTESTED and b.points > 0]
    # a table by tickets completed (India's Grand Tour, 5, 10, 20, 30, 40): judged at two
    # tickets, what a player commonly gets (official 10, 16% of India's 61)
    items += [(f"the {b.name} bonus ({b.type.replace('_', ' ')}: {list(b.table)})",
               b.table[1], f"bonuses.{b.type}", "official: 10 for two tickets")
              for b in rules.bonuses if b.type not in CONTESTED and len(b.table) > 1]
    if rules.stations_per_player and rules.station_unused_points:
        items.append((f"{rules.stations_per_player} unused stations at "
                      f"{rules.station_unused_points} points each (station bonus)",
                      rules.stations_per_player * rules.station_unused_points,
                      "stations.unused_points", "official: 4 a station"))
    for what, points, key, official in items:
        share = points / score
        if share <= limits.bonus_share:
            continue
        per = " for two tickets" if "two tickets" in official else ""
        yield Finding(
            BONUS_TOO_LARGE, Severity.WARNING,
            f"{what} is worth {points} points{per}, {100 * share:.0f}% of the {score:.0f} points "
            f"a player's {trains} trains score on the map's routes ({official}, at most "
            f"{100 * limits.bonus_share:.0f}%): it decides games on its own",
            {"settings": (f"rules.{key}",)},
            {"points": points, "trains_score": round(score, 2), "share": round(share, 4),
             "limit": limits.bonus_share})


def doubles_open_early(a: Analysis, limits: SettingLimits = SETTING_LIMITS
                       ) -> Iterator[Finding]:
    """TTR515: both tracks of double routes usable at 2 players, or at 3 on a map for more."""
    board = a.board
    rules = board.rules
    doubles = board.double_groups()
    if not doubles:
        return
    early = [p for p in range(rules.min_players, rules.max_players + 1)
             if any(rules.usable_tracks(p, len(t)) >= 2 for t in doubles.values())
             and (p == 2 or (p == 3 and rules.max_players > 3))]
    if not early:
        return
    setting = ("rules.double_routes.usable_tracks" if rules.usable_tracks_table
               else "rules.double_routes.both_tracks_min_players")
    value = (dict(rules.usable_tracks_table) if rules.usable_tracks_table
             else rules.both_tracks_min_players)
    at = " and ".join(f"{p} players" for p in early)
    yield Finding(
        DOUBLE_ROUTES_OPEN_EARLY, Severity.WARNING,
        f"{setting} is {value}: both tracks of the {len(doubles)} double routes are open at "
        f"{at}, where every official map keeps one track closed below 4 players (3 on maps "
        "for at most 3): a small table can hardly block anyone",
        {"settings": (setting,)},
        {"players": early, "double_routes": len(doubles)})


@dataclass(frozen=True)
class Setting:
    """A number of the rules every official map sets alike, and how far a map may stray."""

    path: str  # as written in the map's rules block
    official: str  # what the official maps have
    low: float  # a warning below this...
    high: float  # ...or above this
    why: str


# Every official map deals 4 cards, shows 5, draws 2 a turn, ends at 2 trains, reveals 3
# cards for a tunnel, has 14 locomotives in 110 cards, draws 3 tickets keeping 1 or more.
SETTINGS: tuple[Setting, ...] = (
    Setting("initial_hand", "4", 2, 6, "a large first hand lets the first seats claim long "
            "routes before anyone can answer; a small one stalls the opening"),
    Setting("market.size", "5", 3, 7, "the face-up cards are where players read and deny "
            "each other's colours"),
    Setting("draw_cards", "2", 2, 2, "every route's cost in turns follows from the cards "
            "drawn a turn"),
    Setting("end_trigger_trains", "2", 0, 4, "the last round starts this early: long "
            "tickets can no longer be finished"),
    Setting("tunnels.reveal", "3", 1, 4, "each revealed card may raise a tunnel's price"),
    Setting("locomotives share of the deck", "14 of 110 cards, 13%", 0.06, 0.25,
            "locomotives pay for ferries and tunnels and make any colour"),
    Setting("tickets.draw", "3", 2, 5, "a ticket draw is a player's way to a better plan"),
    Setting("tickets.setup_keep_min", "2", 1, 3, "the first choice of tickets is the game's "
            "plan; keeping more forces long plans on everyone"),
    Setting("share of the first deal kept", "2 of 3 to 2 of 5", 0.0, 0.7, "keeping all or "
            "nearly all the tickets dealt leaves no choice"),
    Setting("tickets.draw_keep_min", "1", 1, 2, "keeping more of a draw forces tickets no "
            "one wants"),
    Setting("stations.per_player", "0 or 3", 0, 4, "each station borrows an opponent's "
            "route"),
)


def _setting_value(board: Board, path: str) -> float | None:
    rules = board.rules
    dealt = sum(n for _, n in rules.tickets.setup_deal)
    values: dict[str, float | None] = {
        "initial_hand": rules.initial_hand, "market.size": rules.market_size,
        "draw_cards": rules.draw_cards, "end_trigger_trains": rules.end_trigger_trains,
        "tunnels.reveal": rules.tunnel_reveal if rules.tunnels_allowed and any(
            r.kind == "tunnel" for r in board.routes) else None,
        "locomotives share of the deck": (rules.locomotives / rules.deck_size
                                          if rules.deck_size else None),
        "tickets.draw": rules.tickets.draw, "tickets.draw_keep_min": rules.tickets.draw_keep_min,
        "tickets.setup_keep_min": rules.tickets.setup_keep_min,
        "share of the first deal kept": (rules.tickets.setup_keep_min / dealt if dealt
                                         else None),
        "stations.per_player": rules.stations_per_player,
    }
    return values[path]


def _counts(board: Board, path: str) -> str:
    """The counts behind a share setting, in the rules' words."""
    rules = board.rules
    if path.startswith("locomotives"):
        return f"{rules.locomotives} of {rules.deck_size} cards"
    dealt = sum(n for _, n in rules.tickets.setup_deal)
    return f"rules.tickets.setup_keep_min {rules.tickets.setup_keep_min} of {dealt} dealt"


def settings_off_official(a: Analysis, limits: SettingLimits = SETTING_LIMITS
                          ) -> Iterator[Finding]:
    """TTR517: a rule every official map sets alike, far from that value."""
    for s in SETTINGS:
        value = _setting_value(a.board, s.path)
        if value is None or s.low <= value <= s.high:
            continue
        share = not s.path.startswith(("initial", "market", "draw", "end", "tunnels",
                                       "tickets", "stations"))
        name = s.path if share else f"rules.{s.path}"
        shown = f"{value:.0%} ({_counts(a.board, s.path)})" if share else f"{value:g}"
        band = (f"{s.low:.0%}–{s.high:.0%}" if share
                else f"{s.low:g}" if s.low == s.high else f"{s.low:g}–{s.high:g}")
        yield Finding(
            RULE_FAR_FROM_OFFICIAL, Severity.WARNING,
            f"{name} is {shown}, where every official map has {s.official} (warning outside "
            f"{band}): {s.why}",
            {"settings": (name,)},
            {"setting": name, "value": value, "band": [s.low, s.high],
             "official": s.official})


# validate's warnings about balance rather than a broken file: carried into the findings
# of analyze and simulate (their messages name the setting to change)
# (TTR401, a ticket printed twice, is left to validate: its message points at a line of
# the file, which the board no longer knows)
VALIDATE_BALANCE = (CITY_WITHOUT_ROUTE, GAME_LENGTH_VS_TRAINS, FERRY_OVER_LAND, LAND_ROUTE_OVER_SEA,
                    CITY_OUTSIDE_ITS_COUNTRY, TRAINS_VS_SPACES)


def validate_balance(a: Analysis, limits: SettingLimits = SETTING_LIMITS
                     ) -> Iterator[Finding]:
    """Validate's balance warnings (:data:`VALIDATE_BALANCE`) as findings, under their own
    codes: the board alone says them, so ``analyze`` and ``simulate`` report them too."""
    from ttrtool.checks import all_checks, run_checks
    from ttrtool.loader import Document

    known = {c.code for c in all_checks()}
    codes = tuple(c for c in VALIDATE_BALANCE if c in known)
    if not codes:
        return
    for d in run_checks(a.board, Document(a.board.source, {}), select=codes):
        if d.severity >= Severity.WARNING:
            yield Finding(d.code, d.severity, d.message, {}, {"validate": True})
