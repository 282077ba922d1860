"""`python -m game.env.train`: train an agent with sb3-contrib's MaskablePPO against a mixture of opponents
(masked-random and the cheap `greedy-v1` by default), on the CPU, within a budget of CPU minutes of training, and
report its win rates against masked-random, `greedy-v1` and `greedy` with 95% intervals (docs/rl.md). Needs the
`train` extra (sb3-contrib and PyTorch)."""

from __future__ import annotations

import argparse
import csv
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

from game.env.countertop import REWARDS, Countertop, raw_env
from game.env.policies import MASKED_RANDOM, Agent, Evaluation, evaluate, opponent_policy

TRAIN_MAX_TURNS = 60
"""The turn limit of training and evaluation games (a game against masked-random rarely lasts 30 turns)."""
CHECK_EVERY = 65536
"""The default steps between checks (about two CPU minutes of training)."""
CHECK_GAMES = 60
"""The default games of each check against each opponent (60 against `greedy` cost about a CPU minute and a half)."""
OPPONENTS = (MASKED_RANDOM, "greedy-v1", "greedy-v1")
"""The default opponents of training, in turn: masked-random teaches scoring, `greedy-v1` (about a hundredth of
greedy's CPU a game) a real opponent's play, two games in three. `greedy` is left out: its games cost a hundred
times as much, and an agent that wins none of them learns nothing from them but to lose."""
MEASURED = (MASKED_RANDOM, "greedy-v1", "greedy")
"""The opponents every check and the final measure play: the two of training and the strongest bot."""
REWARD = "margin"
"""The training reward: each step the lead over the opponent it gained, and the win's sign at the end. With the
"vp" reward a lost game sums to -1 however close it was, so against an opponent the agent rarely beats nothing
told a close loss from a rout."""


def opponent_for(opponents: Sequence[str], game: int) -> str:
    """The opponent of training game `game`: each opponent in turn plays a pair of games, so it meets the agent
    in both seats (game k has the agent in seat k mod 2)."""
    return opponents[game // 2 % len(opponents)]


class Against(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a two-player game as a Gymnasium environment: the other seat's opponent plays inside `step`,
    and the reward is the agent's own (`reward`: one of the environment's). Game k is seed `seed + k`, the agent
    in seat k mod 2, against `opponent_for(opponents, k)`."""

    def __init__(self, opponents: Sequence[str], seed: int, reward: str = REWARD) -> None:
        self.aec: Countertop = raw_env(players=2, seed=seed, max_turns=TRAIN_MAX_TURNS, reward=reward)
        self.observation_space = self.aec.observation_spaces["player_0"]["observation"]
        self.action_space = self.aec.action_spaces["player_0"]
        self.opponents, self.seed, self.games = tuple(opponents), seed, 0
        self.opponent = self.opponents[0]
        self.me = "player_0"
        self.others: dict[str, Agent] = {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[
            str, Any]]:
        self.aec.reset(seed=self.seed + self.games)
        self.me = self.aec.possible_agents[self.games % 2]
        self.opponent = opponent_for(self.opponents, self.games)
        self.others = {a: opponent_policy(self.opponent, (self.seed + self.games) * 31 + i)
                       for i, a in enumerate(self.aec.possible_agents) if a != self.me}
        self.games += 1
        self.play_others()
        return self.aec.observe(self.me)["observation"], {}

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        self.aec.step(action)
        self.play_others()
        me = self.me
        reward = self.aec._cumulative_rewards[me]
        return (self.aec.observe(me)["observation"], reward, self.aec.terminations[me], self.aec.truncations[me],
                dict(self.aec.infos[me]))

    def play_others(self) -> None:
        """Let the opponent play until the agent is to act or the game is over."""
        while self.aec.agent_selection != self.me and not self.aec.done(self.aec.agent_selection):
            agent = self.aec.agent_selection
            self.aec.step(self.others[agent](self.aec, agent))

    def action_masks(self) -> np.ndarray:
        return self.aec.observe(self.me)["action_mask"].astype(bool)


class Trained:
    """A trained model as an agent of the environment: its most likely index among those the mask allows."""

    def __init__(self, model: Any) -> None:
        self.model = model

    def __call__(self, env: Any, agent: str) -> int:
        seen = env.observe(agent)
        action, _ = self.model.predict(seen["observation"], action_masks=seen["action_mask"].astype(bool),
                                       deterministic=True)
        return int(action)


def measure(agent: Agent, games: int, seed: int) -> dict[str, Evaluation]:
    """The agent's wins against each of MEASURED, on the same seeded games."""
    return {name: evaluate(agent, name, games=games, players=2, seed=seed, max_turns=TRAIN_MAX_TURNS)
            for name in MEASURED}


def train(minutes: float, seed: int, out: Path, check_every: int, check_games: int, final_games: int,
          opponents: Sequence[str] = OPPONENTS, reward: str = REWARD) -> int:
    """Train against `opponents` until `minutes` of CPU time are spent on training (the checks, which only
    measure, are not counted), writing the model, the curve (CSV and PNG) and the final win rates into `out`."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(1)  # one core: on a busy machine torch's threads wait on each other, ten times the CPU
    out.mkdir(parents=True, exist_ok=True)
    start = time.process_time()
    checking = 0.0  # CPU seconds of the checks, which measure and are not counted as training
    rows: list[dict[str, float]] = []
    env = Against(opponents, seed, reward)
    model = MaskablePPO("MlpPolicy", env, n_steps=1024, batch_size=128, seed=seed,
                        device="cpu", verbose=0)

    def trained_minutes() -> float:
        return (time.process_time() - start - checking) / 60

    def check(steps: int) -> None:
        nonlocal checking
        began = time.process_time()
        rates = measure(Trained(model), check_games, 10**6 + seed)
        checking += time.process_time() - began
        rows.append({"steps": steps, "games": env.games, "cpu_minutes": trained_minutes(),
                     **{f"{name}_win_rate": r.rate.value for name, r in rates.items()}})
        print(f"{steps} steps, {env.games} games, {rows[-1]['cpu_minutes']:.1f} CPU minutes: "
              + "; ".join(r.line("agent", name) for name, r in rates.items()), flush=True)

    class Budget(BaseCallback):
        """Stops training when the CPU budget is spent, and checks the win rates every `check_every` steps."""

        def _on_step(self) -> bool:
            if self.num_timesteps % check_every == 0:
                check(self.num_timesteps)
            return trained_minutes() < minutes

    check(0)
    model.learn(total_timesteps=10**9, callback=Budget())
    trained = trained_minutes()
    model.save(out / "model.zip")
    write_curve(rows, out)
    final = measure(Trained(model), final_games, 2 * 10**6 + seed)
    with (out / "result.txt").open("w", encoding="utf-8") as f:
        for name, result in final.items():
            line = result.line("trained agent", name)
            print(line)
            f.write(line + "\n")
    print(f"{model.num_timesteps} steps in {trained:.1f} CPU minutes of training "
          f"({(time.process_time() - start) / 60:.1f} with the checks and the final measure); written to {out}")
    return 0


def write_curve(rows: list[dict[str, float]], out: Path) -> None:
    """The win rates over training as curve.csv and curve.png."""
    with (out / "curve.csv").open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    from matplotlib.figure import Figure

    figure = Figure(figsize=(6, 3.5))
    axes = figure.add_subplot()
    for name in MEASURED:
        axes.plot([r["cpu_minutes"] for r in rows], [r[f"{name}_win_rate"] for r in rows], marker="o", label=name)
    axes.set_xlabel("CPU minutes of training")
    axes.set_ylabel("win rate of the agent")
    axes.set_ylim(0, 1)
    axes.legend(title="against")
    figure.tight_layout()
    figure.savefig(out / "curve.png", dpi=100)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.env.train", description=(
        "Train a MaskablePPO agent against a mixture of opponents and report its win rates against masked-random, "
        "greedy-v1 and greedy with 95% intervals."))
    parser.add_argument("--minutes", type=float, default=20.0,
                        help="CPU minutes to spend training, the checks not counted (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of training (default 0)")
    parser.add_argument("--out", type=Path, default=Path("trained"), help="where to write (default ./trained)")
    parser.add_argument("--opponents", nargs="+", default=list(OPPONENTS), metavar="NAME", help=(
        "the opponents of training, in turn, a pair of games each (masked-random or a bot's name; name one twice "
        f"for twice its games; default {' '.join(OPPONENTS)})"))
    parser.add_argument("--reward", choices=REWARDS, default=REWARD,
                        help=f"the training reward, one of the environment's (default {REWARD})")
    parser.add_argument("--check-every", type=int, default=CHECK_EVERY,
                        help=f"steps between checks (default {CHECK_EVERY})")
    parser.add_argument("--check-games", type=int, default=CHECK_GAMES,
                        help=f"games of each check against each opponent (default {CHECK_GAMES})")
    parser.add_argument("--games", type=int, default=200, help="games of the final measure (default 200)")
    args = parser.parse_args(argv)
    if args.minutes <= 0 or args.seed < 0 or min(args.check_every, args.check_games, args.games) < 1:
        parser.error("--minutes must be above 0, --seed 0 or more, and the counts 1 or more")
    for name in args.opponents:
        try:
            opponent_policy(name, 0)
        except ValueError as e:
            parser.error(str(e))
    try:
        import sb3_contrib  # noqa: F401
    except ImportError:
        parser.error("training needs sb3-contrib and PyTorch: pip install -e '.[train]'")
    return train(args.minutes, args.seed, args.out, args.check_every, args.check_games, args.games,
                 args.opponents, args.reward)


if __name__ == "__main__":
    sys.exit(main())
