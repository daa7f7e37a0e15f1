"""The variance of each ticket's own edge (ttrtool.verdict.holdings): games as clusters."""

from __future__ import annotations

import math
import random
import statistics

from ttrtool.verdict.holdings import Holdings

Game = list[tuple[tuple[str, int], list[str], int, bool]]


def _games(rng: random.Random, count: int) -> list[Game]:
    """Three seats of one bot; tickets A, B, C, D dealt at random, A worth 12 points and C
    6.  A game's players share its length (a common shift) and take points from each
    other (what one gains the next loses)."""
    out = []
    for _ in range(count):
        shift = rng.gauss(0, 8)
        take = [rng.gauss(0, 6) for _ in range(3)]
        game = []
        for seat in range(3):
            hand = [t for t in "ABCD" if rng.random() < 0.35]
            score = (100 + shift + take[seat] - take[(seat + 1) % 3]
                     + 12 * ("A" in hand) + 6 * ("C" in hand) + rng.gauss(0, 4))
            game.append((("bot", seat), hand, round(score), score > 110))
        out.append(game)
    return out


def _fit(games: list[Game]) -> dict[str, float]:
    held = Holdings()
    for game in games:
        held.add_game(game)
    return {t: e["score"].diff for t, e in held.fit().items()}


def test_the_variance_is_the_jackknife_over_games() -> None:
    """CR3: (G-1)/G times the sum over games of the squared change of a coefficient when
    that game is left out, here by fitting again without it (one bot: the weights are
    all alike and do not move the coefficients)."""
    games = _games(random.Random(11), 40)
    held = Holdings()
    for game in games:
        held.add_game(game)
    fit = held.fit()
    full = _fit(games)
    left_out = [_fit(games[:g] + games[g + 1:]) for g in range(len(games))]
    g = len(games)
    for t in "ABCD":
        jack = (g - 1) / g * sum((f[t] - full[t]) ** 2 for f in left_out)
        assert math.isclose(fit[t]["score"].se ** 2, jack, rel_tol=1e-6)


def test_players_of_one_game_who_take_from_each_other_widen_the_interval() -> None:
    """Two players a game, one keeps T, and what the keeper scores above 100 the other
    scores below it.  Taken as independent players the difference's standard error would
    be under four fifths of the estimate's spread over many seeded runs (0.78 here, and
    the fit's own was as small); with the game as the cluster it matches that spread."""
    rng = random.Random(5)
    estimates, ses, naive = [], [], []
    for _ in range(150):
        held = Holdings()
        keepers, others = [], []
        for g in range(30):
            d = rng.gauss(5, 10)
            seat = g % 2
            held.add_game([(("bot", seat), ["T"], round(100 + d), d > 0),
                           (("bot", 1 - seat), [], round(100 - d), d <= 0)])
            keepers.append(round(100 + d))
            others.append(round(100 - d))
        edge = held.fit()["T"]["score"]
        estimates.append(edge.diff)
        ses.append(edge.se)
        # every player independent: the two-sample standard error
        naive.append(math.sqrt((statistics.variance(keepers) + statistics.variance(others))
                               / 30))
    spread = statistics.pstdev(estimates)
    assert 0.85 < statistics.fmean(ses) / spread < 1.2
    assert statistics.fmean(naive) / spread < 0.8


def test_the_order_of_the_games_does_not_change_the_variance() -> None:
    games = _games(random.Random(2), 25)
    forward, backward = Holdings(), Holdings()
    for game in games:
        forward.add_game(game)
    for game in reversed(games):
        backward.add_game(list(reversed(game)))
    assert forward.fit() == backward.fit()
