"""The standard game (G-1): decks from assets/decks, shuffled; opening hands; locations; Madness pile; a monster."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeVar

import esper

from game.cards import DECK_SIZE as DECK_SIZE
from game.cards import card_pool, check_deck, decks_dir
from game.components import BoardPos
from game.constants import STANDARD_LOCATIONS
from game.problems import FileProblems
from game.table import Table
from systems.schedule import advance

G = TypeVar("G", bound=Table)

OPENING_HAND = 5
MADNESS_PILE = 10
LOCATION_CARD = "Alternate Present"
MONSTER = "Wandering Golem"
MONSTER_SQUARE = (3, 2)
TREASURE = "Lost Relic"
MADNESS_CARD = "Madness"
SETUP_ONLY = frozenset({LOCATION_CARD, MONSTER, TREASURE, MADNESS_CARD})
"""The cards setup puts on the table itself (G-1); no standard deck holds them."""


class SetupError(ValueError):
    """A deck file or a setup request that can't be used; the message says which and why."""


@dataclass(frozen=True)
class Deck:
    """A standard deck: a name, its themes, and card name -> copies."""

    key: str
    name: str
    themes: tuple[str, ...]
    description: str
    cards: dict[str, int]

    def card_list(self) -> list[str]:
        """Every card of the deck, copies repeated, in file order."""
        return [name for name, n in self.cards.items() for _ in range(n)]


def load_deck(path: Path) -> Deck:
    """Read and validate one deck file (game.cards.check_deck); every problem is one line of the SetupError."""
    deck, problems = check_deck(path, card_pool())
    if deck is None:
        raise SetupError(str(FileProblems(problems)))
    return Deck(path.stem, deck.name, tuple(deck.themes), deck.description, dict(deck.cards))


@cache
def standard_decks() -> dict[str, Deck]:
    """The shipped decks by key (the file name without .toml)."""
    return {p.stem: load_deck(p) for p in sorted(decks_dir().glob("*.toml"))}


def find_deck(name: str) -> Deck:
    """A deck by key or by its display name (case-insensitive)."""
    decks = standard_decks()
    for deck in decks.values():
        if name.lower() in (deck.key.lower(), deck.name.lower()):
            return deck
    raise SetupError(f"unknown deck {name!r}; decks: {', '.join(decks)}")


def new_game(players: list[str], decks: Sequence[str | None] | None, seed: int, make: type[G]) -> G:
    """Set up a standard game as a `make` game and run the first player's start and untap phases.

    `decks` names one deck per player; None (for all, or for one seat) means that seat's standard deck.
    """
    if not 2 <= len(players) <= 4 or len(set(players)) != len(players):
        raise SetupError("a game has 2 to 4 players with different names")
    wanted = list(decks) if decks else [None] * len(players)
    if len(wanted) != len(players):
        raise SetupError(f"name one deck per player ({len(players)} players, {len(wanted)} decks)")
    keys = list(standard_decks())
    chosen = [find_deck(d) if d else standard_decks()[keys[i % len(keys)]] for i, d in enumerate(wanted)]
    game = make(players, seed=seed)
    for x, y in STANDARD_LOCATIONS:
        loc = game.create_card(game.make_ref(LOCATION_CARD), LOCATION_CARD, None, "location")
        esper.add_component(loc, BoardPos(x, y))
    for _ in range(MADNESS_PILE):
        game.create_card(game.make_ref(MADNESS_CARD), MADNESS_CARD, None, "madness")
    golem = game.create_card(game.make_ref(MONSTER), MONSTER, None, "board")
    esper.add_component(golem, BoardPos(*MONSTER_SQUARE))
    game.create_card(game.make_ref(TREASURE), TREASURE, None, "board")
    for player, deck in zip(players, chosen, strict=True):
        names = deck.card_list()
        game.dice.shuffle(names)
        for i, name in enumerate(names, start=1):
            game.create_card(f"{player.lower()}-{i}", name, player, "deck")
        game.draw(player, OPENING_HAND)
    game.emit("GameStarted", players=players, seed=seed, decks=[d.key for d in chosen])
    game.turn.turn = 1
    game.set_phase("start")
    advance(game)
    return game
