"""`tune-bot`'s recording and fit: the games of the bot asked for, one row of feature differences per turn, and a
logistic fit that finds the weights that made the outcomes."""

from __future__ import annotations

import math
import random

import pytest

from game.bots.evaluation import FEATURES
from game.tools.tunebot import fit, record


def test_the_fit_finds_the_weight_that_made_the_outcomes() -> None:
    """Outcomes drawn as win with probability logistic(1.5 x0 - 0.5 x1) give back those weights, and nothing for
    a feature that plays no part."""
    rng = random.Random(7)
    xs, ys = [], []
    for _ in range(20000):
        x = [rng.gauss(0, 1) for _ in range(3)]
        p = 1 / (1 + math.exp(-(1.5 * x[0] - 0.5 * x[1])))
        xs.append(x)
        ys.append(1.0 if rng.random() < p else 0.0)
    weights, loss, hits = fit(xs, ys, l2=1.0)
    assert weights == pytest.approx([1.5, -0.5, 0.0], abs=0.06)
    assert 0.45 < loss < 0.6 and hits > 0.7


def test_recording_plays_the_bot_asked_for() -> None:
    """A recorded mirror game gives one row per turn (every feature, P1's minus P2's), each with the game's result
    for P1; the reference greedy and `greedy` play the same deal differently."""
    rows = {}
    for policy in ("greedy-v1", "greedy"):
        xs, ys = record(1, 3, ["fable_guard"], 1, policy)
        assert xs and len(xs) == len(ys)
        assert {len(x) for x in xs} == {len(FEATURES)}
        assert len(set(ys)) == 1 and ys[0] in (0.0, 0.5, 1.0)
        rows[policy] = xs
    assert rows["greedy-v1"] != rows["greedy"]
