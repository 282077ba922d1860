"""The search bot `ismcts`: information-set MCTS whose playouts stop at the end of the turn and are scored by the
evaluation.

Each iteration deals a fresh determinization, walks the shared tree of actions down from the root (UCB over the
children legal in that determinization), adds one node, and plays on with a cheap default policy (the reference
greedy's action scores, game/bots/simple.py) only to the end of the turn under way; the evaluation
(game/bots/evaluation.py), which reads VP, locations, threats, stasis, statuses, stun counters and abilities
from the table, then scores the position for every player. Short playouts are what make the search cheap:
most of a long rollout's steps were the other players' turns played by a policy that knows little, and the
evaluation judges the table they would start from instead.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.bots.determinize import Observation, Sampler
from game.bots.evaluation import Weights, scores, shipped_weights
from game.bots.search import DEFAULT_PLAYOUTS, Key, Node, key, offered, text
from game.bots.simple import GreedyBot, Replays
from game.core.table import Square
from game.engine import Game
from game.io.view import TableBoard

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

TREE_DEPTH = 12
EXPLORATION = 0.1
"""UCB's exploration weight. The evaluation's scores of one position's children lie close together (win chances a
few points apart, where a rollout to the game's end gave 0 or 1), so the weight that suited the reference
search (0.7) spread the visits almost evenly and the most visited child was chance. At 32 playouts a decision,
on paired deals: 0.25 won 20 of 24 games against 0.7, and 0.1 won 30 of 44 against 0.25."""
PLAYOUT_STEPS = 40
"""At most this many default-policy actions after the tree, before the turn under way ends (a long turn of
extra plays is cut there and scored as it stands)."""


class SearchBot:
    """Information-set MCTS with turn-end cut-offs scored by the evaluation; a budget of playouts or milliseconds,
    searched by `workers` processes at once (root parallelism: each grows its own tree from its own deals, and
    the roots' counts are added up)."""

    name = "ismcts"

    def __init__(self, seed: int, playouts: int | None = None, ms: float | None = None,
                 weights: Weights | None = None, workers: int = 1) -> None:
        """Stop at `playouts` iterations (shared out among the workers) or after `ms` milliseconds, whichever
        comes first (at least one each). With neither: DEFAULT_PLAYOUTS."""
        self.rng = random.Random(seed)
        if playouts is None and ms is None:
            playouts = DEFAULT_PLAYOUTS
        self.playouts, self.ms = playouts, ms
        self.weights = weights or shipped_weights()
        self.workers = workers
        self.pool: ProcessPoolExecutor | None = None
        self.replays = Replays()
        self.trail = Trail()
        self.iterations = 0
        """Iterations run over the bot's life, by every worker (what playouts per second are measured by)."""

    def choose(self, seen: Observation) -> dict[str, Any]:
        return self.replays.choose(seen, self.search)

    def search(self, seen: Observation, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """The most visited of these root actions after the budget's iterations (ties: the better mean, then
        the action's sorted JSON text); never a move back to a square its character stood on this turn."""
        actions = self.trail.onward(seen, actions)
        legal = {key(a): a for a in actions}
        seeds = [self.rng.randrange(2**32) for _ in range(self.workers)]
        shares = [None] * self.workers if self.playouts is None else \
            [self.playouts // self.workers + (i < self.playouts % self.workers) for i in range(self.workers)]
        remote = []
        if self.workers > 1:
            if self.pool is None:  # made on first use: a one-process search loads no pool machinery
                import multiprocessing
                from concurrent.futures import ProcessPoolExecutor

                self.pool = ProcessPoolExecutor(self.workers - 1, mp_context=multiprocessing.get_context("spawn"))
            remote = [self.pool.submit(grow_dealt, seen.dealer(), legal, seed, share, self.ms, self.weights)
                      for seed, share in zip(seeds[1:], shares[1:], strict=True)]
        totals = grow(seen.determinize, legal, seeds[0], shares[0], self.ms, self.weights)
        for future in remote:
            for k, (visits, score) in future.result().items():
                had = totals.get(k, (0, 0.0))
                totals[k] = (had[0] + visits, had[1] + score)
        self.iterations += sum(visits for visits, _ in totals.values())
        tried = [(visits, score / max(visits, 1), text(legal[k]), k) for k, (visits, score) in totals.items()]
        if not tried:
            return actions[0]
        return legal[max(tried)[3]]


class Trail:
    """The squares each character stood on this turn, noted at the bot's decisions. Walking back to one of them
    only spends MV, which all of a turn's moves share (G-5): no card's ability fires on a move, so the table
    after the round trip is the table before it, less MV (and, under Poison, less HP: SE-6), unless another
    character passed through the square meanwhile, a use given up. A person watching the bot walk a character
    off a location and straight back sees a wasted turn, so the search is not offered that move."""

    def __init__(self) -> None:
        self.turn = 0
        self.stood: dict[str, set[Square]] = {}

    def onward(self, seen: Observation, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """These actions but the moves to a square their character stood on earlier this turn (noting where each
        character with a move stands now); all of them if nothing else would be left."""
        if seen.turn != self.turn:
            self.turn, self.stood = seen.turn, {}
        for ref in {a["card"] for a in actions if a["act"] == "move"}:
            here = seen.table.pos(ref)
            if here is not None:
                self.stood.setdefault(ref, set()).add(here)
        kept = [a for a in actions if a["act"] != "move" or tuple(a["to"]) not in self.stood.get(a["card"], ())]
        return kept or actions


def grow_dealt(dealer: Sampler, legal: dict[Key, dict[str, Any]], seed: int, playouts: int | None,
               ms: float | None, weights: Weights) -> dict[Key, tuple[int, float]]:
    """`grow` in a worker process, dealing from a sampler sent to it."""
    return grow(dealer.sample, legal, seed, playouts, ms, weights)


def grow(deal: Callable[[int], Game], legal: dict[Key, dict[str, Any]], seed: int, playouts: int | None,
         ms: float | None, weights: Weights) -> dict[Key, tuple[int, float]]:
    """Grow one tree for the budget: each iteration on a fresh determinization. The root actions' visits and
    total scores (those among `legal`)."""
    search = Search(seed, weights)
    deadline = time.perf_counter() + ms / 1000 if ms is not None else math.inf
    done = 0
    while (playouts is None or done < playouts) and (done == 0 or time.perf_counter() < deadline):
        game = deal(search.rng.randrange(2**32))
        try:
            search.iterate(game, legal)
        finally:
            game.close()
        done += 1
    return {k: (child.visits, child.score) for k, child in search.root.children.items() if k in legal}


class Search:
    """One tree and its random numbers: the iterations of one worker."""

    def __init__(self, seed: int, weights: Weights) -> None:
        self.rng = random.Random(seed)
        self.weights = weights
        self.root = Node()

    def act_ends_turn(self, game: Game, action: dict[str, Any]) -> bool:
        """Take a tree action; whether it ended the turn (the position is then scored as the next turn begins,
        where every other playout's is scored too)."""
        turn = game.table.turn.turn
        game.act(action)
        return game.table.turn.turn != turn

    def iterate(self, game: Game, first: dict[Key, dict[str, Any]]) -> None:
        """One iteration: select and expand (the root's children among `first`), play on to the end of the
        turn with the default policy, back up the evaluation's scores."""
        table = game.table
        policy = GreedyBot(self.rng.randrange(2**32))
        path: list[Node] = []
        root = node = self.root
        crossed = False
        for _ in range(TREE_DEPTH):
            if table.turn.phase == "over":
                break
            actions, keys, fresh = offered(game, node, root, first)
            mover = table.acting_player()
            if fresh:
                score = policy.scorer(TableBoard(table, mover))
                i = max(fresh, key=lambda j: (score(actions[j]), -j))
                child = node.children[keys[i]] = Node(mover=mover, available=1)
                crossed = self.act_ends_turn(game, actions[i])
                path.append(child)
                break
            i = max(range(len(keys)), key=lambda j: ucb(node.children[keys[j]]))
            node = node.children[keys[i]]
            crossed = self.act_ends_turn(game, actions[i])
            path.append(node)
        turn, steps = table.turn.turn, 0
        while not crossed and table.turn.phase != "over" and table.turn.turn == turn and steps < PLAYOUT_STEPS:
            mover = table.acting_player()
            game.act(policy.pick(TableBoard(table, mover), game.legal_actions()))
            steps += 1
        result = scores(table, self.weights)
        for n in path:
            n.visits += 1
            n.score += result[n.mover]


def ucb(node: Node) -> float:
    """Upper confidence bound of a child, counting only the iterations in which it was available."""
    return node.score / node.visits + EXPLORATION * math.sqrt(math.log(max(node.available, 1)) / node.visits)
