"""The balance findings' entries of the catalogue (:mod:`ttrtool.checks.catalog`).

TTR5xx come from the board alone (``analyze``, :mod:`ttrtool.analysis.findings`),
TTR6xx from games (``simulate``, :mod:`ttrtool.simulate.findings`) and TTR62x
from comparing a run with a baseline (:mod:`ttrtool.simulate.baseline`).  The
severity given is the most a finding of the code gets; each finding says its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ttrtool.diagnostics import Severity

if TYPE_CHECKING:
    from ttrtool.checks.catalog import CodeInfo

E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO


def balance_codes(info: type[CodeInfo]) -> tuple[CodeInfo, ...]:
    return (
        info("TTR501", "ticket-overpriced", E,
             "A ticket pays more than its cheapest path by more than the official maps do "
             "(an error when grossly off, as validate's TTR407; info for one leg of a "
             "multi-destination ticket).", stage="analyze",
             fix="Lower the ticket's points, or move one of its cities so the cheapest path "
                 "is longer; `ttrtool analyze` shows the path it priced.",
             example="warning TTR501 ticket-overpriced: ticket Chicago–Santa Fe (regular-9) "
                     "pays 18 points for a cheapest path of 9 train spaces (+9) ..."),
        info("TTR502", "ticket-underpriced", E,
             "A ticket pays less than the train spaces its cheapest path needs.",
             stage="analyze",
             fix="Raise the ticket's points to the fair band `analyze` prints for it.",
             example="warning TTR502 ticket-underpriced: ticket Denver–El Paso (regular-7) "
                     "pays 2 points for a cheapest path of 4 train spaces ..."),
        info("TTR503", "route-longer-than-detour", W,
             "A route is much longer than another path between its two ends, so nobody "
             "needs it.", stage="analyze",
             fix="Shorten the route, or lengthen the detour.",
             example="warning TTR503 route-longer-than-detour: route Denver–Omaha 6 pink ..."),
        info("TTR504", "shortcut", W,
             "One link makes several tickets cheaper than their points say.",
             stage="analyze",
             fix="Lengthen the link, or raise the tickets that use it less.",
             example="warning TTR504 shortcut: route Denver–Saint Louis 1 gray is a shortcut "
                     "..."),
        info("TTR505", "colour-spaces-out-of-range", W,
             "One colour has far more or fewer train spaces (or routes) than the others.",
             stage="analyze",
             fix="Recolour routes of the crowded colour to the thin one.",
             example="warning TTR505 colour-spaces-out-of-range: colour red has 12 routes "
                     "..."),
        info("TTR506", "deck-against-demand", W,
             "A colour's cards in the deck are out of proportion to the spaces needing that "
             "colour (said once per colour, with TTR505 when both hold).", stage="analyze",
             fix="Change the colour's card count in `rules.train_cards.colors`, or its routes.",
             example="warning TTR506 deck-against-demand: the deck has 12 red cards for 40 "
                     "red train spaces ..."),
        info("TTR507", "chokepoint", W,
             "One claim by an opponent cuts off or makes dearer many tickets (one finding "
             "listing the player counts).", stage="analyze",
             fix="Add a second track or another way round the link.",
             example="warning TTR507 chokepoint: one claim of Seattle–Portland ..."),
        info("TTR508", "ticket-lengths", W,
             "The ticket deck has no long tickets, or nearly all are short.",
             stage="analyze",
             fix="Add tickets across the board, or shorten the short ones' share.",
             example="warning TTR508 ticket-lengths: the longest ticket spans 30% of the "
                     "board ..."),
        info("TTR601", "seat-advantage", W,
             "One seat wins more often than chance allows (chi-square per player count, the "
             "first seat pooled over the counts, Holm's adjustment).", stage="play",
             fix="Give later seats something (a fourth card, a shorter first ticket) or "
                 "lengthen the game; compare with `--baseline`.",
             example="warning TTR601 seat-advantage [3 players]: seat 1 wins 48.0% of 150 "
                     "games ..."),
        info("TTR602", "route-never-claimed", W,
             "An open route no player claimed in the run.", stage="play",
             fix="Put a ticket through it, shorten it, or remove it.",
             example="warning TTR602 route-never-claimed [2 players]: route Miami–Key West 2 "
                     "black was never claimed in 300 games ..."),
        info("TTR603", "route-rarely-claimed", INFO,
             "An open route claimed in very few games.", stage="play",
             fix="As for TTR602, if the route should matter.",
             example="info TTR603 route-rarely-claimed [2 players]: route Cadiz–Lisboa 2 "
                     "blue was claimed in 4 of 300 games ..."),
        info("TTR604", "ticket-advantage", W,
             "Players who keep a ticket win more (or less) often than players of the same "
             "bot in the same seat who do not, beyond what tickets of its cost give on the "
             "map.", stage="play",
             fix="Price the ticket by what it is worth in play: lower the points of a ticket "
                 "whose keepers win more, raise those of one whose keepers lose.",
             example="warning TTR604 ticket-advantage [2, 3, 4 players]: players who keep "
                     "ticket Chicago–Santa Fe (regular-9) win +19.8 points more often ..."),
        info("TTR605", "games-stalled", W,
             "Games that ended by stalling or at the turn cap instead of the trains running "
             "out.", stage="play",
             fix="Check the deck can pay for the routes (validate's TTR3xx) and the train "
                 "count; replay a stalled game with `ttrtool replay`.",
             example="warning TTR605 games-stalled [2 players]: 14 of 100 games did not end "
                     "normally ..."),
    )
