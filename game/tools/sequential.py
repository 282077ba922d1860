"""When a variant's comparison with the base is settled (`sim --variant --until decided`): sequential tests in the
manner of Fishtest's SPRT, on the paired per-game differences.

Each comparison (a deck's or a seat's win rate, variant minus base) runs two one-sided sequential probability ratio
tests against the smallest move worth finding, s (3 points for `decided`, or `--until 2pts`): H0 delta = 0 against
H1 delta = +s, and H0 delta = 0 against H1 delta = -s. Their log-likelihood ratio is the generalised SPRT's normal
approximation (Fishtest's GSPRT): LLR = N (mu1 - mu0) (2 delta - mu0 - mu1) / (2 var), with delta the paired
difference over N seats and var the per-seat variance of the differences (`game.tools.compare.paired`), taken as at
least 1/N (as if one seat in N had differed) so that a handful of identical games can't settle anything alone.
Wald's bounds for alpha = beta = 0.05 are log(beta / (1 - alpha)) = -2.94 and log((1 - beta) / alpha) = +2.94.

A comparison is settled when one test accepts its H1 (a measurable move up or down: a true delta of 0 is called a
move with probability at most 5% each way) or both accept H0 (no measurable change: a true move of s or more is
missed with probability at most 5%). Moves between 0 and s may go either way; that is the test's indifference
zone. The error rates hold for each comparison on its own, checked after each batch of games; a run with several
decks, seats and variants makes several comparisons at once.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

ALPHA = BETA = 0.05
"""Fishtest's default error rates: a false move and a missed move, each side."""
LOWER = math.log(BETA / (1 - ALPHA))
UPPER = math.log((1 - BETA) / ALPHA)
DECIDED = 0.03
"""The smallest move `--until decided` looks for, as a fraction (3 points)."""
POINTS = re.compile(r"(\d+(?:\.\d+)?)pts?")
UP, DOWN, SAME = "moved up", "moved down", "no measurable change"


@dataclass(frozen=True)
class Verdict:
    """A settled comparison: what it found, and after how many games of the run."""

    found: str
    games: int


def precision(text: str) -> float | None:
    """The smallest move of `--until decided` or `--until Npts` (N points, 0 < N < 50), or None for other text."""
    if text == "decided":
        return DECIDED
    found = POINTS.fullmatch(text)
    if found is None or not 0 < float(found.group(1)) < 50:
        return None
    return float(found.group(1)) / 100


def llr(diffs: Sequence[float], weights: Sequence[int], mu0: float, mu1: float) -> float:
    """The GSPRT log-likelihood ratio of delta = mu1 against delta = mu0, from per-game differences and weights."""
    total = sum(weights)
    if not total:
        return 0.0
    delta = sum(diffs) / total
    var = max(sum((d - delta * n) ** 2 for d, n in zip(diffs, weights, strict=True)) / total, 1 / total)
    return total * (mu1 - mu0) * (2 * delta - mu0 - mu1) / (2 * var)


def verdict(diffs: Sequence[float], weights: Sequence[int], step: float) -> str | None:
    """What the two one-sided tests say now: a move up or down, no measurable change, or None (not yet settled)."""
    up, down = llr(diffs, weights, 0.0, step), llr(diffs, weights, 0.0, -step)
    if up >= UPPER:
        return UP
    if down >= UPPER:
        return DOWN
    if up <= LOWER and down <= LOWER:
        return SAME
    return None
