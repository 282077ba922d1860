"""What a bot is given: its player's view, the legal actions, and determinizations (hidden cards redrawn).

A determinization is a copy of the game in which every card hidden from one player (other hands, every
deck, the Madness pile) is redrawn at random from the cards that player knows could be there, and the
dice are reseeded, so a search can play the game forward without knowing anything the player doesn't.
It depends only on what the player may know and the seed: two games that differ only in hidden cards give
the same determinizations.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.components import Health, Stats
from game.core.dice import Dice
from game.core.table import CardParts, Filing
from game.engine import Game
from game.io.serialize import card_parts, table_without_cards
from game.io.view import SeenTable, player_log, player_view, visible_to

HIDDEN_REF = "hidden-"


@dataclass(frozen=True)
class Slot:
    """A place a hidden card fills: its zone, its arrival number there, and who holds it."""

    zone: str
    seq: int
    controller: str | None


def renamed(value: Any, renames: dict[str, str]) -> Any:
    """JSON data with every hidden card's ref (alone, or after a `kind:` prefix) given its new name. A plain
    recursive function: a nested closure that calls itself is a reference cycle, left for the collector after
    every determinization."""
    if isinstance(value, str):
        if value in renames:
            return renames[value]
        kind, sep, rest = value.partition(":")
        if sep and rest in renames:
            return f"{kind}:{renames[rest]}"
        return value
    if isinstance(value, list):
        return [renamed(v, renames) for v in value]
    if isinstance(value, dict):
        return {k: renamed(v, renames) for k, v in value.items()}
    return value


class Sampler:
    """Makes determinizations of one game for one player.

    The hidden cards fall into groups by owner (the Madness pile's cards have none). A player knows each
    group's cards as a whole (their own deck list, the other decks' lists, what was revealed and shuffled
    back, what went to which pile) but not which card fills which hidden place: each determinization
    deals a group's cards at random over that group's hidden places. Hidden cards get fresh refs
    (`hidden-1`, ...) in the order of their places, so no ref tells anything either.
    """

    def __init__(self, game: Game, player: str) -> None:
        self.player = player
        self.pool = game.table.pool
        state = game.to_state()
        hidden = {game.table.ref(e) for e in game.table.cards() if not visible_to(game.table, e, player)}
        groups: dict[str | None, list[dict[str, Any]]] = {}
        for card in state["cards"]:
            if card["ref"] in hidden:
                groups.setdefault(card["owner"], []).append(card)
        self.groups: list[tuple[str | None, list[Slot], list[str]]] = []
        renames: dict[str, str] = {}
        taken = {c["ref"] for c in state["cards"] if c["ref"] not in hidden}
        n = 0
        for owner in sorted(groups, key=lambda o: (o is not None, o or "")):
            cards = sorted(groups[owner], key=lambda c: (c["zone"], c["seq"]))
            slots = [Slot(c["zone"], c["seq"], c["controller"]) for c in cards]
            self.groups.append((owner, slots, sorted(c["name"] for c in cards)))
            for card in cards:
                n += 1
                while f"{HIDDEN_REF}{n}" in taken:
                    n += 1
                renames[card["ref"]] = f"{HIDDEN_REF}{n}"
        self.new_refs = list(renames.values())
        state["cards"] = [c for c in state["cards"] if c["ref"] not in hidden]
        del state["log"], state["dice"]
        state["rejected"] = []
        state["history"] = []
        state["queue"] = renamed(state["queue"], renames)
        state["pending"] = renamed(state["pending"], renames)
        for p in state["players"]:
            p["grants"] = renamed(p["grants"], renames)
        self.base: dict[str, Any] = {**json.loads(json.dumps(state)), "log": player_log(game.table, player)}
        """The state every determinization shares (the visible cards, the turn, the log as the player reads it; the
        dice are each deal's own): read, never changed, by `table_without_cards`, which copies what a game may
        change. One JSON round trip makes it what a save holds; the log needs none, its entries being the redacted
        copies already (and no event changes once it is recorded)."""
        self.filed: Filing | None = None
        """The indexes of the first deal's cards, which every later deal takes as they are."""

    def sample(self, seed: int) -> Game:
        """A determinization: every hidden card redrawn from its group, fresh dice; the same seed, the same game.
        Every deal puts the same refs in the same places, so the first one's indexes serve all the others
        (`Table.add_filed`)."""
        rng = random.Random(seed)
        hidden: list[CardParts] = []
        refs = iter(self.new_refs)
        for owner, slots, names in self.groups:
            dealt = list(names)
            rng.shuffle(dealt)
            for slot, name in zip(slots, dealt, strict=True):
                hidden.append((next(refs), name, owner, slot.zone, slot.controller, slot.seq, None, self.printed(name)))
        game = table_without_cards(self.base, Dice(rng.randrange(2**32)))
        cards = [card_parts(game, card) for card in self.base["cards"]] + hidden
        if self.filed is None:
            for parts in cards:
                game.add_card(*parts)
            self.filed = game.filing()
        else:
            game.add_filed(cards, self.filed)
        return Game(game)

    def printed(self, name: str) -> list[Any]:
        """A hidden card's components beside its own: a character's printed stats and HP."""
        printed = self.pool[name]
        if not printed.is_character:
            return []
        assert printed.hp is not None and printed.atk is not None
        return [Stats(printed.hp, printed.atk, printed.crt, printed.mv, printed.range, printed.damage_type),
                Health(printed.hp)]


@dataclass
class Observation:
    """All a bot is given: who it plays, that player's view (without the log), the legal actions, and
    determinizations.

    It holds no game: `determinize` asks a sampler made (once, on first use) by whoever built the observation.
    """

    player: str
    seen: dict[str, Any] | Callable[[], dict[str, Any]] = field(repr=False)
    listed: list[dict[str, Any]] | Callable[[], list[dict[str, Any]]]
    make_sampler: Callable[[], Sampler] | None = field(default=None, repr=False)
    sampler: Sampler | None = field(default=None, repr=False)
    read: Callable[[], SeenTable] | None = field(default=None, repr=False)
    seen_table: SeenTable | None = field(default=None, repr=False)
    ask_other: Callable[[], bool | None] | None = field(default=None, repr=False)
    ask_pick: Callable[[Callable[[int], int]], dict[str, Any] | None] | None = field(default=None, repr=False)

    @property
    def actions(self) -> list[dict[str, Any]]:
        """The legal actions, listed on first use."""
        if callable(self.listed):
            self.listed = self.listed()
        return self.listed

    def other_than_ending(self) -> bool | None:
        """Whether any legal action but ending the turn exists; None when ending the turn is not one of them.
        Asked of the live game when the actions are not listed yet (it lists only up to the first such action)."""
        if callable(self.listed) and self.ask_other is not None:
            return self.ask_other()
        if not any(a["act"] == "end_turn" for a in self.actions):
            return None
        return any(a["act"] != "end_turn" for a in self.actions)

    def pick(self, draw: Callable[[int], int]) -> dict[str, Any] | None:
        """The `draw(n)`-th of the n legal actions but ending the turn, in listing order (None when n is 0).
        Asked of the live game when the actions are not listed yet (it counts them and builds only that one)."""
        if callable(self.listed) and self.ask_pick is not None:
            return self.ask_pick(draw)
        listed = self.actions
        others = listed[:-1] if listed and listed[-1]["act"] == "end_turn" else listed  # it comes last, once
        return others[draw(len(others))] if others else None

    @property
    def view(self) -> dict[str, Any]:
        """The player's view, made on first use (a bot that never looks, like the random one, costs nothing)."""
        if callable(self.seen):
            self.seen = self.seen()
        return self.seen

    @property
    def turn(self) -> int:
        """The turn number, from the live view when there is one (without building the whole view)."""
        return self.table.turn if self.read is not None else int(self.view["turn"])

    @property
    def table(self) -> SeenTable:
        """The same view read on demand (each card made when first asked for, hidden ones absent): what a bot
        scoring a few actions reads, instead of the whole view."""
        if self.seen_table is None:
            if self.read is None:
                raise ValueError("this observation was made without a live view to read")
            self.seen_table = self.read()
        return self.seen_table

    @classmethod
    def of(cls, game: Game, player: str | None = None) -> Observation:
        """The observation of the acting player (or another) in a game, with its legal actions."""
        who = player or game.table.acting_player()

        def make() -> Sampler:
            return Sampler(game, who)

        def look() -> dict[str, Any]:
            return player_view(game.table, who, log=False)

        def read() -> SeenTable:
            return SeenTable(game.table, who)

        if who != game.table.acting_player():
            return cls(who, look, [], make, read=read)
        moved = len(game.table.log), len(game.table.history)

        def unmoved() -> None:
            if (len(game.table.log), len(game.table.history)) != moved:
                raise RuntimeError("the game has moved on since this observation was made")

        listed = game.listing()  # the one listing of this moment: the question and the whole list share it

        def listing() -> list[dict[str, Any]]:
            unmoved()
            return listed.actions()

        def other() -> bool | None:
            unmoved()
            return listed.other_than_ending()

        def pick(draw: Callable[[int], int]) -> dict[str, Any] | None:
            unmoved()
            return listed.pick(draw)

        return cls(who, look, listing, make, read=read, ask_other=other, ask_pick=pick)

    def determinize(self, seed: int) -> Game:
        """A copy of the game with every card hidden from the player redrawn (seeded; close it after use)."""
        return self.dealer().sample(seed)

    def dealer(self) -> Sampler:
        """The sampler that deals this observation's determinizations (made on first use; it holds only what the
        player may know, and pickles, so a search can deal in another process too)."""
        if self.sampler is None:
            if self.make_sampler is None:
                raise ValueError("this observation was made without a way to sample the game")
            self.sampler = self.make_sampler()
        return self.sampler
