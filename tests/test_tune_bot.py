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


class RiggedRunner:
    """A runner whose games are won by the side whose `vp` weight is larger (a tie goes to neither), so SPSA's
    steps can be followed exactly; it records the bots it was asked to play."""

    def __init__(self) -> None:
        self.bots: list[tuple[str, ...]] = []

    def run(self, specs, done):  # type: ignore[no-untyped-def]
        from game.bots.registry import weights_at
        from game.tools.sim import GameResult

        results = []
        for spec in specs:
            self.bots.append(spec.bots)
            vp = [weights_at(bot.partition("@")[2]).of("vp") for bot in spec.bots]
            winner = None if vp[0] == vp[1] else "P1" if vp[0] > vp[1] else "P2"
            results.append(GameResult(spec.seed, list(spec.decks), list(spec.bots), winner, 5, False))
        done(len(specs))
        return results


def test_spsa_moves_a_weight_that_wins_by_its_step_times_the_gains() -> None:
    """When the side with more weight on VP always wins, every deal's lead has the sign of that weight's push, so
    `vp` climbs by its step times the gain at every iteration, whatever the signs drawn; a deal is two games of
    one seed with the seats swapped."""
    from game.tools.spsa import STEP_FLOOR, STEP_SHARE, gain, tune

    start = [0.5 if name == "vp" else 0.0 for name in FEATURES]
    runner = RiggedRunner()
    done = tune(start, 6, 40, ["fable_guard", "fable_guard"], runner, batch=4, log=False)  # type: ignore[arg-type]
    step = STEP_SHARE * 0.5
    vp = FEATURES.index("vp")
    trail = [0.5 + step * sum(gain(k, 6) for k in range(n + 1)) for n in range(6)]
    assert done.weights[vp] == pytest.approx(sum(trail[3:]) / 3)
    from game.bots.registry import weights_at

    def plus_won(bots: tuple[str, ...]) -> bool:
        plus, minus = sorted(bots, key=lambda bot: "minus-" in bot)
        return weights_at(plus.partition("@")[2]).of("vp") > weights_at(minus.partition("@")[2]).of("vp")

    assert done.plus_score == sum(plus_won(bots) for bots in runner.bots[::2]) / 6
    assert done.iterations == 6
    assert len(runner.bots) == 12
    assert all(runner.bots[i] == runner.bots[i + 1][::-1] for i in range(0, 12, 2))
    assert STEP_FLOOR == 0.05 and gain(0, 6) == 0.1


def test_tune_bot_by_spsa_writes_the_weights_the_command_and_the_match(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """`tune-bot --spsa N` starts from the --against weights, plays N paired deals, and writes every feature's
    weight, the command, the run's line and the measuring match's line."""
    from game.bots.evaluation import read_weights
    from game.cli import main

    out = tmp_path / "tuned.toml"
    args = ["tune-bot", "--spsa", "2", "--deals", "1", "--workers", "1", "--decks", "fable_guard", "--out", str(out)]
    assert main(args) == 0
    tuned = read_weights(out)
    assert set(tuned.values) == set(FEATURES)
    assert tuned.made_by == "countertop tune-bot " + " ".join(args[1:])
    text = out.read_text(encoding="utf-8").splitlines()
    assert text[0] == ("# Tuned by SPSA from the shipped weights on 2 paired deals (4 games): the weights are the mean "
                       "of the run's second half.")
    assert text[1].startswith("# Measured: greedy new against old: wins ") and ", 2 games: " in text[1]
    assert capsys.readouterr().out.splitlines()[-1] == f"wrote {out}"


def test_spsa_on_a_cluster_is_refused_in_one_line(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """The tuning games' weights are files in a local temporary folder: a cluster address is refused before any game
    is played, and nothing is written."""
    from game.cli import BAD_INPUT, main

    out = tmp_path / "tuned.toml"
    assert main(["tune-bot", "--spsa", "2", "--ray", "10.0.0.1:6379", "--out", str(out)]) == BAD_INPUT
    err = capsys.readouterr().err.splitlines()
    assert err == ["countertop: --spsa with --ray ADDRESS: the tuning games read their weights from files in a local "
                   "temporary folder, which a cluster's nodes can't see; use --ray without an address, or none"]
    assert not out.exists() and list(tmp_path.iterdir()) == []
