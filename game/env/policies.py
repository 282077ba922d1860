"""The project's bots as policies of the environment, a masked-random agent, and an agent's win rate against a bot
with its 95% interval, as `countertop sim` gives it (docs/rl.md)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from game.bots.registry import SPECS, make_bot
from game.env.countertop import MAX_TURNS, Countertop, raw_env
from game.tools.balance import Interval, wilson

Agent = Callable[[Any, str], int]
"""An agent of the environment: given the environment (wrapped or raw) and the agent to act, an action index."""


class BotPolicy:
    """One of the project's bots playing an agent: it chooses from the agent's view (`bot_view`: what the bots are
    always given, nothing hidden) and the choice is encoded as the action index (with compact actions, one index
    a step until the command is played)."""

    def __init__(self, name: str, seed: int = 0) -> None:
        try:
            self.bot = make_bot(name, seed)
        except (KeyError, ValueError):
            raise ValueError(f"no bot {name!r}: name one of {SPECS}") from None
        self.name = name
        self.planned: dict[tuple[int, str], dict[str, Any]] = {}
        """The command chosen for each environment and agent, while its compact action takes follow-up steps."""

    def __call__(self, env: Any, agent: str) -> int:
        raw: Countertop = env.unwrapped
        key = (id(raw), agent)
        plan = self.planned.get(key)
        if not raw.following():
            plan = self.bot.choose(raw.bot_view(agent))
        else:
            reachable = [action for actions in raw.legal_actions().values() for action in actions]
            if plan is None or plan not in reachable:  # a copy made mid-action, or an environment that had this id
                plan = self.bot.choose(replace(raw.bot_view(agent), listed=reachable, ask_other=None))
        self.planned[key] = plan
        return raw.action_index(plan)


def policy(name: str, seed: int = 0) -> BotPolicy:
    """A bot by its `--bots` name (`random`, `greedy`, `ismcts`, `ismcts:200`) as a policy."""
    return BotPolicy(name, seed)


class MaskedRandom:
    """Picks uniformly among the indices its observation's mask allows (seeded): the legal indices in order, as
    `np.flatnonzero` of the mask gives them, without walking the mask."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = np.random.default_rng(seed)

    def __call__(self, env: Any, agent: str) -> int:
        return int(self.rng.choice(sorted(env.unwrapped.legal_actions())))


MASKED_RANDOM = "masked-random"
"""The opponent name of `MaskedRandom`, beside the bots' names."""


def opponent_policy(opponent: str | Agent, seed: int) -> Agent:
    """An opponent as a policy: a policy itself (any callable: a checkpoint, the agent against itself), or a name,
    `masked-random` or a bot's (`random`, `greedy`, `ismcts`, `ismcts:200`), seeded."""
    if callable(opponent):
        return opponent
    if opponent == MASKED_RANDOM:
        return MaskedRandom(seed)
    try:
        return policy(opponent, seed)
    except ValueError:
        raise ValueError(f"no opponent {opponent!r}: name {MASKED_RANDOM} or one of {SPECS}") from None


@dataclass(frozen=True)
class Evaluation:
    """An agent's wins against a bot: the count, the games, and the win rate with its Wilson 95% interval."""

    wins: int
    games: int
    rate: Interval

    def line(self, agent: str, opponent: str) -> str:
        r = self.rate
        return (f"{agent} against {opponent}: {self.wins} wins in {self.games} games, "
                f"{r.value:.1%} (95% interval {r.low:.1%} to {r.high:.1%})")


def evaluate(agent: Agent, opponent: str | Agent = "greedy", games: int = 200, players: int = 2, seed: int = 0,
             max_turns: int = MAX_TURNS) -> Evaluation:
    """Play `games` seeded games (game g: seed `seed + g`, the agent in seat g mod players, the opponent in every
    other seat: a policy, or a name `opponent_policy` takes) and count the agent's wins; a game that reaches the
    turn limit counts as not won."""
    if not callable(opponent):
        opponent_policy(opponent, 0)
    wins = 0
    for g in range(games):
        env = raw_env(players=players, seed=seed + g, max_turns=max_turns)
        env.reset()
        me = env.possible_agents[g % players]
        others = {a: opponent_policy(opponent, (seed + g) * 31 + i) for i, a in enumerate(env.possible_agents)}
        for name in env.agent_iter():
            _, _, terminated, truncated, _ = env.last(observe=False)
            env.step(None if terminated or truncated else agent(env, name) if name == me else others[name](env, name))
        winner = env.live().table.turn.winner
        wins += env.name_of[me] in (winner if isinstance(winner, list) else [winner])
        env.close()
    return Evaluation(wins, games, wilson(wins, games))


def main(argv: list[str] | None = None) -> int:
    """`python -m game.env.policies`: a masked-random agent's win rate against a bot."""
    parser = argparse.ArgumentParser(prog="python -m game.env.policies",
                                     description="A masked-random agent's win rate against a bot, with its interval.")
    parser.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4), help="players a game (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    parser.add_argument("--opponent", default="greedy",
                        help="masked-random or the bot in the other seats (default greedy)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.seed < 0:
        parser.error("--games must be 1 or more and --seed 0 or more")
    try:
        opponent_policy(args.opponent, 0)
    except ValueError as e:
        parser.error(str(e))
    result = evaluate(MaskedRandom(args.seed), args.opponent, args.games, args.players, args.seed)
    print(result.line("masked-random", args.opponent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
