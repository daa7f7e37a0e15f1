"""The expert bot's sense of time and risk: turns left, odds of finishing, a draw's worth.

Pure functions of public numbers (the :class:`~ttrtool.engine.view.PlayerView`
and the board), kept apart from the bot so each estimate can be tested alone.

* :func:`turns_left` — how many more turns this player can expect, from the
  other players' trains and hands (R-END-1: the game ends one round after
  someone is down to the trigger).
* :func:`schedule` and :func:`ticket_odds` — when each open ticket would be
  finished if the player works through them cheapest first, and how likely
  that is within the turns left.
* :func:`expected_best_draw` — the expected worth of a ticket draw, given the
  worth of each ticket that may come up and the rule to keep at least one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations

# Cards a card-drawing turn yields towards a plan, on average: two cards, less
# the blind draws that bring a colour nobody needs.
CARDS_PER_DRAW = 1.6
# How long a player takes to come down to the end trigger, fitted on bot games
# (USA 2 and 4 players, Europe 3; error about 2 turns): each train still to
# lay costs a fifth of a turn to claim, and each train not yet covered by the
# cards in hand (70% of them usable) two thirds of a turn more to draw for.
CLAIM_TURNS_PER_TRAIN = 0.2
DRAW_TURNS_PER_TRAIN = 0.65
HAND_USE = 0.7
SLACK_TURNS = 1.5
# The estimate of turns left grows less certain the further ahead it looks.
SPREAD_BASE = 1.5
SPREAD_PER_TURN = 0.12


def turns_left(trains: Sequence[int], hand_sizes: Sequence[int], seat: int, trigger: int,
               final_round: bool) -> float:
    """Turns this seat can still expect to play, this one included.

    Each other player ends the game once down to ``trigger`` trains (R-END-1);
    the trains it still has to lay, less what the cards in its hand already
    pay for, say how many turns that takes; then everyone plays once more.
    In the final round this turn is the last.  A player's own trains are a
    separate, hard limit (the caller's).
    """
    if final_round:
        return 1.0
    best = math.inf
    for q, left in enumerate(trains):  # (written without min and max: asked every turn)
        if q == seat:
            continue
        to_lay = left - trigger if left > trigger else 0
        uncovered = to_lay - HAND_USE * hand_sizes[q]
        if uncovered < 0.0:
            uncovered = 0.0
        turns = CLAIM_TURNS_PER_TRAIN * to_lay + DRAW_TURNS_PER_TRAIN * uncovered + SLACK_TURNS
        if turns < best:
            best = turns
    if best == math.inf:  # a one-player table: only its own trains end the game
        return float(max(1, trains[seat] - trigger))
    return best + 1.0


def draw_turns(cards_missing: float, claims: int) -> float:
    """Turns needed to collect ``cards_missing`` cards and make ``claims`` claims."""
    return (cards_missing if cards_missing > 0.0 else 0.0) / CARDS_PER_DRAW + claims


def finish_logit(turns_needed: float, turns_available: float) -> float:
    """The logit of :func:`finish_odds`: the turns to spare, less half a turn, over a
    spread that widens with the work."""
    return (turns_available - turns_needed - 0.5) / (SPREAD_BASE + SPREAD_PER_TURN * turns_needed)


def finish_odds(turns_needed: float, turns_available: float) -> float:
    """Chance that work of ``turns_needed`` turns fits in ``turns_available``.

    A logistic curve: even odds when the two are equal, wider the further
    ahead the work reaches.
    """
    x = finish_logit(turns_needed, turns_available)
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


# A kept ticket's odds refitted on the cards its own routes still take (issue 22, fifth
# round): (intercept, weight of the logit of finish_odds, no card missing, a card missing,
# up to MISSING_CAP).  KEEP_MODEL judges the whole hand at a keep decision, DRAW_MODEL the
# hand less what the open plan takes, for a ticket a mid-game draw may bring.
KEEP_MODEL = (-0.1025, 0.7698, 2.7282, 0.0)
DRAW_MODEL = (-0.1244, 0.7997, 1.7047, -0.2582)
MISSING_CAP = 8


def fitted_odds(model: tuple[float, float, float, float], turns_needed: float,
                turns_available: float, missing: int) -> float:
    """A ticket's chance of completion from :func:`finish_odds`'s logit (clipped to
    +-6.9, odds of 0.1% and 99.9%) and the cards its routes take that the hand lacks."""
    x = finish_logit(turns_needed, turns_available)
    x = 6.9 if x > 6.9 else -6.9 if x < -6.9 else x
    a, b, c, d = model
    z = a + b * x + (c if missing == 0 else 0.0) + d * (
        missing if missing < MISSING_CAP else MISSING_CAP)
    z = 30.0 if z > 30.0 else -30.0 if z < -30.0 else z
    return 1.0 / (1.0 + math.exp(-z))


def schedule(jobs: Sequence[tuple[int, frozenset[int]]], lengths: Sequence[int],
             hand_cards: int, trains_of: Sequence[int] | None = None,
             ) -> list[tuple[int, float, int]]:
    """Order open tickets cheapest first; for each, the turns until it is done.

    ``jobs`` are (ticket, routes it still needs); routes shared by tickets are
    counted once, for the first ticket that needs them.  ``hand_cards`` is the
    number of cards in hand that the plan can use; they go to the first work.
    ``trains_of`` gives each route's trains where they differ from its
    length (mountain trains, R-VAR-10); cards follow the lengths.
    Returns (ticket, turns needed, trains used so far) in the order worked.
    """
    trains_of = lengths if trains_of is None else trains_of
    order = sorted(jobs, key=lambda j: (sum(lengths[r] for r in j[1]), j[0]))
    done: set[int] = set()
    cards = 0
    trains = 0
    claims = 0
    out = []
    for ticket, routes in order:
        for r in routes:
            if r not in done:
                done.add(r)
                cards += lengths[r]
                trains += trains_of[r]
                claims += 1
        out.append((ticket, draw_turns(cards - hand_cards, claims), trains))
    return out


def ticket_odds(jobs: Sequence[tuple[int, frozenset[int]]], lengths: Sequence[int],
                hand_cards: int, turns: float, trains: int,
                trains_of: Sequence[int] | None = None) -> dict[int, float]:
    """Each open ticket's chance of completion, worked through cheapest first.

    A ticket whose routes, with those of the tickets before it, need more
    trains than the player has cannot be finished.
    """
    odds = {}
    for ticket, needed, used in schedule(jobs, lengths, hand_cards, trains_of):
        odds[ticket] = 0.0 if used > trains else finish_odds(needed, turns)
    return odds


def expected_value(points: int, odds: float) -> float:
    """A ticket's worth: its points won with ``odds``, lost otherwise (R-TIX-2)."""
    return points * (2.0 * odds - 1.0)


def expected_best_draw(values: Sequence[float], draw: int, keep_min: int) -> float:
    """Expected worth of drawing ``draw`` of the tickets worth ``values`` (at random).

    The drawer keeps every ticket worth more than nothing and, if fewer than
    ``keep_min`` are, the best of the rest up to that minimum.  Each ticket is
    judged alone (their paths may share routes: the keep decision itself looks
    at that).  Exact: every ticket comes up with the same chance, and with
    ``keep_min`` 1 the forced keep is the best of a draw of worthless tickets,
    whose distribution is known in closed form; other minimums enumerate the
    draws (small decks only) and otherwise count the positive tickets alone.
    """
    n = len(values)
    if n == 0:
        return 0.0
    draw = min(draw, n)
    keep_min = min(keep_min, draw)
    ordered = sorted(values)
    positive = sum(v for v in ordered if v > 0) * draw / n
    if keep_min <= 0:
        return positive
    if keep_min == 1:
        # P(the best of the draw is the i-th smallest) = C(i, draw-1) / C(n, draw)
        whole = math.comb(n, draw)
        forced = 0.0
        for i, v in enumerate(ordered):
            if v > 0:
                break
            forced += math.comb(i, draw - 1) / whole * v
        return positive + forced
    if math.comb(n, draw) > 2000:
        return positive
    total = 0.0
    count = 0
    for hand in combinations(ordered, draw):
        best = sorted(hand, reverse=True)
        kept = [v for v in best if v > 0]
        total += sum(kept if len(kept) >= keep_min else best[:keep_min])
        count += 1
    return total / count
