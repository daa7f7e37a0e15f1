"""The balance findings' entries of the catalogue (:mod:`ttrtool.checks.catalog`).

TTR5xx come from the board alone (``analyze``, :mod:`ttrtool.analysis.findings`),
TTR6xx from games (``simulate``, :mod:`ttrtool.verdict.findings`) and TTR62x
from comparing a run with a baseline (:mod:`ttrtool.verdict.baseline`).  The
severity given is the most a finding of the code gets; each finding says its own.
"""

from __future__ import annotations

from ttrtool.checks.code_info import CodeInfo
from ttrtool.codes import (
    BOARD_FILLS_UP,
    BONUS_TOO_LARGE,
    CHOKEPOINT,
    COLOUR_PRESSURE_CHANGED,
    COLOUR_SPACES_OUT_OF_RANGE,
    COLOUR_UNDER_PRESSURE,
    DECK_AGAINST_DEMAND,
    DOUBLE_ROUTES_OPEN_EARLY,
    GAMES_STALLED,
    REGION_BEHIND_TUNNELS_OR_FERRIES,
    REGION_WITHOUT_TICKETS,
    ROUTE_CHANGED,
    ROUTE_CLAIMER_ADVANTAGE,
    ROUTE_LONGER_THAN_DETOUR,
    ROUTE_NEVER_CLAIMED,
    ROUTE_POINTS_OUT_OF_LINE,
    ROUTE_RACED,
    ROUTE_RARELY_CLAIMED,
    RULE_FAR_FROM_OFFICIAL,
    SEAT_ADVANTAGE,
    SEAT_WIN_RATE_CHANGED,
    SHORTCUT,
    TEMPO_CHANGED,
    TEMPO_OUT_OF_RANGE,
    TICKET_ADVANTAGE,
    TICKET_CHANGED,
    TICKET_COMPLETION_OFF_COST,
    TICKET_DECK_SIZE,
    TICKET_LENGTHS,
    TICKET_OVERPRICED,
    TICKET_UNDERPRICED,
    TICKETS_CLUSTERED,
)
from ttrtool.diagnostics import Severity

E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO


FINDINGS: tuple[CodeInfo, ...] = (
    CodeInfo(TICKET_OVERPRICED, E,
             "A ticket pays more than 2 over its price, the expected cards of its cheapest "
             "path (its train spaces when no tunnel or ferry is on it): an error when over "
             "twice that and more than 4 over, as validate's TTR407; info for one leg of a "
             "multi-destination ticket.", stage="analyze",
             fix="Lower the ticket's points, or move one of its cities so the cheapest path "
                 "is longer; `ttrtool analyze` shows the paths it priced.",
             example="warning TTR501 ticket-overpriced: ticket Chicago–Santa Fe (regular-9) "
                     "is worth 18 for a cheapest path of 9 train spaces ..."),
    CodeInfo(TICKET_UNDERPRICED, E,
             "A ticket pays more than 2 under the train spaces of its cheapest path, or is "
             "too cheap for its cards: the path cheapest in expected cards costs over 1.5 "
             "times its points and more than 4 over them.",
             stage="analyze",
             fix="Raise the ticket's points to the fair band `analyze` prints for it.",
             example="warning TTR502 ticket-underpriced: ticket Denver–El Paso (regular-7) "
                     "is worth 2 for a cheapest path of 4 train spaces ..."),
    CodeInfo(ROUTE_LONGER_THAN_DETOUR, W,
             "A route is much longer than another path between its two ends, so nobody "
             "needs it.", stage="analyze",
             fix="Shorten the route, or lengthen the detour.",
             example="warning TTR503 route-longer-than-detour: route Denver–Omaha 6 pink ..."),
    CodeInfo(SHORTCUT, W,
             "One link makes several tickets cheaper than their points say.",
             stage="analyze",
             fix="Lengthen the link, or raise the tickets that use it less.",
             example="warning TTR504 shortcut: route Denver–Saint Louis 1 gray is a shortcut "
                     "..."),
    CodeInfo(COLOUR_SPACES_OUT_OF_RANGE, W,
             "One colour has far more or fewer train spaces (or routes) than the others.",
             stage="analyze",
             fix="Recolour routes of the crowded colour to the thin one.",
             example="warning TTR505 colour-spaces-out-of-range: colour red has 12 routes "
                     "..."),
    CodeInfo(DECK_AGAINST_DEMAND, W,
             "A colour's cards in the deck are out of proportion to the spaces needing that "
             "colour (said once per colour, with TTR505 when both hold).", stage="analyze",
             fix="Change the colour's card count in `rules.train_cards.colors`, or its routes.",
             example="warning TTR506 deck-against-demand: the deck has 12 red cards for 40 "
                     "red train spaces ..."),
    CodeInfo(CHOKEPOINT, W,
             "One claim by an opponent cuts off or makes dearer many tickets (one finding "
             "listing the player counts).", stage="analyze",
             fix="Add a second track or another way round the link.",
             example="warning TTR507 chokepoint: one claim of Seattle–Portland ..."),
    CodeInfo(TICKET_LENGTHS, W,
             "The ticket deck has no long tickets, or nearly all are short.",
             stage="analyze",
             fix="Add tickets across the board, or shorten the short ones' share.",
             example="warning TTR508 ticket-lengths: the longest ticket spans 30% of the "
                     "board ..."),
    CodeInfo(ROUTE_POINTS_OUT_OF_LINE, W,
             "One length of the route-points table scores far more (or less) than the "
             "official table's shape says, against the map's other lengths: points per "
             "space and per turn of drawing and claiming are shown (a length-1 route worth "
             "8 is a first-mover jackpot, a length-6 worth 25 wins games by itself).",
             stage="analyze",
             fix="Bring the length back in line with its neighbours in `rules.route_points` "
                 "(official: 1, 2, 4, 7, 10, 15, 18, 21 for lengths 1-8, 27 for 9).",
             example="warning TTR510 route-points-out-of-line: routes of length 6 score 25 "
                     "points (4.2 a space) where the table's shape gives 15 ..."),
    CodeInfo(REGION_WITHOUT_TICKETS, W,
             "Cities no ticket ends at and no ticket's path passes through (within 2 train "
             "spaces of its cheapest), with the routes that lead only to them: a dead region "
             "or a corner city, claimed late for points or never.", stage="analyze",
             fix="Give the region a ticket or two, or remove the city and its routes.",
             example="warning TTR511 region-without-tickets: cities Portland, Seattle, "
                     "Vancouver: no ticket ends there ..."),
    CodeInfo(TICKET_DECK_SIZE, W,
             "The ticket deck is too short for the player counts: after the setup deal at "
             "the most players, fewer tickets are left than half of one draw for each "
             "player; or too long: over 36 tickets for each player at the fewest players "
             "(official: 29 at most).", stage="analyze",
             fix="Add or remove tickets, or change `rules.players` or the setup deal.",
             example="warning TTR512 ticket-deck-size: the regular deck has 20 tickets ..."),
    CodeInfo(BONUS_TOO_LARGE, W,
             "An end-game bonus (longest path, most tickets, largest network) or the points "
             "of unused stations weigh more than 18% of what a player's trains score on the "
             "map's routes (official: 12% at most).", stage="analyze",
             fix="Lower the bonus's points (official: 10) or the unused stations' points "
                 "(official: 4).",
             example="warning TTR513 bonus-too-large: the Longest Path bonus is worth 30 "
                     "points ..."),
    CodeInfo(REGION_BEHIND_TUNNELS_OR_FERRIES, W,
             "A region can be entered only by tunnels, or only by ferries, and 15% or more "
             "of the ticket legs must cross into it (official: Europe's London and "
             "Edinburgh, 9%).", stage="analyze",
             fix="Make one way in a normal route, or price the tickets that cross by their "
                 "cards (`ttrtool analyze` shows them).",
             example="warning TTR514 region-behind-tunnels-or-ferries: Barcelona, Cadiz, "
                     "Lisboa, Madrid, Pamplona can be reached only by tunnels ..."),
    CodeInfo(DOUBLE_ROUTES_OPEN_EARLY, W,
             "Both tracks of double routes are open at 2 players (or at 3 on a map for more), "
             "where every official map keeps one track closed: a small table barely blocks "
             "itself.", stage="analyze",
             fix="Raise `rules.double_routes.both_tracks_min_players` (official: 4, or 3 on "
                 "maps for at most 3 players).",
             example="warning TTR515 double-routes-open-early: "
                     "rules.double_routes.both_tracks_min_players is 2 ..."),
    CodeInfo(TICKETS_CLUSTERED, W,
             "A half or third of the board (west to east, north to south) ends under half "
             "the share of tickets its share of the cities would give, or a third over 1.6 "
             "times (official: 0.70 to 1.40).", stage="analyze",
             fix="Move some ticket ends into the quiet half, or add tickets there.",
             example="warning TTR516 tickets-clustered: the tickets crowd into the east "
                     "third of the board ..."),
    CodeInfo(RULE_FAR_FROM_OFFICIAL, W,
             "A rule every official map sets alike is far from that value: the first hand, "
             "the face-up cards, cards drawn a turn, the trains that end the game, a "
             "tunnel's revealed cards, the locomotives' share of the deck, the ticket draw "
             "and the first deal's keep, stations.", stage="analyze",
             fix="Set it back near the official value, or play the map enough to know why "
                 "it differs (`simulate`).",
             example="warning TTR517 rule-far-from-official: rules.initial_hand is 8, where "
                     "every official map has 4 ..."),
    CodeInfo(BOARD_FILLS_UP, W,
             "At some player count the players' trains nearly fill the usable train spaces: "
             "under 1.15 spaces a train (official: 1.32 at least; validate's TTR312 when the "
             "trains cannot fit at all).", stage="analyze",
             fix="Lower `rules.trains_per_player` or `rules.players.max`, or add routes.",
             example="warning TTR518 board-fills-up [5 players]: rules.trains_per_player is "
                     "60: at 5 players the players hold 300 trains for 309 usable spaces ..."),
    CodeInfo(SEAT_ADVANTAGE, W,
             "One seat wins more often than chance allows (chi-square per player count, the "
             "first seat pooled over the counts, Holm's adjustment).", stage="play",
             fix="Give later seats something (a fourth card, a shorter first ticket) or "
                 "lengthen the game; compare with `--baseline`.",
             example="warning TTR601 seat-advantage [3 players]: seat 1 wins 48.0% of 150 "
                     "games ..."),
    CodeInfo(ROUTE_NEVER_CLAIMED, W,
             "An open route no player claimed in the run, but in the last rounds with "
             "their last trains (info when it was claimed at another player count of the run).",
             stage="play",
             fix="Put a ticket through it, shorten it, or remove it.",
             example="warning TTR602 route-never-claimed [2 players]: route Miami–Key West 2 "
                     "black was never claimed in 300 games ..."),
    CodeInfo(ROUTE_RARELY_CLAIMED, INFO,
             "An open route claimed in very few games.", stage="play",
             fix="As for TTR602, if the route should matter.",
             example="info TTR603 route-rarely-claimed [2 players]: route Cadiz–Lisboa 2 "
                     "blue was claimed in 4 of 300 games ..."),
    CodeInfo(TICKET_ADVANTAGE, W,
             "Players who keep a ticket score more (or less) than players of the same "
             "bot in the same seat who do not, beyond what tickets of its cost give on the "
             "map (Mantel–Haenszel, Benjamini–Hochberg over the run's ticket tests; a "
             "warning from 5 points of final score when beyond the map's own spread or "
             "confirming a static price).",
             stage="play",
             fix="Price the ticket by what it is worth in play: lower the points of a ticket "
                 "whose keepers win more, raise those of one whose keepers lose.",
             example="warning TTR604 ticket-advantage [2, 3, 4 players]: players who keep "
                     "ticket Chicago–Santa Fe (regular-5) score 12.3 points more ...",
             autofix="tune"),
    CodeInfo(GAMES_STALLED, W,
             "Games that ended by stalling or at the turn cap instead of the trains running "
             "out.", stage="play",
             fix="Check the deck can pay for the routes (validate's TTR3xx) and the train "
                 "count; replay a stalled game with `ttrtool replay`.",
             example="warning TTR605 games-stalled [2 players]: 14 of 100 games did not end "
                     "normally ..."),
    CodeInfo(ROUTE_CLAIMER_ADVANTAGE, INFO,
             "Players who claim a route win more (or less) often than players of the same "
             "bot in the same seat who do not, in points of win rate, beyond the map's "
             "routes of its length and with an interval clear of no edge (info: official "
             "maps have such routes, which serve winning tickets).",
             stage="play",
             fix="Lengthen a route that wins games, or add a second way round it.",
             example="info TTR606 route-claimer-advantage [2, 3, 4 players]: players who "
                     "claim route Denver–Saint Louis 1 gray win 10.3 points of win rate "
                     "more ..."),
    CodeInfo(ROUTE_RACED, W,
             "A route claimed in the first three rounds in most games: players race for it "
             "(warning when the lower end of its 95% interval reaches half the games).",
             stage="play",
             fix="A route everyone takes first is usually too cheap for what it joins: "
                 "lengthen it or add a parallel route.",
             example="warning TTR607 route-raced [3, 4 players]: route Denver–Saint Louis 1 "
                     "gray is raced for: claimed in the first three rounds in 86% of games "
                     "..."),
    CodeInfo(TICKET_COMPLETION_OFF_COST, W,
             "Keepers complete a ticket far more or less often than the map's tickets of "
             "its points (like for like: each bot's line of completion against points, "
             "weighted by the bots that kept it; Benjamini–Hochberg over the run; a "
             "warning when 25 points off at the near end of its 95% interval).",
             stage="play",
             fix="A ticket harder than its points say needs more points or an easier way "
                 "between its cities; one easier than its points, fewer points.",
             example="warning TTR608 ticket-completion-off-cost [4 players]: ticket "
                     "Denver–El Paso 20 (regular-7) is easier in play than its points say ..."),
    CodeInfo(COLOUR_UNDER_PRESSURE, W,
             "A colour's tracks are claimed markedly less (under pressure) or more (fought "
             "over) often than the map's tracks of the same lengths in the same games "
             "(one difference per game; Benjamini–Hochberg over the run; one finding per "
             "colour; info when 10 points off at the near end of its 95% interval, a "
             "warning when 20).", stage="play",
             fix="Give the colour more cards or fewer tracks (TTR505, TTR506), or recolour "
                 "some of its routes.",
             example="warning TTR609 colour-under-pressure [3 players]: colour red is under "
                     "pressure at 3 players: 12.0% of its 14 tracks claimed per game ..."),
    CodeInfo(TEMPO_OUT_OF_RANGE, W,
             "Games run far longer or shorter than the official maps do at the same player "
             "count under the same table of bots (turns per player, trains left at the end; "
             "Holm over the run's tempo tests; a warning when 10% outside the official "
             "range at the near end of its 95% interval).", stage="play",
             fix="Check the train count and the route lengths: short routes and many trains "
                 "make long games.",
             example="warning TTR610 tempo-out-of-range [2 players]: turns per player 71.3 "
                     "at 2 players (95% CI 70.9–71.7) is above the official maps' 36–44 "
                     "under the same bots ..."),
    CodeInfo(SEAT_WIN_RATE_CHANGED, W,
             "A seat's win rate changed against the baseline map (warning when the near end "
             "of its 95% interval is 8 points off).",
             stage="baseline",
             fix="If the edit was not meant to move the seats, undo the part that did.",
             example="warning TTR621 seat-win-rate-changed [2 players]: seat 1 wins 58.0% "
                     "against 49.5% on the baseline ..."),
    CodeInfo(TICKET_CHANGED, W,
             "A ticket's completion rate, or its keepers' like-for-like edge, changed "
             "against the baseline map.", stage="baseline",
             fix="Check the ticket's price against its new paths (`ttrtool analyze`).",
             example="warning TTR622 ticket-changed [3 players]: keepers of ticket "
                     "Chicago–Santa Fe 18 (regular-5) win +10.2 points ..."),
    CodeInfo(ROUTE_CHANGED, W,
             "A route (matched by its ends and its place among parallel tracks, so a "
             "lengthened or recoloured route is itself) is claimed more or less often than "
             "on the baseline map; the edit that caused it is named.",
             stage="baseline",
             fix="A route nobody takes any more needs a reason to be taken: a ticket, a "
                 "colour with cards to spare.",
             example="warning TTR623 route-changed [3 players]: route Denver–Omaha 4 red "
                     "(recoloured pink → red) is claimed in 15% of games against 40% ..."),
    CodeInfo(COLOUR_PRESSURE_CHANGED, W,
             "The share of a colour's tracks claimed per game changed against the "
             "baseline map (its track count before and after is shown).",
             stage="baseline",
             fix="Balance the colours' routes and cards again (TTR505, TTR506).",
             example="warning TTR624 colour-pressure-changed [4 players]: colour red: 38% "
                     "of its 12 tracks claimed per game against 52% of 7 tracks ..."),
    CodeInfo(TEMPO_CHANGED, W,
             "Game length or the winner's score changed against the baseline map "
             "(warning from 10% of the baseline's mean).", stage="baseline",
             fix="Check train counts and route lengths if the change was not intended.",
             example="info TTR625 tempo-changed [2 players]: game length (turns) 74.1 "
                     "against 77.2 on the baseline ..."),
)
