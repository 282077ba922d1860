"""Balance statistics (issue 14): Wilson intervals, Bradley-Terry and Plackett-Luce ratings against hand values."""

from __future__ import annotations

import math
import random
import subprocess
import sys

import pytest

from game.tools.balance import Z95, bradley_terry, plackett_luce, wilson


def test_wilson_five_of_ten() -> None:
    """5/10: centre 0.5, half-width z/(1+z²/n)·sqrt(p(1-p)/n + z²/4n²) = 0.26341 by hand."""
    iv = wilson(5, 10)
    assert iv.value == 0.5
    assert iv.low == pytest.approx(0.236593, abs=1e-6) and iv.high == pytest.approx(0.763407, abs=1e-6)
    assert iv.half_width == pytest.approx(0.263407, abs=1e-6)


def test_wilson_no_wins_and_all_wins() -> None:
    """0/4 runs from 0 to z²/(n+z²) = 0.48989; 4/4 mirrors it; no games is the whole of [0, 1]."""
    zero, every = wilson(0, 4), wilson(4, 4)
    assert zero.low == 0.0 and zero.high == pytest.approx(Z95**2 / (4 + Z95**2), abs=1e-9)
    assert every.high == 1.0 and every.low == pytest.approx(1 - zero.high, abs=1e-9)
    empty = wilson(0, 0)
    assert (empty.low, empty.high) == (0.0, 1.0)


def test_bradley_terry_two_decks() -> None:
    """A beats B 3 of 4: strengths ±ln(3)/2; information n·p(1-p) = 0.75 on the difference, so each strength
    (half the difference) has standard error 1/sqrt(4·0.75) = 0.57735."""
    fit = bradley_terry(["A", "B"], [("A", "B", 1.0)] * 3 + [("B", "A", 1.0)])
    assert fit["A"].value == pytest.approx(math.log(3) / 2, abs=1e-9)
    assert fit["B"].value == pytest.approx(-math.log(3) / 2, abs=1e-9)
    se = 1 / math.sqrt(3)
    assert fit["A"].low == pytest.approx(math.log(3) / 2 - Z95 * se, abs=1e-7)
    assert fit["A"].high == pytest.approx(math.log(3) / 2 + Z95 * se, abs=1e-7)


def test_bradley_terry_prior_and_shared_results() -> None:
    """A won 2 of 2; one virtual drawn game makes it 2.5 of 3: strengths ±ln(5)/2. A shared result scores 0.5."""
    fit = bradley_terry(["A", "B"], [("A", "B", 1.0), ("A", "B", 1.0)], prior=1.0)
    assert fit["A"].value == pytest.approx(math.log(5) / 2, abs=1e-9)
    drawn = bradley_terry(["A", "B"], [("A", "B", 0.5), ("A", "B", 1.0)])
    assert drawn["A"].value == pytest.approx(math.log(3) / 2, abs=1e-9)


def test_bradley_terry_three_decks_meets_the_likelihood_equations() -> None:
    """Three decks: each deck's expected wins equal its wins at the fit, and the strengths sum to 0."""
    games = [("A", "B", 1.0), ("A", "B", 1.0), ("B", "A", 1.0), ("B", "C", 1.0), ("C", "B", 1.0),
             ("A", "C", 1.0), ("C", "A", 1.0), ("A", "C", 1.0)]
    fit = bradley_terry(["A", "B", "C"], games)
    theta = {k: iv.value for k, iv in fit.items()}
    assert sum(theta.values()) == pytest.approx(0, abs=1e-9)
    wins = {"A": 4, "B": 2, "C": 2}
    for deck in "ABC":
        expected = sum(1 / (1 + math.exp(theta[b if a == deck else a] - theta[deck]))
                       for a, b, _ in games if deck in (a, b))
        assert expected == pytest.approx(wins[deck], abs=1e-8)
    assert theta["A"] > theta["B"] == pytest.approx(theta["C"], abs=1e-9)


def test_plackett_luce_one_game_by_hand() -> None:
    """openskill PL, two fresh ratings (mu 25, sigma 25/3, beta 25/6, tau 25/300 added to sigma first):
    c = sqrt(2σ² + 2β²) = 13.1767; the winner gains σ²/c · (1 - 1/2) = 2.63539; the loser loses as much."""
    var, beta = (25 / 3) ** 2 + (25 / 300) ** 2, 25 / 6
    c = math.sqrt(2 * var + 2 * beta**2)
    fit = plackett_luce(["A", "B"], [(["A", "B"], [0, 1])])
    assert fit["A"].value == pytest.approx(25 + var / c / 2, abs=1e-9) == pytest.approx(27.63539, abs=1e-5)
    assert fit["B"].value == pytest.approx(25 - var / c / 2, abs=1e-9)
    assert fit["A"].high - fit["A"].value == pytest.approx(fit["A"].value - fit["A"].low)


def test_plackett_luce_three_players_tied_losers() -> None:
    """Three decks, A wins twice with B and C tied behind: A rises, B and C fall alike; a deck never seen stays 25."""
    fit = plackett_luce(["A", "B", "C", "D"], [(["A", "B", "C"], [0, 1, 1]), (["C", "A", "B"], [1, 0, 1])])
    assert fit["A"].value > 25 > fit["B"].value
    assert fit["B"].value == pytest.approx(fit["C"].value, abs=1e-9)
    assert fit["D"].value == 25


def numpy_bradley_terry(items: list[str], outcomes: list[tuple[str, str, float]],
                        prior: float) -> dict[str, tuple[float, float, float]]:
    """The same fit with numpy arrays and numpy's pseudo-inverse (the reference the plain fit is held to)."""
    np = pytest.importorskip("numpy")
    index = {name: i for i, name in enumerate(items)}
    k = len(items)
    games, score = np.zeros((k, k)), np.zeros(k)
    for a, b, s in outcomes:
        i, j = index[a], index[b]
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
        denom = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        new = np.where(denom > 0, np.log(np.maximum(score, 1e-300) / np.where(denom > 0, denom, 1)), 0.0)
        new -= new.mean()
        done = np.max(np.abs(new - theta)) < 1e-12
        theta = new
        if done:
            break
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
    weight = games * p * (1 - p)
    se = np.sqrt(np.maximum(np.diag(np.linalg.pinv(np.diag(weight.sum(axis=1)) - weight)), 0.0))
    return {name: (theta[i], theta[i] - Z95 * se[i], theta[i] + Z95 * se[i]) for name, i in index.items()}


def test_bradley_terry_equals_the_numpy_fit_on_seeded_leagues() -> None:
    """40 seeded leagues of 2 to 7 decks, some with decks that never met (two parts, or a deck alone) and some
    with the prior; each pair that met won a game each way: the plain fit gives numpy's strengths and intervals
    to 1e-9."""
    rng = random.Random(14)
    for league in range(40):
        k = rng.randint(2, 7)
        items = [f"d{i}" for i in range(k)]
        met = [(a, b) for a in items for b in items if a < b]
        if league % 3 == 1:
            met = [(a, b) for a, b in met if (a < items[k // 2]) == (b < items[k // 2])]
        if league % 3 == 2:
            met = [(a, b) for a, b in met if items[-1] not in (a, b)]
        outcomes = [(a, b, rng.choice((0.0, 0.5, 1.0, 1.0))) for a, b in met for _ in range(rng.randint(1, 6))]
        outcomes += [(a, b, won) for a, b in met for won in (0.0, 1.0)]  # every strength finite without a prior
        prior = 1.0 if league % 2 else 0.0
        fit = bradley_terry(items, outcomes, prior)
        for name, (value, low, high) in numpy_bradley_terry(items, outcomes, prior).items():
            assert fit[name].value == pytest.approx(value, abs=1e-9)
            assert fit[name].low == pytest.approx(low, abs=1e-9) and fit[name].high == pytest.approx(high, abs=1e-9)


def test_the_fit_needs_no_array_library() -> None:
    """A sim run never imports numpy for its ratings (the import cost more than the fit)."""
    code = "import sys, game.tools.report; print('numpy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
