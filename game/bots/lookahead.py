"""The greedy bot: tries each legal action on a determinization, plays the rest of its turn out, and takes the
action whose end of turn the evaluation likes best.

Every action is judged by its result: the engine applies it (so a variant's changed ability is applied as the
variant says), the reference greedy's plain preferences finish the turn, and the evaluation
(game/bots/evaluation.py) scores the table the turn ends with, where every action's result is scored alike. All
actions of one decision are tried on the same determinization and dice (common random numbers), so two actions
differ only by what they do.
"""

from __future__ import annotations

import random
from typing import Any

from game.bots.determinize import Observation
from game.bots.evaluation import Weights, scores, shipped_weights
from game.bots.simple import GreedyBot, Replays
from game.engine import Game
from game.io.view import TableBoard

SAMPLES = 3
FINALISTS = 6
"""A dice roll or a hidden card can make one deal flatter an action (an attack through 90% evasion that happened
to land): the FINALISTS best actions of the first deal are judged by their mean over SAMPLES deals."""


class LookaheadBot:
    """Greedy over the evaluation: the action whose end of turn scores best for its player."""

    name = "greedy"

    def __init__(self, seed: int, weights: Weights | None = None) -> None:
        self.rng = random.Random(seed)
        self.weights = weights or shipped_weights()
        self.replays = Replays()
        self.policy = GreedyBot(self.rng.randrange(2**32))

    def choose(self, seen: Observation) -> dict[str, Any]:
        return self.replays.choose(seen, self.best)

    def best(self, seen: Observation, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """The action whose result scores best for this player: every action tried on one deal, the FINALISTS
        best tried again on SAMPLES - 1 more deals and judged by their mean (ties broken at random)."""
        deals = [self.rng.randrange(2**32) for _ in range(SAMPLES)]
        first = sorted(((self.result(seen, action, deals[0]), self.rng.random(), i)
                        for i, action in enumerate(actions)), reverse=True)
        finals = [(sum(self.result(seen, actions[i], deal) for deal in deals[1:]) + score, tie, i)
                  for score, tie, i in first[:FINALISTS]]
        return actions[max(finals)[2]]

    def result(self, seen: Observation, action: dict[str, Any], deal: int) -> float:
        """This player's score after the action, on the determinization `deal`."""
        game = seen.determinize(deal)
        try:
            return judge(game, action, seen.turn, seen.player, self.policy, self.weights)
        finally:
            game.close()


def judge(game: Game, action: dict[str, Any], turn: int, player: str, policy: GreedyBot, weights: Weights) -> float:
    """The player's score once the action is taken on a dealt game and the rest of turn `turn` played by the
    plain preferences (-1 for an action the deal refuses). The preferences count a card's plays within this
    imagined turn only: counted across judgements, a card three of them had played was barred from every later
    one, and most playouts ended their turn early."""
    if not game.act(action).ok:
        return -1.0
    policy.replays = Replays()
    finish_turn(game, turn, policy)
    return scores(game.table, weights)[player]


def finish_turn(game: Game, turn: int, policy: GreedyBot, steps: int = 40) -> None:
    """Play the rest of turn `turn` with the reference greedy policy (at most `steps` actions)."""
    table = game.table
    while table.turn.phase != "over" and table.turn.turn == turn and steps > 0:
        game.act(policy.pick(TableBoard(table, table.acting_player()), game.legal_actions()))
        steps -= 1
