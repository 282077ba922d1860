"""Bots that play through the legal-action list: a random one and a greedy one."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol, cast

import esper

from game.components import Health
from game.stats import power

if TYPE_CHECKING:
    from game.engine import Game


class Bot(Protocol):
    """Chooses one of the legal actions."""

    name: str

    def choose(self, game: Game, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """The action to take."""
        ...


class RandomBot:
    """Takes any legal action, uniformly; ends its turn a third of the time when it could act."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, actions: list[dict[str, Any]]) -> dict[str, Any]:
        others = [a for a in actions if a["act"] != "end_turn"]
        if not others or (len(others) < len(actions) and self.rng.random() < 1 / 3):
            return {"act": "end_turn"}
        return self.rng.choice(others)


class GreedyBot:
    """Scores each legal action by a few plain preferences and takes the best (ties broken at random).

    It prefers defeating characters, standing on locations, attacking, applying statuses to enemies,
    and playing cards (minions to locations first); stasis plays and counters are played as soon as allowed.
    A card it has already played REPLAYS_PER_TURN times this turn scores below ending the turn, so a loop
    of extra plays (two Hawkeye's Arrows drawing each other back from an otherwise empty deck) ends.
    """

    name = "greedy"
    REPLAYS_PER_TURN = 3

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.turn = 0
        self.played: dict[str, int] = {}
        self.locations: list[tuple[int, int]] = []
        self.nearest: dict[tuple[int, int], int] = {}
        self.powers: dict[int, int] = {}

    def choose(self, game: Game, actions: list[dict[str, Any]]) -> dict[str, Any]:
        if game.turn.turn != self.turn:
            self.turn, self.played = game.turn.turn, {}
        locations = list(game.location_squares())
        if locations != self.locations:
            self.locations, self.nearest = locations, {}
        self.powers = {}
        me = game.acting_player()
        scored = [(self.score(game, a, me), self.rng.random(), i) for i, a in enumerate(actions)]
        action = actions[max(scored)[2]]
        if action["act"] in ("play", "play_from_stasis"):
            self.played[action["card"]] = self.played.get(action["card"], 0) + 1
        return action

    def score(self, game: Game, action: dict[str, Any], me: str) -> float:
        act = action["act"]
        if act == "end_turn":
            return 0.0
        if act == "choose":
            return 1.0 if action["option"] != "no" else 0.5
        if act == "attack":
            return self.attack_score(game, action)
        if act == "move":
            return self.move_score(game, action)
        if act in ("play", "play_from_stasis"):
            if self.played.get(action["card"], 0) >= self.REPLAYS_PER_TURN:
                return -1.0
            bonus = 5.0 if act == "play_from_stasis" else 0.0
            to = action.get("to")
            if to is not None and tuple(to) in self.locations:
                return 30.0 + bonus
            return 12.0 + bonus
        if act == "ability":
            return self.ability_score(game, me, action)
        if act == "activate":
            return 3.0
        return 1.0

    @staticmethod
    def ability_score(game: Game, me: str, action: dict[str, Any]) -> float:
        """A status the enemy lacks is worth about an attack; anything else on an enemy less; the rest little."""
        target = action.get("target")
        if target is None or not game.is_enemy(me, game.eid(target)):
            return 4.0
        ability = next(a for a in game.defn(game.eid(action["card"])).abilities if a.name == action["ability"])
        new = [e["status"] for e in ability.effects
               if e["op"] == "apply_status" and not game.has_status(game.eid(target), e["status"])]
        return 24.0 if new else 9.0

    def attack_score(self, game: Game, action: dict[str, Any]) -> float:
        attacker, target = game.eid(action["card"]), game.eid(action["target"])
        toughness = esper.component_for_entity(target, Health).hp + game.cubes(target).blue
        if attacker not in self.powers:
            self.powers[attacker] = power(game, attacker)
        damage = self.powers[attacker]
        if damage >= toughness:
            return 100.0 + (20.0 if game.kind(target) == "monster" else 0.0)
        return 20.0 + damage

    def move_score(self, game: Game, action: dict[str, Any]) -> float:
        eid = game.eid(action["card"])
        to = tuple(action["to"])
        locations = self.locations
        if to in locations:
            return 40.0 if game.at(to) is None else 0.0
        here = game.pos(eid)
        if here is None or not locations:
            return 0.0
        return 2.0 * (self.to_location(game, here) - self.to_location(game, to))

    def to_location(self, game: Game, square: tuple[int, int]) -> int:
        """Steps from a square to the nearest location square (remembered while the locations stay)."""
        if square not in self.nearest:
            self.nearest[square] = min(game.distance(square, sq) for sq in self.locations)
        return self.nearest[square]


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int) -> Bot:
    """A bot by name."""
    if name not in BOTS:
        raise KeyError(name)
    return cast(Bot, BOTS[name](seed))
