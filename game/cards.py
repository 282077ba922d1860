"""Card definitions: loaded from assets/cards/*.toml and validated, with errors naming file, card and field."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

KINDS = ("minion", "action", "relic", "madness", "monster", "treasure", "location")
CHARACTER_KINDS = ("minion", "monster")
DAMAGE_TYPES = ("physical", "spirit")
TRIGGERS = (
    "stasis_counter_removed",
    "enters_stasis",
    "becomes_untapped",
    "start_of_turn",
    "minion_played_here",
    "last_white_cube_removed",
)
STATICS = ("microbot", "mimic", "weakened_by_rival")
EFFECT_TARGETS = ("this", "target", "you", "others")
TARGET_FILTERS = (
    "character_on_board",
    "enemy_character",
    "ally_character",
    "permanent",
    "hand_yours",
    "stasis_yours",
    "stasis_yours_other",
    "minion_in_play_other",
    "adjacent_enemies",
    "your_characters",
)


class CardError(ValueError):
    """A card file that is malformed: the message names the file, the card and the field."""


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
    """One card of the pool as printed."""

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
    static: tuple[str, ...] = ()
    rival: str | None = None
    on_play: tuple[dict[str, Any], ...] = ()
    from_stasis: tuple[dict[str, Any], ...] = ()
    triggers: tuple[Trigger, ...] = ()
    abilities: tuple[Ability, ...] = field(default_factory=tuple)

    @property
    def is_character(self) -> bool:
        """Minions and monsters become characters on the board."""
        return self.kind in CHARACTER_KINDS


def _fail(where: str, card: str, fld: str, message: str) -> CardError:
    return CardError(f"{where}: card {card!r}: field {fld!r}: {message}")


class _Reader:
    """Reads one card table, checking each field's type as it goes."""

    def __init__(self, data: dict[str, Any], where: str, card: str) -> None:
        self.data = data
        self.where = where
        self.card = card

    def fail(self, fld: str, message: str) -> CardError:
        return _fail(self.where, self.card, fld, message)

    def get(self, fld: str, kind: type | tuple[type, ...], default: Any = None, required: bool = False) -> Any:
        if fld not in self.data:
            if required:
                raise self.fail(fld, "is missing")
            return default
        value = self.data[fld]
        if isinstance(value, bool) and kind is int:
            raise self.fail(fld, f"expected an integer, got {value!r}")
        if not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.fail(fld, f"expected {names}, got {value!r}")
        return value

    def choice(self, fld: str, options: tuple[str, ...], default: str | None = None) -> Any:
        value = self.get(fld, str, default)
        if value is not None and value not in options:
            raise self.fail(fld, f"{value!r} is not one of {', '.join(options)}")
        return value

    def effects(self, fld: str) -> tuple[dict[str, Any], ...]:
        items = self.get(fld, list, [])
        return tuple(check_effect(item, self.where, self.card, f"{fld}[{i}]") for i, item in enumerate(items))


def check_effect(item: Any, where: str, card: str, fld: str) -> dict[str, Any]:
    """Validate one effect table of a card file against the op registry."""
    from game.effects import OPS

    if not isinstance(item, dict):
        raise _fail(where, card, fld, f"expected a table, got {item!r}")
    name = item.get("op")
    if name not in OPS:
        raise _fail(where, card, f"{fld}.op", f"unknown op {name!r}")
    target = item.get("target", "this")
    if not isinstance(target, str):
        raise _fail(where, card, f"{fld}.target", f"expected a string, got {target!r}")
    kind, _, filt = target.partition(":")
    if filt:
        if kind not in ("choose", "each") or filt not in TARGET_FILTERS:
            raise _fail(where, card, f"{fld}.target", f"unknown target {target!r}")
    elif target not in EFFECT_TARGETS:
        raise _fail(where, card, f"{fld}.target", f"unknown target {target!r}")
    problem = OPS[name].check_fields(item)
    if problem:
        raise _fail(where, card, fld, problem)
    return dict(item)


def parse_card(data: dict[str, Any], where: str) -> CardDef:
    """Build a CardDef from one TOML document, or raise CardError."""
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise CardError(f"{where}: field 'name' is missing or not a string")
    r = _Reader(data, where, name)
    kind = r.choice("kind", KINDS)
    if kind is None:
        raise r.fail("kind", "is missing")
    character = kind in CHARACTER_KINDS
    hp = r.get("hp", int, required=character)
    atk = r.get("atk", int, required=character)
    if character and (hp < 1 or atk < 0):
        raise r.fail("hp", "a character needs hp >= 1 and atk >= 0")
    crt = r.get("crt", int, 0)
    if not 0 <= crt <= 100:
        raise r.fail("crt", f"must be 0..100, got {crt}")
    abilities = tuple(_parse_ability(a, where, name, i) for i, a in enumerate(r.get("ability", list, [])))
    triggers = tuple(_parse_trigger(t, where, name, i) for i, t in enumerate(r.get("trigger", list, [])))
    statics = tuple(r.get("static", list, []))
    for s in statics:
        if s not in STATICS:
            raise r.fail("static", f"unknown ongoing ability {s!r}")
    target = r.get("target", str)
    stasis_target = r.get("from_stasis_target", str)
    for fld, value in (("target", target), ("from_stasis_target", stasis_target)):
        if value is not None and value not in TARGET_FILTERS:
            raise r.fail(fld, f"unknown target {value!r}")
    return CardDef(
        name=name,
        kind=kind,
        text=r.get("text", str, required=True),
        shows=tuple(r.get("shows", list, [])),
        hp=hp,
        atk=atk,
        crt=crt,
        mv=r.get("mv", int, 2),
        range=r.get("range", int, 1),
        damage_type=r.choice("damage_type", DAMAGE_TYPES, "physical"),
        target=target,
        target_may_be_in_stasis=r.get("target_may_be_in_stasis", bool, False),
        from_stasis_target=stasis_target,
        static=statics,
        rival=r.get("rival", str),
        on_play=r.effects("on_play"),
        from_stasis=r.effects("from_stasis"),
        triggers=triggers,
        abilities=abilities,
    )


def _parse_ability(data: Any, where: str, card: str, i: int) -> Ability:
    if not isinstance(data, dict):
        raise _fail(where, card, f"ability[{i}]", "expected a table")
    r = _Reader(data, where, card)
    target = r.get("target", str)
    if target is not None and target not in TARGET_FILTERS + ("self",):
        raise r.fail(f"ability[{i}].target", f"unknown target {target!r}")
    return Ability(
        name=r.get("name", str, required=True),
        text=r.get("text", str, required=True),
        effects=r.effects("effects"),
        cost=r.get("cost", int, 0),
        range=r.get("range", int, 1),
        target=target,
        fuse=r.get("fuse", bool, False),
        untap_cost=r.get("untap_cost", int, 0),
        once_per_turn=r.get("once_per_turn", bool, False),
    )


def _parse_trigger(data: Any, where: str, card: str, i: int) -> Trigger:
    if not isinstance(data, dict):
        raise _fail(where, card, f"trigger[{i}]", "expected a table")
    r = _Reader(data, where, card)
    return Trigger(
        on=r.choice("on", TRIGGERS) or "",
        effects=r.effects("effects"),
        in_stasis=r.get("in_stasis", bool, False),
        first_per_turn=r.get("first_per_turn", bool, False),
    )


def load_card_file(path: Path) -> CardDef:
    """Read and validate one card file."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise CardError(f"{path}: not valid TOML: {err}") from None
    return parse_card(data, str(path))


def cards_dir() -> Path:
    """The folder of shipped card files."""
    return Path(str(resources.files("assets") / "cards"))


def load_cards(folder: Path | None = None) -> dict[str, CardDef]:
    """Every card of a folder by name; duplicate names are an error."""
    pool: dict[str, CardDef] = {}
    for path in sorted((folder or cards_dir()).glob("*.toml")):
        card = load_card_file(path)
        if card.name in pool:
            raise CardError(f"{path}: card {card.name!r}: field 'name': another file already defines it")
        pool[card.name] = card
    return pool


@cache
def card_pool() -> dict[str, CardDef]:
    """The shipped card pool, loaded once."""
    return load_cards()
