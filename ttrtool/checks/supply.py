"""Checks TTR311-TTR318: players, trains, cards and tickets add up to a playable game."""

from __future__ import annotations

from collections.abc import Iterator

from ttrtool.checks.registry import CheckContext, Problem, check, rules_path
from ttrtool.codes import (
    KEEP_MORE_THAN_DEALT,
    NOT_ENOUGH_CARDS,
    NOT_ENOUGH_TICKETS,
    PLAYER_RANGE,
    ROUTE_LONGER_THAN_TRAINS,
    STATION_COSTS,
    TRAINS_VS_SPACES,
    UNKNOWN_TICKET_DECK,
)
from ttrtool.diagnostics import Severity
from ttrtool.model import Board, Route


def usable_spaces(board: Board, players: int) -> int:
    """Train spaces that can be filled with ``players`` players: of each parallel group only
    the tracks the rules let be used (one below ``both_tracks_min_players`` by default),
    the longest ones (R-CLAIM-5, R-CH-5, R-VAR-4); a mountain's discarded trains count
    as spaces (R-VAR-10)."""
    rules = board.rules

    def trains(r: Route) -> int:
        return r.length + (r.mountains if rules.mountains_allowed else 0)

    total = sum(trains(r) for r in board.routes)
    for tracks in board.double_groups().values():
        usable = rules.usable_tracks(players, len(tracks))
        if usable < len(tracks):
            lengths = sorted((trains(r) for r in tracks), reverse=True)
            total -= sum(lengths[usable:])
    return total


@check(PLAYER_RANGE, Severity.ERROR,
       "The rules' player range must make sense (R-SET-1).")
def player_range(ctx: CheckContext) -> Iterator[Problem]:
    """``rules.players.min`` is at most ``rules.players.max``.

    Passing::

        rules: {players: {min: 2, max: 5}}

    Failing::

        rules: {players: {min: 4, max: 3}}
    """
    rules = ctx.board.rules
    if rules.min_players > rules.max_players:
        yield Problem(f"rules.players.min is {rules.min_players} but max is {rules.max_players}: "
                      "make min at most max", rules_path(ctx, "players", "min"))


@check(TRAINS_VS_SPACES, Severity.WARNING,
       "If the players hold more trains than the board has spaces, the end of the game "
       "(R-END-1) may never come.",
       whole_board=True)
def trains_vs_spaces(ctx: CheckContext) -> Iterator[Problem]:
    """At every player count, players × trains_per_player fits in the usable train spaces
    (one track per double route below ``both_tracks_min_players``).

    Passing::

        rules: {trains_per_player: 45, players: {min: 2, max: 5}}   # 309 spaces on the board

    Failing::

        rules: {trains_per_player: 45, players: {min: 2, max: 5}}   # 100 spaces on the board
    """
    board = ctx.board
    rules = board.rules
    for players in range(rules.min_players, rules.max_players + 1):
        need = players * rules.trains_per_player
        spaces = usable_spaces(board, players)
        if need > spaces:
            yield Problem(f"with {players} players there are {need} trains but only {spaces} "
                          "usable train spaces, so the game may never end: add routes, lower "
                          "rules.trains_per_player or rules.players.max",
                          rules_path(ctx, "trains_per_player"))
            return


@check(ROUTE_LONGER_THAN_TRAINS, Severity.ERROR,
       "A player needs as many trains as a route's length (and its mountain trains) to claim "
       "it (R-CLAIM-4, R-VAR-10).")
def route_longer_than_trains(ctx: CheckContext) -> Iterator[Problem]:
    """No route needs more than ``rules.trains_per_player`` trains, mountains included.

    Passing::

        rules: {trains_per_player: 45}
        routes: [{a: Bern, b: Basel, length: 6, color: red}]

    Failing::

        rules: {trains_per_player: 5}
        routes: [{a: Bern, b: Basel, length: 6, color: red}]
    """
    rules = ctx.board.rules
    trains = rules.trains_per_player
    for r in ctx.board.routes:
        need = r.length + (r.mountains if rules.mountains_allowed else 0)
        if need > trains:
            yield Problem(f"route {r.label()} needs {need} trains but each player has "
                          f"{trains}: shorten the route or raise rules.trains_per_player",
                          r.path + ("length",))


@check(NOT_ENOUGH_CARDS, Severity.ERROR,
       "The train-card deck must cover the opening hands and the face-up market (R-SET-3).")
def not_enough_cards(ctx: CheckContext) -> Iterator[Problem]:
    """train cards ≥ initial_hand × max players + market size.

    Passing::

        rules: {initial_hand: 4, market: {size: 5}}   # 110 cards, 4 x 5 + 5 = 25 needed

    Failing::

        rules: {train_cards: {colors: {red: 5}, locomotives: 0}}   # 5 cards, 25 needed
    """
    rules = ctx.board.rules
    need = rules.initial_hand * rules.max_players + rules.market_size
    if rules.deck_size < need:
        yield Problem(f"the train-card deck has {rules.deck_size} cards but the setup at "
                      f"{rules.max_players} players needs {need} ({rules.initial_hand} each and "
                      f"{rules.market_size} face up): add cards to rules.train_cards or lower "
                      "rules.players.max", rules_path(ctx, "train_cards"))


@check(UNKNOWN_TICKET_DECK, Severity.ERROR,
       "The rules deal and draw tickets from named decks; each must exist in 'tickets'.")
def unknown_ticket_deck(ctx: CheckContext) -> Iterator[Problem]:
    """``rules.tickets.draw_deck`` and every deck of ``rules.tickets.setup_deal`` are decks
    of ``tickets``.

    Passing::

        rules: {tickets: {setup_deal: {regular: 3}, draw_deck: regular}}
        tickets: {regular: [...]}

    Failing::

        rules: {tickets: {setup_deal: {regular: 3}, draw_deck: main}}
        tickets: {regular: [...]}
    """
    board = ctx.board
    decks = set(board.decks)
    shown = ", ".join(board.decks)
    t = board.rules.tickets
    if t.draw_deck not in decks:
        yield Problem(f"rules.tickets.draw_deck is '{t.draw_deck}' but the ticket decks are "
                      f"{shown}: name one of them", rules_path(ctx, "tickets", "draw_deck"))
    for deck, count in t.setup_deal:
        if deck not in decks and count > 0:
            yield Problem(f"rules.tickets.setup_deal deals from '{deck}' but the ticket decks are "
                          f"{shown}: name one of them",
                          rules_path(ctx, "tickets", "setup_deal", deck))


@check(NOT_ENOUGH_TICKETS, Severity.ERROR,
       "Each deck must hold the tickets dealt from it at the largest player count (R-SET-4).")
def not_enough_tickets(ctx: CheckContext) -> Iterator[Problem]:
    """For every deck in ``setup_deal``: cards in the deck ≥ deal × max players (and the draw
    deck keeps at least one draw after the deal).

    Passing::

        rules: {players: {max: 5}, tickets: {setup_deal: {regular: 3}}}   # 30 tickets

    Failing::

        rules: {players: {max: 5}, tickets: {setup_deal: {regular: 3}}}   # 12 tickets
    """
    board = ctx.board
    rules = board.rules
    players = rules.max_players
    sizes = {d: len(board.deck(d)) for d in board.decks}
    for deck, count in rules.tickets.setup_deal:
        if deck not in sizes:
            continue  # TTR315
        need = count * players
        if sizes[deck] < need:
            where = rules_path(ctx, "tickets", "setup_deal", deck)
            if where[-1] != deck:
                where = ("tickets", deck)  # the deal is the default: point at the deck
            yield Problem(f"deck '{deck}' has {sizes[deck]} tickets but the setup deals {count} to "
                          f"each of {players} players ({need}): add tickets or lower "
                          f"rules.tickets.setup_deal.{deck}", where)


@check(KEEP_MORE_THAN_DEALT, Severity.ERROR,
       "A player cannot keep more tickets than they are given (R-SET-4, R-TIX-1).")
def keep_more_than_dealt(ctx: CheckContext) -> Iterator[Problem]:
    """``setup_keep_min`` ≤ tickets dealt at setup and ``draw_keep_min`` ≤ ``draw``.

    Passing::

        rules: {tickets: {setup_deal: {regular: 3}, setup_keep_min: 2, draw: 3, draw_keep_min: 1}}

    Failing::

        rules: {tickets: {setup_deal: {regular: 3}, setup_keep_min: 4}}
    """
    t = ctx.board.rules.tickets
    dealt = sum(n for _d, n in t.setup_deal)
    if t.setup_keep_min > dealt:
        yield Problem(f"players must keep {t.setup_keep_min} tickets at setup but are dealt "
                      f"{dealt}: lower rules.tickets.setup_keep_min or deal more",
                      rules_path(ctx, "tickets", "setup_keep_min"))
    if t.draw_keep_min > t.draw:
        yield Problem(f"players must keep {t.draw_keep_min} of the {t.draw} tickets they draw: "
                      "lower rules.tickets.draw_keep_min or raise rules.tickets.draw",
                      rules_path(ctx, "tickets", "draw_keep_min"))


@check(STATION_COSTS, Severity.ERROR,
       "Each station a player may build needs a cost (R-EU-3).")
def station_costs(ctx: CheckContext) -> Iterator[Problem]:
    """``stations.costs`` has an entry for each of ``stations.per_player``.

    Passing::

        rules: {stations: {per_player: 3, costs: [1, 2, 3]}}

    Failing::

        rules: {stations: {per_player: 4, costs: [1, 2, 3]}}
    """
    rules = ctx.board.rules
    if len(rules.station_costs) < rules.stations_per_player:
        yield Problem(f"players have {rules.stations_per_player} stations but rules.stations.costs "
                      f"lists {len(rules.station_costs)} costs: give one cost per station",
                      rules_path(ctx, "stations", "costs"))
