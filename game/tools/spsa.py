"""`countertop tune-bot --spsa N`: tune the evaluation's weights by the games they win (SPSA with common random
numbers, after Kocsis and Szepesvári, "Universal parameter optimisation in games based on SPSA").

Each iteration perturbs every weight at once by plus or minus its step (a fresh random sign each), and plays
`greedy` with the weights pushed one way against `greedy` with them pushed the other, on one paired deal: both
sides meet the same cards and dice, so the deal's score tells the two directions apart and little else. Every
weight then moves along its sign by the score's lead, scaled to its step. The gain shrinks as the run goes on,
and the weights written are the mean over the run's second half (the last half's average is steadier than its
last point). A Texel fit says which weights foretell the winner; this says which ones win.
"""

from __future__ import annotations

import random
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from game.bots.evaluation import weights_text
from game.tools.batch import LocalRunner, RayRunner, schedule
from game.tools.match import deal_scores

STEP_SHARE = 0.2
"""A weight's perturbation, as a share of its size at the start: large enough that a deal can tell the two sides
apart, small enough that both still play the same game."""
STEP_FLOOR = 0.05
"""The smallest perturbation, for weights that start near 0 (a status that is seldom on the table)."""
GAIN = 0.1
"""How far a weight moves on a won deal, in steps, at the start of the run."""
GAIN_DECAY = 0.602
"""The gain falls as (1 + k / (N / 10)) ** -GAIN_DECAY at iteration k of N (the usual SPSA exponent)."""


@dataclass(frozen=True)
class SpsaRun:
    """A finished run: the weights it ends with (the mean of its second half), the iterations and the plus side's
    mean score over them (near 0.5: the two sides differ only by small pushes)."""

    weights: list[float]
    iterations: int
    plus_score: float


def steps(start: Sequence[float]) -> list[float]:
    """Each weight's perturbation: STEP_SHARE of its start, at least STEP_FLOOR."""
    return [max(STEP_SHARE * abs(w), STEP_FLOOR) for w in start]


def gain(k: int, iterations: int) -> float:
    """The gain at iteration k of a run of `iterations` (in steps per unit of score lead)."""
    return GAIN * (1 + k / max(iterations / 10, 1)) ** -GAIN_DECAY


def pushed(path: Path, theta: Sequence[float], sign: Sequence[int], size: Sequence[float], way: int) -> Path:
    """Write the weights pushed `way` (1 or -1) along `sign` by each one's step to `path`; the path."""
    path.write_text(weights_text([t + way * s * c for t, s, c in zip(theta, sign, size, strict=True)], "", []))
    return path


def tune(start: Sequence[float], iterations: int, seed: int, decks: Sequence[str], run: LocalRunner | RayRunner,
         batch: int, log: bool = True) -> SpsaRun:
    """SPSA from `start` for `iterations` paired deals (deal k is seed + k's), `batch` of them at a time (the
    iterations of one batch share their weights and are played at once)."""
    rng = random.Random(seed)
    theta = list(start)
    size = steps(start)
    total = [0.0] * len(theta)
    averaged = 0
    plus_points = 0.0
    with tempfile.TemporaryDirectory(prefix="countertop-spsa-") as folder:
        k = 0
        while k < iterations:
            count = min(batch, iterations - k)
            signs, specs = [], []
            for j in range(k, k + count):
                sign = [rng.choice((-1, 1)) for _ in theta]
                a, b = (f"greedy@{pushed(Path(folder, f'{side}-{j}.toml'), theta, sign, size, way)}"
                        for side, way in (("plus", 1), ("minus", -1)))
                signs.append((sign, a))
                specs += schedule(2 * j, 2, seed, decks, [a, b], 2, True, False)
            results = run.run(specs, lambda _: None)
            for n, (sign, a) in enumerate(signs):
                score = deal_scores(results[2 * n:2 * n + 2], a)[0]
                plus_points += score
                lead = 2 * (score - 0.5)
                g = gain(k + n, iterations)
                theta = [t + g * c * lead * s for t, s, c in zip(theta, sign, size, strict=True)]
                if k + n >= iterations // 2:
                    total = [acc + t for acc, t in zip(total, theta, strict=True)]
                    averaged += 1
            k += count
            if log:
                print(f"spsa: {k}/{iterations} deals, plus side {plus_points / k:.1%}", file=sys.stderr)
    final = [acc / averaged for acc in total] if averaged else theta
    return SpsaRun(final, iterations, plus_points / max(iterations, 1))
