"""The standard game (G-1): decks from assets/decks, shuffled; opening hands; locations; Madness pile; a monster."""

from __future__ import annotations

import tomllib
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.core import filecache
from game.core.cards import CardDef, card_pool, cards_dir, check_deck, decks_dir, rules_file
from game.core.constants import STANDARD_LOCATIONS
from game.core.dice import seed_problem
from game.core.numbers import Numbers
from game.core.problems import FileProblems
from game.core.table import Table
from systems.schedule import advance, new_table

LOCATION_CARD = "Alternate Present"
MONSTER = "Wandering Golem"
MONSTER_SQUARE = (3, 2)
TREASURE = "Lost Relic"
MADNESS_CARD = "Madness"
START_VP_REASON = "starting VP (G-9)"
"""The log's reason for a seat's VP before the first turn (G-9): the window's VP breakdown counts it apart."""
SETUP_ONLY = frozenset({LOCATION_CARD, MONSTER, TREASURE, MADNESS_CARD})
"""The cards setup puts on the table itself (G-1); no standard deck holds them."""
MAX_NAME = 24
RESERVED_NAMES = (MADNESS_CARD, "you", "others", "this", "target", "yes", "no", "nobody")
"""Words the game already uses for piles, effect targets and choice answers; no player may be called so."""


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


@dataclass(frozen=True)
class Contents:
    """A card pool, decks and rule numbers to set games up from instead of the shipped ones (a variant's,
    `game.tools.variant`); plain data, so it travels to worker processes and Ray tasks."""

    pool: dict[str, CardDef]
    decks: dict[str, Deck]
    numbers: Numbers | None = None
    """None: the shipped numbers."""


def load_deck(path: Path) -> Deck:
    """Read and validate one deck file (game.core.cards.check_deck); every problem is one line of the SetupError."""
    deck, problems = check_deck(path, card_pool())
    if deck is None:
        raise SetupError(str(FileProblems(problems)))
    return Deck(path.stem, deck.name, tuple(deck.themes), deck.description, dict(deck.cards))


@cache
def standard_decks() -> dict[str, Deck]:
    """The shipped decks by key (the file name without .toml): checked against the card pool, or built from the same
    bytes as deck files (and card files) that passed last time (`game.core.filecache`)."""
    paths = sorted(decks_dir().glob("*.toml"))
    files = filecache.snapshot([*paths, *sorted(cards_dir().glob("*.toml")), rules_file()])
    return filecache.kept_or_checked(
        "decks", files, lambda: {p.stem: load_deck(p) for p in paths},
        lambda kept: {p.stem: deck_from_table(p.stem, tomllib.loads(kept[p].decode("utf-8"))) for p in paths}, "decks")


def deck_from_table(key: str, data: dict[str, Any]) -> Deck:
    """The Deck of a deck file's table as `tomllib` reads it, for a file that passed both stages (with the schema's
    defaults: no themes, no description)."""
    return Deck(key, data["name"], tuple(data.get("themes", ())), data.get("description", ""), dict(data["cards"]))


def find_deck(name: str) -> Deck:
    """A deck by key or by its display name (case-insensitive)."""
    decks = standard_decks()
    for deck in decks.values():
        if name.lower() in (deck.key.lower(), deck.name.lower()):
            return deck
    raise SetupError(f"unknown deck {name!r}; decks: {', '.join(decks)}")


LOOK_ALIKES = str.maketrans("АВЕЅІЈКМНОРСТХУаеѕіјорсхуԁһӏԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧοιν",
                            "ABESIJKMHOPCTXYaesijopcxydhlqwABEZHIKMNOPTYXoiv")
"""Cyrillic and Greek letters drawn like Latin ones, mapped to those (a short list, not Unicode's confusables)."""
CONFUSABLE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")


def name_key(name: str) -> str:
    """What a player name looks like, to tell two names apart: NFKC (fullwidth and mathematical letters become plain
    ones, composed and decomposed accents one form), Cyrillic or Greek look-alikes as Latin, then case folded."""
    plain = unicodedata.normalize("NFKC", name).translate(LOOK_ALIKES)
    return unicodedata.normalize("NFKC", plain.casefold())


def mixed_scripts(name: str) -> list[str]:
    """The scripts among Latin, Cyrillic and Greek whose letters a name mixes (one script: [])."""
    found = {unicodedata.name(ch, "").split(" ")[0] for ch in unicodedata.normalize("NFKC", name) if ch.isalpha()}
    mixed = [script.title() for script in CONFUSABLE_SCRIPTS if script in found]
    return mixed if len(mixed) > 1 else []


def name_problem(names: Sequence[object]) -> str | None:
    """Why a list of player names can't seat a game, or None.

    Names the game could not tell apart, or players could not, are refused: blank, longer than MAX_NAME
    characters or holding control characters; mixing Latin with Cyrillic or Greek letters (which are drawn alike);
    equal to a reserved word or to each other once normalised (`name_key`: accents composed or not, fullwidth or
    mathematical letters, case, Cyrillic or Greek look-alikes of Latin letters).
    """
    if not 2 <= len(names) <= 4:
        return f"a game has 2 to 4 players, not {len(names)}"
    seen: dict[str, str] = {}
    reserved = {name_key(r): r for r in RESERVED_NAMES}
    for name in names:
        if not isinstance(name, str) or not name.strip():
            return f"a player name must be a non-empty string, not {name!r}"
        if len(name) > MAX_NAME or not name.isprintable() or name != name.strip():
            return f"player name {name!r} must be 1 to {MAX_NAME} printable characters, no spaces around it"
        if scripts := mixed_scripts(name):
            return (f"player name {name!r} mixes {' and '.join(scripts)} letters, which look alike; write it in "
                    f"one alphabet")
        key = name_key(name)
        if key in reserved:
            return f"player name {name!r} is reserved (the game uses {reserved[key]!r} itself); choose another"
        if key in seen and seen[key] == name:
            return f"two players are named {name!r}; give each player a different name"
        if key in seen and seen[key].casefold() == name.casefold():
            return f"player names {seen[key]!r} and {name!r} differ only in case; choose different names"
        if key in seen:
            return f"player names {seen[key]!r} and {name!r} look the same; choose different names"
        seen[key] = name
    return None


def check_player_names(names: Sequence[object]) -> None:
    """Raise SetupError when the names can't seat a game (see `name_problem`)."""
    problem = name_problem(names)
    if problem:
        raise SetupError(problem)


def deck_ref(seat: int, i: int) -> str:
    """The ref of the i-th card (from 1) of a seat's deck: unique by construction, whatever the names."""
    return f"p{seat + 1}-{i}"


def new_game(players: list[str], decks: Sequence[str | None] | None, seed: int,
             contents: Contents | None = None) -> Table:
    """Set up a standard game and run the first player's start and untap phases.

    `decks` names one deck per player; None (for all, or for one seat) means that seat's standard deck. `contents`
    replaces the shipped card pool, the named decks' cards and the rule numbers (a variant's), the deal's dice
    staying the same. Each seat draws the opening hand of the game's numbers (its own first-round value if it has
    one) and the Madness pile holds madness_pile cards (G-1); a seat with starting VP has them (G-9).
    """
    check_player_names(players)
    if why := seed_problem(seed):
        raise SetupError(f"seed {why}")
    wanted = list(decks) if decks else [None] * len(players)
    if len(wanted) != len(players):
        raise SetupError(f"name one deck per player ({len(players)} players, {len(wanted)} decks)")
    keys = list(standard_decks())
    chosen = [find_deck(d) if d else standard_decks()[keys[i % len(keys)]] for i, d in enumerate(wanted)]
    if contents is not None:
        chosen = [contents.decks[deck.key] for deck in chosen]
    game = new_table(players, seed=seed, pool=None if contents is None else contents.pool,
                     numbers=None if contents is None else contents.numbers)
    for x, y in STANDARD_LOCATIONS:
        loc = game.create_card(game.make_ref(LOCATION_CARD), LOCATION_CARD, None, "location")
        game.place_at(loc, (x, y))
    for _ in range(game.numbers.madness_pile):
        game.create_card(game.make_ref(MADNESS_CARD), MADNESS_CARD, None, "madness")
    golem = game.create_card(game.make_ref(MONSTER), MONSTER, None, "board")
    game.place_at(golem, MONSTER_SQUARE)
    game.create_card(game.make_ref(TREASURE), TREASURE, None, "board")
    for seat, (player, deck) in enumerate(zip(players, chosen, strict=True)):
        names = deck.card_list()
        game.dice.shuffle(names)
        for i, name in enumerate(names, start=1):
            game.create_card(deck_ref(seat, i), name, player, "deck")
        game.draw(player, game.numbers.for_seat("opening_hand", seat, True))
        if vp := game.numbers.for_seat("start_vp", seat, True):
            game.gain_vp(player, vp, reason=START_VP_REASON)
    game.emit("GameStarted", players=players, seed=seed, decks=[d.key for d in chosen])
    game.turn.turn = 1
    game.set_phase("start")
    advance(game)
    return game
