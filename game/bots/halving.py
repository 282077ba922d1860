"""The planning bot `halving`: greedy's judgement of an action, spent over a budget by sequential halving.

An action is judged as `greedy` judges it (game/bots/lookahead.py): applied on a determinization, the rest of the
turn played by the reference greedy's plain preferences, the end of the turn scored by the evaluation. Sequential
halving (Karnin, Koren and Somekh 2013) spends a budget of such judgements on the actions worth telling apart: in
each round every action still in the running is judged on the same fresh deals (common random numbers: a deal's
dice and hidden cards weigh on every action alike), and the better half goes on to a round with twice the deals.
A tree search at this budget spends most playouts on actions whose first judgement was already poor, and compares
actions across different deals, where a lucky roll outweighs what the action did; on paired deals at 100 ms a
decision, halving won 72% against `ismcts-v1` where `ismcts` won 55% (docs/bots.md).

Actions are judged in the order the plain preferences rank them, so a time budget that runs out in the first
round has judged the likeliest ones. With `workers` processes, each halves on its own deals and the judgements
are added up (root parallelism).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.bots.determinize import Observation, Sampler
from game.bots.evaluation import Weights, shipped_weights
from game.bots.lookahead import judge
from game.bots.simple import GreedyBot, Replays
from game.engine import Game
from game.io.view import TableBoard

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

DEFAULT_JUDGEMENTS = 128
"""The default budget outside the window: judgements a decision, so seeded runs repeat (about four rounds for
twenty actions)."""

Tally = dict[int, tuple[int, float]]
"""Judgements and their total score, by the action's place in the decision's list."""
Halved = tuple[Tally, list[int]]
"""A halving's tally and the actions it left in the running."""


class HalvingBot:
    """Sequential halving over the legal actions, each judged by playing out the turn on a deal; a budget of
    judgements or milliseconds, spent by `workers` processes at once."""

    name = "halving"

    def __init__(self, seed: int, judgements: int | None = None, ms: float | None = None,
                 weights: Weights | None = None, workers: int = 1) -> None:
        """Stop at `judgements` (shared out among the workers) or after `ms` milliseconds, whichever comes first;
        with neither, DEFAULT_JUDGEMENTS."""
        self.rng = random.Random(seed)
        if judgements is None and ms is None:
            judgements = DEFAULT_JUDGEMENTS
        self.judgements, self.ms = judgements, ms
        self.weights = weights or shipped_weights()
        self.workers = workers
        self.pool: ProcessPoolExecutor | None = None
        self.replays = Replays()
        self.judged = 0
        """Judgements made over the bot's life, by every worker."""

    def choose(self, seen: Observation) -> dict[str, Any]:
        return self.replays.choose(seen, self.best)

    def best(self, seen: Observation, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """Among the actions the halving left in the running (in most workers), the best mean judgement."""
        seeds = [self.rng.randrange(2**32) for _ in range(self.workers)]
        shares = [None] * self.workers if self.judgements is None else \
            [self.judgements // self.workers + (i < self.judgements % self.workers) for i in range(self.workers)]
        order = ranked(seen, actions, seeds[0])
        remote = []
        if self.workers > 1:
            if self.pool is None:  # made on first use: a one-process bot loads no pool machinery
                import multiprocessing
                from concurrent.futures import ProcessPoolExecutor

                self.pool = ProcessPoolExecutor(self.workers - 1, mp_context=multiprocessing.get_context("spawn"))
            remote = [self.pool.submit(halve_dealt, seen.dealer(), seen.player, seen.turn, actions, order, seed,
                                       share, self.ms, self.weights)
                      for seed, share in zip(seeds[1:], shares[1:], strict=True)]
        tally, alive = halve(seen.determinize, seen.player, seen.turn, actions, order, seeds[0], shares[0], self.ms,
                             self.weights)
        votes = dict.fromkeys(alive, 1)
        for future in remote:
            theirs, left = future.result()
            for i, (n, total) in theirs.items():
                had = tally.get(i, (0, 0.0))
                tally[i] = (had[0] + n, had[1] + total)
            for i in left:
                votes[i] = votes.get(i, 0) + 1
        self.judged += sum(n for n, _ in tally.values())
        return actions[max(votes, key=lambda i: (votes[i], tally[i][1] / tally[i][0], -order.index(i)))]


def ranked(seen: Observation, actions: list[dict[str, Any]], seed: int) -> list[int]:
    """The actions' places in the order the reference greedy's plain preferences rank them, best first (ties in
    list order), read on one determinization."""
    game = seen.determinize(seed)
    try:
        score = GreedyBot(seed).scorer(TableBoard(game.table, seen.player))
        return sorted(range(len(actions)), key=lambda i: -score(actions[i]))
    finally:
        game.close()


def halve_dealt(dealer: Sampler, player: str, turn: int, actions: list[dict[str, Any]], order: list[int], seed: int,
                judgements: int | None, ms: float | None, weights: Weights) -> Halved:
    """`halve` in a worker process, dealing from a sampler sent to it."""
    return halve(dealer.sample, player, turn, actions, order, seed, judgements, ms, weights)


def halve(deal: Callable[[int], Game], player: str, turn: int, actions: list[dict[str, Any]], order: list[int],
          seed: int, judgements: int | None, ms: float | None, weights: Weights) -> Halved:
    """Sequential halving until the budget is spent or one action is left: round r judges the actions still in
    the running (in `order`) on 2**r fresh deals each, the same deals for all, then keeps the better half by mean.
    At least one judgement is made. The tally of every action judged, and the actions still in the running (those
    judged, when the budget ran out in the first round)."""
    rng = random.Random(seed)
    policy = GreedyBot(rng.randrange(2**32))
    deadline = time.perf_counter() + ms / 1000 if ms is not None else math.inf
    budget = judgements if judgements is not None else math.inf
    tally: Tally = {}
    alive, deals, spent = list(order), 1, 0
    while len(alive) > 1:
        for _ in range(deals):
            dealt = rng.randrange(2**32)
            for i in alive:
                if spent and (spent >= budget or time.perf_counter() >= deadline):
                    return tally, [j for j in alive if j in tally]
                game = deal(dealt)
                try:
                    score = judge(game, actions[i], turn, player, policy, weights)
                finally:
                    game.close()
                n, total = tally.get(i, (0, 0.0))
                tally[i] = (n + 1, total + score)
                spent += 1
        alive = sorted(alive, key=lambda i: -tally[i][1] / tally[i][0])[:(len(alive) + 1) // 2]
        deals *= 2
    return tally, alive
