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
from typing import Any

from game.bots.determinize import Observation
from game.bots.evaluation import Weights, scores, shipped_weights
from game.bots.search import DEFAULT_PLAYOUTS, Key, Node, key, text, ucb
from game.bots.simple import GreedyBot, Replays
from game.engine import Game
from game.io.view import TableBoard

TREE_DEPTH = 12
PLAYOUT_STEPS = 40
"""At most this many default-policy actions after the tree, before the turn under way ends (a long turn of
extra plays is cut there and scored as it stands)."""


class SearchBot:
    """Information-set MCTS with turn-end cut-offs scored by the evaluation; a budget of playouts or milliseconds."""

    name = "ismcts"

    def __init__(self, seed: int, playouts: int | None = None, ms: float | None = None,
                 weights: Weights | None = None) -> None:
        """Stop at `playouts` iterations or after `ms` milliseconds, whichever comes first (at least one).
        With neither: DEFAULT_PLAYOUTS."""
        self.rng = random.Random(seed)
        if playouts is None and ms is None:
            playouts = DEFAULT_PLAYOUTS
        self.playouts, self.ms = playouts, ms
        self.weights = weights or shipped_weights()
        self.replays = Replays()
        self.iterations = 0
        """Iterations run over the bot's life (what playouts per second are measured by)."""

    def choose(self, seen: Observation) -> dict[str, Any]:
        return self.replays.choose(seen, self.search)

    def search(self, seen: Observation, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """The most visited of these root actions after the budget's iterations (ties: the better mean, then
        the action's sorted JSON text)."""
        legal = {key(a): a for a in actions}
        root = Node(mover=seen.player)
        deadline = time.perf_counter() + self.ms / 1000 if self.ms is not None else math.inf
        done = 0
        while (self.playouts is None or done < self.playouts) and (done == 0 or time.perf_counter() < deadline):
            game = seen.determinize(self.rng.randrange(2**32))
            try:
                self.iterate(root, game, legal)
            finally:
                game.close()
            done += 1
        self.iterations += done
        tried = [(child.visits, child.score / max(child.visits, 1), text(legal[k]), k)
                 for k, child in root.children.items() if k in legal]
        if not tried:
            return actions[0]
        return legal[max(tried)[3]]

    def crosses(self, game: Game, action: dict[str, Any]) -> bool:
        """Take a tree action; whether it ended the turn (the position is then scored as the next turn begins,
        where every other playout's is scored too)."""
        turn = game.table.turn.turn
        game.act(action)
        return game.table.turn.turn != turn

    def iterate(self, root: Node, game: Game, first: dict[Key, dict[str, Any]]) -> None:
        """One iteration: select and expand (the root's children among `first`), play on to the end of the
        turn with the default policy, back up the evaluation's scores."""
        table = game.table
        policy = GreedyBot(self.rng.randrange(2**32))
        path: list[Node] = []
        node, crossed = root, False
        for _ in range(TREE_DEPTH):
            if table.turn.phase == "over":
                break
            actions = game.legal_actions()
            keys = [key(a) for a in actions]
            if node is root and any(k in first for k in keys):
                kept = [i for i, k in enumerate(keys) if k in first]
                actions, keys = [actions[i] for i in kept], [keys[i] for i in kept]
            mover = table.acting_player()
            for k in keys:
                if k in node.children:
                    node.children[k].available += 1
            fresh = [i for i, k in enumerate(keys) if k not in node.children]
            if fresh:
                score = policy.scorer(TableBoard(table, mover))
                i = max(fresh, key=lambda j: (score(actions[j]), -j))
                child = node.children[keys[i]] = Node(mover=mover, available=1)
                crossed = self.crosses(game, actions[i])
                path.append(child)
                break
            i = max(range(len(keys)), key=lambda j: ucb(node.children[keys[j]]))
            node = node.children[keys[i]]
            crossed = self.crosses(game, actions[i])
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
