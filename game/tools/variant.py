"""Variant files (`sim --variant`, `tune`): changes to card fields, deck copies and rule numbers, checked like the
files they change.

A variant names cards and fields to change (`[cards.Footman] hp = 7`, or a path into a list such as
`"ability[0].cost" = 0`), copies to change in decks (`[decks.fable_guard.cards] Footman = 3`, 0 removes a card) and
numbers of the rules (`[rules] stones_per_turn = 4`, a seat's first round `[rules.first_round.seat2]`, one player
count's own `[rules.two_players.first_round.seat2]`). Each changed card goes through both stages of the card files'
checks (`game.core.cards`), every deck through the deck checks against the changed pool, and the numbers through the
numbers file's schema (`game.core.numbers`); every problem is one `FILE: KEY: WHAT` line.
"""

from __future__ import annotations

import copy
import datetime
import json
import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from game.core.cards import CardDef, card_from_file, card_pool, card_problems, cards_dir, named_cards
from game.core.constants import DECK_KINDS, DECK_SIZE
from game.core.numbers import changed, shipped_numbers
from game.core.opspecs import OPS
from game.core.problems import FileProblems, Problem, did_you_mean, load_toml
from game.io.export import toml_key, toml_value
from game.io.setup import SETUP_ONLY, Contents, Deck, standard_decks

TOP_KEYS = ("name", "cards", "decks", "rules")
STEP = re.compile(r"([A-Za-z_]+)((?:\[[0-9]+\])*)\Z")
"""One step of a key path: a field name, then any list indexes (`ability[0]`)."""

CardChanges = dict[str, dict[str, Any]]
"""Card name -> key path -> new value."""
DeckChanges = dict[str, dict[str, int]]
"""Deck key -> card name -> copies (0 removes the card)."""


class VariantError(FileProblems):
    """A variant file with problems: one `FILE: KEY: WHAT` line each."""


@dataclass(frozen=True)
class Variant:
    """A checked variant: its name, its changes as written, and the pool, decks and rule numbers they make."""

    name: str
    cards: CardChanges
    decks: DeckChanges
    contents: Contents = field(compare=False)
    rules: dict[str, Any] = field(default_factory=dict)
    """The `[rules]` table as written (`game.core.numbers`)."""

    def changes(self, words: bool = False) -> list[str]:
        """Each change as one line, old value to new: `Footman hp 5 -> 7`, or in words (`key_words`) `Footman: HP
        5 → 7`."""
        decks = standard_decks()
        if words:
            lines = [f"{name}: {key_words(name, key)} {shown(current_value(name, key))} → {shown(value)}"
                     for name, keys in self.cards.items() for key, value in keys.items()]
            lines += [f"{decks[key].name}: {name} {decks[key].cards.get(name, 0)} → {n} copies"
                      for key, names in self.decks.items() for name, n in names.items()]
        else:
            lines = [f"{name} {key} {shown(current_value(name, key))} -> {shown(value)}"
                     for name, keys in self.cards.items() for key, value in keys.items()]
            lines += [f"{key}: {name} {decks[key].cards.get(name, 0)} -> {n} copies"
                      for key, names in self.decks.items() for name, n in names.items()]
        if self.contents.numbers is not None:
            lines += [f"rules {line}" for line in shipped_numbers().changes(self.contents.numbers)]
        return lines

    def toml(self) -> str:
        """The variant as a file `load_variant` reads back."""
        lines = [f"name = {toml_value(self.name)}"]
        for name, keys in self.cards.items():
            lines += ["", f"[cards.{toml_key(name)}]"]
            lines += [f"{toml_key(key)} = {toml_value(value)}" for key, value in keys.items()]
        for deck, names in self.decks.items():
            lines += ["", f"[decks.{toml_key(deck)}.cards]"]
            lines += [f"{toml_key(name)} = {n}" for name, n in names.items()]
        lines += toml_tables("rules", self.rules)
        return "\n".join(lines) + "\n"


def toml_tables(name: str, table: dict[str, Any]) -> list[str]:
    """A table and the tables inside it as TOML lines (`[rules]`, `[rules.two_players.first_round.seat2]`); a table
    with only tables inside gets no header of its own."""
    plain = {key: value for key, value in table.items() if not isinstance(value, dict)}
    lines = ["", f"[{name}]", *(f"{toml_key(k)} = {toml_value(v)}" for k, v in plain.items())] if plain else []
    for key, inner in table.items():
        if isinstance(inner, dict):
            lines += toml_tables(f"{name}.{toml_key(key)}", inner)
    return lines


def shown(value: Any) -> str:
    """A value read from a variant file as a message shows it: JSON, or a TOML date or time as written."""
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    return json.dumps(value, ensure_ascii=False, default=repr)


def shown_key(key: str) -> str:
    """A key of a variant file as a message shows it: as written, or quoted and escaped when it holds a line break,
    another control character or spaces at an end (so the message stays one line that shows them)."""
    return key if key.isprintable() and key == key.strip() else repr(key)


@cache
def card_tables() -> dict[str, dict[str, Any]]:
    """Each shipped card's file as `tomllib` reads it, by card name (what a variant's changes apply to)."""
    pool = card_pool()
    tables = (tomllib.loads(path.read_text("utf-8")) for path in sorted(cards_dir().glob("*.toml")))
    return {t["name"]: t for t in tables if isinstance(t.get("name"), str) and t["name"] in pool}


def steps(key: str) -> list[str | int] | None:
    """A key path as field names and list indexes (`ability[0].cost` -> ['ability', 0, 'cost']), None if malformed."""
    out: list[str | int] = []
    for part in key.split("."):
        found = STEP.match(part)
        if found is None:
            return None
        out.append(found.group(1))
        out += [int(i) for i in re.findall(r"[0-9]+", found.group(2))]
    return out


def current_value(name: str, key: str) -> Any:
    """A shipped card's value at a key path (the schema's default where its file leaves a top-level field out)."""
    path = steps(key) or []
    value: Any = card_tables()[name]
    for step in path:
        inside = (isinstance(value, dict) and isinstance(step, str) and step in value
                  or isinstance(value, list) and isinstance(step, int) and step < len(value))
        if inside:
            value = value[step]
        else:
            return getattr(card_pool()[name], str(path[-1]), None) if len(path) == 1 else None
    return value


STAT_WORDS = {"hp": "HP", "atk": "power"}
"""The words for a card's own number fields where the field's name is not a word."""


def key_words(name: str, key: str) -> str:
    """A card's field path in words, read from the card and its effects' op fields (`game.core.opspecs`):
    `on_play[0].n` of Clockwork Bomb is "white cubes added on play", `ability[0].cost` "Lull's cost"; a path it
    can't read stays as written."""
    path = steps(key)
    card = card_pool()[name]
    if path is None:
        return key
    if len(path) == 1:
        return STAT_WORDS.get(str(path[0]), str(path[0]).replace("_", " "))
    if path[0] == "ability" and len(path) == 3 and path[2] == "cost" and isinstance(path[1], int):
        return f"{card.abilities[path[1]].name}'s cost" if path[1] < len(card.abilities) else key
    if path[0] in ("on_play", "from_stasis"):
        where, rest, listed = path[:1], path[1:], str(path[0])
    elif len(path) > 2 and path[2] == "effects":
        where, rest, listed = path[:2], path[3:], f"{path[0]}[{path[1]}].effects"
    else:
        return key
    effects = current_value(name, listed)
    if len(rest) != 2 or not isinstance(rest[0], int) or not isinstance(effects, list) or rest[0] >= len(effects):
        return key
    effect = effects[rest[0]]
    op = OPS.get(effect.get("op", "")) if isinstance(effect, dict) else None
    if op is None or str(rest[1]) not in op.fields:
        return key
    what = op.fields[str(rest[1])].doc.split(" (")[0]
    qualifier = " ".join(str(effect[q]) for q in ("color", "status") if isinstance(effect.get(q), str))
    return f"{qualifier + ' ' if qualifier else ''}{what} {when_words(card, where)}"


def when_words(card: CardDef, where: list[str | int]) -> str:
    """When an effect list of a card resolves, in words: on play, from stasis, a trigger's event, an ability."""
    if where == ["on_play"]:
        return "on play"
    if where == ["from_stasis"]:
        return "when played from stasis"
    index = int(where[1])
    if where[0] == "trigger" and index < len(card.triggers):
        return "when " + card.triggers[index].on.replace("_", " ")
    if where[0] == "ability" and index < len(card.abilities):
        return f"by {card.abilities[index].name}"
    return f"{where[0]}[{index}]"


def changed_table(name: str, keys: dict[str, Any], file: str) -> tuple[dict[str, Any], list[Problem]]:
    """A card's file table with a variant's changes made; a key that names nothing in it is a problem."""
    table = copy.deepcopy(card_tables()[name])
    problems = []
    for key, value in keys.items():
        where = f"cards.{name!r}.{shown_key(key)}"
        path = steps(key)
        if path is None or not isinstance(path[0], str):
            problems.append(Problem(file, where, "a key is a field name, or a path such as ability[0].cost"))
            continue
        if path == ["name"]:
            problems.append(Problem(file, where, "a variant changes a card, not its name"))
            continue
        target: Any = table
        for i, step in enumerate(path[:-1]):
            nxt = path[i + 1]
            inside = target.get(step) if isinstance(step, str) and isinstance(target, dict) else (
                target[step] if isinstance(target, list) and isinstance(step, int) and step < len(target) else None)
            if not isinstance(inside, list if isinstance(nxt, int) else dict):
                problems.append(Problem(file, where, f"{name!r} has nothing at {key}"))
                break
            target = inside
        else:
            last = path[-1]
            if isinstance(last, int) and not (isinstance(target, list) and last < len(target)):
                problems.append(Problem(file, where, f"{name!r} has nothing at {key}"))
            elif len(path) > 1 and isinstance(last, str) and last not in target:
                problems.append(Problem(file, where, f"{name!r} has nothing at {key}; a variant changes what the card "
                                                     f"file has (or a top-level field)"))
            else:
                target[last] = value
    return table, problems


def changed_card(name: str, keys: dict[str, Any], file: str, names: set[str]) -> tuple[CardDef | None, list[Problem]]:
    """A card with a variant's changes, through both stages of the card checks; its problems name the variant's keys."""
    from game.core.schemas import CardFile, validate  # the schemas load only when a variant is read

    table, problems = changed_table(name, keys, file)
    if problems:
        return None, problems
    card, found = validate(CardFile, table, file)
    if card is not None:
        found = card_problems(card, file)
        found += [Problem(file, where, f"no card is named {other!r}{did_you_mean(other, names)}")
                  for where, other in named_cards(card) if other not in names]
    problems = [Problem(file, f"cards.{name!r}" + ("" if p.where in ("", "top level") else f".{p.where}"), p.what)
                for p in found]
    return (card_from_file(card) if card is not None and not problems else None), problems


def deck_problems(deck: Deck, pool: dict[str, CardDef], file: str, changed: bool) -> list[Problem]:
    """A deck made by a variant: every card known and of a deck kind, and DECK_SIZE cards in all."""
    where = f"decks.{deck.key}.cards"
    problems = [Problem(file, f"{where}.{name!r}", f"{name!r} is a {pool[name].kind} with this variant; a deck holds "
                                                   f"{', '.join(DECK_KINDS)} cards")
                for name in deck.cards if name in pool and pool[name].kind not in DECK_KINDS]
    total = sum(deck.cards.values())
    if changed and total != DECK_SIZE:
        problems.append(Problem(file, where, f"a standard deck has {DECK_SIZE} cards; with this variant "
                                             f"{deck.key} has {total}"))
    return problems


def copies_problems(decks: DeckChanges, pool: dict[str, CardDef], file: str) -> list[Problem]:
    """The shape of `[decks.KEY.cards]` tables: a known deck, known cards, whole numbers of copies."""
    known = standard_decks()
    problems = []
    for key, names in decks.items():
        if key not in known:
            problems.append(Problem(file, f"decks.{shown_key(key)}", f"unknown deck {key!r}"
                                                                     f"{did_you_mean(key, known)}; decks: "
                                                                     f"{', '.join(known)}"))
            continue
        for name, n in names.items():
            where = f"decks.{shown_key(key)}.cards.{name!r}"
            if name not in pool:
                problems.append(Problem(file, where, f"unknown card {name!r}{did_you_mean(name, pool)}"))
            elif not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= DECK_SIZE:
                problems.append(Problem(file, where, f"copies must be a whole number from 0 to {DECK_SIZE}, not "
                                                     f"{shown(n)}"))
    return problems


def build_variant(name: str, cards: CardChanges, decks: DeckChanges, file: str,
                  rules: dict[str, Any] | None = None) -> Variant:
    """The variant these changes make to the shipped cards, decks and rule numbers; VariantError lists every
    problem."""
    base = card_pool()
    pool = dict(base)
    numbers, problems = (None, []) if rules is None else changed(shipped_numbers(), rules, file)
    for card, keys in cards.items():
        if card not in base:
            problems.append(Problem(file, f"cards.{card!r}", f"unknown card {card!r}{did_you_mean(card, base)}"))
            continue
        if card in SETUP_ONLY and keys.get("kind", base[card].kind) != base[card].kind:
            problems.append(Problem(file, f"cards.{card!r}.kind", f"setup places this card as a {base[card].kind}; "
                                                                  "a variant can't change its kind"))
            continue
        made, found = changed_card(card, keys, file, set(base))
        problems += found
        if made is not None:
            pool[card] = made
    problems += copies_problems(decks, pool, file)
    if problems:
        raise VariantError(problems)
    made_decks = {}
    for key, deck in standard_decks().items():
        counts = {**deck.cards, **decks.get(key, {})}
        made_decks[key] = Deck(key, deck.name, deck.themes, deck.description,
                               {card: n for card, n in counts.items() if n > 0})
        problems += deck_problems(made_decks[key], pool, file, key in decks)
    if problems:
        raise VariantError(problems)
    return Variant(name, cards, decks, Contents(pool, made_decks, numbers), dict(rules or {}))


def shape_problems(data: dict[str, Any], file: str) -> list[Problem]:
    """The variant file's own keys: a name, `[cards.NAME]` tables, `[decks.KEY.cards]` tables, a `[rules]` table (its
    keys are checked with the numbers)."""
    problems = [Problem(file, "top level", f"unknown key {key!r}{did_you_mean(key, TOP_KEYS)}; a variant has "
                                           f"{', '.join(TOP_KEYS)}")
                for key in data if key not in TOP_KEYS]
    if "name" in data and (not isinstance(data["name"], str) or not data["name"].strip()):
        problems.append(Problem(file, "name", f"must be a non-empty string, not {shown(data['name'])}"))
    for part in ("cards", "decks"):
        if not isinstance(data.get(part, {}), dict):
            problems.append(Problem(file, part, f"must be a table of [{part}.NAME] tables"))
            continue
        for key, value in data.get(part, {}).items():
            if not isinstance(value, dict):
                problems.append(Problem(file, f"{part}.{key!r}", f"must be a table ([{part}.NAME])"))
            elif part == "decks" and (set(value) != {"cards"} or not isinstance(value["cards"], dict)):
                problems.append(Problem(file, f"decks.{shown_key(key)}", "a deck's changes are one table, "
                                                                         f"[decks.{shown_key(key)}.cards], of card "
                                                                         "name = copies"))
    return problems


def load_variant(path: str) -> Variant:
    """Read and check a variant file (its name defaults to the file's); VariantError lists every problem."""
    try:
        data = load_toml(path, "variant file")
    except FileProblems as bad:
        raise VariantError(bad.problems) from None
    problems = shape_problems(data, path)
    if problems:
        raise VariantError(problems)
    name = data.get("name") or Path(path).stem
    decks = {key: dict(value["cards"]) for key, value in data.get("decks", {}).items()}
    return build_variant(name, dict(data.get("cards", {})), decks, path, data.get("rules"))
