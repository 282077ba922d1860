"""Optional scenario keys that set a table exactly as a game left it (docs/formats.md, extended, never changed).

`countertop replay --export` writes them so a scenario reproduces a kept game at any step: who is active,
the allowances left this turn, forced shuffle orders, and a `[resume]` table for a point inside a turn
(phase progress, a pending choice, queued effects, the arrival counter). Per card: when it arrived in its
zone, the turn each status was applied (R-10's "applied before" otherwise), Fuse defences, squares moved,
once-per-turn abilities used, a copied power and the marks of a card still resolving. Every key is
optional; a scenario without them means what it always meant.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from game.core import components as c
from game.core.constants import PHASES, STATUSES
from game.core.table import Table
from game.rules.effects import OPS

RESUME_KEYS = {"phase", "done", "winner", "pending", "queue", "arrivals", "made", "last_rolls"}
ALLOWANCE_KEYS = {"minion_plays", "action_plays", "grants", "minions_at_location"}
MARKS = {"lost_abilities": c.AbilitiesLost, "resolving": c.Resolving, "played_from_stasis": c.PlayedFromStasisMark}
DAMAGE_TYPES = ("physical", "spirit")

Where = Callable[[str, str], Exception]


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 1_000_000


def set_active(game: Table, data: dict[str, Any], where: Where) -> None:
    """`active = "Bo"`: whose turn it is (default: the first player)."""
    if "active" not in data:
        return
    name = data["active"]
    if name not in game.players_order:
        raise where("active", f"there is no player {name!r}")
    game.turn.active = game.players_order.index(name)


def set_allowances(game: Table, data: dict[str, Any], where: Where) -> None:
    """`[allowances.NAME]`: minion and action plays left, extra plays granted (G-4), plays per location."""
    table = data.get("allowances", {})
    if not isinstance(table, dict):
        raise where("allowances", "must be a table of player = { minion_plays, action_plays, grants, ... }")
    for name, given in table.items():
        place = f"allowances.{name}"
        if name not in game.players_order:
            raise where(place, f"there is no player {name!r}")
        if not isinstance(given, dict) or set(given) - ALLOWANCE_KEYS:
            raise where(place, f"must be a table with keys among {', '.join(sorted(ALLOWANCE_KEYS))}")
        player = game.player(name)
        for key in ("minion_plays", "action_plays"):
            if key in given:
                if not _count(given[key]):
                    raise where(f"{place}.{key}", f"must be a whole number, not {given[key]!r}")
                setattr(player, key, given[key])
        grants = given.get("grants", [])
        if not isinstance(grants, list) or not all(
                isinstance(g, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in g.items())
                and isinstance(g.get("kind"), str) for g in grants):
            raise where(f"{place}.grants", "must be a list of tables of text, each with a 'kind'")
        player.grants = [dict(g) for g in grants]
        here = given.get("minions_at_location", {})
        if not isinstance(here, dict) or not all(_count(n) for n in here.values()):
            raise where(f"{place}.minions_at_location", "must map location refs to whole numbers")
        player.minions_at_location = dict(here)


def set_shuffles(game: Table, data: dict[str, Any], where: Where) -> None:
    """`shuffles = [[2, 0, 1], ...]`: forced orders for the next shuffles (G-7 reshuffles)."""
    orders = data.get("shuffles", [])
    if not isinstance(orders, list) or not all(
            isinstance(o, list) and sorted(o) == list(range(len(o))) and all(_count(i) for i in o) for o in orders):
        raise where("shuffles", "must be a list of orders, each the numbers 0..n-1 once")
    game.dice.forced_shuffles = [list(o) for o in orders]


def add_exact(game: Table, eid: int, data: dict[str, Any], where: Where, place: str) -> None:
    """The exact-state keys of one [[card]] table, after its ordinary keys were set."""
    if "arrival" in data:
        if not _count(data["arrival"]) or data["arrival"] < 1:
            raise where(f"{place}: field 'arrival'", "must be a whole number from 1")
        game.set_arrival(eid, data["arrival"])
    set_status_timing(game, eid, data, where, place)
    on_board = game.zone(eid) == "board"
    if "defences" in data:
        defences = data["defences"]
        if not on_board or not isinstance(defences, dict) or set(defences) - {"evasion", "negation"}:
            raise where(f"{place}: field 'defences'", "a table of evasion and negation lists, on the board only")
        pairs = {key: defences.get(key, []) for key in ("evasion", "negation")}
        for key, found in pairs.items():
            if not isinstance(found, list) or not all(
                    isinstance(p, list) and len(p) == 2 and p[0] in DAMAGE_TYPES and _count(p[1]) for p in found):
                raise where(f"{place}: field 'defences.{key}'", "must list [type, value] pairs")
        game.add(eid, c.Defences([(t, v) for t, v in pairs["evasion"]],
                                            [(t, v) for t, v in pairs["negation"]]))
    if "moved" in data:
        if not on_board or not _count(data["moved"]):
            raise where(f"{place}: field 'moved'", "squares moved this turn: a whole number, on the board only")
        game.add(eid, c.TurnUsage(data["moved"]))
    if "copied" in data:
        copied = data["copied"]
        if (not on_board or not isinstance(copied, dict) or set(copied) != {"atk", "source"}
                or not _count(copied["atk"]) or copied["source"] not in game.pool):
            raise where(f"{place}: field 'copied'", "must be { atk = N, source = \"card name\" }, on the board")
        game.add(eid, c.CopiedPower(copied["atk"], copied["source"]))
    if "once_used" in data:
        used = data["once_used"]
        if not on_board or not isinstance(used, list) or not all(isinstance(u, str) for u in used):
            raise where(f"{place}: field 'once_used'", "must list ability names, on the board only")
        game.add(eid, c.OncePerTurn(set(used)))
    for key, mark in MARKS.items():
        if key in data:
            if not isinstance(data[key], bool):
                raise where(f"{place}: field {key!r}", "must be true or false")
            if data[key]:
                game.add(eid, mark())


def set_status_timing(game: Table, eid: int, data: dict[str, Any], where: Where, place: str) -> None:
    """`status_applied` (status = turn) and `status_fresh` (Freeze not yet past a start) override R-10's default."""
    if "status_applied" not in data and "status_fresh" not in data:
        return
    if not (game.is_character(eid) and game.zone(eid) == "board"):
        key = "status_applied" if "status_applied" in data else "status_fresh"
        raise where(f"{place}: field {key!r}", "only characters on the board carry statuses")
    stack = game.get(eid, c.StatusStack)
    if stack is None:
        stack = c.StatusStack()
        game.add(eid, stack)
    applied = data.get("status_applied", {})
    if not isinstance(applied, dict) or not all(s in STATUSES and _count(t) for s, t in applied.items()):
        raise where(f"{place}: field 'status_applied'", "must map statuses to the turn they were applied")
    fresh = data.get("status_fresh", [])
    if not isinstance(fresh, list) or not all(s in STATUSES for s in fresh):
        raise where(f"{place}: field 'status_fresh'", "must list statuses")
    if "status_applied" in data:
        stack.applied_turn = dict(applied)
    if "status_fresh" in data:
        stack.fresh = set(fresh)


def set_resume(game: Table, data: dict[str, Any], where: Where) -> bool:
    """`[resume]`: the table stands inside a turn exactly as a game left it; True when given (no phase is run).

    With or without it, cards arriving later come after every `arrival` set in a [[card]] table.
    """
    arrivals = max((game.component(e, c.Zone).seq for e in game.refs.values()), default=0)
    game.seq = max(game.seq, arrivals)
    if "resume" not in data:
        return False
    resume = data["resume"]
    if not isinstance(resume, dict):
        raise where("resume", "must be a table")
    unknown = sorted(set(resume) - RESUME_KEYS)
    if unknown:
        raise where("resume", f"unknown key {unknown[0]!r} (known: {', '.join(sorted(RESUME_KEYS))})")
    if data.get("phase", "main") != "main":
        raise where("resume", "a [resume] table sets the phase itself: leave out the top-level 'phase'")
    t = game.turn
    phase = resume.get("phase", "main")
    if phase not in PHASES:
        raise where("resume.phase", f"must be one of {', '.join(PHASES)}, not {phase!r}")
    done = resume.get("done", [])
    if not isinstance(done, list) or not all(isinstance(d, str) for d in done):
        raise where("resume.done", "must list the systems already run in this phase")
    winner = resume.get("winner")
    names = winner if isinstance(winner, list) else [] if winner is None else [winner]
    if not all(n in game.players_order for n in names):
        raise where("resume.winner", f"must name players, not {winner!r}")
    t.phase, t.done, t.winner = phase, set(done), winner
    game.pending = resume_pending(game, resume.get("pending"), where)
    game.queue = resume_queue(game, resume.get("queue", "[]"), where)
    for key in ("arrivals", "made"):
        if key in resume and not _count(resume[key]):
            raise where(f"resume.{key}", "must be a whole number")
    game.seq = max(resume.get("arrivals", 0), arrivals)
    game.made = resume.get("made", game.made)
    rolls = resume.get("last_rolls", [])
    if not isinstance(rolls, list) or not all(isinstance(r, dict) and set(r) == {"kind", "result", "purpose"}
                                              for r in rolls):
        raise where("resume.last_rolls", "must list { kind, result, purpose } tables")
    game.last_rolls = [dict(r) for r in rolls]
    return True


def resume_pending(game: Table, text: Any, where: Where) -> dict[str, Any] | None:
    """`pending`: the choice waiting, as the JSON text of {player, prompt, options, kind}."""
    if text is None:
        return None
    pending = _json(text, "resume.pending", where)
    if (not isinstance(pending, dict) or set(pending) != {"player", "prompt", "options", "kind"}
            or pending["player"] not in game.players_order or not isinstance(pending["prompt"], str)
            or not isinstance(pending["options"], list) or not isinstance(pending["kind"], str)):
        raise where("resume.pending", "must be the JSON of {player, prompt, options, kind}")
    return pending


def resume_queue(game: Table, text: Any, where: Where) -> list[dict[str, Any]]:
    """`queue`: the effects waiting to resolve, as JSON text of a list of items with known ops."""
    queue = _json(text, "resume.queue", where)
    if not isinstance(queue, list) or not all(
            isinstance(item, dict) and item.get("op") in OPS and item.get("player") in game.players_order
            for item in queue):
        raise where("resume.queue", "must be the JSON of a list of effect items, each with a known op and player")
    return queue


def _json(text: Any, place: str, where: Where) -> Any:
    if not isinstance(text, str) or len(text) > 1_000_000:
        raise where(place, "must be JSON text")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as err:
        raise where(place, f"is not valid JSON ({err})") from None


def _no_constant(name: str) -> Any:
    """NaN and Infinity are no JSON numbers: refused here as in a save."""
    raise ValueError(f"{name} is not a JSON number")
