"""`countertop tune-bot`: fit the evaluation's weights to game outcomes (a Texel-style fit), or tune them by SPSA,
and measure the new weights against the old ones by a match stopped by a sequential test.

1. Record: self-play games of a bot (by default the reference greedy, which is fast; `--policy greedy` records
   the games of the bot that plays with the weights), a few random moves for variety, each deal a mirror match
   (both seats the same deck, so a feature that merely tells the decks apart explains nothing), and every
   player's features at the start of each turn, where the search and greedy score their positions too.
2. Fit: logistic regression of the game's result on the difference of the two players' features (L2-penalised
   Newton steps): the weight of a feature is how much it moves the odds of winning.
3. Measure: greedy with the new weights against greedy with the old, paired deals, an SPRT deciding.
With `--spsa N`, steps 1 and 2 give way to tuning by the games the weights win (game/tools/spsa.py).
The file written holds the weights, the command that made them, the fit's figures and the match's result.
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from game.bots.determinize import Observation
from game.bots.evaluation import read_weights, vector, weights_file, weights_text
from game.bots.registry import make_bot
from game.engine import Game
from game.io.setup import SetupError, find_deck, new_game, standard_decks
from game.tools.batch import runner
from game.tools.match import MatchResult, Sprt, run_match
from game.tools.spsa import tune

EPSILON = 0.05
"""The share of moves the recording games take at random: enough variety that the fit sees positions the
greedy would not reach, few enough that the games stay like real ones."""
L2 = 1.0
"""The penalty on the weights' squares: keeps features that rarely differ (a status seldom seen) near 0."""

Rows = tuple[list[list[float]], list[float]]


def record_games(seeds: Sequence[int], decks: Sequence[str], policy: str = "greedy-v1") -> Rows:
    """The feature differences (P1 - P2) at each turn's start of mirror games, and each row's result for P1."""
    xs: list[list[float]] = []
    ys: list[float] = []
    for seed in seeds:
        rng = random.Random(seed)
        deck = decks[seed % len(decks)]
        game = Game(new_game(["P1", "P2"], [deck, deck], seed))
        table = game.table
        bots = {"P1": make_bot(policy, seed * 31), "P2": make_bot(policy, seed * 31 + 1)}
        rows = []
        actions = 0
        try:
            while table.turn.phase != "over" and actions < 4000:
                seen = Observation.of(game)
                action = rng.choice(seen.actions) if rng.random() < EPSILON else bots[seen.player].choose(seen)
                turn = table.turn.turn
                game.act(action)
                actions += 1
                if table.turn.turn != turn and table.turn.phase != "over":
                    rows.append([p - q for p, q in zip(vector(table, "P1"), vector(table, "P2"), strict=True)])
            winner = table.turn.winner
        finally:
            game.close()
        won = winner if isinstance(winner, list) else [winner] if winner else []
        result = 0.5 if not won or len(won) > 1 else 1.0 if won == ["P1"] else 0.0
        xs += rows
        ys += [result] * len(rows)
    return xs, ys


def record(games: int, seed: int, decks: Sequence[str], workers: int, policy: str = "greedy-v1") -> Rows:
    """`record_games` for games seed..seed+games-1, split over worker processes (results in worker order)."""
    seeds = list(range(seed, seed + games))
    if workers <= 1:
        return record_games(seeds, decks, policy)
    parts = [seeds[i::workers] for i in range(workers)]
    xs: list[list[float]] = []
    ys: list[float] = []
    with ProcessPoolExecutor(workers) as pool:
        for x, y in pool.map(record_games, parts, [decks] * workers, [policy] * workers):
            xs += x
            ys += y
    return xs, ys


def fit(xs: list[list[float]], ys: list[float], l2: float = L2) -> tuple[list[float], float, float]:
    """Logistic regression without intercept (the players are symmetric): the weights, the mean log-loss and the
    share of positions whose winner the fitted value foretells."""
    import numpy as np

    x, y = np.asarray(xs, dtype=float), np.asarray(ys, dtype=float)
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + l2 * w
        hess = (x.T * (p * (1 - p))) @ x + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    p = np.clip(1 / (1 + np.exp(-(x @ w))), 1e-12, 1 - 1e-12)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    decided = y != 0.5
    hits = float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5))) if decided.any() else 0.0
    return [float(v) for v in w], loss, hits


def write_atomically(path: Path, text: str) -> None:
    """Write a file whole or not at all (a temporary file beside it, then renamed over it)."""
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


def describe_match(result: MatchResult) -> str:
    """One line: the score with its interval, in Elo too, the games and the test's verdict."""
    s, e = result.score, result.elo()
    word = {"H1": "better (SPRT accepted the gain)", "H0": "not better (SPRT rejected the gain)",
            None: "undecided (the game budget ran out first)"}[result.verdict]
    return (f"new against old: wins {s.value:.1%} ({s.low:.1%} to {s.high:.1%}) = {e.value:+.0f} Elo "
            f"({e.low:+.0f} to {e.high:+.0f}), {result.games} games: {word}")


def run_tune_bot(args: argparse.Namespace) -> int:
    """Record, fit, write the weights to --out, and measure them against --against (the shipped weights)."""
    out = Path(args.out)
    if out.is_dir() or not out.parent.is_dir():
        raise SetupError(f"--out: {args.out} must be a file in an existing folder")
    old = Path(args.against) if args.against else weights_file()
    try:
        read_weights(old)
    except (OSError, ValueError) as err:
        raise SetupError(f"--against: {err}") from None
    decks = [find_deck(d).key for d in args.decks] if args.decks else list(standard_decks())
    workers = args.workers or os.cpu_count() or 1
    if args.spsa and args.ray not in (False, True):
        raise SetupError("--spsa with --ray ADDRESS: the tuning games read their weights from files in a local "
                         "temporary folder, which a cluster's nodes can't see; use --ray without an address, or none")
    command = shlex.join(["countertop", *args.argv])
    if args.spsa:
        weights, notes = by_games(read_weights(old).vector(), args, decks, workers)
    else:
        weights, notes = by_fit(args, decks, workers)
    candidate = out.with_name(f".{out.name}.candidate")
    write_atomically(candidate, weights_text(weights, command, notes))
    try:
        result = measure(candidate, old, args, decks, workers)
        line = describe_match(result)
        print(line)
        notes.append(f"Measured: greedy {line} (deals from seed {args.match_seed}).")
        write_atomically(out, weights_text(weights, command, notes))
    finally:
        candidate.unlink(missing_ok=True)
    print(f"wrote {out}")
    return 0


def by_fit(args: argparse.Namespace, decks: Sequence[str], workers: int) -> tuple[list[float], list[str]]:
    """Record self-play games and fit the weights to their outcomes; the weights and the fit's figures."""
    print(f"recording {args.games} mirror games of {args.policy} (seeds {args.seed}..{args.seed + args.games - 1})",
          file=sys.stderr)
    xs, ys = record(args.games, args.seed, decks, workers, args.policy)
    weights, loss, hits = fit(xs, ys, args.l2)
    print(f"fitted on {len(xs)} positions: log-loss {loss:.4f}, winner foretold {hits:.1%}")
    return weights, [f"Fitted on {len(xs)} positions of {args.games} games of {args.policy}: log-loss {loss:.4f}, "
                     f"winner foretold {hits:.1%}."]


def by_games(start: list[float], args: argparse.Namespace, decks: Sequence[str],
             workers: int) -> tuple[list[float], list[str]]:
    """SPSA from the --against weights on --spsa paired deals of greedy against itself; the weights and the run's
    figures."""
    print(f"tuning by SPSA on {args.spsa} paired deals (seeds {args.seed}..{args.seed + args.spsa - 1})",
          file=sys.stderr)
    with runner(workers, args.ray) as run:
        done = tune(start, args.spsa, args.seed, decks, run, batch=4 * workers)
    line = (f"Tuned by SPSA from {args.against or 'the shipped weights'} on {done.iterations} paired deals "
            f"({2 * done.iterations} games): the weights are the mean of the run's second half.")
    print(line)
    return done.weights, [line]


def measure(new: Path, old: Path, args: argparse.Namespace, decks: Sequence[str], workers: int) -> MatchResult:
    """Greedy with the new weights against greedy with the old ones, paired deals, an SPRT deciding."""
    with runner(workers, args.ray) as run:
        return run_match(f"greedy@{new}", f"greedy@{old}", args.deals, args.match_seed, decks, run,
                         Sprt(0.0, args.elo1), batch=max(8, 4 * workers))

