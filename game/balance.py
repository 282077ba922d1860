"""Balance statistics: Wilson intervals for win rates, Bradley-Terry ratings for two players, Plackett-Luce for more."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

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
    """
    index = {name: i for i, name in enumerate(items)}
    k = len(items)
    games = np.zeros((k, k))
    score = np.zeros(k)
    for a, b, s in outcomes:
        i, j = index[a], index[b]
        if i == j:
            continue
        games[i, j] += 1
        games[j, i] += 1
        score[i] += s
        score[j] += 1 - s
    if prior:
        games += prior * (1 - np.eye(k))
        score += prior * (k - 1) / 2
    theta = np.zeros(k)
    for _ in range(10_000):
        strength = np.exp(theta)
        pair = strength[:, None] + strength[None, :]
        denom = (games / pair).sum(axis=1)
        new = np.where(denom > 0, np.log(np.maximum(score, 1e-300) / np.where(denom > 0, denom, 1)), 0.0)
        new -= new.mean()
        done = np.max(np.abs(new - theta)) < 1e-12
        theta = new
        if done:
            break
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
    weight = games * p * (1 - p)
    info = np.diag(weight.sum(axis=1)) - weight
    se = np.sqrt(np.maximum(np.diag(np.linalg.pinv(info)), 0.0))
    return {name: Interval(float(theta[i]), float(theta[i] - Z95 * se[i]), float(theta[i] + Z95 * se[i]))
            for name, i in index.items()}


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
