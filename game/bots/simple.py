"""Bots that play through the legal-action list, seeing only their player's view: a random one and a greedy one."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar, Protocol

from game.bots.determinize import Observation
from game.core.cards import Ability, card_pool

Square = tuple[int, int]


class Bot(Protocol):
    """Chooses one of the legal actions from what its player may know (an `Observation`, never the game)."""

    name: str

    def choose(self, seen: Observation) -> dict[str, Any]:
        """The action to take."""
        ...


class RandomBot:
    """Takes any legal action, uniformly; ends its turn a third of the time when it could act."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, seen: Observation) -> dict[str, Any]:
        other = seen.other_than_ending()
        if other is not None and (not other or self.rng.random() < 1 / 3):
            return {"act": "end_turn"}
        picked = seen.pick(self.rng.randrange)  # draws as `choice` would from the list without its ending
        return {"act": "end_turn"} if picked is None else picked


class Board(Protocol):
    """The few facts the greedy scores read, from a view or from a game the bot may see whole."""

    me: str
    turn: int

    def pos(self, ref: str) -> Square | None: ...
    def occupied(self, square: Square) -> bool: ...
    def location_squares(self) -> list[Square]: ...
    def power(self, ref: str) -> int: ...
    def toughness(self, ref: str) -> int: ...
    def kind(self, ref: str) -> str: ...
    def is_enemy(self, ref: str) -> bool: ...
    def has_status(self, ref: str, status: str) -> bool: ...
    def ability(self, ref: str, name: str) -> Ability: ...


class ViewBoard:
    """A `Board` read from a player's view (what a bot is given)."""

    def __init__(self, view: dict[str, Any], me: str) -> None:
        self.me, self.turn, self.cards = me, int(view["turn"]), view["cards"]
        self.pool = card_pool()
        self.characters = {(c["pos"][0], c["pos"][1]) for c in self.cards.values()
                           if c["zone"] == "board" and c["pos"] is not None and c["hp"] is not None}
        self.locations = [(c["pos"][0], c["pos"][1]) for c in self.cards.values()
                          if c["zone"] == "location" and c["pos"] is not None]

    def pos(self, ref: str) -> Square | None:
        p = self.cards[ref]["pos"]
        return (p[0], p[1]) if p is not None else None

    def occupied(self, square: Square) -> bool:
        return square in self.characters

    def location_squares(self) -> list[Square]:
        return [(x, y) for x, y in self.locations]

    def power(self, ref: str) -> int:
        return int(self.cards[ref]["atk"])

    def toughness(self, ref: str) -> int:
        card = self.cards[ref]
        return int(card["hp"]) + int(card["cubes"]["blue"])

    def kind(self, ref: str) -> str:
        return str(self.cards[ref]["kind"])

    def is_enemy(self, ref: str) -> bool:
        card = self.cards[ref]
        return bool(card["controller"] != self.me if card["controller"] is not None else card["kind"] == "monster")

    def has_status(self, ref: str, status: str) -> bool:
        return bool(self.cards[ref]["status"].get(status))

    def ability(self, ref: str, name: str) -> Ability:
        return next(a for a in self.pool[self.cards[ref]["name"]].abilities if a.name == name)


class Replays:
    """How often each card was played this turn: a bot plays one card at most LIMIT times a turn, since a loop of
    extra plays (two Hawkeye's Arrows drawing each other back) scores the same at every step and nothing else
    would end it."""

    LIMIT: ClassVar[int] = 3

    def __init__(self) -> None:
        self.turn = 0
        self.counts: dict[str, int] = {}

    def start(self, turn: int) -> None:
        """Forget the counts once a new turn has begun."""
        if turn != self.turn:
            self.turn, self.counts = turn, {}

    def spent(self, action: dict[str, Any]) -> bool:
        """A play of a card already played LIMIT times this turn."""
        return action["act"] in PLAYS and action["card"] in self.spent_cards()

    def spent_cards(self) -> set[str]:
        """The cards already played LIMIT times this turn (a bot scoring many plays asks once)."""
        return {card for card, n in self.counts.items() if n >= self.LIMIT}

    def note(self, action: dict[str, Any]) -> None:
        """Count the action taken, if it plays a card."""
        if action["act"] in PLAYS:
            self.counts[action["card"]] = self.counts.get(action["card"], 0) + 1

    def choose(self, seen: Observation,
               decide: Callable[[Observation, list[dict[str, Any]]], dict[str, Any]]) -> dict[str, Any]:
        """A bot's choice among the legal actions but the spent plays (all of them when nothing else is left):
        the only one, or what `decide` takes among several; counted."""
        self.start(seen.turn)
        actions = [a for a in seen.actions if not self.spent(a)] or list(seen.actions)
        action = actions[0] if len(actions) == 1 else decide(seen, actions)
        self.note(action)
        return action


PLAYS = ("play", "play_from_stasis")


class GreedyBot:
    """Scores each legal action by a few plain preferences and takes the best (ties broken at random).

    It prefers defeating characters, standing on locations, attacking, applying statuses to enemies,
    and playing cards (minions to locations first); stasis plays and counters are played as soon as allowed.
    A kind of command it has no preference for scores UNKNOWN, below ending the turn.
    A card it has already played REPLAYS_PER_TURN times this turn scores below ending the turn, so a loop
    of extra plays (two Hawkeye's Arrows drawing each other back from an otherwise empty deck) ends.
    """

    name = "greedy"
    REPLAYS_PER_TURN: ClassVar[int] = Replays.LIMIT

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.replays = Replays()
        self.by_locations: dict[tuple[Square, ...], dict[Square, int]] = {}
        """Each square's steps to the nearest location, kept for each set of location squares."""

    def choose(self, seen: Observation) -> dict[str, Any]:
        board: Board = seen.table if seen.read is not None else ViewBoard(seen.view, seen.player)
        return self.pick(board, seen.actions)

    def pick(self, game: Board, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """The best-scored action on a board (a view's, or a determinization's in a search playout)."""
        self.replays.start(game.turn)
        score, rand = self.scorer(game), self.rng.random
        scored = [(score(a), rand(), i) for i, a in enumerate(actions)]
        if not scored:
            return {"act": "end_turn"}
        action = actions[max(scored)[2]]
        self.replays.note(action)
        return action

    def scorer(self, game: Board) -> Callable[[dict[str, Any]], float]:
        """The score of an action on this board (what every score reads is looked up once per board, since a
        decision scores every listed action; the acts are asked in order of how often they are listed)."""
        locations = game.location_squares()
        spots = set(locations)
        steps = self.by_locations.setdefault(tuple(locations), {})
        start: dict[str, int] = {}  # each mover's steps from where it stands
        spent = self.replays.spent_cards()
        occupied, pos = game.occupied, game.pos
        enemy: dict[str, bool] = {}
        applies: dict[tuple[str, str], list[str]] = {}
        power: dict[str, int] = {}

        def nearest(square: Square) -> int:
            """Steps from a square to the nearest location."""
            found = steps.get(square)
            if found is None:
                found = steps[square] = min(abs(square[0] - x) + abs(square[1] - y) for x, y in locations)
            return found

        def ability_score(action: dict[str, Any]) -> float:
            """A status the enemy lacks is worth about an attack; anything else on an enemy less; the rest little."""
            target = action.get("target")
            if target is None:
                return 4.0
            foe = enemy.get(target)
            if foe is None:
                foe = enemy[target] = game.is_enemy(target)
            if not foe:
                return 4.0
            key = (action["card"], action["ability"])
            statuses = applies.get(key)
            if statuses is None:
                statuses = applies[key] = [e["status"] for e in game.ability(*key).effects if e["op"] == "apply_status"]
            return 24.0 if any(not game.has_status(target, status) for status in statuses) else 9.0

        def attack_score(action: dict[str, Any]) -> float:
            """Defeating a character is worth most (a monster more); otherwise the damage dealt."""
            card, target = action["card"], action["target"]
            damage = power.get(card)
            if damage is None:
                damage = power[card] = game.power(card)
            if damage >= game.toughness(target):
                return 100.0 + (20.0 if game.kind(target) == "monster" else 0.0)
            return 20.0 + damage

        def score(action: dict[str, Any]) -> float:
            act: str = action["act"]
            if act == "move":
                x, y = action["to"]
                to = (x, y)
                if to in spots:
                    return 40.0 if not occupied(to) else 0.0
                if not locations:
                    return 0.0
                card = action["card"]
                before = start.get(card)
                if before is None:
                    here = pos(card)
                    before = start[card] = -1 if here is None else nearest(here)
                if before < 0:
                    return 0.0
                after = steps.get(to)
                return 2.0 * (before - (nearest(to) if after is None else after))
            if act == "play" or act == "play_from_stasis":
                if action["card"] in spent:
                    return -1.0
                bonus = 5.0 if act == "play_from_stasis" else 0.0
                square = action.get("to")
                if square is not None and (square[0], square[1]) in spots:
                    return 30.0 + bonus
                return 12.0 + bonus
            if act == "ability":
                return ability_score(action)
            if act == "attack":
                return attack_score(action)
            if act == "choose":
                return 1.0 if action["option"] != "no" else 0.5
            if act == "end_turn":
                return 0.0
            if act == "activate":
                return 3.0
            return UNKNOWN

        return score


UNKNOWN = -0.5
"""Greedy's score of a kind it has no preference for (one added to COMMANDS since): below ending the turn (0), so a
bot never takes a new kind by default, and above a card played too often this turn (-1)."""


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}

