"""Saving and restoring a whole game as JSON (docs/formats.md): saves, undo and replays stand on it.

Nothing in a save is executed: it is plain data. One path validates it whole before a game is built:
bounded size and depth, strict JSON (no NaN, no huge integers), the schema of `game.io.save_schema`, then the
invariants of `game.io.invariants` (the ones `sim --check` runs). A bad save is refused with one line naming
the file and the first problem.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

from game.core.atomic import written_whole
from game.core.cards import card_pool
from game.core.components import (
    AbilitiesLost,
    Card,
    CopiedPower,
    Cubes,
    Defences,
    Health,
    OncePerTurn,
    PlayedFromStasisMark,
    Resolving,
    StasisCounters,
    Stats,
    StatusStack,
    StunCounters,
    Tapped,
    TurnUsage,
    Zone,
)
from game.core.dice import Dice
from game.core.problems import MAX_DEPTH, FileProblems, Problem, depth, read_bounded
from game.core.table import CardParts, Table
from game.io.invariants import state_problems
from game.io.view import view
from game.turn.legal import legal_actions
from systems.schedule import new_table

SAVE_VERSION = 1


TEMP_PREFIX, TEMP_SUFFIX = ".save-", ".json"
TEMP_NAME = re.compile(r"^\.save-[A-Za-z0-9_]{8}\.json$")
STALE_SECONDS = 30
UNPLAYABLE = (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError, RecursionError)


class SaveError(FileProblems):
    """A save that can't be loaded: one line naming the file and its first problem."""

    def __init__(self, file: str, where: str, what: str) -> None:
        super().__init__([Problem(file, where, what)])


def json_copy(value: Any) -> Any:
    """A deep copy of JSON data, as a JSON round trip gives it; the usual empty queue and absent choice are
    made directly (they are most of what is copied, and the json module's round trip is slow even for those)."""
    if value is None:
        return None
    if isinstance(value, list) and not value:
        return []
    return json.loads(json.dumps(value))


def card_state(game: Table, eid: int) -> dict[str, Any]:
    """Every component of one card as plain data (read from the world's table of the entity's components)."""
    has = game.components_of(eid)
    card: Card = has[Card]
    zone: Zone = has[Zone]
    data: dict[str, Any] = {"ref": card.ref, "name": card.name, "zone": zone.name, "seq": zone.seq,
                            "owner": game.owner(eid), "controller": game.controller(eid)}
    if (pos := game.pos(eid)) is not None:
        data["pos"] = list(pos)
    stats: Stats | None = has.get(Stats)
    if stats is not None:
        health: Health = has[Health]
        data["stats"] = [stats.max_hp, stats.atk, stats.crt, stats.mv, stats.range, stats.damage_type]
        data["hp"] = health.hp
    s: StasisCounters | None = has.get(StasisCounters)
    if s is not None:
        data["stasis"] = s.n
    st: StunCounters | None = has.get(StunCounters)
    if st is not None:
        data["stun"] = st.n
    stack: StatusStack | None = has.get(StatusStack)
    if stack is not None:
        data["status"] = {"stacks": dict(stack.stacks), "applied_turn": dict(stack.applied_turn),
                          "fresh": sorted(stack.fresh)}
    cubes: Cubes | None = has.get(Cubes)
    if cubes is not None:
        data["cubes"] = [cubes.red, cubes.white, cubes.blue]
    d: Defences | None = has.get(Defences)
    if d is not None:
        data["defences"] = {"evasion": [list(x) for x in d.evasion], "negation": [list(x) for x in d.negation]}
    u: TurnUsage | None = has.get(TurnUsage)
    if u is not None:
        data["moved"] = u.moved
    cp: CopiedPower | None = has.get(CopiedPower)
    if cp is not None:
        data["copied"] = [cp.atk, cp.source_name]
    o: OncePerTurn | None = has.get(OncePerTurn)
    if o is not None:
        data["once_used"] = sorted(o.used)
    flags = [name for name, comp in MARKERS.items() if comp in has]
    if flags:
        data["flags"] = flags
    return data


MARKERS: dict[str, type] = {
    "tapped": Tapped,
    "lost_abilities": AbilitiesLost,
    "resolving": Resolving,
    "played_from_stasis": PlayedFromStasisMark,
}


def dump_state(game: Table) -> dict[str, Any]:
    """The whole game as JSON-ready data. The log's events and the history's commands are the game's own, not
    copies: neither changes once it is recorded, and a late game's log holds thousands of events."""
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
        "log": list(game.log),
        "rejected": list(game.rejected),
        "queue": json_copy(game.queue),
        "pending": json_copy(game.pending),
        "history": list(game.history),
        "last_rolls": list(game.last_rolls),
        "seq": game.seq,
        "made": game.made,
    }


def check_save(data: Any, file: str = "<save>") -> None:
    """Validate save data whole (version, schema, invariants); raise SaveError with the first problem."""
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is not int or version != SAVE_VERSION:
        raise SaveError(file, "version", f"unsupported save version {version!r} "
                                         f"(this game reads version {SAVE_VERSION}, an integer)")
    try:
        text = json.dumps(data, allow_nan=False)
    except (ValueError, TypeError) as err:
        raise SaveError(file, "", f"is not plain JSON data ({err})") from None
    from game.io.save_schema import MAX_UI_BYTES, schema_problems  # here: a start that reads no file skips pydantic

    problems = schema_problems(text, file)
    if problems:
        raise SaveError(file, problems[0].where, problems[0].what)
    if "ui" in data and len(json.dumps(data["ui"])) > MAX_UI_BYTES:
        raise SaveError(file, "ui", f"is larger than {MAX_UI_BYTES // (1024 * 1024)} MB")
    found = state_problems(data, card_pool())
    if found:
        raise SaveError(file, *found[0])


def load_state(data: Any, file: str = "<save>") -> Table:
    """Rebuild a table from `dump_state` output, after validating it whole (raises SaveError)."""
    check_save(data, file)
    try:
        game = build_game(data)
        json.dumps(view(game), allow_nan=False)
        legal_actions(game)
    except UNPLAYABLE as err:
        raise SaveError(file, "", f"the game it holds can't be played ({type(err).__name__}: {err})") from None
    return game


def build_game(data: dict[str, Any]) -> Table:
    """Make the table of a validated save (its log and history hold the save's own events and commands, as
    `dump_state` gives them)."""
    game = table_without_cards(data)
    for card in data["cards"]:
        restore_card(game, card)
    return game


def table_without_cards(data: dict[str, Any], dice: Dice | None = None) -> Table:
    """The table of a validated save, all but its cards; with `dice`, those instead of the saved ones (a
    determinization's fresh dice)."""
    game = new_table(list(data["players_order"]))
    for p, saved in zip(game.players(), data["players"], strict=True):
        p.vp, p.stones = saved["vp"], saved["stones"]
        p.minion_plays, p.action_plays = saved["minion_plays"], saved["action_plays"]
        p.grants = [dict(g) for g in saved["grants"]]
        p.minions_at_location = dict(saved["minions_at_location"])
    t = game.turn
    saved_turn = data["turn"]
    t.turn, t.active, t.phase = saved_turn["turn"], saved_turn["active"], saved_turn["phase"]
    t.done, t.winner = set(saved_turn["done"]), saved_turn["winner"]
    game.seq, game.made = int(data["seq"]), int(data["made"])
    game.dice = dice if dice is not None else Dice.from_json(data["dice"])
    game.log, game.rejected = list(data["log"]), list(data["rejected"])
    game.queue, game.pending = json_copy(data["queue"]), json_copy(data["pending"])
    game.history, game.last_rolls = list(data["history"]), list(data["last_rolls"])
    return game


def restore_card(game: Table, data: dict[str, Any]) -> None:
    """Recreate one card entity from `card_state` output, with all its components at once."""
    game.add_card(*card_parts(game, data))


def card_parts(game: Table, data: dict[str, Any]) -> CardParts:
    """A card of `card_state` output as `Table.add_card` takes it, its components made anew."""
    if data["name"] not in game.pool:
        raise ValueError(f"unknown card {data['name']!r}")
    more: list[Any] = []
    if "stats" in data:
        max_hp, atk, crt, mv, reach, damage_type = data["stats"]
        more += [Stats(max_hp, atk, crt, mv, reach, damage_type), Health(data["hp"])]
    if "stasis" in data:
        more.append(StasisCounters(data["stasis"]))
    if "stun" in data:
        more.append(StunCounters(data["stun"]))
    if "status" in data:
        s = data["status"]
        more.append(StatusStack(dict(s["stacks"]), dict(s["applied_turn"]), set(s["fresh"])))
    if "cubes" in data:
        more.append(Cubes(*data["cubes"]))
    if "defences" in data:
        d = data["defences"]
        more.append(Defences([tuple(x) for x in d["evasion"]], [tuple(x) for x in d["negation"]]))
    if "moved" in data:
        more.append(TurnUsage(data["moved"]))
    if "copied" in data:
        more.append(CopiedPower(*data["copied"]))
    if "once_used" in data:
        more.append(OncePerTurn(set(data["once_used"])))
    more += [MARKERS[flag]() for flag in data.get("flags", [])]
    pos = data.get("pos")
    return (data["ref"], data["name"], data["owner"], data["zone"], data["controller"], data["seq"],
            (pos[0], pos[1]) if pos is not None else None, more)


def save_game(game: Table, path: str, ui: dict[str, Any] | None = None) -> None:
    """Write a save whole (`game.core.atomic`: a temporary `.save-XXXXXXXX.json` in the same folder, then a rename).

    `ui` is an optional JSON object the window owns (undo history, say): stored under "ui", never read
    by the rules. Stale temporary files a killed save left behind are removed first.
    """
    remove_stale_temporaries(os.path.dirname(os.path.abspath(path)))
    state = dump_state(game)
    if ui is not None:
        state["ui"] = ui
    with written_whole(path, prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, private=True) as out:
        json.dump(state, out, allow_nan=False)


def remove_stale_temporaries(folder: str, older_than: float = STALE_SECONDS) -> int:
    """Delete the program's own temporary save files (`.save-XXXXXXXX.json`) older than `older_than`
    seconds in a folder, left by a save that was killed; returns how many went. Others are never touched."""
    removed = 0
    cutoff = time.time() - older_than
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return 0
    for entry in entries:
        try:
            if TEMP_NAME.match(entry.name) and entry.is_file() and entry.stat().st_mtime < cutoff:
                entry.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def parse_save(text: str, file: str) -> Any:
    """Strict, bounded JSON: no NaN or Infinity, no huge integers, no deep nesting."""

    def no_constant(name: str) -> Any:
        raise ValueError(f"{name} is not a JSON number")

    try:
        data = json.loads(text, parse_constant=no_constant)
    except json.JSONDecodeError as err:
        raise SaveError(file, "", f"not a readable JSON save ({err})") from None
    except (ValueError, RecursionError) as err:
        raise SaveError(file, "", f"not a readable JSON save ({type(err).__name__}: {str(err)[:120]})") from None
    if depth(data) > MAX_DEPTH:
        raise SaveError(file, "", f"nests objects or arrays more than {MAX_DEPTH} deep")
    return data


def read_save(path: str) -> tuple[Table, dict[str, Any] | None]:
    """Read and validate a save file: the game, and the window's "ui" object if the save has one."""
    try:
        text = read_bounded(path, "save file")
    except FileProblems as err:
        raise SaveError(path, "", err.problems[0].what) from None
    remove_stale_temporaries(os.path.dirname(os.path.abspath(path)))
    data = parse_save(text, path)
    game = load_state(data, path)
    return game, data.get("ui")


def load_game(path: str) -> Table:
    """Read a save file as a table; a missing, malformed, foreign or invalid file raises SaveError naming it."""
    return read_save(path)[0]
