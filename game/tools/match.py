"""Matches between two bots on paired deals, stopped early only by a sequential test (what `ladder` and `tune-bot`
measure with, as engine testers measure a change against the last release).

Every deal is played twice with the seats (and decks) swapped, so a deal's two games share their cards and seed
and the seat advantage cancels. The unit of measurement is the deal: bot A's points over its two games, halved.
The interval is the normal one over deals (deals are independent; the two games of one deal are not). The
sequential test is a generalized SPRT in the manner of Fishtest: H0 "A scores s0" against H1 "A scores s1",
its log-likelihood ratio read from the deals' mean and variance, checked after each batch of deals.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.tools.balance import ELO, Z95, Interval
from game.tools.batch import LocalRunner, RayRunner, schedule
from game.tools.sim import GameResult

ALPHA = 0.05
BETA = 0.05
"""The sequential test's error rates: the chance to call a change better when it is not (ALPHA), and to miss a
change as good as H1 says (BETA)."""


@dataclass(frozen=True)
class Sprt:
    """A generalized SPRT of A's score per game: H0 elo0 against H1 elo1 (Elo points; 0 is an even match)."""

    elo0: float = 0.0
    elo1: float = 30.0
    alpha: float = ALPHA
    beta: float = BETA

    @property
    def bounds(self) -> tuple[float, float]:
        """The log-likelihood ratios at which H0 (lower) or H1 (upper) is accepted."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, deals: Sequence[float]) -> float:
        """The log-likelihood ratio of H1 against H0 after these deals (each A's mean score over its two games),
        by the normal approximation: n (s1 - s0) (2 mean - s0 - s1) / (2 variance)."""
        n = len(deals)
        if n < 2:
            return 0.0
        mean = sum(deals) / n
        var = sum((d - mean) ** 2 for d in deals) / n
        var = max(var, 1e-3)
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)

    def verdict(self, deals: Sequence[float]) -> str | None:
        """"H1" or "H0" once the test has decided, else None."""
        low, high = self.bounds
        llr = self.llr(deals)
        return "H1" if llr >= high else "H0" if llr <= low else None


def expected_score(elo: float) -> float:
    """The score per game of a player that many Elo points stronger."""
    return 1 / (1 + 10 ** (-elo / 400))


@dataclass(frozen=True)
class MatchResult:
    """A finished match: the bots, the deals played, A's score per game with its interval, and the test's word."""

    a: str
    b: str
    deals: tuple[float, ...]
    verdict: str | None

    @property
    def games(self) -> int:
        """Games played (two a deal)."""
        return 2 * len(self.deals)

    @property
    def score(self) -> Interval:
        """A's score per game (a win 1, a shared win its share) with the 95% interval over deals."""
        n = len(self.deals)
        if n == 0:
            return Interval(0.5, 0.0, 1.0)
        mean = sum(self.deals) / n
        sd = math.sqrt(sum((d - mean) ** 2 for d in self.deals) / max(n - 1, 1))
        half = Z95 * sd / math.sqrt(n)
        return Interval(mean, max(0.0, mean - half), min(1.0, mean + half))

    def elo(self) -> Interval:
        """The score as Elo points (400 log10 of the odds), the interval's ends likewise."""
        s = self.score
        return Interval(to_elo(s.value), to_elo(s.low), to_elo(s.high))


def to_elo(score: float) -> float:
    """Elo points of a score per game (±inf at 0 and 1 are cut at ±800)."""
    score = min(max(score, 0.01), 0.99)
    return ELO * math.log(score / (1 - score))


def deal_scores(results: Sequence[GameResult], a: str) -> list[float]:
    """A's mean score over each deal's two games (results in game order: deal i is games 2i and 2i+1)."""
    return [(points(results[i], a) + points(results[i + 1], a)) / 2 for i in range(0, len(results) - 1, 2)]


def points(result: GameResult, bot: str) -> float:
    """What a bot scored in one game: 1 for a win, a share of a shared win, 0 otherwise (a game cut off at the
    turn or action limit scores nothing for anyone)."""
    winners = result.winner if isinstance(result.winner, list) else [result.winner] if result.winner else []
    won = [w for w in winners if result.bots[int(w[1:]) - 1] == bot]
    return len(won) / len(winners) if winners else 0.0


def run_match(a: str, b: str, deals: int, seed: int, decks: Sequence[str], runner: LocalRunner | RayRunner,
              sprt: Sprt | None = None, batch: int = 16, done: Callable[[int], None] = lambda _: None) -> MatchResult:
    """Play up to `deals` paired deals of bot A against bot B (2-player), in batches of `batch` deals; with an
    SPRT, stop as soon as it decides. The deals are the same for any two bots: deal i is seed + i's."""
    if a == b:
        raise ValueError("a match needs two different bots")
    scores: list[float] = []
    verdict = None
    while len(scores) < deals and verdict is None:
        count = min(batch, deals - len(scores))
        specs = schedule(2 * len(scores), 2 * count, seed, decks, [a, b], 2, True, False)
        scores += deal_scores(runner.run(specs, done), a)
        verdict = sprt.verdict(scores) if sprt is not None else None
    return MatchResult(a, b, tuple(scores), verdict)
