"""The search bot `ismcts`: information-set Monte Carlo tree search over determinizations, greedy playouts.

Each iteration deals a fresh determinization (every card hidden from the bot redrawn, fresh dice), walks
one shared tree of actions down from the root (UCB over the children legal in that determinization, each
counting how often it was available), adds one node, and lets the greedy policy play every seat to a
horizon (the end of the next player's turn), where a cheap evaluation of the position (or the game's
result) scores it for every player. Each node keeps the score of the player who chose its action.
The bot then takes the root action visited most. Like greedy, it plays one card at most `Replays.LIMIT`
times a turn: a loop of extra plays (two Hawkeye's Arrows drawing each other back) scores the same at every
step, so nothing else would ever end it.
"""

from __future__ import annotations

import json
import math
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any

from game.bots.determinize import Observation
from game.bots.simple import GreedyBot, Replays
from game.core.components import Health
from game.engine import Game
from game.io.view import TableBoard
from game.rules.stats import power

DEFAULT_PLAYOUTS = 128
"""The default budget outside the window (sims, benchmarks): a fixed number of playouts, so seeded runs repeat.
With about 20 root actions, 32 playouts try most of them once; 128 try each several times, and won 182 of the
200 paired games against greedy that 32 won 175 of (docs/performance.md)."""
WINDOW_MS = 350.0
"""The window's default budget: playouts until this many milliseconds have passed, so a bot seat answers within
half a second (the playout under way when the time is up is finished first)."""
MAX_PLAYOUTS = 100_000
MAX_MS = 60_000.0
BUDGET = re.compile(r"[0-9]{1,6}\Z|[0-9]{1,5}(\.[0-9]{1,3})?ms\Z")
"""The form of a budget: playouts, or milliseconds and "ms", in ASCII digits (no sign, space, underscore or other
script's digit that `int` would take)."""
"""The largest budgets per decision (a minute's thinking, or about as many playouts): beyond them a game would
never end in practice, so they are refused rather than run."""
HORIZON_TURNS = 2
PLAYOUT_STEPS = 60
TREE_DEPTH = 12
EXPLORATION = 0.7
VP_WEIGHT = 10.0
LOCATION_WEIGHT = 4.0
HAND_WEIGHT = 0.5
POWER_WEIGHT = 1.5
SCALE = 12.0


Key = tuple[tuple[str, Any], ...]
"""An action as a dictionary key (`key`)."""


@dataclass
class Node:
    """One action in the tree: who chose it, how often it was tried and available, and its total score."""

    mover: str = ""
    visits: int = 0
    available: int = 0
    score: float = 0.0
    children: dict[Key, Node] = field(default_factory=dict)


def key(action: dict[str, Any]) -> Key:
    """An action as a stable dictionary key: its fields in name order, each list (a square, a path) a tuple (most
    fields are not lists: they are taken as they are, without a call)."""
    return tuple(sorted([(name, frozen(value) if isinstance(value, list) else value)
                         for name, value in action.items()]))


def frozen(value: Any) -> Any:
    """A field of an action made hashable: lists (of lists) become tuples, the rest stays (an element that is not a
    list is taken as it is, without a call: a square is two numbers)."""
    if not isinstance(value, list):
        return value
    return tuple([frozen(v) if isinstance(v, list) else v for v in value])


def text(action: dict[str, Any]) -> str:
    """An action as sorted JSON text: what breaks a tie between equally visited and scored root actions."""
    return json.dumps(action, sort_keys=True)


def worth(game: Game, player: str) -> float:
    """A cheap value of a position for one player: VP, locations held, characters' HP and power, cards in hand."""
    table = game.table
    value = VP_WEIGHT * table.player(player).vp
    value += HAND_WEIGHT * len(table.zone_cards("hand", player, by="controller"))
    held = table.location_squares()
    for eid in table.characters():
        if table.controller(eid) != player:
            continue
        value += table.component(eid, Health).hp + table.cubes(eid).blue + POWER_WEIGHT * power(table, eid)
        if table.pos(eid) in held:
            value += LOCATION_WEIGHT
    return value


def rewards(game: Game) -> dict[str, float]:
    """Every player's score in 0..1: the result of a finished game, else the evaluation against the best rival."""
    table = game.table
    names = list(table.players_order)
    winner = table.turn.winner
    if table.turn.phase == "over":
        won = winner if isinstance(winner, list) else [winner]
        return {n: (1.0 / len(won) if n in won else 0.0) for n in names}
    values = {n: worth(game, n) for n in names}
    return {n: 1.0 / (1.0 + math.exp(-(values[n] - max(v for m, v in values.items() if m != n)) / SCALE))
            for n in names}


class IsmctsBot:
    """Information-set MCTS with a budget of playouts (reproducible) or of milliseconds per decision."""

    name = "ismcts"

    def __init__(self, seed: int, playouts: int | None = None, ms: float | None = None) -> None:
        """Stop at `playouts` iterations or after `ms` milliseconds, whichever comes first (at least one).

        With neither: DEFAULT_PLAYOUTS (reproducible; the window asks for WINDOW_MS instead).
        """
        self.rng = random.Random(seed)
        if playouts is None and ms is None:
            playouts = DEFAULT_PLAYOUTS
        self.playouts, self.ms = playouts, ms
        self.replays = Replays()
        self.iterations = 0
        """Iterations run over the bot's life (what playouts per second are measured by; it changes no choice)."""

    def choose(self, seen: Observation) -> dict[str, Any]:
        return self.replays.choose(seen, self.search)

    def search(self, seen: Observation, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """The most visited of these root actions after the budget's iterations."""
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

    def iterate(self, root: Node, game: Game, first: dict[Key, dict[str, Any]]) -> None:
        """One iteration: select and expand in this determinization (the root's children among `first`),
        play out greedily, back up the scores."""
        table = game.table
        start = table.turn.turn
        policies = {n: GreedyBot(self.rng.randrange(2**32)) for n in table.players_order}
        path: list[Node] = []
        node = root
        for _ in range(TREE_DEPTH):
            if table.turn.phase == "over":
                break
            actions, keys, fresh = offered(game, node, root, first)
            mover = table.acting_player()
            if fresh:
                board = TableBoard(table, mover)
                greedy = policies[mover]
                score = greedy.scorer(board)
                i = max(fresh, key=lambda j: (score(actions[j]), -j))
                child = node.children[keys[i]] = Node(mover=mover, available=1)
                game.act(actions[i])
                path.append(child)
                break
            i = max(range(len(keys)), key=lambda j: ucb(node.children[keys[j]]))
            node = node.children[keys[i]]
            game.act(actions[i])
            path.append(node)
        steps = 0
        while table.turn.phase != "over" and table.turn.turn < start + HORIZON_TURNS and steps < PLAYOUT_STEPS:
            mover = table.acting_player()
            action = policies[mover].pick(TableBoard(table, mover), game.legal_actions())
            game.act(action)
            steps += 1
        scores = rewards(game)
        for n in path:
            n.visits += 1
            n.score += scores[n.mover]


def offered(game: Game, node: Node, root: Node, first: dict[Key, dict[str, Any]]
            ) -> tuple[list[dict[str, Any]], list[Key], list[int]]:
    """A tree node's actions in this determinization (at the root, those among `first` when any is legal), their
    keys, and the indexes of the untried ones; each tried child legal here counts one more availability."""
    actions = game.legal_actions()
    keys = [key(a) for a in actions]
    if node is root:
        kept = [i for i, k in enumerate(keys) if k in first]
        if kept:
            actions, keys = [actions[i] for i in kept], [keys[i] for i in kept]
    fresh = []
    children = node.children
    for i, k in enumerate(keys):  # one lookup a key: a tuple's hash is worked out again at every lookup
        child = children.get(k)
        if child is None:
            fresh.append(i)
        else:
            child.available += 1
    return actions, keys, fresh


def ucb(node: Node) -> float:
    """Upper confidence bound of a child, counting only the iterations in which it was available."""
    return node.score / node.visits + EXPLORATION * math.sqrt(math.log(max(node.available, 1)) / node.visits)


def parse_budget(budget: str | None, window: bool = False) -> tuple[int | None, float | None]:
    """A search budget as (playouts, milliseconds): a number of playouts (`200`) or milliseconds (`300ms`).
    Without one: DEFAULT_PLAYOUTS, or WINDOW_MS for a seat in the window. A bad budget raises ValueError."""
    if budget is None:
        return (None, WINDOW_MS) if window else (DEFAULT_PLAYOUTS, None)
    if not BUDGET.match(budget):
        raise ValueError(f"an ismcts budget is a number of playouts (1 to {MAX_PLAYOUTS}) or of milliseconds such as "
                         f"300ms, in the digits 0 to 9, not {budget!r}")
    if budget.endswith("ms"):
        ms = float(budget[:-2])
        if not 0 < ms <= MAX_MS:
            raise ValueError(f"an ismcts time budget is more than 0 and at most {MAX_MS:.0f} ms, not {budget!r}")
        return None, ms
    playouts = int(budget)
    if not 1 <= playouts <= MAX_PLAYOUTS:
        raise ValueError(f"an ismcts budget is 1 to {MAX_PLAYOUTS} playouts, not {budget!r}")
    return playouts, None


def make_ismcts(seed: int, budget: str | None = None, window: bool = False) -> IsmctsBot:
    """The reference ismcts (`ismcts-v1`) with a budget (`parse_budget`)."""
    playouts, ms = parse_budget(budget, window)
    return IsmctsBot(seed, playouts, ms)
