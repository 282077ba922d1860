"""Dice and coins (G-8): one seeded generator per game, with queues of forced results used first.

Forced shuffles (a scenario exported from a replay) are orders of positions: `[2, 0, 1]` puts the card
that was third first. A forced order that is not a reordering of the list being shuffled is dropped and
the generator shuffles instead.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

MAX_SEED = 2**63 - 1
"""The largest seed (G-8). A seed is a whole number from 0 to MAX_SEED wherever a game is made (`--seed`, the
window's seed box, the environment's `seed`) and wherever one is kept (saves, scenarios, replay files), so every game
made can be saved, replayed and loaded again."""


def seed_problem(seed: object, games: int = 1) -> str | None:
    """Why a value can't be a game's seed, or the first of `games` consecutive seeds (a run of games), as the end
    of a sentence naming it ("--seed must be ..."); None when it can."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        shown = repr(seed) if len(repr(seed)) <= 40 else repr(seed)[:37] + "..."
        return f"must be a whole number from 0 to {MAX_SEED}, not {shown}"
    if seed + games - 1 > MAX_SEED:
        return f"{seed} is too large for {games:,} games: their seeds would go past {MAX_SEED}"
    return None


@dataclass
class Dice:
    """A game's source of randomness; forced results (scenarios, tests) come before the generator."""

    seed: int = 0
    forced_d100: list[int] = field(default_factory=list)
    forced_coins: list[str] = field(default_factory=list)
    forced_shuffles: list[list[int]] = field(default_factory=list)
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def d100(self) -> int:
        """A d100 result, 1..100."""
        if self.forced_d100:
            return self.forced_d100.pop(0)
        return self.rng.randint(1, 100)

    def coin(self) -> str:
        """A coin result, `heads` or `tails`."""
        if self.forced_coins:
            return self.forced_coins.pop(0)
        return self.rng.choice(("heads", "tails"))

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle a list in place: a forced order first, else the game's generator."""
        order = self.shuffle_order(len(items))
        items[:] = [items[i] for i in order]

    def shuffle_order(self, n: int) -> list[int]:
        """The new order of n positions (shuffling positions draws exactly what shuffling the items would)."""
        if self.forced_shuffles:
            forced = self.forced_shuffles.pop(0)
            if sorted(forced) == list(range(n)):
                return list(forced)
        order = list(range(n))
        self.rng.shuffle(order)
        return order

    def to_json(self) -> dict[str, Any]:
        """The whole dice state as JSON-ready data."""
        version, internal, gauss = self.rng.getstate()
        data: dict[str, Any] = {
            "seed": self.seed,
            "forced_d100": list(self.forced_d100),
            "forced_coins": list(self.forced_coins),
            "rng": [version, list(internal), gauss],
        }
        if self.forced_shuffles:
            data["forced_shuffles"] = [list(order) for order in self.forced_shuffles]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Dice:
        """Rebuild dice from `to_json` output, generator position included."""
        dice = cls(int(data["seed"]), list(data["forced_d100"]), list(data["forced_coins"]),
                   [list(order) for order in data.get("forced_shuffles", [])])
        version, internal, gauss = data["rng"]
        dice.rng.setstate((version, tuple(internal), gauss))
        return dice
