"""Saving and restoring a whole game as JSON (DESIGN §5): saves, undo and replays stand on it.

Nothing in a save is executed: it is plain data checked for its version and shape.
"""

from __future__ import annotations

import copy
import json
import os
import tempfile
from typing import Any, TypeVar

import esper

from game import components as c
from game.dice import Dice
from game.table import Table

G = TypeVar("G", bound=Table)

SAVE_VERSION = 1


class SaveError(ValueError):
    """A save file that can't be loaded; the message says why."""


def card_state(game: Table, eid: int) -> dict[str, Any]:
    """Every component of one card as plain data."""
    card = esper.component_for_entity(eid, c.Card)
    zone = esper.component_for_entity(eid, c.Zone)
    data: dict[str, Any] = {"ref": card.ref, "name": card.name, "zone": zone.name, "seq": zone.seq,
                            "owner": game.owner(eid), "controller": game.controller(eid)}
    if (pos := game.pos(eid)) is not None:
        data["pos"] = list(pos)
    if (stats := esper.try_component(eid, c.Stats)) is not None:
        data["stats"] = [stats.max_hp, stats.atk, stats.crt, stats.mv, stats.range, stats.damage_type]
        data["hp"] = esper.component_for_entity(eid, c.Health).hp
    if (s := esper.try_component(eid, c.StasisCounters)) is not None:
        data["stasis"] = s.n
    if (st := esper.try_component(eid, c.StunCounters)) is not None:
        data["stun"] = st.n
    if (stack := esper.try_component(eid, c.StatusStack)) is not None:
        data["status"] = {"stacks": dict(stack.stacks), "applied_turn": dict(stack.applied_turn),
                          "fresh": sorted(stack.fresh)}
    if (cubes := esper.try_component(eid, c.Cubes)) is not None:
        data["cubes"] = [cubes.red, cubes.white, cubes.blue]
    if (d := esper.try_component(eid, c.Defences)) is not None:
        data["defences"] = {"evasion": [list(x) for x in d.evasion], "negation": [list(x) for x in d.negation]}
    if (u := esper.try_component(eid, c.TurnUsage)) is not None:
        data["moved"] = u.moved
    if (cp := esper.try_component(eid, c.CopiedPower)) is not None:
        data["copied"] = [cp.atk, cp.source_name]
    if (o := esper.try_component(eid, c.OncePerTurn)) is not None:
        data["once_used"] = sorted(o.used)
    flags = [name for name, comp in MARKERS.items() if esper.has_component(eid, comp)]
    if flags:
        data["flags"] = flags
    return data


MARKERS: dict[str, type] = {
    "tapped": c.Tapped,
    "lost_abilities": c.AbilitiesLost,
    "resolving": c.Resolving,
    "played_from_stasis": c.PlayedFromStasisMark,
}


def dump_state(game: Table) -> dict[str, Any]:
    """The whole game as JSON-ready data."""
    t = game.turn
    return {
        "version": SAVE_VERSION,
        "players_order": list(game.players_order),
        "players": [
            {"name": p.name, "seat": p.seat, "vp": p.vp, "stones": p.stones, "minion_plays": p.minion_plays,
             "action_plays": p.action_plays, "grants": [dict(g) for g in p.grants],
             "minions_at_location": dict(p.minions_at_location)}
            for p in game.players()
        ],
        "turn": {"turn": t.turn, "active": t.active, "phase": t.phase, "done": sorted(t.done), "winner": t.winner},
        "cards": [card_state(game, eid) for eid in game.refs.values()],
        "dice": game.dice.to_json(),
        "log": [dict(e) for e in game.log],
        "rejected": list(game.rejected),
        "queue": json.loads(json.dumps(game.queue)),
        "pending": json.loads(json.dumps(game.pending)),
        "history": [dict(a) for a in game.history],
        "last_rolls": list(game.last_rolls),
        "seq": game.seq,
        "made": game.made,
    }


def load_state(data: dict[str, Any], make: type[G]) -> G:
    """Rebuild a `make` game from `dump_state` output (raises SaveError on a bad shape)."""
    if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
        found = data.get("version") if isinstance(data, dict) else None
        raise SaveError(f"unsupported save version {found!r} (this game reads version {SAVE_VERSION})")
    try:
        game = make(list(data["players_order"]))
        for p, saved in zip(game.players(), data["players"], strict=True):
            p.vp, p.stones = saved["vp"], saved["stones"]
            p.minion_plays, p.action_plays = saved["minion_plays"], saved["action_plays"]
            p.grants = [dict(g) for g in saved["grants"]]
            p.minions_at_location = dict(saved["minions_at_location"])
        t = game.turn
        saved_turn = data["turn"]
        t.turn, t.active, t.phase = saved_turn["turn"], saved_turn["active"], saved_turn["phase"]
        t.done, t.winner = set(saved_turn["done"]), saved_turn["winner"]
        for card in data["cards"]:
            restore_card(game, card)
        game.dice = Dice.from_json(data["dice"])
        game.log, game.rejected = list(data["log"]), list(data["rejected"])
        game.queue, game.pending = copy.deepcopy(list(data["queue"])), copy.deepcopy(data["pending"])
        game.history, game.last_rolls = list(data["history"]), list(data["last_rolls"])
        game.seq, game.made = int(data["seq"]), int(data["made"])
    except (KeyError, TypeError, ValueError) as err:
        raise SaveError(f"the save is damaged or not a Countertop save ({type(err).__name__}: {err})") from None
    return game


def restore_card(game: Table, data: dict[str, Any]) -> None:
    """Recreate one card entity from `card_state` output."""
    if data["name"] not in game.pool:
        raise ValueError(f"unknown card {data['name']!r}")
    eid = game.create_card(data["ref"], data["name"], data["owner"], data["zone"], data["controller"])
    esper.component_for_entity(eid, c.Zone).seq = data["seq"]
    if "pos" in data:
        esper.add_component(eid, c.BoardPos(*data["pos"]))
    if "stats" in data:
        esper.add_component(eid, c.Stats(*data["stats"]))
        esper.component_for_entity(eid, c.Health).hp = data["hp"]
    if "stasis" in data:
        esper.add_component(eid, c.StasisCounters(data["stasis"]))
    if "stun" in data:
        esper.add_component(eid, c.StunCounters(data["stun"]))
    if "status" in data:
        s = data["status"]
        esper.add_component(eid, c.StatusStack(dict(s["stacks"]), dict(s["applied_turn"]), set(s["fresh"])))
    if "cubes" in data:
        esper.add_component(eid, c.Cubes(*data["cubes"]))
    if "defences" in data:
        d = data["defences"]
        esper.add_component(eid, c.Defences([tuple(x) for x in d["evasion"]], [tuple(x) for x in d["negation"]]))
    if "moved" in data:
        esper.add_component(eid, c.TurnUsage(data["moved"]))
    if "copied" in data:
        esper.add_component(eid, c.CopiedPower(*data["copied"]))
    if "once_used" in data:
        esper.add_component(eid, c.OncePerTurn(set(data["once_used"])))
    for flag in data.get("flags", []):
        esper.add_component(eid, MARKERS[flag]())


def save_game(game: Table, path: str) -> None:
    """Write a save: a temporary file in the same folder, then an atomic rename."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".save-", suffix=".json", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(dump_state(game), out)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def load_game(path: str, make: type[G]) -> G:
    """Read a save file as a `make` game; a missing, malformed or foreign file raises SaveError naming it."""
    try:
        with open(path, encoding="utf-8") as src:
            data = json.load(src)
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except (OSError, json.JSONDecodeError) as err:
        raise SaveError(f"{path}: not a readable JSON save ({err})") from None
    try:
        return load_state(data, make)
    except SaveError as err:
        raise SaveError(f"{path}: {err}") from None
