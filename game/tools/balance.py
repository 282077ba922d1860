"""Balance statistics: Wilson intervals for win rates, Bradley-Terry ratings for two players, Plackett-Luce for more."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054  # the two-sided 95% point of the standard normal
ELO = 400 / math.log(10)  # Elo points per unit of log-odds


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% interval."""

    value: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        """Half the interval's width (the "±" a designer reads)."""
        return (self.high - self.low) / 2


def wilson(wins: float, games: int, z: float = Z95) -> Interval:
    """The win rate wins/games with its Wilson score interval (the whole of [0, 1] when there are no games)."""
    if games <= 0:
        return Interval(0.0, 0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(items: Sequence[str], outcomes: Sequence[tuple[str, str, float]],
                  prior: float = 0.0) -> dict[str, Interval]:
    """Bradley-Terry strengths (log-odds, mean 0) with 95% intervals from the Fisher information.

    `outcomes` are (a, b, score of a): 1 a won, 0 b won, 0.5 shared. `prior` adds that many virtual drawn games
    between every pair, which keeps a deck that never won (or never lost) finite. Fitted by the MM algorithm
    (Hunter 2004); the intervals use the pseudo-inverse of the information matrix (the sum-zero constraint).
    Plain Python: a few decks need no array library, and importing one would cost a run more than the fit.
    """
    index = {name: i for i, name in enumerate(items)}
    k = len(items)
    games = [[0.0] * k for _ in range(k)]
    score = [0.0] * k
    for a, b, s in outcomes:
        i, j = index[a], index[b]
        if i == j:
            continue
        games[i][j] += 1
        games[j][i] += 1
        score[i] += s
        score[j] += 1 - s
    if prior:
        for i in range(k):
            for j in range(k):
                games[i][j] += prior if i != j else 0.0
        score = [x + prior * (k - 1) / 2 for x in score]
    theta = [0.0] * k
    for _ in range(10_000 if k else 0):
        strength = [math.exp(t) for t in theta]
        new = []
        for i in range(k):
            denom = sum(games[i][j] / (strength[i] + strength[j]) for j in range(k))
            new.append(math.log(max(score[i], 1e-300) / denom) if denom > 0 else 0.0)
        mean = sum(new) / k
        new = [x - mean for x in new]
        done = max(abs(x - t) for x, t in zip(new, theta, strict=True)) < 1e-12
        theta = new
        if done:
            break
    weight = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            p = 1 / (1 + math.exp(theta[j] - theta[i]))
            weight[i][j] = games[i][j] * p * (1 - p)
    variance = laplacian_pinv_diagonal(weight)
    se = [math.sqrt(max(v, 0.0)) for v in variance]
    return {name: Interval(theta[i], theta[i] - Z95 * se[i], theta[i] + Z95 * se[i]) for name, i in index.items()}


def laplacian_pinv_diagonal(weight: list[list[float]]) -> list[float]:
    """The diagonal of the pseudo-inverse of the Laplacian of symmetric edge weights (diag(row sums) - weight).

    The pseudo-inverse is block by block over the connected parts; on a part of n nodes it is
    inv(L + J/n) - J/n (J all ones), and 0 on a node alone.
    """
    k = len(weight)
    found = [0.0] * k
    unseen = set(range(k))
    while unseen:
        part, todo = [], [min(unseen)]
        unseen.discard(todo[0])
        while todo:
            i = todo.pop()
            part.append(i)
            for j in [j for j in unseen if weight[i][j] > 0]:
                unseen.discard(j)
                todo.append(j)
        if len(part) == 1:
            continue
        part.sort()
        n = len(part)
        block = [[(sum(weight[i]) - weight[i][i] if i == j else -weight[i][j]) + 1 / n for j in part] for i in part]
        for slot, value in enumerate(inverse_diagonal(block)):
            found[part[slot]] = value - 1 / n
    return found


def inverse_diagonal(matrix: list[list[float]]) -> list[float]:
    """The diagonal of the inverse of an invertible square matrix (Gauss-Jordan with partial pivoting)."""
    n = len(matrix)
    rows = [list(row) + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n + i] for i in range(n)]


def plackett_luce(items: Sequence[str], games: Sequence[tuple[Sequence[str], Sequence[int]]]) -> dict[str, Interval]:
    """openskill Plackett-Luce ratings (mu, and mu ± 1.96 sigma) from games in order: (decks by seat, rank by seat).

    A rank is 0 for a winner and 1 for everyone else. A deck in two seats of one game gets the sum of its seats'
    changes of mu and the smaller sigma.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in items}
    for decks, ranks in games:
        teams = [[model.rating(mu=ratings[d].mu, sigma=ratings[d].sigma, name=d)] for d in decks]
        rated = model.rate(teams, ranks=list(ranks))
        mu = {d: ratings[d].mu for d in decks}
        sigma = {d: ratings[d].sigma for d in decks}
        for d, team in zip(decks, rated, strict=True):
            mu[d] += team[0].mu - ratings[d].mu
            sigma[d] = min(sigma[d], team[0].sigma)
        for d in mu:
            ratings[d] = model.rating(mu=mu[d], sigma=sigma[d], name=d)
    return {name: Interval(r.mu, r.mu - Z95 * r.sigma, r.mu + Z95 * r.sigma) for name, r in ratings.items()}
