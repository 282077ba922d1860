"""Scenario files (docs/formats.md): set up a table from TOML, play its actions, record what was rejected.

One validation path, shared by the command line, the window and the API: a bounded read
(`game.core.problems.load_toml`), the schema of `game.io.scenario_schema` (every problem at once), then the
cross-checks a schema can't do (card names, zones, squares, owners), card by card. Every problem is a
line `FILE: WHERE: WHAT`; nothing is set up from a file with a problem.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from game.core import components as c
from game.core import filecache
from game.core.cards import CardDef
from game.core.constants import COLS, CUBE_COLORS, PLAYER_ZONES, ROWS, STATUSES, ZONES
from game.core.opspecs import OPS as OP_SPECS
from game.core.opspecs import _target_problem as target_problem
from game.core.opspecs import effect_problems
from game.core.problems import FileProblems, Problem, did_you_mean, load_toml, read_bounded
from game.core.table import Table
from game.io import scenario_exact as exact
from game.io.invariants import state_problems
from game.io.serialize import dump_state
from game.io.setup import name_problem
from game.rules.status import MAX_STACKS
from game.turn.commands import ACTION_KEYS, apply_action
from systems.schedule import advance, new_table

OWNERLESS = ("monster", "treasure", "location")


class ScenarioError(FileProblems):
    """A scenario file that can't be set up: one problem per line, each naming the file, the place and what."""


class _Where:
    """Builds errors that name the file and the place in it."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __call__(self, place: str, message: str) -> ScenarioError:
        return ScenarioError([Problem(self.path, place, message)])

    def all(self, problems: Iterable[Problem]) -> ScenarioError:
        """One error carrying several problems."""
        return ScenarioError(problems)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


SCHEMA_CODE = ("io/scenario_schema.py", "turn/commands/command.py", "turn/commands/effect.py",
               "turn/commands/ability.py", "turn/commands/activate.py", "turn/commands/attack.py",
               "turn/commands/choose.py", "turn/commands/end_turn.py", "turn/commands/move.py",
               "turn/commands/play.py")
"""The modules whose code decides what the scenario schema accepts (its models, every command kind's fields)."""


def load_scenario(path: str) -> tuple[Table, list[dict[str, Any]]]:
    """Read and set up a scenario; returns it (at its first action) and the actions to play.

    The schema (pydantic: most of a start's time) is skipped when these exact bytes were set up last time by
    today's schema (`game.core.filecache`, one entry: a file run again unchanged); every other check still runs.
    """
    where = _Where(path)
    try:
        text = read_bounded(path, "scenario file")
    except FileProblems as err:
        raise ScenarioError(err.problems) from None
    here = Path(__file__).parent.parent
    code = "\0".join((here / name).read_text(encoding="utf-8") for name in SCHEMA_CODE)

    def check() -> tuple[Table, list[dict[str, Any]]]:
        try:
            data = load_toml(path, "scenario file")
        except FileProblems as err:
            raise ScenarioError(err.problems) from None
        return build(data, where)

    def kept(files: filecache.Files) -> tuple[Table, list[dict[str, Any]]]:
        return build(tomllib.loads(files[Path(path)].decode("utf-8")), where, schema_passed=True)

    return filecache.kept_or_checked("scenario", {Path(path): text.encode("utf-8")}, check, kept, code)


def schema_problems(data: dict[str, Any], file: str) -> list[Problem]:
    """`game.io.scenario_schema.schema_problems`, imported on first use: a start that checks no schema skips
    pydantic."""
    from game.io.scenario_schema import schema_problems as problems

    return problems(data, file)


def build(data: dict[str, Any], where: _Where, schema_passed: bool = False) -> tuple[Table, list[dict[str, Any]]]:
    """Check a parsed scenario whole, then set up the table it describes (raises ScenarioError); `schema_passed`:
    the same data passed the schema before, so it is not asked again."""
    problems = [] if schema_passed else schema_problems(data, where.path)
    problems += step_problems(data.get("do", []), where.path)
    if problems:
        raise where.all(problems)
    players = data["players"]
    why = name_problem(players)
    if why:
        raise where("players", why)
    seed = data.get("seed", 0)
    game = new_table(players, seed=seed)
    set_dice(game, data, where)
    set_turn(game, data, where)
    set_players(game, data, where)
    exact.set_active(game, data, where)
    exact.set_allowances(game, data, where)
    exact.set_shuffles(game, data, where)
    for i, card in enumerate(data.get("card", [])):
        try:
            add_card(game, card, where, i)
        except ScenarioError as err:
            problems += err.problems
    if problems:
        game.close()
        raise where.all(problems)
    actions = data.get("do", [])
    resumed = exact.set_resume(game, data, where)
    game.emit("GameStarted", players=players, seed=seed)
    if not resumed and data.get("phase", "main") == "start":
        game.set_phase("start")
        advance(game)
    problems = table_problems(game, data, where.path)
    if problems:
        game.close()
        raise where.all(problems)
    return game, actions


def table_problems(game: Table, data: dict[str, Any], file: str) -> list[Problem]:
    """The invariants every save is held to (`game.io.invariants`), on the table the file set up: the exact-table
    keys and `[resume]` can describe a table no game reaches, and it is refused before any step is played. Each
    problem names the key of the scenario it comes from."""
    state = dump_state(game)
    given = {card.get("ref", card.get("name")): i for i, card in enumerate(data.get("card", []))}
    turn_key = "resume." if "resume" in data else ""

    def place(where: str) -> str:
        if where.startswith("cards["):
            ref = state["cards"][int(where[len("cards["):where.index("]")])]["ref"]
            return f"[[card]] #{given[ref]} ({ref!r})" if ref in given else where
        if where.startswith("players["):
            return "vp"
        if where.startswith("turn."):
            return turn_key + where.removeprefix("turn.")
        if where.startswith(("queue", "pending")):
            return f"resume.{where}"
        return where

    return [Problem(file, place(where), what) for where, what in state_problems(state, game.pool)]


def step_problems(steps: list[Any], file: str) -> list[Problem]:
    """Second stage for `[[do]]` steps of act `effect`: the op and only the fields it documents, each with
    its type and bounds (`game.core.opspecs`, the check card files use too)."""
    found: list[Problem] = []
    for i, step in enumerate(steps if isinstance(steps, list) else []):
        if isinstance(step, dict) and step.get("act") == "effect":
            effect = {k: v for k, v in step.items() if k not in ACTION_KEYS}
            found += effect_problems(effect, file, f"[[do]] #{i}", in_card=False)
            found += mode_target_problems(effect, file, f"[[do]] #{i}")
    return found


def mode_target_problems(effect: dict[str, Any], file: str, where: str) -> list[Problem]:
    """The targets of a choose_mode step's mode effects: they resolve like a card's, so each is a target
    spec (you, others, this, target, choose:FILTER, each:FILTER) that its op can affect."""
    modes = effect.get("modes") if effect.get("op") == "choose_mode" else None
    found: list[Problem] = []
    for i, mode in enumerate(modes if isinstance(modes, list) else []):
        inner = mode.get("effects") if isinstance(mode, dict) else None
        for j, item in enumerate(inner if isinstance(inner, list) else []):
            op, target = (item.get("op"), item.get("target", "this")) if isinstance(item, dict) else (None, None)
            if isinstance(op, str) and op in OP_SPECS and isinstance(target, str):
                why = target_problem(OP_SPECS[op], target)
                if why:
                    found.append(Problem(file, f"{where}.modes[{i}].effects[{j}]", why))
    return found


def set_dice(game: Table, data: dict[str, Any], where: _Where) -> None:
    """Forced d100 and coin results (G-8)."""
    dice = data.get("dice", [])
    if not isinstance(dice, list) or not all(_int(d) and 1 <= d <= 100 for d in dice):
        raise where("dice", "must be a list of d100 results, each 1..100")
    coins = data.get("coins", [])
    if not isinstance(coins, list) or not all(x in ("heads", "tails") for x in coins):
        raise where("coins", "must be a list of \"heads\" or \"tails\"")
    game.dice.forced_d100 = list(dice)
    game.dice.forced_coins = list(coins)


def set_turn(game: Table, data: dict[str, Any], where: _Where) -> None:
    """The turn number and the phase to start in."""
    turn = data.get("turn", 1)
    if not _int(turn) or turn < 1:
        raise where("turn", f"must be a whole number from 1, not {turn!r}")
    phase = data.get("phase", "main")
    if phase not in ("main", "start"):
        raise where("phase", f"must be \"main\" or \"start\", not {phase!r}")
    game.turn.turn = turn
    game.turn.phase = phase


def set_players(game: Table, data: dict[str, Any], where: _Where) -> None:
    """Stones and VP per player. VP goes below 0 only in a finished game (`[resume] phase = "over"`): the Madness
    penalty at the game's end (ST-18) is the one thing that takes VP away, as a save's invariants hold too."""
    resume = data.get("resume")
    over = isinstance(resume, dict) and resume.get("phase") == "over"
    for key in ("stones", "vp"):
        table = data.get(key, {})
        if not isinstance(table, dict):
            raise where(key, "must be a table of player = number")
        for name, value in table.items():
            if name not in game.players_order:
                raise where(f"{key}.{name}", f"there is no player {name!r}")
            if not _int(value) or (value < 0 and not (key == "vp" and over)):
                below = " (below 0 only in a finished game: the Madness penalty, ST-18)" if key == "vp" else ""
                raise where(f"{key}.{name}", f"must be a whole number{below}, not {value!r}")
            setattr(game.player(name), key, value)


def add_card(game: Table, data: Any, where: _Where, i: int) -> None:
    """One [[card]] table: its zone, position and every counter, status and stat override."""
    if not isinstance(data, dict):
        raise where(f"[[card]] #{i}", "must be a table")
    name = data.get("name")
    ref = data.get("ref", name)
    place = f"[[card]] #{i} ({ref!r})"
    if not isinstance(name, str) or name not in game.pool:
        raise where(f"{place}: field 'name'", f"unknown card {name!r}{did_you_mean(str(name), game.pool)}")
    if not isinstance(ref, str) or not ref:
        raise where(f"{place}: field 'ref'", "must be a non-empty string")
    if ref in game.refs:
        raise where(f"{place}: field 'ref'", f"ref {ref!r} is used twice (give each copy its own ref)")
    card = game.pool[name]
    zone = data.get("zone", "board" if card.kind in ("monster",) else "hand")
    if zone not in ZONES:
        raise where(f"{place}: field 'zone'", f"{zone!r} is not one of {', '.join(ZONES)}")
    owner, controller = card_owner(game, data, card, zone, where, place)
    eid = game.create_card(ref, name, owner, zone, controller)
    place_on_table(game, eid, data, card, zone, where, place)
    set_counters(game, eid, data, card, zone, where, place)
    set_stats(game, eid, data, card, where, place)
    exact.add_exact(game, eid, data, where, place)


def card_owner(game: Table, data: dict[str, Any], card: CardDef, zone: str, where: _Where,
               place: str) -> tuple[str | None, str | None]:
    """The owner and controller fields, checked against the card's kind."""
    owner = data.get("owner")
    controller = data.get("controller", owner)
    if card.kind in OWNERLESS or (card.kind == "madness" and zone == "madness"):
        if owner is not None:
            raise where(f"{place}: field 'owner'", f"a {card.kind} belongs to nobody")
        if controller is not None:
            raise where(f"{place}: field 'controller'", f"a {card.kind} is controlled by nobody")
        if zone in PLAYER_ZONES:
            raise where(f"{place}: field 'zone'", f"a {card.kind} belongs to nobody: it can't be in a player's {zone}")
        return None, None
    if owner not in game.players_order:
        raise where(f"{place}: field 'owner'", f"must name a player, not {owner!r}")
    if controller not in game.players_order:
        raise where(f"{place}: field 'controller'", f"must name a player, not {controller!r}")
    if zone == "stasis" and controller != owner:
        raise where(f"{place}: field 'controller'", "a card in stasis is controlled by its owner (ST-3)")
    return owner, controller


def place_on_table(game: Table, eid: int, data: dict[str, Any], card: CardDef, zone: str, where: _Where,
                   place: str) -> None:
    """Squares for characters and locations; relics and treasures on the board have none."""
    pos = data.get("pos")
    needs_square = zone == "location" or (zone == "board" and card.is_character)
    if zone == "location" and card.kind != "location":
        raise where(f"{place}: field 'zone'", "only location cards go in zone 'location'")
    if card.kind == "location" and zone != "location":
        raise where(f"{place}: field 'zone'", "a location card goes in zone 'location'")
    if zone == "board" and card.kind in ("action", "madness"):
        raise where(f"{place}: field 'zone'", f"a {card.kind} can't be on the board")
    if not needs_square:
        if pos is not None:
            raise where(f"{place}: field 'pos'", f"a {card.kind} in zone {zone!r} has no square")
        return
    if (not isinstance(pos, list) or len(pos) != 2 or not all(_int(v) for v in pos)
            or not (0 <= pos[0] < COLS and 0 <= pos[1] < ROWS)):
        raise where(f"{place}: field 'pos'", f"must be a square [x, y] on the 7x5 board, not {pos!r}")
    square = (pos[0], pos[1])
    if zone == "board" and game.at(square) is not None:
        raise where(f"{place}: field 'pos'", f"[{pos[0]}, {pos[1]}] already holds a character")
    if zone == "location" and square in game.location_squares():
        raise where(f"{place}: field 'pos'", f"[{pos[0]}, {pos[1]}] already holds a location")
    game.place_at(eid, square)


def set_counters(game: Table, eid: int, data: dict[str, Any], card: CardDef, zone: str, where: _Where,
                 place: str) -> None:
    """Tapped state, stasis and stun counters, statuses and cubes."""
    permanent = zone == "board"
    if data.get("tapped", False) is not False:
        if data["tapped"] is not True or not permanent:
            raise where(f"{place}: field 'tapped'", "only a permanent on the board can be tapped (true/false)")
        game.add(eid, c.Tapped())
    stasis_n = data.get("stasis_counters")
    if stasis_n is not None or zone == "stasis":
        stasis_n = 0 if stasis_n is None else stasis_n
        if zone != "stasis":
            raise where(f"{place}: field 'stasis_counters'", "only a card in zone 'stasis' has stasis counters")
        if not _int(stasis_n) or stasis_n < 0:
            raise where(f"{place}: field 'stasis_counters'", f"must be a whole number, not {stasis_n!r}")
        game.set_stasis_counters(eid, stasis_n)
    stun_n = data.get("stun_counters", 0)
    if not _int(stun_n) or stun_n < 0 or (stun_n and not permanent):
        raise where(f"{place}: field 'stun_counters'", "a whole number, on a permanent on the board only (SC-1)")
    if stun_n:
        game.add(eid, c.StunCounters(stun_n))
    set_statuses(game, eid, data, card, zone, where, place)
    cubes = data.get("cubes", {})
    if not isinstance(cubes, dict) or any(k not in CUBE_COLORS or not _int(v) or v < 0 for k, v in cubes.items()):
        raise where(f"{place}: field 'cubes'", "must map red/white/blue to whole numbers")
    if any(cubes.values()):
        if not (card.is_character and zone == "board"):
            raise where(f"{place}: field 'cubes'", "only characters on the board carry cubes")
        game.add(eid, c.Cubes(**{k: cubes.get(k, 0) for k in CUBE_COLORS}))


def set_statuses(game: Table, eid: int, data: dict[str, Any], card: CardDef, zone: str, where: _Where,
                 place: str) -> None:
    """Statuses count as applied at the end of the turn before the scenario's first turn (docs/formats.md)."""
    statuses = data.get("status", {})
    if not isinstance(statuses, dict):
        raise where(f"{place}: field 'status'", "must be a table of status = stacks")
    if not statuses:
        return
    if not (card.is_character and zone == "board"):
        raise where(f"{place}: field 'status'", "only characters on the board carry statuses")
    stack = c.StatusStack()
    for status_name, n in statuses.items():
        if status_name not in STATUSES:
            raise where(f"{place}: field 'status'", f"unknown status {status_name!r} (known: {', '.join(STATUSES)})")
        if not _int(n) or not 1 <= n <= MAX_STACKS[status_name]:
            raise where(f"{place}: field 'status'",
                        f"{status_name} takes 1..{MAX_STACKS[status_name]} stacks, not {n!r}")
        stack.stacks[status_name] = n
        stack.applied_turn[status_name] = game.turn.turn - 1
        if status_name == "Freeze" and not start_passed(game, eid):
            stack.fresh.add("Freeze")
    game.add(eid, stack)


def start_passed(game: Table, eid: int) -> bool:
    """Whether the character's first turn start after the table was set is already behind it (SE-5).

    It is for the active player's characters when the scenario starts in the main phase: this turn is
    their "next turn", so a table Freeze loses a token at their following start; every other table Freeze
    keeps its tokens through that first start.
    """
    return game.tick_controller(eid) == game.active().name and game.turn.phase == "main"


def set_stats(game: Table, eid: int, data: dict[str, Any], card: CardDef, where: _Where, place: str) -> None:
    """Overrides of printed stats; HP above max HP is refused (extra HP is blue cubes)."""
    keys = ("hp", "max_hp", "atk", "crt", "mv", "range", "damage_type")
    given = {k: data[k] for k in keys if k in data}
    if not given:
        return
    if not card.is_character:
        raise where(f"{place}: field {next(iter(given))!r}", "only characters have stats")
    stats = game.component(eid, c.Stats)
    for key, value in given.items():
        if key == "damage_type":
            if value not in ("physical", "spirit"):
                raise where(f"{place}: field 'damage_type'", "must be \"physical\" or \"spirit\"")
            stats.damage_type = value
        elif not _int(value) or value < 0 or (key == "crt" and value > 100):
            raise where(f"{place}: field {key!r}", f"must be a whole number{' 0..100' if key == 'crt' else ''}")
        elif key != "hp":
            setattr(stats, key, value)
    health = game.component(eid, c.Health)
    health.hp = given.get("hp", stats.max_hp if "max_hp" in given else health.hp)
    if health.hp > stats.max_hp:
        raise where(f"{place}: field 'hp'", f"{health.hp} is above max_hp {stats.max_hp} (extra HP is blue cubes)")
    if health.hp < 1:
        raise where(f"{place}: field 'hp'", "a character on the table has at least 1 HP")


def play_actions(game: Table, actions: list[dict[str, Any]]) -> None:
    """Play a scenario's actions in order; each rejection is recorded and the next action goes on."""
    for step, action in enumerate(actions):
        outcome = apply_action(game, action)
        if not outcome.ok:
            game.rejected.append({"step": step, "act": action.get("act"), "reason": outcome.reason})


def run_scenario_file(path: str) -> Table:
    """Set up a scenario file and play all its actions."""
    game, actions = load_scenario(path)
    play_actions(game, actions)
    return game
