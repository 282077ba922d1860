"""`countertop sim --keep DIR [--keep-failures]`: kept games as replay files, a failure shrunk to a scenario."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from game.tools.replay import Timeline, record_of, write_replay
from game.tools.shrink import Check, shrink, write_shrunk

if TYPE_CHECKING:
    from game.engine import Game
    from game.tools.sim import GameResult


class GameKeeper:
    """Told of every finished game by `sim.play_game`: writes `DIR/game-SEED.json`, and shrinks a broken invariant.

    With `failures_only`, only games that broke an invariant or hit a limit are written. A broken invariant
    is shrunk to `DIR/game-SEED-shrunk.toml` (the current folder without a DIR).
    """

    def __init__(self, folder: str | None, failures_only: bool, check: Check, paired: bool = False) -> None:
        self.folder = folder
        self.paired = paired
        self.failures_only = failures_only
        self.check = check
        self.written: list[str] = []

    def name(self, result: GameResult) -> str:
        """`game-SEED`; with --paired, where both games of a deal share the seed, the line-up too
        (`game-SEED-greedy.fable_guard-random.hex_and_count`), so neither file overwrites the other."""
        if not self.paired:
            return f"game-{result.seed}"
        return f"game-{result.seed}-" + "-".join(f"{b}.{d}" for b, d in zip(result.bots, result.decks, strict=True))

    def __call__(self, game: Game, result: GameResult, problem: str | None) -> None:
        record = record_of(game, result.bots, {"winner": result.winner, "turns": result.turns,
                                               "hit_limit": result.hit_limit, "problem": problem})
        failed = problem is not None or result.hit_limit
        if self.folder is not None and (failed or not self.failures_only):
            path = os.path.join(self.folder, f"{self.name(result)}.json")
            write_replay(record, path)
            self.written.append(path)
        if problem is None or problem.startswith("a listed legal action was rejected"):
            return
        timeline = Timeline(record, f"seed {result.seed}")
        data = shrink(timeline, problem, self.check, f"shrunk from sim seed {result.seed}: {problem}")
        if data is None:
            sys.stderr.write(f"\ncould not shrink the failure of seed {result.seed} to a scenario\n")
            return
        out = os.path.join(self.folder or ".", f"{self.name(result)}-shrunk.toml")
        write_shrunk(data, out)
        self.written.append(out)
        sys.stderr.write(f"\nshrunk to {out}: {len(data['card'])} of the game's {len(game.table.refs)} cards, "
                         f"{len(data['do'])} of its {len(game.table.history)} commands\n")
