"""A game's table as a scenario file (docs/formats.md, with the exact-table keys): every card, zone, counter and
allowance.

`scenario_data` reads a table and returns the scenario as plain data; `to_toml` writes it. The dice,
coins and shuffles that followed in the game from which the table came are forced results, so running
the scenario with the next commands as `[[do]]` reproduces them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core import components as c
from game.core.dice import Dice

if TYPE_CHECKING:
    from game.core.table import Table

STAT_KEYS = ("max_hp", "atk", "crt", "mv", "range", "damage_type")
BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
JSON_ESCAPE = re.compile(r"\\\\|\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})|\\ud[89a-f][0-9a-f]{2}")
"""In JSON text: an escaped backslash, a surrogate pair, or a lone surrogate."""


@dataclass
class Future:
    """The random results a game drew after a point: forced in the scenario, in the order they came."""

    d100: list[int] = field(default_factory=list)
    coins: list[str] = field(default_factory=list)
    shuffles: list[list[int]] = field(default_factory=list)


class RecordingDice(Dice):
    """Dice that remember every result they give (to export the future of a game as forced results)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.future = Future()

    def d100(self) -> int:
        result = super().d100()
        self.future.d100.append(result)
        return result

    def coin(self) -> str:
        result = super().coin()
        self.future.coins.append(result)
        return result

    def shuffle_order(self, n: int) -> list[int]:
        order = super().shuffle_order(n)
        self.future.shuffles.append(list(order))
        return order


def record_dice(game: Table) -> RecordingDice:
    """Swap a game's dice for recording dice in the same state (generator position and forced results)."""
    recording = RecordingDice.from_json(game.dice.to_json())
    assert isinstance(recording, RecordingDice)
    game.dice = recording
    return recording


def card_data(game: Table, eid: int) -> dict[str, Any]:
    """One card as a [[card]] table that recreates it exactly."""
    card = game.component(eid, c.Card)
    zone = game.zone(eid)
    data: dict[str, Any] = {"ref": card.ref, "name": card.name, "zone": zone,
                            "arrival": game.component(eid, c.Zone).seq}
    owner, controller = game.owner(eid), game.controller(eid)
    if owner is not None:
        data["owner"] = owner
        if controller != owner:
            data["controller"] = controller
    if (pos := game.pos(eid)) is not None and zone in ("board", "location"):
        data["pos"] = list(pos)
    if game.is_tapped(eid):
        data["tapped"] = True
    if game.has(eid, c.StasisCounters):
        data["stasis_counters"] = game.stasis_counters(eid)
    if game.stun_counters(eid):
        data["stun_counters"] = game.stun_counters(eid)
    stack = game.get(eid, c.StatusStack)
    if stack is not None and (stack.stacks or stack.applied_turn or stack.fresh):
        if stack.stacks:
            data["status"] = dict(stack.stacks)
        data["status_applied"] = dict(stack.applied_turn)
        data["status_fresh"] = sorted(stack.fresh)
    cubes = game.cubes(eid)
    if cubes.red or cubes.white or cubes.blue:
        data["cubes"] = {"red": cubes.red, "white": cubes.white, "blue": cubes.blue}
    data.update(stat_overrides(game, eid))
    data.update(usage(game, eid))
    return data


def stat_overrides(game: Table, eid: int) -> dict[str, Any]:
    """Stats that differ from the printed card, and HP on the board when it is not full."""
    stats = game.get(eid, c.Stats)
    if stats is None:
        return {}
    printed = game.defn(eid)
    found = {k: getattr(stats, k) for k in STAT_KEYS
             if getattr(stats, k) != getattr(printed, "hp" if k == "max_hp" else k)}
    hp = game.component(eid, c.Health).hp
    if game.zone(eid) == "board" and (hp != stats.max_hp or "max_hp" in found):
        found["hp"] = hp
    return found


def usage(game: Table, eid: int) -> dict[str, Any]:
    """What a card on the board has used or been given this turn, and the marks of a card still resolving."""
    found: dict[str, Any] = {}
    defences = game.get(eid, c.Defences)
    if defences is not None and (defences.evasion or defences.negation):
        found["defences"] = {"evasion": [list(x) for x in defences.evasion],
                             "negation": [list(x) for x in defences.negation]}
    if (u := game.get(eid, c.TurnUsage)) is not None and u.moved:
        found["moved"] = u.moved
    if (cp := game.get(eid, c.CopiedPower)) is not None:
        found["copied"] = {"atk": cp.atk, "source": cp.source_name}
    if (once := game.get(eid, c.OncePerTurn)) is not None and once.used:
        found["once_used"] = sorted(once.used)
    for key, mark in (("lost_abilities", c.AbilitiesLost), ("resolving", c.Resolving),
                      ("played_from_stasis", c.PlayedFromStasisMark)):
        if game.has(eid, mark):
            found[key] = True
    return found


def scenario_data(game: Table, future: Future, actions: list[dict[str, Any]],
                  description: str = "") -> dict[str, Any]:
    """The scenario that sets up this table exactly, then plays `actions` with `future` as forced results."""
    t = game.turn
    data: dict[str, Any] = {}
    if description:
        data["description"] = description
    data.update(seed=game.dice.seed, dice=list(future.d100), coins=list(future.coins),
                shuffles=[list(s) for s in future.shuffles], players=list(game.players_order),
                active=game.active().name, turn=t.turn,
                stones={p.name: p.stones for p in game.players()}, vp={p.name: p.vp for p in game.players()})
    data["allowances"] = {
        p.name: {"minion_plays": p.minion_plays, "action_plays": p.action_plays,
                 "grants": [dict(g) for g in p.grants], "minions_at_location": dict(p.minions_at_location)}
        for p in game.players()
    }
    resume: dict[str, Any] = {"phase": t.phase, "done": sorted(t.done)}
    if t.winner is not None:
        resume["winner"] = t.winner
    if game.pending is not None:
        resume["pending"] = json.dumps(game.pending)
    resume.update(queue=json.dumps(game.queue), arrivals=game.seq, made=game.made,
                  last_rolls=[dict(r) for r in game.last_rolls])
    data["resume"] = resume
    data["card"] = [card_data(game, eid) for eid in game.refs.values()]
    data["do"] = [without_nulls(a) for a in actions]
    return data


def without_nulls(value: Any) -> Any:
    """TOML has no null: drop keys whose value is None (a command reads a missing field as None)."""
    if isinstance(value, dict):
        return {k: without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [without_nulls(v) for v in value]
    return value


def to_toml(data: dict[str, Any]) -> str:
    """Scenario data as TOML: plain keys, tables, arrays of tables ([[card]], [[do]]), and `[expect]` last."""
    plain = {k: v for k, v in data.items() if not isinstance(v, dict) and not _table_array(v)}
    tables = {k: v for k, v in data.items() if isinstance(v, dict) and k != "expect"}
    arrays = {k: v for k, v in data.items() if _table_array(v)}
    lines = [f"{toml_key(k)} = {toml_value(v)}" for k, v in plain.items()]
    for name, table in tables.items():
        nested = {k: v for k, v in table.items() if isinstance(v, dict) and name == "allowances"}
        flat = {k: v for k, v in table.items() if k not in nested}
        if flat or not nested:
            lines += ["", f"[{toml_key(name)}]"] + [f"{toml_key(k)} = {toml_value(v)}" for k, v in flat.items()]
        for sub, inner in nested.items():
            lines += ["", f"[{toml_key(name)}.{toml_key(sub)}]"]
            lines += [f"{toml_key(k)} = {toml_value(v)}" for k, v in inner.items()]
    for name, items in arrays.items():
        for item in items:
            lines += ["", f"[[{toml_key(name)}]]"] + [f"{toml_key(k)} = {toml_value(v)}" for k, v in item.items()]
    if "expect" in data:
        lines += ["", "[expect]"] + [f"{toml_key(k)} = {toml_value(v)}" for k, v in data["expect"].items()]
    return "\n".join(lines).lstrip("\n") + "\n"


def _table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def toml_key(key: str) -> str:
    """A key as TOML: bare when it may be, else a basic string."""
    return key if BARE_KEY.match(key) else _string(key)


def _string(text: str) -> str:
    """A TOML basic string, as JSON writes it but for what TOML reads otherwise: a character outside the Basic
    Multilingual Plane as `\\UXXXXXXXX` (TOML has no surrogate pairs), DEL escaped, and a lone surrogate, which no
    TOML string can hold (nor a player or card name), as U+FFFD."""
    return JSON_ESCAPE.sub(_unpaired, json.dumps(text)).replace("\x7f", "\\u007f")


def _unpaired(found: re.Match[str]) -> str:
    if found.group(1) is None:
        return found.group() if found.group() == "\\\\" else "\\ufffd"
    high, low = int(found.group(1), 16), int(found.group(2), 16)
    return f"\\U{0x10000 + (high - 0xD800) * 0x400 + (low - 0xDC00):08X}"


def toml_value(value: Any) -> str:
    """A value as TOML: strings, numbers, booleans, arrays and inline tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"can't write {value!r} in TOML")
