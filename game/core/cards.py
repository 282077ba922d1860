"""Card and deck files: loaded from assets, checked in two stages, every problem reported at once.

Stage one is the schema of each file (game.core.schemas: keys, types, bounds); a file it refuses still has its
effects checked, so a schema problem hides no effect's problem. Stage two is what a schema can't see: op names and
fields and `[[static]]` tables (game.core.opspecs), rule ids in `shows` (assets/rules.toml), card names across
files (effects, statics' filters, decks) and two files defining one name. Every problem is one `FILE: WHERE: WHAT`
line. This module is the data layer: it imports nothing of the rules layer.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assets import FOLDER
from game.core import filecache, opspecs
from game.core.constants import CHARACTER_KINDS, DECK_KINDS, DECK_SIZE
from game.core.problems import FileProblems, Problem, did_you_mean, load_toml
from game.core.rulebook import load_rules

if TYPE_CHECKING:
    from game.core.schemas import AbilityFile, CardFile, DeckFile, TriggerFile

DAMAGE_TYPES = opspecs.DAMAGE_TYPES
EFFECT_TARGETS = opspecs.EFFECT_TARGETS
TARGET_FILTERS = opspecs.TARGET_FILTERS


class CardError(FileProblems):
    """Card or deck files with problems: one `FILE: WHERE: WHAT` line each."""


@dataclass(frozen=True)
class Ability:
    """An activated ability, Fuse, or relic ability of a card."""

    name: str
    text: str
    effects: tuple[dict[str, Any], ...]
    cost: int = 0
    range: int = 1
    target: str | None = None
    fuse: bool = False
    untap_cost: int = 0
    once_per_turn: bool = False


@dataclass(frozen=True)
class Trigger:
    """A triggered ability: `on` an event, with effects; `in_stasis` abilities work only in stasis."""

    on: str
    effects: tuple[dict[str, Any], ...]
    in_stasis: bool = False
    first_per_turn: bool = False


@dataclass(frozen=True)
class CardDef:
    """One card of the pool as printed: its kind and, for a character, its stats, with the defaults of G-2 (CRT 0,
    MV 2, range 1, physical damage)."""

    name: str
    kind: str
    text: str
    shows: tuple[str, ...] = ()
    hp: int | None = None
    atk: int | None = None
    crt: int = 0
    mv: int = 2
    range: int = 1
    damage_type: str = "physical"
    target: str | None = None
    target_may_be_in_stasis: bool = False
    from_stasis_target: str | None = None
    static: tuple[dict[str, Any], ...] = ()
    on_play: tuple[dict[str, Any], ...] = ()
    from_stasis: tuple[dict[str, Any], ...] = ()
    triggers: tuple[Trigger, ...] = ()
    abilities: tuple[Ability, ...] = field(default_factory=tuple)

    @property
    def is_character(self) -> bool:
        """Minions and monsters become characters on the board."""
        return self.kind in CHARACTER_KINDS


def card_from_file(data: CardFile) -> CardDef:
    """The CardDef of a card file that passed both stages."""
    return CardDef(
        name=data.name,
        kind=data.kind,
        text=data.text,
        shows=tuple(data.shows),
        hp=data.hp,
        atk=data.atk,
        crt=data.crt,
        mv=data.mv,
        range=data.range,
        damage_type=data.damage_type,
        target=data.target,
        target_may_be_in_stasis=data.target_may_be_in_stasis,
        from_stasis_target=data.from_stasis_target,
        static=tuple(data.static),
        on_play=tuple(data.on_play),
        from_stasis=tuple(data.from_stasis),
        triggers=tuple(_trigger(t) for t in data.trigger),
        abilities=tuple(_ability(a) for a in data.ability),
    )


def card_from_table(data: dict[str, Any]) -> CardDef:
    """The CardDef of a card file's table as `tomllib` reads it, for a file that passed both stages (the checked-files
    cache builds the pool so, without the schemas): the schemas are strict and their defaults are CardDef's, so
    lists becoming tuples is all that changes."""
    fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()
                              if k not in ("trigger", "ability")}
    triggers = (Trigger(**{**t, "effects": tuple(t.get("effects", ()))}) for t in data.get("trigger", ()))
    abilities = (Ability(**{**a, "effects": tuple(a.get("effects", ()))}) for a in data.get("ability", ()))
    return CardDef(**fields, triggers=tuple(triggers), abilities=tuple(abilities))


def _trigger(data: TriggerFile) -> Trigger:
    return Trigger(on=data.on, effects=tuple(data.effects), in_stasis=data.in_stasis,
                   first_per_turn=data.first_per_turn)


def _ability(data: AbilityFile) -> Ability:
    return Ability(name=data.name, text=data.text, effects=tuple(data.effects), cost=data.cost, range=data.range,
                   target=data.target, fuse=data.fuse, untap_cost=data.untap_cost, once_per_turn=data.once_per_turn)


def effect_lists(card: CardFile) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Each list of effects of a card file, with where it is in the file."""
    yield "on_play", card.on_play
    yield "from_stasis", card.from_stasis
    for i, trig in enumerate(card.trigger):
        yield f"trigger[{i}].effects", trig.effects
    for i, ab in enumerate(card.ability):
        yield f"ability[{i}].effects", ab.effects


def unshaped_effect_problems(data: dict[str, Any], file: str, reported: set[str]) -> list[Problem]:
    """Stage two's op checks on a card file the schema refused, so that a schema problem hides no effect's problem:
    each effect found where a card file has effects, except those under a place the schema already reported."""
    lists: list[tuple[str, Any]] = [("on_play", data.get("on_play")), ("from_stasis", data.get("from_stasis"))]
    for key in ("trigger", "ability"):
        items = data.get(key)
        if isinstance(items, list):
            lists += [(f"{key}[{i}].effects", item.get("effects")) for i, item in enumerate(items)
                      if isinstance(item, dict)]
    found = [problem for where, effects in lists if isinstance(effects, list)
             for i, effect in enumerate(effects)
             for problem in opspecs.effect_problems(effect, file, f"{where}[{i}]", in_card=True)]
    return [p for p in found if not any(p.where == w or p.where.startswith((f"{w}[", f"{w}.")) for w in reported)]


def card_problems(card: CardFile, file: str) -> list[Problem]:
    """Stage two for one card file: stats of characters, op names and fields, statics, rule ids, ability names."""
    problems = [Problem(file, stat, f"a {card.kind} is a character and needs {stat!r}")
                for stat in ("hp", "atk") if card.kind in CHARACTER_KINDS and getattr(card, stat) is None]
    problems += [Problem(file, stat, f"{card.kind!r} is not a kind of character: the card has no {stat!r}")
                 for stat in ("hp", "atk") if card.kind not in CHARACTER_KINDS and getattr(card, stat) is not None]
    for where, effects in effect_lists(card):
        for i, effect in enumerate(effects):
            problems += opspecs.effect_problems(effect, file, f"{where}[{i}]", in_card=True)
    problems += command_target_problems(card, file)
    rules = load_rules()
    problems += [Problem(file, f"shows[{i}]", f"unknown rule id {rid!r}{did_you_mean(rid, rules)}")
                 for i, rid in enumerate(card.shows) if rid not in rules]
    problems += static_problems(card, file)
    names = [ab.name for ab in card.ability]
    problems += [Problem(file, f"ability[{i}].name", f"two abilities are named {name!r}")
                 for i, name in enumerate(names) if name in names[:i]]
    return problems


def static_problems(card: CardFile, file: str) -> list[Problem]:
    """Each `[[static]]` table's fields (game.core.opspecs); only characters have stats for statics to change, and
    one printed_power static at most sets a card's printed power."""
    if card.static and card.kind not in CHARACTER_KINDS:
        return [Problem(file, "static", f"statics change a character's power; a card of kind {card.kind!r} has none")]
    problems = []
    for i, static in enumerate(card.static):
        problems += opspecs.static_problems(static, file, f"static[{i}]")
    setters = [i for i, static in enumerate(card.static) if static.get("stat") == "printed_power"]
    problems += [Problem(file, f"static[{i}]", f"static[{setters[0]}] already sets the printed power; a card has "
                                                f"one printed_power static")
                 for i in setters[1:]]
    return problems


def command_target_problems(card: CardFile, file: str) -> list[Problem]:
    """Effects aimed at `target` where no command gives one: in a trigger, or in a play that has no target."""
    givers = {"on_play": ("target", card.target), "from_stasis": ("from_stasis_target", card.from_stasis_target)}
    problems = []
    for where, effects in effect_lists(card):
        for here, effect in _with_modes(effects, where):
            if not isinstance(effect, dict) or effect.get("target") != "target":
                continue
            if where.startswith("trigger["):
                problems.append(Problem(file, here, "target 'target' is the target of a play or an ability; a trigger "
                                                 "has none (use this, you, others, choose:FILTER or each:FILTER)"))
            elif where in givers and givers[where][1] is None:
                problems.append(Problem(file, here, f"target 'target' needs the card's {givers[where][0]!r}: what "
                                                 f"playing it targets"))
    return problems


def _with_modes(effects: list[Any], where: str) -> Iterator[tuple[str, Any]]:
    """(where, effect) for each effect of a list and of its choose_mode modes."""
    for i, effect in enumerate(effects):
        yield f"{where}[{i}]", effect
        modes = effect.get("modes") if isinstance(effect, dict) else None
        for j, mode in enumerate(modes if isinstance(modes, list) else []):
            inner = mode.get("effects") if isinstance(mode, dict) else None
            if isinstance(inner, list):
                yield from _with_modes(inner, f"{where}[{i}].modes[{j}].effects")


def named_cards(card: CardFile) -> Iterator[tuple[str, str]]:
    """(where, name) for every other card a card file names: in its statics' filters and in its effects."""
    for i, static in enumerate(card.static):
        for key, name in opspecs.static_card_names(static):
            yield f"static[{i}].{key}", name
    for where, effects in effect_lists(card):
        for i, effect in enumerate(effects):
            for key, name in opspecs.card_names(effect):
                yield f"{where}[{i}].{key}", name


def file_stem(name: str) -> str:
    """The file name a card's file has by convention: "Hawkeye's Arrows" -> hawkeyes_arrows."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("'", "")).strip("_")


def check_cards(folder: Path | None = None) -> tuple[dict[str, CardDef], list[Problem]]:
    """Every card file of a folder through both stages: the valid cards by name, and every problem."""
    pool, problems, _ = _check_cards(folder or cards_dir())
    return pool, problems


def check_files(cards: Path | None = None, decks: Path | None = None) -> tuple[int, int, list[Problem]]:
    """Card files, then deck files against them: how many of each were read, and every problem of all.

    A deck naming a card whose file has problems is not blamed for it: that file's lines say what is wrong.
    """
    folder = cards or cards_dir()
    pool, problems, defined = _check_cards(folder)
    deck_paths = sorted(decks.glob("*.toml")) if decks else []
    for path in deck_paths:
        problems += [p for p in check_deck(path, pool)[1]
                     if not any(p.where == f"cards.{name!r}" for name in defined - set(pool))]
    return len(list(folder.glob("*.toml"))), len(deck_paths), problems


def _check_cards(folder: Path) -> tuple[dict[str, CardDef], list[Problem], set[str]]:
    """The valid cards, every problem, and every name a file defines (a misshapen file's too, so that other
    files naming it are not blamed for its mistakes)."""
    from game.core.schemas import CardFile, validate  # here, not at the top: see `card_pool`

    problems: list[Problem] = []
    found: dict[str, tuple[Path, CardFile]] = {}
    misshapen: set[str] = set()
    for path in sorted(folder.glob("*.toml")):
        try:
            data = load_toml(str(path), "card file")
        except FileProblems as bad:
            problems += bad.problems
            continue
        card, schema_problems = validate(CardFile, data, str(path))
        problems += schema_problems
        if card is None:
            misshapen |= {data["name"]} if isinstance(data.get("name"), str) else set()
            problems += unshaped_effect_problems(data, str(path), {p.where for p in schema_problems})
            continue
        problems += card_problems(card, str(path))
        if card.name in found:
            problems.append(_duplicate(card.name, found[card.name][0], path))
            if file_stem(card.name) == path.stem:
                found[card.name] = (path, card)
            continue
        found[card.name] = (path, card)
    for path, card in found.values():
        problems += [Problem(str(path), where, f"no card is named {name!r}{did_you_mean(name, found)}")
                     for where, name in named_cards(card) if name not in found and name not in misshapen]
    bad_files = {p.file for p in problems}
    pool = {name: card_from_file(card) for name, (path, card) in found.items() if str(path) not in bad_files}
    return pool, problems, set(found) | misshapen


def _duplicate(name: str, first: Path, second: Path) -> Problem:
    """Two files define one name: blame the one not named after the card (the later one when both or neither)."""
    blamed, other = (first, second) if first.stem != file_stem(name) == second.stem else (second, first)
    return Problem(str(blamed), "name", f"card {name!r} is already defined by {other}; "
                                        f"each card has one file, named {file_stem(name)}.toml")


def load_cards(folder: Path | None = None) -> dict[str, CardDef]:
    """Every card of a folder by name; any problem in any file raises CardError listing all of them."""
    pool, problems = check_cards(folder)
    if problems:
        raise CardError(problems)
    return pool


def cards_dir() -> Path:
    """The folder of shipped card files."""
    return FOLDER / "cards"


def rules_file() -> Path:
    """The rules text, which card files' `shows` are checked against."""
    return FOLDER / "rules.toml"


@cache
def card_pool() -> dict[str, CardDef]:
    """The shipped card pool, loaded once: checked through both stages, or built from the same bytes as files that
    passed last time (`game.core.filecache`), which skips importing the schemas and their quarter second of
    start-up."""
    files = filecache.snapshot([*sorted(cards_dir().glob("*.toml")), rules_file()])
    return filecache.kept_or_checked("cards", files, load_cards, pool_from_files)


def pool_from_files(files: dict[Path, bytes]) -> dict[str, CardDef]:
    """The pool of card files that passed both stages, by name in file order, from their bytes."""
    cards = (card_from_table(tomllib.loads(content.decode("utf-8"))) for path, content in files.items()
             if path.parent == cards_dir())
    return {card.name: card for card in cards}


def decks_dir() -> Path:
    """The folder of shipped deck files."""
    return FOLDER / "decks"


def check_deck(path: Path, pool: dict[str, CardDef]) -> tuple[DeckFile | None, list[Problem]]:
    """One deck file through both stages: its schema, then card names, kinds and size against a pool."""
    from game.core.schemas import DeckFile, validate  # here, not at the top: see `card_pool`

    try:
        data = load_toml(str(path), "deck file")
    except FileProblems as bad:
        return None, bad.problems
    deck, problems = validate(DeckFile, data, str(path))
    if deck is None:
        return None, problems
    for name in deck.cards:
        if name not in pool:
            problems.append(Problem(str(path), f"cards.{name!r}", f"unknown card {name!r}{did_you_mean(name, pool)}"))
        elif pool[name].kind not in DECK_KINDS:
            problems.append(Problem(str(path), f"cards.{name!r}", f"{name!r} is a {pool[name].kind}; a deck holds "
                                                                   f"{', '.join(DECK_KINDS)} cards"))
    total = sum(deck.cards.values())
    if total != DECK_SIZE:
        problems.append(Problem(str(path), "cards", f"a standard deck has {DECK_SIZE} cards, this one has {total}"))
    return (None if problems else deck), problems
